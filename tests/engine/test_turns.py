"""R-13..R-17, D-2..D-4: turns, tree growth, the end of the game, forfeit and scoring."""

import pytest
from cpn_builder import LAST_TREE, cpn

from cernunos_widget.engine import Player, Position


def at(cells, side="g", phase="2", burned="0-0"):
    return Position.from_cpn(cpn(cells, side, phase, burned))


def test_r13_a_turn_is_two_placements_then_the_other_player():
    p = Position.start()
    assert (p.side, p.phase) == (Player.GREEN, "2")
    p = p.play("D@a1")
    assert (p.side, p.phase) == (Player.GREEN, "1")
    p = p.play("D@d3")
    assert (p.side, p.phase) == (Player.PURPLE, "2")
    assert p.cpn() == cpn({"a1": "D", "d3": "D"}, "p", "2")


def test_d2_the_second_placement_sees_the_first():
    p = at({"b2": "t", "a2": "d"})  # Purple's t on b2 has power 1
    assert "T@b2" not in p.legal_texts()
    p = p.play("W@a1")  # Green's Wolf reaches b2: power 0
    assert "T@b2" in p.legal_texts()


def test_r14_growth_at_the_start_of_the_turn_once_per_tree():
    p = at({"a1": "T", "d3": "T", "b2": "t"}, side="p", phase="1")
    p = p.play("D@c2")
    # Green's two Trees each grew once; Purple's Tree did not.
    assert p.cpn() == cpn({"a1": "TT", "d3": "TT", "b2": "t", "c2": "d"}, "g", "2")


def test_r14_d3_fewer_trees_in_reserve_than_growing_trees_is_a_choice():
    # Green: Trees on a1 and d3, 9 burned, so one Tree in reserve.
    p = at({"a1": "T", "d3": "T"}, side="p", phase="1", burned="9-0")
    p = p.play("D@c2")
    assert p.cpn() == cpn({"a1": "T", "d3": "T", "c2": "d"}, "g", "s", "9-0")
    assert (p.decider, p.choice) == (Player.GREEN, "growth")
    assert p.legal_texts() == ("grow:a1", "grow:d3")
    p = p.play("grow:d3")
    assert p.cpn() == cpn({"a1": "T", "d3": "TT", "c2": "d"}, "g", "2", "9-0")


def test_r14_growth_choices_follow_the_listing_order():
    # Three Green Trees on b1, a2, c2; two Trees left in reserve (7 burned).
    p = Position.from_cpn(cpn({"b1": "T", "a2": "T", "c2": "T"}, "g", "s", "7-0"))
    assert p.legal_texts() == ("grow:b1,a2", "grow:b1,c2", "grow:a2,c2")


def test_r14_reading_phase_s_without_a_choice_plays_the_growth():
    p = Position.from_cpn(cpn({"b1": "T"}, "g", "s"))
    assert p.cpn() == cpn({"b1": "TT"}, "g", "2")
    assert Position.from_cpn(cpn(phase="s")).cpn() == cpn(phase="2")


# A board where every cell is Purple's with power >= 1 and Purple keeps one Tree.
LOCKED = {
    "a1": "t",
    "b1": "td",
    "c1": "tt",
    "d1": "tt",
    "a2": "tt",
    "b2": "tt",
    "c2": "tb",
    "d2": "bb",
    "a3": "dd",
    "b3": "ww",
    "c3": "sx",
    "d3": "fc",
}


def test_r15_no_legal_placement_with_tokens_in_reserve_loses_at_once():
    p = at(LOCKED)
    assert p.is_over and p.legal_decisions() == ()
    assert p.cpn() == cpn(LOCKED, "g", "x")
    result = p.result()
    assert result.winner == Player.PURPLE and result.forfeit
    assert str(result) == "purple forfeit"


def test_r16_a_final_placement_without_target_is_skipped():
    p = at(LOCKED, phase="L", burned="0-1")  # Purple's last Tree burned: reserve empty
    assert p.cpn() == cpn(LOCKED, "g", "#", "0-1")
    assert str(p.result()) == "purple 0-12 0-5 0-1"


def test_r16_emptying_your_reserve_ends_your_turn_and_gives_one_final_placement():
    p = at(LAST_TREE, burned="11-0")
    p = p.play("T@d3")  # Green's last token, with a placement left this turn
    assert p.cpn() == cpn({**LAST_TREE, "d3": "T"}, "p", "L", "11-0")
    assert p.choice == "final-placement" and p.legal_texts()[-1] == "pass"
    over = p.play("pass")
    # No tree growth came before the final placement: Purple's d2 Tree did not grow.
    assert over.cpn() == cpn({**LAST_TREE, "d3": "T"}, "g", "#", "11-0")
    assert str(over.result()) == "green 7-1 1-1 11-0"


def test_r16_d4_a_fox_can_empty_the_opponents_reserve():
    # Purple keeps one Tree; Green's Fox on a2 swaps a1 (Purple Tree) with b1 (Green Deer):
    # the Tree activates and grows Purple's last Tree, so Green makes the final placement.
    cells = {
        "a1": "t",
        "b1": "D",
        "c1": "fb",
        "d1": "bb",
        "c2": "dd",
        "d2": "dw",
        "c3": "ws",
        "d3": "xc",
    }
    p = at(cells, burned="0-10").play("X@a2")
    expected = {**cells, "a1": "D", "b1": "tt", "a2": "X"}
    assert p.cpn() == cpn(expected, "g", "L", "0-10")


def test_r16_both_reserves_empty_means_no_final_placement():
    # Green's last token is a Crow; it wakes Purple's lone Tree, which grows Purple's last.
    cells = {
        "a3": "bdd",
        "b3": "dww",
        "c3": "sxc",
        "d3": "f",
        "b2": "WW",
        "c2": "SX",
        "d2": "Fbb",
        "b1": "t",
        "c1": "BBB",
        "d1": "DDD",
    }
    p = at(cells, burned="12-10").play("C@a1")
    assert p.cpn() == cpn({**cells, "a1": "C", "b1": "tt"}, "g", "#", "12-10")
    assert str(p.result()) == "purple 5-6 0-1 12-10"


@pytest.mark.parametrize(
    "cells, burned, expected",
    [
        ({"a1": "T", "b1": "D", "c1": "t"}, "0-0", "green 2-1 1-1 0-0"),  # more cells
        ({"a1": "T", "c1": "d"}, "0-0", "green 1-1 1-0 0-0"),  # then more Trees on top
        ({"a1": "T", "c1": "t"}, "1-3", "green 1-1 1-1 1-3"),  # then fewer burned
        ({"a1": "T", "c1": "t"}, "2-1", "purple 1-1 1-1 2-1"),
        ({"a1": "T", "c1": "t"}, "2-2", "draw 1-1 1-1 2-2"),  # else a draw
    ],
)
def test_r17_scoring_and_tie_breaks(cells, burned, expected):
    p = Position.from_cpn(cpn(cells, "g", "#", burned))
    assert str(p.result()) == expected


def test_game_over_side_is_written_g():
    p = Position.from_cpn(cpn({"a1": "T"}, "p", "#"))
    assert p.cpn() == cpn({"a1": "T"}, "g", "#")
