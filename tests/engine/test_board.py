"""R-9..R-12, R-21, R-24: power and where a token may be placed."""

from cpn_builder import cpn

from cernunos_widget.engine import Kind, Position


def at(cells, side="g", phase="2", burned="0-0"):
    return Position.from_cpn(cpn(cells, side, phase, burned))


def test_r9_base_power_counts_the_unbroken_run_of_own_tokens_below():
    p = at({"a1": "Ttt", "b1": "tTt", "c1": "t", "d1": "TTTd"})
    assert p.power("a1").base == 1  # stack G,P,P: the top P has base power 1
    assert p.power("b1").base == 0  # stack P,G,P: base power 0
    assert p.power("c1").base == 0
    assert p.power("d1").base == 0  # the Green tokens below belong to the other player
    assert p.power("a2") is None  # empty cell


def test_r10_r21_r24_deer_add_and_wolves_subtract():
    # Purple t on b2 with Purple Deer on a2 and c2, a Green Wolf on a1 (zone b2, c3).
    p = at({"b2": "t", "a2": "d", "c2": "d", "a1": "W"})
    info = p.power("b2")
    assert (info.base, info.deer, info.wolves, info.total) == (0, ("a2", "c2"), ("a1",), 1)
    assert str(info) == "1 (base 0, +1 Deer a2, +1 Deer c2, -1 Wolf a1)"


def test_r21_a_deer_does_not_count_for_itself_nor_help_the_opponent():
    p = at({"a2": "d", "b2": "D", "a3": "T"})
    assert p.power("a2").total == 0  # no other Purple Deer next to it
    assert p.power("a3").deer == ()  # Purple's Deer on a2 does not help Green's Tree
    assert p.power("b2").deer == ()


def test_r24_wolf_reaches_two_diagonal_steps_and_power_can_be_negative():
    p = at({"c3": "t", "a1": "W"})
    assert p.power("c3").total == -1
    assert p.power("a1").wolves == ()  # a Wolf never weakens its own side


def test_r11_where_a_player_may_place():
    # a1: Purple with base power 1 (protected); b1: Purple, power 0; c1: Green's own stack.
    p = at({"a1": "tt", "b1": "t", "c1": "TTT"})
    cells = p.placement_cells(Kind.BOAR)
    assert "a1" not in cells
    assert {"b1", "c1", "d1", "a2", "d3"} <= set(cells)
    assert len(cells) == 11
    # Purple, for its part, may cover its own a1 but not Green's c1 (base power 2).
    purple_cells = p.placement_cells("B", "p")
    assert "a1" in purple_cells and "c1" not in purple_cells


def test_r11_a_wolf_can_open_a_protected_stack():
    p = at({"b2": "tt", "a1": "W"})  # base 1, Wolf -1: power 0
    assert "b2" in p.placement_cells(Kind.DEER)


def test_r12_no_tree_on_a_fire_but_other_kinds_may_cover_it():
    p = at({"a1": "f", "d3": "F"})
    assert "a1" not in p.placement_cells(Kind.TREE)
    assert "d3" not in p.placement_cells(Kind.TREE)
    assert "a1" in p.placement_cells(Kind.BOAR)
    assert "d3" in p.placement_cells(Kind.BOAR)
    assert "b1" in p.placement_cells(Kind.TREE)  # next to a Fire is legal (D-8)
    assert "T@a1" not in p.legal_texts() and "B@a1" in p.legal_texts()


def test_placement_map_lists_only_kinds_in_reserve():
    p = at({"a1": "BBB"})
    kinds = p.placement_map()
    assert Kind.BOAR not in kinds and Kind.TREE in kinds
    assert len(kinds[Kind.TREE]) == 12


def test_listing_order_kind_then_cell():
    tokens = Position.start().legal_texts()
    assert tokens[:3] == ("T@a1", "T@b1", "T@c1")
    assert tokens[12] == "B@a1"
    assert tokens[-1] == "F@d3"
    assert len(tokens) == 96
