"""solver.verdicts: every decision's proven outcome for the position's decider (what puzzles
are mined with), each with a line that ends the game with that outcome; agrees with solve()
on each child; unique_win stops early but says the same about uniqueness."""

from __future__ import annotations

import pytest

from cernunos_widget.engine import Position
from cernunos_widget.solver import Limit, solve, verdicts
from cernunos_widget.solver.pov import OUTCOMES

# Green to play, 4 winning decisions among 20 (from a puzzle mining log)
POSITION = ".,Tbfxb,ttt,XtDw/.,.,BcCbTtDtW,./F,.,TTtTtSd,TTTTTTBB g 2 1-4"
# Purple to play, one winning decision among 24 (a committed puzzle)
PURPLE = "BbXf,Cc,.,./d,.,FdTtt,Btt/xTTTT,BbTT,D,TTTbTtD p 1 1-7"


def outcome_at_end(position: Position, player) -> str:
    winner = position.result().winner
    return "draw" if winner is None else ("win" if winner == player else "loss")


@pytest.mark.parametrize(("cpn", "wins"), [(POSITION, 4), (PURPLE, 1)])
def test_each_decision_has_the_outcome_solve_gives_its_child_and_a_proving_line(cpn, wins):
    position = Position.from_cpn(cpn)
    found = verdicts(position, Limit(time=120))
    assert found.proven and found.complete and found.outcome == "win"
    assert [str(d) for d in found.decisions] == list(position.legal_texts())
    me = position.decider
    for decision, verdict in found.decisions.items():
        child = position.play(decision)
        theirs = solve(child, Limit(time=120), strong=False)
        mine = (
            theirs.outcome
            if child.decider == me
            else {"win": "loss", "loss": "win"}.get(theirs.outcome, theirs.outcome)
        )
        assert verdict.outcome == mine, decision
        end = child.play_line(verdict.line)
        assert end.is_over and outcome_at_end(end, me) == verdict.outcome
    assert len(found.wins) == wins and found.unique == (wins == 1)
    assert max(OUTCOMES[v.outcome] for v in found.decisions.values()) == 1


def test_unique_win_stops_at_the_second_win():
    position = Position.from_cpn(POSITION)
    found = verdicts(position, Limit(time=120), unique_win=True)
    assert found.proven and not found.complete and len(found.wins) == 2 and not found.unique


def test_a_limit_too_small_says_not_proven():
    found = verdicts(Position.start(), Limit(nodes=1000))
    assert not found.proven and found.outcome is None and not found.unique
