"""``cernunos balance FILE... [--json]``: the text and the JSON contract (docs/balance.md)."""

import json

import pytest

from cernunos_widget.cli import main
from cernunos_widget.engine import Position, Rules
from cernunos_widget.record.files import fill_result, read_games, write_games
from cernunos_widget.record.tree import Game
from cernunos_widget.solver.bots import RandomBot, play_game
from cernunos_widget.tools.balance import report

KEYS = {
    "name", "games", "unfinished", "green_wins", "draws", "purple_wins", "forfeits",
    "green_score", "green_score_95", "draw_rate", "forfeit_rate", "decisions", "turns",
    "cap_games", "cap_placements", "cap_rate", "cells",
}


def game_file(path, seeds, rules=None, **headers):
    games = []
    for s in seeds:
        record = play_game(RandomBot(s), RandomBot(100 + s), Position.start(rules=rules))
        game = Game(rules=rules)
        node = game.root
        for d in record.decisions:
            node = node.play(d)
        game.headers.update(headers)
        games.append(fill_result(game))
    write_games(games, path)
    return path


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("balance")
    return (
        game_file(d / "a.cgn", range(6), Green="random", Purple="random"),
        game_file(
            d / "b.cgn", range(6, 10), Rules.parse("wolf-1"), Green="random", Purple="random"
        ),
        game_file(d / "plain.cgn", range(10, 13)),  # no player tags: named by the file
    )


def test_json_is_the_reports_dict_with_the_documented_keys(files, capsys):
    assert main(["balance", *map(str, files), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["version"] == 1 and len(out["cells"]) == 12
    assert [c["name"] for c in out["configurations"]] == [
        "random vs random", "random vs random, rules wolf-1", "plain.cgn",
    ]
    for c in out["configurations"]:
        assert set(c) == KEYS
    expected = report(read_games(files[0])).to_dict()["configurations"][0]
    assert out["configurations"][0] == json.loads(json.dumps(expected))


def test_text_lists_every_configuration(files, capsys):
    assert main(["balance", str(files[0]), str(files[2])]) == 0
    out = capsys.readouterr().out
    assert "random vs random" in out and "plain.cgn" in out and "Green score (95%)" in out


def test_bad_files_exit_2_with_the_file_and_line(tmp_path, capsys):
    assert main(["balance", str(tmp_path / "missing.cgn")]) == 2
    assert "cannot read" in capsys.readouterr().err
    bad = tmp_path / "bad.cgn"
    bad.write_text("B@b2 B@b2 Q@z9\n", encoding="utf-8")
    assert main(["balance", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.cgn" in err and "line 1" in err


def test_play_reports_fresh_self_play_games(capsys):
    assert main(["balance", "--play", "4", "--green", "random", "--json", "--seed", "3"]) == 0
    (config,) = json.loads(capsys.readouterr().out)["configurations"]
    assert config["name"] == "random vs greedy" and config["games"] == 4


@pytest.mark.parametrize(
    "args, message",
    [([], "FILE"), (["--play", "0"], "at least 1"), (["--play", "2", "--green", "x"], "bot")],
)
def test_bad_arguments_exit_2(args, message, capsys):
    assert main(["balance", *args]) == 2
    assert message in capsys.readouterr().err
