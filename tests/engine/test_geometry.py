"""R-2, R-6, D-1, R-20: cells, neighbourhoods and the Boar's wrap table."""

from cernunos_widget.engine.geometry import (
    ADJACENT,
    AROUND,
    BOAR_PUSH,
    CELL_INDEX,
    CELL_NAMES,
    WOLF_ZONE,
)


def names(indices):
    return {CELL_NAMES[i] for i in indices}


def test_r2_board_order():
    assert CELL_NAMES == ("a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3")


def test_r6_adjacent_shares_a_side():
    assert names(ADJACENT[CELL_INDEX["a1"]]) == {"b1", "a2"}
    assert names(ADJACENT[CELL_INDEX["b2"]]) == {"a2", "c2", "b1", "b3"}
    assert names(ADJACENT[CELL_INDEX["d3"]]) == {"c3", "d2"}


def test_r6_around_is_the_eight_neighbours_without_the_cell():
    assert names(AROUND[CELL_INDEX["b2"]]) == {"a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"}
    assert names(AROUND[CELL_INDEX["a1"]]) == {"b1", "a2", "b2"}


def test_d1_wolf_zone_one_or_two_diagonal_steps():
    assert names(WOLF_ZONE[CELL_INDEX["a1"]]) == {"b2", "c3"}
    assert names(WOLF_ZONE[CELL_INDEX["b2"]]) == {"a1", "c1", "a3", "c3"}
    assert names(WOLF_ZONE[CELL_INDEX["c2"]]) == {"b1", "d1", "b3", "d3"}
    assert names(WOLF_ZONE[CELL_INDEX["a2"]]) == {"b1", "b3"}
    assert max(len(z) for z in WOLF_ZONE) == 4  # at most 4 cells on this board


def test_d1_wolf_zone_is_symmetric():
    for cell, zone in enumerate(WOLF_ZONE):
        for other in zone:
            assert cell in WOLF_ZONE[other]


def push(boar, target):
    dest, wrapped = BOAR_PUSH[CELL_INDEX[boar]][CELL_INDEX[target]]
    return CELL_NAMES[dest], wrapped


def test_r20_push_goes_one_cell_further_away():
    assert push("a1", "b1") == ("c1", False)
    assert push("a1", "a2") == ("a3", False)
    assert push("c2", "b2") == ("a2", False)


def test_r20_push_wraps_around_rows_and_columns():
    assert push("c1", "d1") == ("a1", True)
    assert push("b1", "a1") == ("d1", True)
    assert push("a2", "a3") == ("a1", True)
    assert push("b2", "b1") == ("b3", True)


def test_r20_push_targets_are_exactly_the_adjacent_cells():
    for boar in range(12):
        assert set(BOAR_PUSH[boar]) == set(ADJACENT[boar])
        for dest, _ in BOAR_PUSH[boar].values():
            assert dest != boar
