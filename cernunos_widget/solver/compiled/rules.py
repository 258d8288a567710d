"""The engine's decision-level rules, compiled with numba for search (see ``layout.py``).

Each function mirrors its namesake in ``engine/effects.py`` (same order of operations, same
tags, same phases), so a compiled state and an engine ``Position`` stay equal decision for
decision; ``tests/test_compiled_rules.py`` checks that on thousands of positions.  The
engine's recursion (a Crow or Fox activating the token it moved) is always a tail call, so
here it is the loop in :func:`activate`.  No events are recorded: search does not read them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...engine.decisions import CELL_BASE, GROW_BASE, PASS, SWAP_BASE
from ...engine.effects import (
    ACT,
    ACTIVATION_CAP,
    CHOICE_BOAR,
    CHOICE_CROW,
    CHOICE_FOX_ORDER,
    CHOICE_FOX_SWAP,
    FORFEIT,
    LAST,
    ONE,
    OVER,
    START,
    TWO,
)
from ...engine.tokens import BOAR, CROW, DEER, FIRE, FOX, SQUIRREL, TREE, WOLF
from ..values import CELL_WEIGHT, FORFEIT_SCORE, TREE_WEIGHT
from .layout import (
    ADJ,
    ADJ_MASK,
    AGENDA,
    AGENDA_LEN,
    AROUND_CELLS,
    BURNED,
    COUNT,
    COUNTS,
    ENTRY,
    HEIGHTS,
    MAX_HEIGHT,
    MAX_OPTIONS,
    PHASE,
    POWER_ALL,
    PUSH_TO,
    RESERVE,
    SIDE,
    STACKS,
    TAGGED,
    WOLF_MASKS,
    WOLF_STEPS,
)

CODE_MASK = 15
KIND_MASK = 7
OWNER_BIT = 8
TAG_SHIFT = 4
N_CELLS = 12
ALL_CELLS = (1 << N_CELLS) - 1
HAND_WEIGHT = 60  # as in values.heuristic_score
# Compile time (docs/solver.md, "Compile time"): numba compiles a function that is not
# inlined once more for each literal argument type it is called with (``Literal[int](-1)``)
# with all it calls, so arguments are not literals (numpy scalars are typed ``bool`` and
# ``int64``) except top_next_to's masks, whose constants made the rules faster; and the
# helpers called at one place are inlined (``inline="always"``): each function that is
# not compiles its own copy of everything it calls.
MAY_DOUBLE = np.bool_(True)  # activate's ``may_double``
NO_CELL = np.int64(-1)  # no cell (yet)

# ---------------------------------------------------------------------- board access


@njit(cache=True, inline="always")
def top(s, c):
    """The top code of cell ``c`` (with its tag), or -1 when the cell is empty."""
    h = s[HEIGHTS + c]
    return np.int64(s[STACKS + c * MAX_HEIGHT + h - 1]) if h else np.int64(-1)


@njit(cache=True, inline="always")
def put(s, c, code):
    h = s[HEIGHTS + c]
    s[STACKS + c * MAX_HEIGHT + h] = code
    s[HEIGHTS + c] = h + 1


@njit(cache=True, inline="always")
def take(s, c):
    h = s[HEIGHTS + c] - 1
    s[HEIGHTS + c] = h
    return np.int64(s[STACKS + c * MAX_HEIGHT + h])


@njit(cache=True, inline="always")
def set_top(s, c, code):
    s[STACKS + c * MAX_HEIGHT + s[HEIGHTS + c] - 1] = code


@njit(cache=True)
def adjacent_top(s, cell, wanted, mask):
    """The first cell adjacent to ``cell`` whose top ``t`` has ``t & mask == wanted``, or -1."""
    for i in range(4):
        n = ADJ[cell, i]
        if n < 0:
            break
        t = top(s, n)
        if t >= 0 and t & mask == wanted:
            return n
    return -1


@njit(cache=True)
def top_next_to(s, cell, wanted, mask):
    """Is a top token ``t`` with ``t & mask == wanted`` on a cell adjacent to ``cell``?"""
    return adjacent_top(s, cell, wanted, mask) >= 0


@njit(cache=True)
def decider(s):
    """Who makes the next decision: the owner of a pending choice (R-27), else the side."""
    n = s[AGENDA_LEN]
    if n:
        return np.int64(s[AGENDA + (n - 1) * ENTRY + 1])
    return np.int64(s[SIDE])


@njit(cache=True)
def is_over(s):
    return s[PHASE] == OVER or s[PHASE] == FORFEIT


# ---------------------------------------------------------------------- options


@njit(cache=True)
def coverable_masks(s, player):
    """R-11, R-12: masks of the cells where ``player`` may place any kind, and a Tree."""
    me = player * OWNER_BIT
    their_bit = OWNER_BIT - me
    their_deer = their_bit | DEER
    my_wolf = me | WOLF
    theirs = 0
    deer = 0
    wolves = 0
    fires = 0
    for c in range(N_CELLS):
        t = top(s, c)
        if t >= 0:
            t &= CODE_MASK
            bit = 1 << c
            if t & OWNER_BIT != me:
                theirs |= bit
                if t == their_deer:
                    deer |= bit
            elif t == my_wolf:
                wolves |= bit
            if t & KIND_MASK == FIRE:
                fires |= bit
    closed = 0
    steps = s[WOLF_STEPS]  # R-6, D-10: the Wolf zone in play
    power_all = s[POWER_ALL]  # R-9, D-10: the base power in play
    for c in range(N_CELLS):
        if not theirs >> c & 1:
            continue
        need = _popcount(wolves & WOLF_MASKS[steps, c]) - _popcount(deer & ADJ_MASK[c])
        if need < 0:
            closed |= 1 << c
            continue
        base = STACKS + c * MAX_HEIGHT
        i = s[HEIGHTS + c] - 2
        run = 0
        if power_all:  # every own token below counts
            while i >= 0 and run <= need:
                if s[base + i] & OWNER_BIT == their_bit:
                    run += 1
                i -= 1
        else:
            while i >= 0 and s[base + i] & OWNER_BIT == their_bit and run <= need:
                run += 1
                i -= 1
        if run > need:
            closed |= 1 << c
    anything = ALL_CELLS & ~closed
    return anything, anything & ~fires


@njit(cache=True, inline="always")
def _popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True)
def growing_trees(s, out):
    """R-14: the cells of the side's Trees on top; returns how many."""
    mine = s[SIDE] * OWNER_BIT + TREE
    n = 0
    for c in range(N_CELLS):
        if top(s, c) == mine:
            out[n] = c
            n += 1
    return n


