"""Long self-play runs (issue #24 items 6, 8): games under any legal rules end, refusals come
before any game, games reach the file as they finish and an interrupted run keeps them."""

from __future__ import annotations

import io
import os
import stat
import threading

import pytest

from cernunos_widget.cli import EXIT_BAD_INPUT, EXIT_OK, main
from cernunos_widget.engine import Rules
from cernunos_widget.engine.gamelength import max_decisions, placements_bound
from cernunos_widget.record import files
from cernunos_widget.record.files import read_games
from cernunos_widget.tools import selfplay, selfplay_file
from cernunos_widget.tools.executors import ExecutorError
from cernunos_widget.tools.selfplay import SelfPlay, parse_bot, play_game

FOXES = "counts=T0,B0,D0,W0,S0,X24,C0,F0"  # accepted by Rules.parse; random games ~5,000 long


def test_foxes_only_games_are_long_and_within_the_bound_from_the_rules():
    rules = Rules.parse(FOXES)
    bot = parse_bot("random")
    for index in range(2):
        played = play_game(bot, bot, 0, index, FOXES)
        placements = sum(is_placement(d) for d in played.decisions)
        assert 2_000 < len(played.decisions) <= max_decisions(rules)  # main's cap was 2,000
        assert placements <= placements_bound(sum(rules.counts))


def is_placement(token: str) -> bool:
    """Whether a decision token is a placement (a token from the reserve, or pass)."""
    return token == "pass" or "@" in token


def test_selfplay_and_balance_play_finish_under_a_long_variant(tmp_path, capsys):
    out = tmp_path / "foxes.cgn"
    command = ["selfplay", "--games", "2", "--bot", "random", "--rules", FOXES]
    assert main([*command, "--workers", "1", "--out", str(out)]) == EXIT_OK
    games = list(read_games(out))
    assert [g.headers["Round"] for g in games] == ["1", "2"]
    assert all(g.root.end().position.is_over for g in games)
    assert "2 games written" in capsys.readouterr().out
    balance = ["balance", "--play", "1", "--green", "random", "--purple", "random", "--json"]
    assert main([*balance, "--rules", FOXES]) == EXIT_OK
    assert '"games": 1' in capsys.readouterr().out


@pytest.fixture
def no_game(monkeypatch):
    """Any game played fails the test: refusals must come before the work."""

    def played(*args, **kwargs):
        raise AssertionError("a game was played before the refusal")

    monkeypatch.setattr(SelfPlay, "played", played)


@pytest.mark.parametrize(
    ("out", "words"),
    [
        ("existing-dir", "it is a directory"),
        ("missing/games.cgn", "its folder does not exist"),
        ("a-file/games.cgn", "is not a folder"),
        ("", "a path"),
        ("g" * 250 + ".cgn", "File name too long"),  # main: every game played, then lost
    ],
)
def test_selfplay_refuses_every_bad_out_before_any_game(
    tmp_path, monkeypatch, capsys, no_game, out, words
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "existing-dir").mkdir()
    (tmp_path / "a-file").write_text("x")
    command = ["selfplay", "--games", "10000000", "--bot", "random", "--workers", "1"]
    assert main([*command, "--out", out]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert err.startswith("cernunos selfplay: ") and words in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "existing-dir"]
    assert not list((tmp_path / "existing-dir").iterdir())


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--rules", "standard", "chess"], "chess"),  # the second rule set: before the first
        (["--workers", "0"], "workers"),
        (["missing.cgn"], "cannot read missing.cgn"),  # files are read after the games
    ],
)
def test_balance_play_refuses_before_any_game(tmp_path, monkeypatch, capsys, no_game, extra, words):
    monkeypatch.chdir(tmp_path)
    assert main(["balance", "--play", "3", "--green", "random", *extra]) == EXIT_BAD_INPUT
    assert words in capsys.readouterr().err


def test_finished_games_reach_the_file_before_the_run_ends(tmp_path, monkeypatch):
    """Each batch is appended as it comes; a run stopped by an error (here a Ctrl-C after
    three games) leaves the games finished before it in the file, whole."""
    monkeypatch.setattr(selfplay_file, "FLUSH_SECONDS", 0.0)  # every game at once
    run = SelfPlay.checked(50, "random", "random", seed=9)
    out = tmp_path / "games.cgn"
    out.write_text("old contents\n")
    seen = []
    real_played = SelfPlay.played

    def interrupted(self, *args, **kwargs):
        for played in real_played(self, *args, **kwargs):
            if played.index == 3:
                raise KeyboardInterrupt
            seen.append(len(list(read_games(out))) if played.index else None)
            yield played

    monkeypatch.setattr(SelfPlay, "played", interrupted)
    with pytest.raises(KeyboardInterrupt):
        selfplay_file.write_run(run, out, workers=1)
    assert seen == [None, 1, 2]  # game i was read back while game i + 1 was being played
    games = list(read_games(out))
    assert [g.headers["Round"] for g in games] == ["1", "2", "3"]
    assert [g.export() for g in games] == [
        g.export() for g in selfplay.play_games(3, "random", "random", seed=9, workers=1)
    ]


