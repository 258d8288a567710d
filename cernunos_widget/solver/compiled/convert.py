"""Between engine positions and compiled states (``layout.py``), both ways."""

from __future__ import annotations

import numpy as np

from ...engine import Position, Rules, state
from ...engine.effects import ACT, CHOICE_FOX_ORDER
from ...engine.rules import STANDARD_RULES
from .layout import (
    AGENDA,
    AGENDA_LEN,
    BURNED,
    COUNT,
    COUNTS,
    ENTRY,
    HEIGHTS,
    MAX_HEIGHT,
    PHASE,
    POWER_ALL,
    RESERVE,
    SIDE,
    SIZE,
    STACKS,
    TAGGED,
    VARIANT,
    WOLF_STEPS,
)
from .rules import new_options, options


def encode(position: Position) -> np.ndarray:
    """The compiled state of an engine position (mid-effect positions included)."""
    f = state.fields(position)
    s = np.zeros(SIZE, np.int16)
    for c, stack in enumerate(f.board):
        s[HEIGHTS + c] = len(stack)
        s[STACKS + c * MAX_HEIGHT : STACKS + c * MAX_HEIGHT + len(stack)] = stack
    s[RESERVE : RESERVE + 16] = f.reserve
    s[BURNED : BURNED + 2] = f.burned
    s[SIDE] = f.side
    s[PHASE] = f.phase
    s[COUNT] = f.count
    s[TAGGED] = 1 if f.agenda else 0  # as the engine's Work starts
    s[AGENDA_LEN] = len(f.agenda)
    for k, entry in enumerate(f.agenda):
        e = AGENDA + k * ENTRY
        if entry[0] == ACT:
            _, tag, may_double, code = entry
            s[e : e + 4] = (ACT, tag, 1 if may_double else 0, code)
        else:
            choice, owner, cell, opts = entry
            s[e : e + 3] = (choice, owner, cell)
            if choice == CHOICE_FOX_ORDER:
                s[e + 3] = opts[0] - 97
                s[e + 4] = opts[1] - 97
    rules = f.rules  # D-10: the rules travel in the state
    s[WOLF_STEPS] = rules.wolf_steps
    s[POWER_ALL] = 1 if rules.power_all else 0
    s[COUNTS : COUNTS + 8] = rules.counts
    s[VARIANT] = 0 if rules.is_standard else 1
    return s


def decode(s: np.ndarray) -> Position:
    """The engine position of a settled compiled state (the inverse of :func:`encode`)."""
    board = tuple(
        tuple(int(x) for x in s[STACKS + c * MAX_HEIGHT : STACKS + c * MAX_HEIGHT + s[HEIGHTS + c]])
        for c in range(12)
    )
    agenda = []
    n = int(s[AGENDA_LEN])
    for k in range(n):
        e = AGENDA + k * ENTRY
        kind = int(s[e])
        if kind == ACT:
            agenda.append((ACT, int(s[e + 1]), bool(s[e + 2]), int(s[e + 3])))
        else:
            # Only the last entry can be a choice; its options come from the board.
            agenda.append((kind, int(s[e + 1]), int(s[e + 2]), option_codes(s)))
    return state.from_fields(
        state.StateFields(
            board,
            tuple(int(x) for x in s[RESERVE : RESERVE + 16]),
            (int(s[BURNED]), int(s[BURNED + 1])),
            int(s[SIDE]),
            int(s[PHASE]),
            tuple(agenda),
            int(s[COUNT]),
            rules_of(s),
        )
    )


def rules_of(s: np.ndarray) -> Rules:
    """The rules a compiled state is played under (the standard ones as one object)."""
    rules = Rules(
        int(s[WOLF_STEPS]), bool(s[POWER_ALL]), tuple(int(x) for x in s[COUNTS : COUNTS + 8])
    )
    return STANDARD_RULES if rules == STANDARD_RULES else rules


def option_codes(s: np.ndarray) -> tuple[int, ...]:
    """The options of a settled state, in the listing order."""
    out = new_options()
    n = options(s.copy(), out)
    return tuple(int(x) for x in out[:n])
