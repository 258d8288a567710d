"""Tools of the benchmarks: ``strength.py --retry`` plays again exactly the games a player
did not win; ``line_engine.py`` answers solve requests (``frontier.py --old``)."""

import argparse
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import frontier  # noqa: E402
import line_engine  # noqa: E402
import strength  # noqa: E402

from cernunos_widget.engine import Position  # noqa: E402
from cernunos_widget.solver import Limit, solve  # noqa: E402

OPENING = ".,.,.,./.,D,s,b/.,.,F,. g 2 0-0"
OTHER = "S,.,.,./.,.,W,./b,.,.,w g 2 0-0"


class Recording:
    """A deterministic player (its first option, or its last) that notes the openings and
    colours it played."""

    def __init__(self, name: str, last: bool = False) -> None:
        self.name, self.last, self.played = name, last, []

    def choose(self, position, start, decisions):
        self.played.append((start, position.decider.letter))
        return str(position.legal_decisions()[-1 if self.last else 0])


def write_games(path: Path) -> None:
    rows = [
        ("new", "greedy", "1.0", OPENING),  # won as Green
        ("greedy", "new", "1.0", OPENING),  # lost as Purple
        ("new", "greedy", "0.5", OTHER),  # drawn as Green
        ("greedy", "new", "0.0", OTHER),  # won as Purple
        ("new", "old", "0.0", OTHER),  # another pair
    ]
    path.write_text("".join("\t".join((*row, "T@a1")) + "\n" for row in rows))


def test_games_not_won_are_the_lost_and_drawn_ones_with_their_colours(tmp_path):
    games = tmp_path / "games.tsv"
    write_games(games)
    assert strength.games_not_won(str(games), "new", "greedy") == [
        (OPENING, 0.0, False),
        (OTHER, 0.5, True),
    ]
    assert strength.games_not_won(str(games), "greedy", "new") == [
        (OPENING, 0.0, False),
        (OTHER, 0.5, False),
        (OTHER, 0.0, True),
    ]


def test_retry_plays_each_lost_game_again_from_its_opening_and_colour(tmp_path, capsys):
    games = tmp_path / "games.tsv"
    write_games(games)
    new = Recording("new")
    strength.retry(new, Recording("greedy", last=True), str(games))
    assert set(new.played) == {(OPENING, "p"), (OTHER, "g")}  # it decides for its colour
    # The same deterministic games, played directly: new's points now.
    as_purple = 1 - strength.play(Recording("greedy", last=True), Recording("new"), OPENING)
    as_green = strength.play(Recording("new"), Recording("greedy", last=True), OTHER)
    out = capsys.readouterr().out
    assert f"new as Purple from {OPENING}: 0 -> {as_purple:g}" in out
    assert f"new as Green from {OTHER}: 0.5 -> {as_green:g}" in out
    assert f"2 games not won, again: 0.5 -> {as_purple + as_green:g}" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--skip", "50"], "--skip takes 0 to 49 (fewer than --openings 50), not 50"),
        (["--openings", "25", "--skip", "25"], "--skip takes 0 to 24 (fewer than --openings 25)"),
        (["--skip", "-1"], "--skip takes 0 to 49 (fewer than --openings 50), not -1"),
        (["--openings", "0"], "--openings takes 1 to 50 (the set's size), not 0"),
        (["--openings", "51", "--skip", "50"], "--openings takes 1 to 50 (the set's size)"),
        (["--rounds", "0"], "--rounds takes 1 or more, not 0"),
    ],
)
def test_strength_refuses_options_that_leave_no_game(argv, message, monkeypatch, capsys):
    """No game to play would divide by zero in the points' share: an argparse error, before
    any player starts (``old`` is a subprocess)."""
    monkeypatch.setattr(sys, "argv", ["strength.py", "--b", "greedy", *argv])
    monkeypatch.setattr(strength, "make_player", None)  # called, it would raise TypeError
    with pytest.raises(SystemExit) as stop:
        strength.main()
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_strength_plays_the_openings_its_options_choose():
    every = strength.read_set("openings")
    parser = argparse.ArgumentParser()
    chosen = strength.chosen_openings(parser, argparse.Namespace(openings=25, skip=24, rounds=1))
    assert chosen == every[24:25]
    assert (
        strength.chosen_openings(parser, argparse.Namespace(openings=50, skip=0, rounds=2)) == every
    )


def test_the_line_engine_answers_a_solve_request_with_the_outcome_for_the_decider():
    endgame = "TTTTB,sBttb,btt,XCTTWTW/D,.,dd,d/TxSTTDTDB,fwb,F,cw p L 1-2"  # Purple decides
    word, nodes = line_engine.answer(f"solve\t5\t{endgame}\n").split()
    assert int(nodes) > 0
    assert word == solve(Position.from_cpn(endgame), Limit(time=5), strong=False).outcome
    assert line_engine.answer(f"solve\t0.001\t{strength.read_set('openings')[0]}").startswith(
        "unproven "
    )


def test_the_old_solvers_words_become_greens_outcome():
    purple = "TTTTB,sBttb,btt,XCTTWTW/D,.,dd,d/TxSTTDTDB,fwb,F,cw p L 1-2"
    green = ".,.,.,./.,D,s,b/.,.,F,. g 2 0-0"
    assert [frontier.green_outcome(purple, w) for w in ("win", "draw", "loss")] == [-1, 0, 1]
    assert [frontier.green_outcome(green, w) for w in ("win", "draw", "loss")] == [1, 0, -1]
    assert frontier.green_outcome(purple, "unproven") is None
