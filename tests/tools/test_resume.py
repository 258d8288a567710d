"""A rerun of an interrupted self-play run resumes it (issue #24, "a rerun resumes"): the
games already in ``--out`` are kept when they are this run's first games, the others are
played; a file of another run is refused before any game, exit 2, and left as it was."""

from __future__ import annotations

import signal

import pytest
from test_kill import finished_games, start, wait_for

from cernunos_widget.cli import EXIT_BAD_INPUT, EXIT_OK, main
from cernunos_widget.record.files import read_games, write_games
from cernunos_widget.tools import selfplay_file
from cernunos_widget.tools.selfplay import PlayedGame, SelfPlay, play_game, to_game

RUN = ["selfplay", "--bot", "random", "--seed", "5", "--workers", "1"]


def expected(run: SelfPlay, index: int) -> str:
    """Game ``index`` of ``run`` played on its own, as text."""
    played = play_game(run.green, run.purple, run.seed, index, run.rules, run.opening)
    return to_game(played, run.tags(), run.rules).export()


def test_kill_9_then_the_same_command_finishes_the_run_without_replaying(tmp_path, monkeypatch):
    out = tmp_path / "games.cgn"
    command = ["selfplay", "--games", "300", "--bot", "greedy", "--seed", "3"]
    command += ["--workers", "2", "--out", str(out)]
    process = start(*command, cwd=tmp_path)
    try:
        wait_for(lambda: finished_games(out) >= 20, "games reach the file")
        assert process.poll() is None  # killed in the middle of the run
        process.send_signal(signal.SIGKILL)
        process.wait()
    finally:
        process.kill()
    kept = [g.export() for g in read_games(out)]
    assert 20 <= len(kept) < 300
    starts = []
    real = SelfPlay.played

    def played(self, *args, **kwargs):
        starts.append(kwargs.get("start", 0))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(SelfPlay, "played", played)
    assert main(command) == EXIT_OK  # the same command
    assert starts == [len(kept)]  # main: played again from game 0, replacing the file
    games = list(read_games(out))
    assert [g.headers["Round"] for g in games] == [str(i + 1) for i in range(300)]
    assert [g.export() for g in games[: len(kept)]] == kept  # kept, not replayed
    run = SelfPlay.checked(300, "greedy", "greedy", seed=3)
    for index in (len(kept) - 1, len(kept), len(kept) + 1, 299):
        assert games[index].export() == expected(run, index)


def test_a_rerun_plays_only_the_missing_games(tmp_path, monkeypatch, capsys):
    out = tmp_path / "games.cgn"
    run = SelfPlay.checked(8, "random", "random", seed=5)
    write_games([to_game(played, run.tags()) for played in run.played(workers=1)][:3], out)
    started = []
    real = SelfPlay.played

    def played(self, *args, start=0, **kwargs):
        started.append(start)
        return real(self, *args, start=start, **kwargs)

    monkeypatch.setattr(SelfPlay, "played", played)
    assert main([*RUN, "--games", "8", "--out", str(out)]) == EXIT_OK
    assert started == [3]
    assert "8 games written" in capsys.readouterr().out
    assert [g.export() for g in read_games(out)] == [expected(run, i) for i in range(8)]
    assert main([*RUN, "--games", "8", "--out", str(out)]) == EXIT_OK  # nothing left to play
    assert started == [3, 8]
    assert "(8 resumed)" in capsys.readouterr().out
    assert len(list(read_games(out))) == 8


@pytest.mark.parametrize(
    ("other", "words"),
    [
        (["--seed", "6", "--games", "8"], "game 1 has Seed '5', this run's has '6'"),
        (["--seed", "5", "--games", "8", "--rules", "wolf-1"], "game 1 has Rules"),
        (["--seed", "5", "--games", "8", "--opening", "2"], "game 1 has Opening"),
        (["--seed", "5", "--games", "8", "--green", "greedy"], "game 1 has Green"),
        (["--seed", "5", "--games", "2"], "more games than the 2 asked"),
    ],
)
def test_a_file_of_another_run_is_refused_before_any_game_and_kept(
    tmp_path, monkeypatch, capsys, other, words
):
    out = tmp_path / "games.cgn"
    selfplay_file.write_run(SelfPlay.checked(3, "random", "random", seed=5), out, workers=1)
    before = out.read_bytes()
    monkeypatch.setattr(SelfPlay, "played", lambda *a, **k: pytest.fail("a game was played"))
    command = ["selfplay", "--bot", "random", "--workers", "1", *other, "--out", str(out)]
    assert main(command) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert words in err and "--replace" in err
    assert out.read_bytes() == before


def test_a_file_that_is_not_a_game_file_is_refused_and_replace_replaces_it(tmp_path, capsys):
    out = tmp_path / "games.cgn"
    out.write_text("notes, not games\n")
    assert main([*RUN, "--games", "2", "--out", str(out)]) == EXIT_BAD_INPUT
    assert "no games of this run" in capsys.readouterr().err
    assert out.read_text() == "notes, not games\n"
    assert main([*RUN, "--games", "2", "--replace", "--out", str(out)]) == EXIT_OK
    assert [g.headers["Round"] for g in read_games(out)] == ["1", "2"]


def test_an_unfinished_game_is_not_kept(tmp_path, capsys):
    out = tmp_path / "games.cgn"
    run = SelfPlay.checked(2, "random", "random", seed=5)
    first = next(iter(run.played(workers=1)))
    unfinished = PlayedGame(0, first.decisions[:5])  # the main line stops early
    write_games([to_game(unfinished, run.tags())], out)
    assert main([*RUN, "--games", "2", "--out", str(out)]) == EXIT_BAD_INPUT
    assert "an unfinished game 1" in capsys.readouterr().err
