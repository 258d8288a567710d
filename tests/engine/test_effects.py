"""R-18..R-28, D-5..D-9: activations, the six effects, burning, who decides, the cap."""

from cpn_builder import cpn

from cernunos_widget.engine import Player, Position


def at(cells, side="g", phase="2", burned="0-0"):
    return Position.from_cpn(cpn(cells, side, phase, burned))


# ---------------------------------------------------------------------------


def test_r18_a_pushed_token_does_not_activate():
    # Green's Boar on a1 must push Purple's Boar from b1 to c1; there it would have a choice
    # (d1 and c2) if it activated: it does not.
    p = at({"b1": "b", "d1": "t", "c2": "t"}).play("B@a1")
    assert p.at_boundary
    assert p.cpn() == cpn({"a1": "B", "c1": "b", "d1": "t", "c2": "t"}, "g", "1")


def test_r18_a_tree_placed_from_the_reserve_does_not_activate():
    assert Position.start().play("T@a1").cpn() == cpn({"a1": "T"}, "g", "1")


def test_r18_activating_a_permanent_token_does_nothing():
    # Green's Crow brings Purple's Deer up on a1: nothing else happens.
    p = at({"a1": "dT"}).play("C@b1")
    assert p.cpn() == cpn({"a1": "Td", "b1": "C"}, "g", "1")


# ---------------------------------------------------------------------------


def test_r19_a_tree_activated_by_a_crow_grows():
    p = at({"a1": "T"}).play("C@b1")
    assert p.cpn() == cpn({"a1": "TT", "b1": "C"}, "g", "1")


def test_r19_a_tree_with_no_tree_in_reserve_does_nothing():
    p = at({"a1": "T"}, burned="11-0").play("C@b1")
    assert p.cpn() == cpn({"a1": "T", "b1": "C"}, "g", "1", "11-0")


# --------------------------------------------------------------------------- R-20, D-5


def test_r20_boar_target_is_the_owners_choice_in_board_order_and_wraps():
    p = at({"a1": "t", "b2": "T"}).play("B@b1")
    assert (p.decider, p.choice, p.choice_cell) == (Player.GREEN, "boar-target", "b1")
    assert p.legal_texts() == ("a1", "b2")  # D-5: no way to decline
    assert not p.at_boundary
    p, events = p.play_with_events("a1")
    assert p.cpn() == cpn({"b1": "B", "b2": "T", "d1": "t"}, "g", "1")
    assert "Green's Boar on b1 pushes Purple's Tree from a1 to d1 (wrapping around)." in [
        e.text() for e in events
    ]


def test_r20_boar_wraps_vertically():
    p = at({"a1": "D", "a3": "t", "b2": "T"}).play("B@a2")
    assert p.legal_texts() == ("a1", "b2", "a3")
    p = p.play("a3")
    assert p.cpn() == cpn({"a1": "Dt", "a2": "B", "b2": "T"}, "g", "1")


def test_r20_d5_a_boar_with_no_adjacent_token_does_nothing():
    assert Position.start().play("B@b2").cpn() == cpn({"b2": "B"}, "g", "1")


def test_r20_boar_pushes_regardless_of_power():
    # Purple's Tree on b1 has base power 2: it still moves.
    p = at({"b1": "ttt"}).play("B@a1")
    assert p.cpn() == cpn({"a1": "B", "b1": "tt", "c1": "t"}, "g", "1")


# --------------------------------------------------------------------------- R-22, D-6

FOX_CELLS = {"b1": "t", "a2": "D", "b2": "B"}


def test_r22_fox_swap_options_are_pairs_around_it_in_listing_order():
    p = at(FOX_CELLS).play("X@a1")
    assert (p.decider, p.choice) == (Player.GREEN, "fox-swap")
    assert p.legal_texts() == ("b1~a2", "b1~b2", "a2~b2")


def test_r22_fox_order_then_each_swapped_token_activates():
    p = at(FOX_CELLS).play("X@a1").play("b1~b2")
    # Green's Boar is now on b1, Purple's Tree on b2: both activatable, Green orders.
    assert (p.decider, p.choice, p.legal_texts()) == (Player.GREEN, "fox-order", ("b1", "b2"))
    # Tree first: it grows; then Green's Boar chooses between a1 and b2.
    q = p.play("b2")
    assert (q.choice, q.legal_texts()) == ("boar-target", ("a1", "b2"))
    q = q.play("b2")
    assert q.cpn() == cpn({"a1": "X", "b1": "B", "a2": "D", "b2": "t", "b3": "t"}, "g", "1")
    # Boar first: it pushes the Fox from a1 round to d1; then the Tree grows.
    r = p.play("b1").play("a1")
    assert r.cpn() == cpn({"b1": "B", "a2": "D", "b2": "tt", "d1": "X"}, "g", "1")


def test_r22_no_order_is_asked_when_one_swapped_token_is_not_activatable():
    # Only b1 (Purple Tree) and a2 (Green Deer) around the Fox: forced swap, then the Tree.
    p = at({"b1": "t", "a2": "D"}).play("X@a1")
    assert p.cpn() == cpn({"a1": "X", "b1": "D", "a2": "tt"}, "g", "1")


