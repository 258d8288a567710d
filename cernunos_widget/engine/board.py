"""Read-only rules over a board (a sequence of 12 stacks of token codes): power and placement.

These functions are the hot path of option generation, so they take plain tuples/lists and
use the precomputed tables of :mod:`geometry`.
"""

from __future__ import annotations

from collections.abc import Sequence

from .geometry import ADJACENT, ADJACENT_MASK, ALL_CELLS_MASK, CELL_COUNT
from .rules import STANDARD_RULES, Rules
from .tokens import CODE_MASK, DEER, FIRE, KIND_MASK, OWNER_BIT, TREE, WOLF

Board = Sequence[tuple[int, ...]]


def base_power(stack: tuple[int, ...], power_all: bool = False) -> int:
    """R-9: tokens of the top token's owner directly below it without interruption
    (variant ``power-all``, D-10: every token of that owner below it)."""
    owner = stack[-1] & OWNER_BIT
    if power_all:
        return sum(1 for code in stack[:-1] if code & OWNER_BIT == owner)
    n = 0
    for i in range(len(stack) - 2, -1, -1):
        if stack[i] & OWNER_BIT != owner:
            break
        n += 1
    return n


def power(board: Board, cell: int, rules: Rules = STANDARD_RULES) -> int:
    """R-10: the power of the top token of ``cell`` (which must not be empty)."""
    stack = board[cell]
    owner = stack[-1] & OWNER_BIT
    p = base_power(stack, rules.power_all)
    deer = owner | DEER
    for n in ADJACENT[cell]:
        s = board[n]
        if s and s[-1] & CODE_MASK == deer:
            p += 1
    wolf = (owner ^ OWNER_BIT) | WOLF
    for n in rules.wolf_zone[cell]:  # the Wolf zone is symmetric: n's zone contains cell
        s = board[n]
        if s and s[-1] & CODE_MASK == wolf:
            p -= 1
    return p


def power_parts(
    board: Board, cell: int, rules: Rules = STANDARD_RULES
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """R-10 broken down: (base, cells of the Deer adding 1, cells of the Wolves taking 1)."""
    stack = board[cell]
    owner = stack[-1] & OWNER_BIT
    deer = owner | DEER
    wolf = (owner ^ OWNER_BIT) | WOLF
    deer_cells = tuple(n for n in ADJACENT[cell] if board[n] and board[n][-1] & CODE_MASK == deer)
    wolf_cells = tuple(
        n for n in rules.wolf_zone[cell] if board[n] and board[n][-1] & CODE_MASK == wolf
    )
    return base_power(stack, rules.power_all), deer_cells, wolf_cells


def coverable_masks(board: Board, player: int, rules: Rules = STANDARD_RULES) -> tuple[int, int]:
    """R-11, R-12: bitmasks of the cells where ``player`` may place (any kind, a Tree).

    The hot path of option generation: one pass to find the opponent's tops, their Deer,
    the player's Wolves and the Fires, then R-10 as popcounts for the opponent's tops only.
    """
    me = player * OWNER_BIT
    their_deer = (OWNER_BIT - me) | DEER
    my_wolf = me | WOLF
    theirs = deer = wolves = fires = 0
    bit = 1
    for stack in board:
        if stack:
            top = stack[-1] & CODE_MASK
            if top & OWNER_BIT != me:
                theirs |= bit
                if top == their_deer:
                    deer |= bit
            elif top == my_wolf:
                wolves |= bit
            if top & KIND_MASK == FIRE:
                fires |= bit
        bit <<= 1
    their_bit = OWNER_BIT - me
    wolf_zone_mask = rules.wolf_zone_mask
    power_all = rules.power_all
    closed = 0
    rest = theirs
    while rest:
        low = rest & -rest
        rest ^= low
        c = low.bit_length() - 1
        # power > 0 iff the base power exceeds wolves - deer; the
        # stack is read only as far as that takes.
        need = (wolves & wolf_zone_mask[c]).bit_count() if wolves else 0
        if deer:
            need -= (deer & ADJACENT_MASK[c]).bit_count()
        if need < 0:
            closed |= low
            continue
        stack = board[c]
        i = len(stack) - 2
        run = 0
        if power_all:  # D-10 variant: every own token below counts
            while i >= 0 and run <= need:
                if stack[i] & OWNER_BIT == their_bit:
                    run += 1
                i -= 1
        else:
            while i >= 0 and stack[i] & OWNER_BIT == their_bit and run <= need:
                run += 1
                i -= 1
        if run > need:
            closed |= low
    anything = ALL_CELLS_MASK & ~closed
    return anything, anything & ~fires  # no Tree on a Fire


def coverable_cells(
    board: Board, player: int, rules: Rules = STANDARD_RULES
) -> tuple[list[int], list[int]]:
    """R-11, R-12: the cells (board order) where ``player`` may place any kind, and a Tree."""
    anything, trees = coverable_masks(board, player, rules)
    return _cells_of(anything), _cells_of(trees)


def _cells_of(mask: int) -> list[int]:
    return [c for c in range(CELL_COUNT) if mask >> c & 1]


def burnable_cell(board: Board) -> tuple[int, int | None] | None:
    """R-26: a cell whose top Tree must burn, with the Fire's cell (None: the Fire is under it).

    Burning is monotone (removing a Tree never saves another), so the order in which
    burnable Trees are found does not change the result.
    """
    for c in range(CELL_COUNT):
        s = board[c]
        if not s:
            continue
        kind = s[-1] & KIND_MASK
        if kind == FIRE:
            for n in ADJACENT[c]:
                t = board[n]
                if t and t[-1] & KIND_MASK == TREE:
                    return n, c
        elif kind == TREE and len(s) >= 2 and s[-2] & KIND_MASK == FIRE:
            return c, None
    return None


def occupied_counts(board: Board) -> tuple[int, int]:
    """R-17: cells occupied by Green and by Purple (the owner of the top token, R-4)."""
    g = p = 0
    for s in board:
        if s:
            if s[-1] & OWNER_BIT:
                p += 1
            else:
                g += 1
    return g, p


def top_tree_counts(board: Board) -> tuple[int, int]:
    """R-17: Trees on top of cells, Green's and Purple's."""
    g = p = 0
    for s in board:
        if s and s[-1] & KIND_MASK == TREE:
            if s[-1] & OWNER_BIT:
                p += 1
            else:
                g += 1
    return g, p
