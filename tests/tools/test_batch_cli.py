"""``cernunos selfplay`` and ``cernunos analyse-games``: files, exit codes, errors."""

from __future__ import annotations

import pytest
from short_games import short_games

from cernunos_widget.cli import EXIT_BAD_INPUT, EXIT_OK, main
from cernunos_widget.record.files import read_games, write_games
from cernunos_widget.tools.batch import read_results

BOTS = ["--green", "alphabeta:nodes=60", "--purple", "mcts:nodes=60"]


def test_selfplay_is_byte_identical_for_any_number_of_workers(tmp_path, capsys):
    one, two = tmp_path / "one.cgn", tmp_path / "two.cgn"
    assert (
        main(
            ["selfplay", "--games", "3", *BOTS, "--seed", "4", "--workers", "1", "--out", str(one)]
        )
        == EXIT_OK
    )
    assert (
        main(
            ["selfplay", "--games", "3", *BOTS, "--seed", "4", "--workers", "2", "--out", str(two)]
        )
        == EXIT_OK
    )
    assert one.read_bytes() == two.read_bytes()
    out = capsys.readouterr().out
    assert out.count("3 games written") == 2
    games = list(read_games(one))
    assert [g.headers["Green"] for g in games] == ["alphabeta:nodes=60"] * 3
    assert [g.headers["Round"] for g in games] == ["1", "2", "3"]


def test_selfplay_bot_sets_both_players(tmp_path):
    path = tmp_path / "g.cgn"
    assert main(["selfplay", "--games", "1", "--bot", "random", "--purple", "greedy",
                 "--workers", "1", "--out", str(path)]) == EXIT_OK  # fmt: skip
    (game,) = read_games(path)
    assert (game.headers["Green"], game.headers["Purple"]) == ("random", "greedy")


def test_analyse_games_writes_and_resumes(tmp_path, capsys):
    source = tmp_path / "games.cgn"
    write_games(short_games(2, seed=3), source)
    out = tmp_path / "results"
    command = ["analyse-games", str(source), "--out", str(out), "--nodes", "150", "--workers", "1"]
    assert main(command) == EXIT_OK
    first = capsys.readouterr()
    assert "2 games: 2 analysed" in first.out and "analysing games" in first.err
    frame = read_results(out)
    assert sorted(frame.game.unique()) == [0, 1]
    assert main(command) == EXIT_OK
    assert "0 analysed, 2 resumed; 0 positions, 0 searches" in capsys.readouterr().out
    assert main([*command[:-4], "--nodes", "300", "--workers", "1"]) == EXIT_BAD_INPUT
    assert "other settings" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["selfplay", "--games", "1", "--bot", "alphabeta"], "nodes=N or time=S"),
        (["selfplay", "--games", "1", "--green", "deep-blue"], "unknown bot"),
        (["selfplay", "--games", "-2"], "number of games"),
        (["selfplay", "--games", "1", "--workers", "0"], "workers"),
        (["selfplay", "--games", "1", "--rules", "chess"], "rules"),
        (["selfplay", "--games", "1", "--seed", "-1"], "seed"),
        (["selfplay", "--games", "1", "--opening", "-4"], "opening is an int"),
        (["analyse-games", "missing.cgn", "--out", "r"], "no game file"),
        (["analyse-games", "GAMES", "--out", "r", "--nodes", "0"], "nodes"),
        (["analyse-games", "GAMES", "--out", "r", "--time", "-1"], "time"),
        (["analyse-games", "BAD", "--out", "r"], "line"),
    ],
)
def test_bad_input_exits_2_with_a_message(tmp_path, capsys, monkeypatch, arguments, words):
    monkeypatch.chdir(tmp_path)
    write_games(short_games(1, seed=1), tmp_path / "GAMES")
    (tmp_path / "BAD").write_text('[Green "x"]\nB@b2 Q@z9\n')
    if arguments[0] == "selfplay":
        arguments = [*arguments, "--out", "out.cgn"]
    assert main(arguments) == EXIT_BAD_INPUT
    err = capsys.readouterr().err.splitlines()[-1]  # after the progress bar, if any
    assert err.startswith(f"cernunos {arguments[0]}: ") and words in err
    assert not (tmp_path / "out.cgn").exists() and not (tmp_path / "r").exists()
