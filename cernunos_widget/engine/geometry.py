"""The 4x3 board: cell names, neighbourhoods and the Boar's wrap table (R-2, R-6, R-20).

Cells are indexed in board order (R-2, notation section): a1=0, b1=1, c1=2, d1=3,
a2=4 ... d3=11, that is ``index = row * 4 + column``.  Every table here is computed once
at import so the rules code only does tuple look-ups.
"""

from __future__ import annotations

COLUMNS = "abcd"
ROWS = "123"
WIDTH = 4
HEIGHT = 3
CELL_COUNT = WIDTH * HEIGHT

CELL_NAMES: tuple[str, ...] = tuple(c + r for r in ROWS for c in COLUMNS)
CELL_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELL_NAMES)}


def cell_name(index: int) -> str:
    """The name (``"b2"``) of a cell index."""
    return CELL_NAMES[index]


def _coords(index: int) -> tuple[int, int]:
    return index % WIDTH, index // WIDTH


def _on_board(col: int, row: int) -> bool:
    return 0 <= col < WIDTH and 0 <= row < HEIGHT


def _index(col: int, row: int) -> int:
    return row * WIDTH + col


_ORTHOGONAL = ((0, -1), (-1, 0), (1, 0), (0, 1))
_DIAGONAL = ((-1, -1), (1, -1), (-1, 1), (1, 1))


def _cells_at(index: int, steps: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    col, row = _coords(index)
    found = [_index(col + dc, row + dr) for dc, dr in steps if _on_board(col + dc, row + dr)]
    return tuple(sorted(found))


# adjacent = sharing a side.
ADJACENT: tuple[tuple[int, ...], ...] = tuple(_cells_at(i, _ORTHOGONAL) for i in range(CELL_COUNT))
# around = the 8 surrounding cells (the Fox's neighbourhood, D-6).
AROUND: tuple[tuple[int, ...], ...] = tuple(
    _cells_at(i, _ORTHOGONAL + _DIAGONAL) for i in range(CELL_COUNT)
)
# R-6, D-1: the Wolf reaches 1 or 2 diagonal steps in each diagonal direction.
WOLF_ZONE: tuple[tuple[int, ...], ...] = tuple(
    _cells_at(i, _DIAGONAL + tuple((2 * dc, 2 * dr) for dc, dr in _DIAGONAL))
    for i in range(CELL_COUNT)
)
# D-10, variant ``wolf-1``: the Wolf reaches one diagonal step only.
WOLF_ZONE_1: tuple[tuple[int, ...], ...] = tuple(_cells_at(i, _DIAGONAL) for i in range(CELL_COUNT))
# The Wolf zone by the number of diagonal steps it reaches (``Rules.wolf_steps``).
WOLF_ZONES = {1: WOLF_ZONE_1, 2: WOLF_ZONE}


def _boar_destination(boar: int, target: int) -> tuple[int, bool]:
    """Where a token pushed from ``target`` by a Boar on ``boar`` lands (R-20)."""
    bc, br = _coords(boar)
    tc, tr = _coords(target)
    col, row = tc + (tc - bc), tr + (tr - br)
    wrapped = not _on_board(col, row)
    return _index(col % WIDTH, row % HEIGHT), wrapped


# BOAR_PUSH[boar][target] = (destination, wrapped) for each adjacent target.
BOAR_PUSH: tuple[dict[int, tuple[int, bool]], ...] = tuple(
    {t: _boar_destination(b, t) for t in ADJACENT[b]} for b in range(CELL_COUNT)
)


def _mask(cells: tuple[int, ...]) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


# The same neighbourhoods as bitmasks (bit i = cell i), for popcount arithmetic.
ADJACENT_MASK: tuple[int, ...] = tuple(_mask(cells) for cells in ADJACENT)
WOLF_ZONE_MASK: tuple[int, ...] = tuple(_mask(cells) for cells in WOLF_ZONE)
WOLF_ZONE_MASKS = {
    steps: tuple(_mask(cells) for cells in zone) for steps, zone in WOLF_ZONES.items()
}
ALL_CELLS_MASK = (1 << CELL_COUNT) - 1