@njit(cache=True)
def _growth_options(s, out):
    """D-3: every choice of as many Trees as the reserve holds, in the listing order."""
    trees = np.empty(N_CELLS, np.int64)
    n = growing_trees(s, trees)
    k = s[RESERVE + s[SIDE] * OWNER_BIT + TREE]
    idx = np.empty(k, np.int64)  # (np.arange would compile a copy of itself for int16)
    for i in range(k):
        idx[i] = i
    count = 0
    while True:
        mask = 0
        for j in range(k):
            mask |= 1 << trees[idx[j]]
        out[count] = GROW_BASE + mask
        count += 1
        j = k - 1
        while j >= 0 and idx[j] == n - k + j:
            j -= 1
        if j < 0:
            return count
        idx[j] += 1
        for i in range(j + 1, k):
            idx[i] = idx[i - 1] + 1


@njit(cache=True)
def options(s, out):
    """Write the codes of the next decision into ``out``; return how many (0: game over).

    As in the engine, finding no legal placement where one is due is a forfeit (R-15).
    """
    n_agenda = s[AGENDA_LEN]
    if n_agenda:
        e = AGENDA + (n_agenda - 1) * ENTRY
        choice = s[e]
        cell = s[e + 2]
        n = 0
        if choice in (CHOICE_BOAR, CHOICE_CROW):
            for i in range(4):
                t = ADJ[cell, i]
                if t < 0:
                    break
                if s[HEIGHTS + t]:
                    out[n] = CELL_BASE + t
                    n += 1
        elif choice == CHOICE_FOX_SWAP:
            for i in range(8):
                a = AROUND_CELLS[cell, i]
                if a < 0:
                    break
                if not s[HEIGHTS + a]:
                    continue
                for j in range(i + 1, 8):
                    b = AROUND_CELLS[cell, j]
                    if b < 0:
                        break
                    if s[HEIGHTS + b]:
                        out[n] = SWAP_BASE + a * N_CELLS + b
                        n += 1
        else:  # CHOICE_FOX_ORDER
            out[0] = CELL_BASE + s[e + 3]
            out[1] = CELL_BASE + s[e + 4]
            n = 2
        return n
    phase = s[PHASE]
    if phase == START:
        return _growth_options(s, out)
    if phase in (OVER, FORFEIT):
        return 0
    side = s[SIDE]
    anything, trees = coverable_masks(s, np.int64(side))  # the type features passes
    n = 0
    for kind in range(8):
        if not s[RESERVE + side * OWNER_BIT + kind]:
            continue
        mask = trees if kind == TREE else anything
        for c in range(N_CELLS):
            if mask >> c & 1:
                out[n] = kind * N_CELLS + c
                n += 1
    if phase == LAST:
        out[n] = PASS  # the final placement may be declined
        return n + 1
    if n == 0:
        s[PHASE] = FORFEIT
    return n