def test_waiting_games_are_bounded_by_decisions(tmp_path, monkeypatch):
    monkeypatch.setattr(selfplay_file, "FLUSH_SECONDS", 1e9)  # only the size bound flushes
    monkeypatch.setattr(selfplay_file, "FLUSH_DECISIONS", 1)  # each game is at least one
    batches = []
    real = files.write_games

    def counting(games, path, *, append=False):
        games = list(games)
        batches.append(len(games))
        return real(games, path, append=append)

    monkeypatch.setattr(selfplay_file, "write_games", counting)
    run = SelfPlay.checked(6, "random", "random", seed=2)
    results = selfplay_file.write_run(run, tmp_path / "g.cgn", workers=1)
    assert sum(results.values()) == 6 == len(list(read_games(tmp_path / "g.cgn")))
    assert batches == [1] * 6


def test_in_flight_chunks_are_bounded_whatever_the_number_of_games(monkeypatch):
    """Main submitted every chunk at once (625,000 futures for --games 10000000)."""
    from concurrent.futures import Executor, ThreadPoolExecutor

    class Counting(ThreadPoolExecutor):
        submitted = 0

        def submit(self, fn, *args, **kwargs):
            Counting.submitted += 1
            return super().submit(fn, *args, **kwargs)

    monkeypatch.setattr(selfplay, "CHUNK", 1)
    monkeypatch.setattr(selfplay, "WINDOW", 4)
    monkeypatch.setattr(
        selfplay, "_chunks", lambda n, start=0: (range(i, i + 1) for i in range(start, n))
    )
    run = SelfPlay.checked(1_000_000, "random", "random", seed=1)
    with Counting(1) as pool:
        assert isinstance(pool, Executor)
        stream = run.played(pool)
        first = [next(stream) for _ in range(3)]
        assert [p.index for p in first] == [0, 1, 2]
        assert Counting.submitted <= 3 + 4  # collected, and at most WINDOW ahead
        stream.close()


def test_a_run_stopped_before_its_first_game_leaves_the_file_and_none_makes_it_empty(
    tmp_path, monkeypatch
):
    out = tmp_path / "games.cgn"
    out.write_text("the previous run's games\n")

    def unreachable(self, *args, **kwargs):
        raise ExecutorError("cannot reach the Dask scheduler")
        yield  # a generator, as played is

    with monkeypatch.context() as patch:
        patch.setattr(SelfPlay, "played", unreachable)
        with pytest.raises(ExecutorError):
            selfplay_file.write_run(SelfPlay.checked(5, "random", "random"), out)
    assert out.read_text() == "the previous run's games\n"
    command = ["selfplay", "--games", "0", "--workers", "1", "--out", str(out)]
    assert main(command) == EXIT_BAD_INPUT  # not this run's games: kept, not resumed
    assert out.read_text() == "the previous run's games\n"
    assert main([*command, "--replace"]) == EXIT_OK
    assert out.read_text() == ""


def test_out_dash_streams_the_games_to_stdout_and_the_summary_to_stderr(
    tmp_path, monkeypatch, capfd
):
    monkeypatch.setattr(selfplay_file, "FLUSH_SECONDS", 0.0)  # a batch per game
    command = ["selfplay", "--games", "3", "--bot", "random", "--workers", "1", "--out", "-"]
    assert main(command) == EXIT_OK
    out, err = capfd.readouterr()
    games = list(files.read_games(io.StringIO(out)))
    assert [g.headers["Round"] for g in games] == ["1", "2", "3"]
    one_file = tmp_path / "one.cgn"
    files.write_games(games, one_file)
    assert out == one_file.read_text()  # batches apart by a blank line, as in a file
    assert "3 games written to -" in err and "games written" not in out


def test_a_fifo_gets_every_batch_of_one_run(tmp_path, monkeypatch):
    monkeypatch.setattr(selfplay_file, "FLUSH_SECONDS", 0.0)
    fifo = tmp_path / "games.fifo"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    results = selfplay_file.write_run(SelfPlay.checked(3, "random", "random"), fifo, workers=1)
    reader.join(timeout=60)
    games = list(files.read_games(io.BytesIO(received[0])))
    assert sum(results.values()) == 3 and len(games) == 3  # one reader saw all three
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)  # still a FIFO


def test_a_link_into_a_missing_folder_is_refused_before_any_game(
    tmp_path, monkeypatch, capsys, no_game
):
    monkeypatch.chdir(tmp_path)
    os.symlink(tmp_path / "missing" / "games.cgn", "games.cgn")  # dangling
    command = ["selfplay", "--games", "3", "--bot", "random", "--workers", "1"]
    assert main([*command, "--out", "games.cgn"]) == EXIT_BAD_INPUT
    assert "its folder does not exist" in capsys.readouterr().err