def test_r22_a_swapped_token_no_longer_on_top_does_not_activate():
    # Swap a1 (Purple Tree) and c1 (Green Boar); the Boar, first, pushes b1's Deer onto c1,
    # covering the Tree, which then does not activate (it would grow otherwise).
    cells = {"a1": "t", "b1": "D", "c1": "B"}
    p = at(cells).play("X@b2").play("a1~c1")
    assert p.legal_texts() == ("a1", "c1")
    covered = p.play("a1")
    assert covered.cpn() == cpn({"a1": "B", "b2": "X", "c1": "tD"}, "g", "1")
    tree_first = p.play("c1")  # the Tree grows on c1, then the Boar must push b1's Deer
    assert tree_first.cpn() == cpn({"a1": "B", "b2": "X", "c1": "ttD"}, "g", "1")


def test_d6_a_fox_with_fewer_than_two_tokens_around_does_nothing():
    p = at({"a1": "t", "d3": "T"}).play("X@b2")
    assert p.cpn() == cpn({"a1": "t", "b2": "X", "d3": "T"}, "g", "1")


# ---------------------------------------------------------------------------


def test_r23_r27_crow_raises_the_bottom_token_and_its_owner_decides_its_effect():
    p = at({"a1": "bT", "a2": "D"}).play("C@b1")
    # Purple's Boar came up on a1 and activates: Purple chooses.
    assert (p.decider, p.choice, p.legal_texts()) == (Player.PURPLE, "boar-target", ("b1", "a2"))
    assert p.side == Player.GREEN  # still Green's turn
    p = p.play("b1")
    assert p.cpn() == cpn({"a1": "Tb", "a2": "D", "c1": "C"}, "g", "1")


def test_r23_crow_choice_is_mandatory_and_in_board_order():
    p = at({"a1": "T", "c1": "t"}).play("C@b1")
    assert (p.choice, p.legal_texts()) == ("crow-cell", ("a1", "c1"))


def test_r23_a_tree_that_burns_as_it_comes_up_does_not_activate():
    p = at({"a1": "Tf"}).play("C@b1")
    assert p.cpn() == cpn({"a1": "f", "b1": "C"}, "g", "1", "1-0")


# --------------------------------------------------------------------------- R-25, D-7


def test_r25_squirrel_doubles_an_adjacent_activation_even_if_it_moves_away():
    p = at({"a1": "S", "c1": "t"}).play("B@b1")
    assert p.legal_texts() == ("a1", "c1")
    # Push the Tree first; the second activation must then push the Squirrel (forced).
    assert p.play("c1").cpn() == cpn({"b1": "B", "d1": "tS"}, "g", "1")
    # Push the Squirrel away first; the Boar still activates a second time.
    assert p.play("a1").cpn() == cpn({"b1": "B", "d1": "St"}, "g", "1")


def test_r25_the_second_activation_is_never_doubled_again():
    p = at({"a1": "t", "c1": "t", "b2": "S"}).play("B@b1")
    p = p.play("a1")
    assert (p.choice, p.legal_texts()) == ("boar-target", ("c1", "b2"))  # second activation
    p = p.play("c1")
    assert p.cpn() == cpn({"b1": "B", "b2": "S", "d1": "tt"}, "g", "1")  # no third


def test_d7_a_squirrel_never_makes_a_tree_grow_twice():
    p = at({"a1": "T", "a2": "S"}).play("C@b1")
    assert p.cpn() == cpn({"a1": "TT", "a2": "S", "b1": "C"}, "g", "1")


# --------------------------------------------------------------------------- R-26, D-8


def test_r26_d8_a_tree_placed_next_to_a_fire_is_legal_and_burns():
    p = at({"b1": "f"})
    assert "T@a1" in p.legal_texts()
    assert p.play("T@a1").cpn() == cpn({"b1": "f"}, "g", "1", "1-0")


def test_r26_a_fire_burns_adjacent_trees_of_both_players_down_to_a_non_tree():
    cells = {"b1": "DTT", "a2": "T", "c2": "t", "b3": "W", "a1": "T"}
    p = at(cells).play("F@b2")
    # a1 is diagonal to the Fire: it survives.
    assert p.cpn() == cpn({"a1": "T", "b1": "D", "b2": "F", "b3": "W"}, "g", "1", "3-1")


def test_r26_a_tree_pushed_onto_a_fire_burns():
    p = at({"a1": "T", "d1": "f"}).play("B@b1")  # forced push a1 -> d1 (wrap)
    assert p.cpn() == cpn({"b1": "B", "d1": "f"}, "g", "1", "1-0")


def test_d8_an_uncovered_fire_burns_the_trees_next_to_it():
    p = at({"a1": "t", "b1": "fB", "c1": "t"}).play("B@b2")  # pushes b1's Boar to b3
    assert p.cpn() == cpn({"b1": "f", "b2": "B", "b3": "B"}, "g", "1", "0-2")


def test_r12_covering_a_fire_puts_it_out():
    p = at({"b1": "f"}).play("D@b1").play("T@a1")  # the Tree survives next to a covered Fire
    assert p.cpn() == cpn({"a1": "T", "b1": "fD"}, "p", "2")


# --------------------------------------------------------------------------- R-28, D-9


def test_r28_d9_two_crows_wake_each_other_until_the_cap():
    p = at({"a1": "c"})
    after, events = p.play_with_events("C@b1")
    assert after.cpn() == cpn({"a1": "c", "b1": "C"}, "g", "1")
    kinds = [e.type for e in events]
    assert kinds.count("activate") == 64
    assert kinds.count("cap") == 1


def test_r28_d9_two_foxes_loop_until_the_cap_and_the_game_goes_on():
    p = at({"a1": "x", "a2": "D"})
    after, events = p.play_with_events("X@b1")
    assert [e.type for e in events].count("activate") == 64
    assert after.at_boundary and after.phase == "1"