# ---------------------------------------------------------------------- applying decisions


@njit(cache=True)
def apply(s, code):
    """Apply one legal decision code (the caller checks legality)."""
    n_agenda = s[AGENDA_LEN]
    if n_agenda:
        e = AGENDA + (n_agenda - 1) * ENTRY
        choice = s[e]
        cell = np.int64(s[e + 2])
        a = np.int64(s[e + 3])
        b = np.int64(s[e + 4])
        s[AGENDA_LEN] = n_agenda - 1
        if choice == CHOICE_FOX_SWAP:
            nxt = _swap(s, cell, (code - SWAP_BASE) // N_CELLS, (code - SWAP_BASE) % N_CELLS)
            if nxt >= 0:
                activate(s, nxt, MAY_DOUBLE)
        elif choice == CHOICE_FOX_ORDER:
            first = code - CELL_BASE
            _fox_order(s, first, b if first == a else a)
        elif choice == CHOICE_BOAR:
            _push(s, cell, code - CELL_BASE)
        else:
            nxt = _raise(s, cell, code - CELL_BASE)
            if nxt >= 0:
                activate(s, nxt, MAY_DOUBLE)
    elif s[PHASE] == START:
        _grow_mask(s, code - GROW_BASE)
        _after_growth(s)
        return
    elif code == PASS:
        s[PHASE] = OVER
        return
    else:
        _place(s, code)
    resume(s)


@njit(cache=True, inline="always")
def settle(s, out):
    """Apply single-option decisions until a real choice or the end; return the count."""
    while True:
        n = options(s, out)
        if n != 1:
            return n
        apply(s, out[0])


def child(s: np.ndarray, code: int, out: np.ndarray) -> tuple[np.ndarray, int]:
    """A settled copy of ``s`` after ``code`` (like ``Position.child``); options in ``out``.
    (For Python callers: :func:`child_into` into a new state, which saves compiling a copy
    of the rules for this entry point.)"""
    c = np.empty_like(s)
    return c, int(child_into(s, code, c, out))


@njit(cache=True)
def child_into(s, code, dst, out):
    """:func:`child` written into ``dst`` (a preallocated state) instead of a new array."""
    copy_into(s, dst)
    apply(dst, code)
    n = settle(dst, out)
    if dst[PHASE] == OVER:
        dst[SIDE] = 0
    return n


@njit(cache=True, inline="always")
def copy_into(src, dst):
    """``dst[:] = src`` as a plain loop: numba's slice assignment is about ten times slower
    (460 ns against 35 ns for a state; docs/solver.md, "MCTS memory")."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


@njit(cache=True)
def begin_turn(s):
    """R-13, R-14: the turn of the side starts with tree growth."""
    trees = np.empty(N_CELLS, np.int64)
    n = growing_trees(s, trees)
    held = s[RESERVE + s[SIDE] * OWNER_BIT + TREE]
    if n > held > 0:
        s[PHASE] = START  # D-3: the player chooses which Trees grow
        return
    if held:
        tree = s[SIDE] * OWNER_BIT + TREE
        for i in range(n):
            s[RESERVE + tree] -= 1
            put(s, trees[i], tree)
    _after_growth(s)


@njit(cache=True)
def _grow_mask(s, mask):
    tree = s[SIDE] * OWNER_BIT + TREE
    for c in range(N_CELLS):
        if mask >> c & 1:
            s[RESERVE + tree] -= 1
            put(s, c, tree)


@njit(cache=True)
def _after_growth(s):
    if not _game_end_triggered(s):
        s[PHASE] = TWO


@njit(cache=True, inline="always")
def _place(s, code):
    """R-11..R-13: put a token from the reserve on a cell and activate it (apply then
    resumes the agenda)."""
    kind = code // N_CELLS
    cell = code % N_CELLS
    token = s[SIDE] * OWNER_BIT + kind
    s[RESERVE + token] -= 1
    put(s, cell, token)
    height = s[HEIGHTS + cell]
    s[COUNT] = 0
    if kind == FIRE or (kind == TREE and top_next_to(s, cell, FIRE, KIND_MASK)):
        _burn(s)
    if kind in (BOAR, FOX, CROW) and s[HEIGHTS + cell] == height:
        activate(s, cell, MAY_DOUBLE)


@njit(cache=True, inline="always")
def resume(s):
    """Run the agenda until a choice is pending or the placement has fully resolved."""
    while s[AGENDA_LEN]:
        e = AGENDA + (s[AGENDA_LEN] - 1) * ENTRY
        if s[e] != ACT:
            return
        s[AGENDA_LEN] -= 1
        cell = _find_top(s, s[e + 1])
        if cell >= 0:
            activate(s, cell, s[e + 2] != 0)
    _end_of_placement(s)


@njit(cache=True)
def _end_of_placement(s):
    s[COUNT] = 0
    if s[TAGGED]:
        for c in range(N_CELLS):
            base = STACKS + c * MAX_HEIGHT
            for i in range(s[HEIGHTS + c]):
                s[base + i] &= CODE_MASK
        s[TAGGED] = 0
    if _game_end_triggered(s):
        return
    if s[PHASE] == TWO:
        s[PHASE] = ONE
    else:
        s[SIDE] ^= 1
        s[PHASE] = START
        begin_turn(s)


@njit(cache=True)
def _game_end_triggered(s):
    """R-16, D-4: after a placement or the growth has resolved, is the game ending?"""
    if s[PHASE] == LAST:
        s[PHASE] = OVER
        return True
    green = 0
    purple = 0
    for k in range(8):
        green += s[RESERVE + k]
        purple += s[RESERVE + OWNER_BIT + k]
    if green and purple:
        return False
    if not green and not purple:
        s[PHASE] = OVER
    else:
        s[SIDE] = 1 if not green else 0
        s[PHASE] = LAST
    return True


# ---------------------------------------------------------------------- activations


@njit(cache=True, inline="always")
def _push_entry(s, a, b, c, d, e):
    n = s[AGENDA_LEN]
    base = AGENDA + n * ENTRY
    s[base] = a
    s[base + 1] = b
    s[base + 2] = c
    s[base + 3] = d
    s[base + 4] = e
    s[AGENDA_LEN] = n + 1


@njit(cache=True)
def activate(s, cell, may_double):
    """R-18: the top token of ``cell`` activates; a Crow's or Fox's follow-up loops here."""
    while True:
        code = top(s, cell)
        kind = code & KIND_MASK
        if kind != TREE and kind != BOAR and kind != FOX and kind != CROW:
            return  # Deer, Wolf, Squirrel and Fire: activating them does nothing
        if s[COUNT] >= ACTIVATION_CAP:
            return
        s[COUNT] += 1
        owner = (code & OWNER_BIT) >> 3
        if may_double and top_next_to(s, cell, owner * OWNER_BIT + SQUIRREL, CODE_MASK):
            tag = _tag_top(s, cell)
            _push_entry(s, ACT, tag, 0, code & CODE_MASK, 0)
        if kind == TREE:
            tree = code & CODE_MASK
            if s[RESERVE + tree]:
                s[RESERVE + tree] -= 1
                put(s, cell, tree)
            return
        if kind == FOX:  # R-22, D-6
            occupied = 0
            # int64, not the literal -1: typed with it first, _swap would compile twice
            first = NO_CELL
            second = NO_CELL
            for i in range(8):
                n = AROUND_CELLS[cell, i]
                if n < 0:
                    break
                if s[HEIGHTS + n]:
                    occupied += 1
                    if first < 0:
                        first = n
                    elif second < 0:
                        second = n
            if occupied < 2:
                return
            if occupied > 2:
                _push_entry(s, CHOICE_FOX_SWAP, owner, cell, 0, 0)
                return
            nxt = _swap(s, cell, first, second)
        else:  # R-20 Boar, R-23 Crow: a mandatory choice of an adjacent cell with a token
            targets = 0
            target = -1
            for i in range(4):
                n = ADJ[cell, i]
                if n < 0:
                    break
                if s[HEIGHTS + n]:
                    targets += 1
                    target = n
            if targets == 0:
                return
            if targets > 1:
                _push_entry(s, CHOICE_BOAR if kind == BOAR else CHOICE_CROW, owner, cell, 0, 0)
                return
            if kind == BOAR:
                _push(s, cell, target)
                return
            nxt = _raise(s, cell, target)
        if nxt < 0:
            return
        cell = nxt
        may_double = True


@njit(cache=True, inline="always")
def _push(s, boar_cell, target):
    """R-20: the target's top token moves one cell further away, wrapping around."""
    put(s, PUSH_TO[boar_cell, target], take(s, target))
    _burn(s)


@njit(cache=True)
def _swap(s, fox_cell, a, b):
    """R-22: swap the tops of a and b and burn; return the one cell to activate, or -1."""
    ta = top(s, a)
    tb = top(s, b)
    ha = s[HEIGHTS + a]
    hb = s[HEIGHTS + b]
    set_top(s, a, tb)
    set_top(s, b, ta)
    _burn(s)
    a_ready = _activatable(tb) and s[HEIGHTS + a] == ha
    b_ready = _activatable(ta) and s[HEIGHTS + b] == hb
    if a_ready and b_ready:
        owner = (top(s, fox_cell) & OWNER_BIT) >> 3
        _push_entry(s, CHOICE_FOX_ORDER, owner, fox_cell, a, b)
        return -1
    if a_ready:
        return a
    if b_ready:
        return b
    return -1


@njit(cache=True, inline="always")
def _activatable(code):
    kind = code & KIND_MASK
    return kind in (TREE, BOAR, FOX, CROW)


@njit(cache=True, inline="always")
def _fox_order(s, first, second):
    """R-22: the Fox's owner chose which swapped token activates first."""
    tag = _tag_top(s, second)
    _push_entry(s, ACT, tag, 1, top(s, second) & CODE_MASK, 0)
    activate(s, first, MAY_DOUBLE)


@njit(cache=True, inline="always")
def _raise(s, crow_cell, target):
    """R-23: the bottom token comes to the top; return ``target`` if it activates, else -1."""
    h = s[HEIGHTS + target]
    if h > 1:
        base = STACKS + target * MAX_HEIGHT
        moved = s[base]
        for i in range(h - 1):
            s[base + i] = s[base + i + 1]
        s[base + h - 1] = moved
        _burn(s)
        if s[HEIGHTS + target] != h:  # a Tree that burns as it comes up does not activate
            return -1
    return target


# ---------------------------------------------------------------------- burning, tags


@njit(cache=True)
def _burn(s):
    """R-26, D-8: burn Trees next to a visible Fire or directly on one, until none."""
    fires = s[COUNTS + FIRE]
    if s[RESERVE + FIRE] == fires and s[RESERVE + OWNER_BIT + FIRE] == fires:
        return  # no Fire on the board yet (a Fire never leaves it; R-8)
    while True:
        cell = _burnable_cell(s)
        if cell < 0:
            return
        tree = take(s, cell)
        s[BURNED + ((tree & OWNER_BIT) >> 3)] += 1


@njit(cache=True)
def _burnable_cell(s):
    for c in range(N_CELLS):
        t = top(s, c)
        if t < 0:
            continue
        kind = t & KIND_MASK
        if kind == FIRE:
            n = adjacent_top(s, c, TREE, KIND_MASK)
            if n >= 0:
                return n
        elif (
            kind == TREE
            and s[HEIGHTS + c] >= 2
            and s[STACKS + c * MAX_HEIGHT + s[HEIGHTS + c] - 2] & KIND_MASK == FIRE
        ):
            return c
    return -1


@njit(cache=True)
def _tag_top(s, cell):
    """Give the top token of ``cell`` an identity that survives moves (R-22, R-25)."""
    code = top(s, cell)
    if code >> TAG_SHIFT:
        return code >> TAG_SHIFT
    used = 0
    for c in range(N_CELLS):
        base = STACKS + c * MAX_HEIGHT
        for i in range(s[HEIGHTS + c]):
            used = max(used, s[base + i] >> TAG_SHIFT)
    for k in range(s[AGENDA_LEN]):
        e = AGENDA + k * ENTRY
        if s[e] == ACT:
            used = max(used, s[e + 1])
    tag = used + 1
    set_top(s, cell, code | tag << TAG_SHIFT)
    s[TAGGED] = 1
    return tag


@njit(cache=True)
def _find_top(s, tag):
    for c in range(N_CELLS):
        t = top(s, c)
        if t >= 0 and t >> TAG_SHIFT == tag:
            return c
    return -1


# ---------------------------------------------------------------------- scores


@njit(cache=True)
def final_score(s):
    """R-15, R-17: the score of a finished game from Green's view (as values.final_score)."""
    if s[PHASE] == FORFEIT:
        return -FORFEIT_SCORE if s[SIDE] == 0 else FORFEIT_SCORE
    return _material(s)


@njit(cache=True)
def _material(s):
    cells = 0
    trees = 0
    for c in range(N_CELLS):
        t = top(s, c)
        if t >= 0:
            sign = -1 if t & OWNER_BIT else 1
            cells += sign
            if t & KIND_MASK == TREE:
                trees += sign
    return cells * CELL_WEIGHT + trees * TREE_WEIGHT + s[BURNED + 1] - s[BURNED]


@njit(cache=True)
def heuristic_score(s):
    """The estimate of values.heuristic_score: material now, plus tokens in hand."""
    hand = 0
    for k in range(8):
        hand += s[RESERVE + k] - s[RESERVE + OWNER_BIT + k]
    return _material(s) + hand * HAND_WEIGHT


def new_options() -> np.ndarray:
    """A buffer for :func:`options` (the most options any decision can have)."""
    return np.empty(MAX_OPTIONS, np.int64)
