"""The public Position API: values, decisions, errors, mid-effect states."""

import pytest
from cpn_builder import FINAL_PLACEMENT, cpn

from cernunos_widget.engine import (
    Decision,
    IllegalDecisionError,
    Kind,
    NotAtBoundaryError,
    Player,
    Position,
    Token,
)


def test_positions_compare_and_hash_by_content():
    a = Position.start().play_line("D@a1 D@b1")
    b = Position.start().play_line("D@b1 D@a1")  # another order, the same position
    assert a == b and hash(a) == hash(b)
    assert len({a, b, Position.start()}) == 2
    assert a != Position.start()


def test_positions_are_immutable_values():
    p = Position.start()
    p.play("B@b2")
    assert p == Position.start()
    with pytest.raises(AttributeError):
        p.foo = 1


def test_play_accepts_tokens_decisions_and_codes():
    p = Position.start()
    by_text = p.play("B@b2")
    assert p.play(Decision.parse("B@b2")) == by_text
    assert p.play(Decision.parse("B@b2").code) == by_text
    assert p.child(Decision.parse("B@b2").code) == by_text


def test_illegal_decision_lists_the_legal_options():
    p = Position.from_cpn(cpn({"a1": "t", "b2": "T"})).play("B@b1")
    with pytest.raises(IllegalDecisionError) as info:
        p.play("c1")
    err = info.value
    assert err.decision == "c1" and err.legal == ("a1", "b2")
    assert "Green chooses which token their Boar on b1 pushes" in str(err)
    assert str(err).endswith("legal: a1 b2")
    assert isinstance(err, ValueError)


def test_a_placement_where_none_is_due_is_illegal():
    with pytest.raises(IllegalDecisionError, match="illegal decision 'pass'"):
        Position.start().play("pass")


def test_decisions_after_the_game_are_illegal():
    over = Position.from_cpn(cpn({"a1": "T"}, "g", "#"))
    with pytest.raises(IllegalDecisionError, match="the game is over"):
        over.play("B@b2")
    assert over.decider is None and over.choice is None and over.legal_decisions() == ()


def test_mid_effect_states_are_values_without_cpn():
    before = Position.from_cpn(cpn({"a1": "t", "b2": "T"}))
    mid = before.play("B@b1")
    assert not mid.at_boundary and mid.phase == "2"
    assert mid == before.play("B@b1") and hash(mid) == hash(before.play("B@b1"))
    assert {mid: 1}[before.play("B@b1")] == 1
    with pytest.raises(NotAtBoundaryError, match="middle of an effect"):
        mid.cpn()
    assert repr(mid).startswith("<Position mid-effect: Green chooses")
    assert mid.top("b1") == Token(Player.GREEN, Kind.BOAR)


def test_stack_top_reserve_and_occupant():
    p = Position.from_cpn(cpn({"a1": "TtB"}, burned="2-0"))
    assert [t.letter for t in p.stack("a1")] == ["T", "t", "B"]
    assert p.top("a1") == Token(Player.GREEN, Kind.BOAR)
    assert p.occupant("a1") == Player.GREEN and p.occupant("b1") is None
    assert p.reserve("g")[Kind.TREE] == 9 and p.reserve(Player.PURPLE)[Kind.TREE] == 11
    assert p.reserve_size("g") == 20 and p.burned == (2, 0)


def test_bad_cell_names_raise_a_clear_error():
    with pytest.raises(ValueError, match="unknown cell 'e5'"):
        Position.start().stack("e5")


def test_describe_pending_and_placements_left():
    p = Position.start()
    assert p.describe_pending() == "Green places a token (two placements left this turn)"
    assert p.placements_left == 2 and p.play("D@a1").placements_left == 1


def test_repr_can_be_pasted_back():
    p = Position.start().play("B@b2")
    assert eval(repr(p), {"Position": Position}) == p  # noqa: S307


def test_str_shows_stacks_reserves_and_who_decides():
    text = str(Position.from_cpn(cpn({"b2": "Tt"}, burned="1-0")))
    assert "T[t]" in text and "Green   reserve: Tx10" in text
    assert "Burned Trees: Green 1, Purple 0" in text
    assert "To decide: Green places a token" in text


def test_events_tell_what_happened_in_order():
    p = Position.from_cpn(cpn({"b3": "d", "c3": "F"}))
    after, events = p.play_with_events("B@b2")
    assert [e.type for e in events] == ["place", "activate", "push"]
    assert events[2].text() == (
        "Green's Boar on b2 pushes Purple's Deer from b3 to b1 (wrapping around)."
    )
    assert events[2].cells == ("b2", "b3", "b1") and events[2].info["wrapped"] is True
    assert after == p.play("B@b2")


def test_events_name_burning_fires():
    p = Position.from_cpn(cpn({"c3": "f"}))
    _, events = p.play_with_events("T@c2")
    assert events[-1].text() == "Green's Tree on c2 burns next to Purple's Fire on c3."


def test_events_end_with_the_result():
    p = Position.from_cpn(FINAL_PLACEMENT)
    _, events = p.play_with_events("pass")
    assert [e.text() for e in events] == [
        "Purple declines the final placement.",
        "Game over: Green wins (cells 7-1, Trees on top 1-1, burned 11-0).",
    ]


def test_a_step_is_one_check_and_one_resolve_and_equals_play_with_events():
    p = Position.from_cpn(cpn({"a1": "bT", "a2": "D"}))
    step = p.step("C@b1")  # Purple's Boar on a1 must push: a mid-effect position
    assert step.before is p and step.decision == Decision.parse("C@b1")
    assert (step.position, step.events) == p.play_with_events("C@b1")
    assert step.position.choice == "boar-target" and step.events
    assert p.step(step.decision.code).position == step.position  # a code or a Decision too
    with pytest.raises(IllegalDecisionError, match="illegal decision 'b3'"):
        p.step("b3")


def test_coverable_cells_of_any_kind_and_of_a_tree_r11_r12():
    p = Position.from_cpn(cpn({"a1": "f", "d3": "tt"}))  # Purple's Fire (0), Trees (1)
    anything, trees = p.coverable()
    assert "a1" in anything and "d3" not in anything  # power 1 is not coverable
    assert "a1" not in trees and set(trees) == set(anything) - {"a1"}  # no Tree on Fire
    assert anything == p.placement_cells(Kind.BOAR) and trees == p.placement_cells(Kind.TREE)
    assert p.coverable(Player.PURPLE) == (p.placement_cells("B", "p"), p.placement_cells("T", "p"))
