"""How the compiled core lays a position out in one flat ``int16`` array, and its tables.

The compiled core (``rules.py``) is a second implementation of the engine's decision-level
state machine (``engine/effects.py``) for search speed; it is kept in step with the engine
by differential tests (``tests/test_compiled_rules.py``).  A state is a flat array so a
child is one ``copy()``:

* ``STACKS``: 12 stacks of ``MAX_HEIGHT`` slots, bottom to top, token codes as in
  ``engine/tokens.py`` (tags from bit 4 while an effect resolves, R-22, R-25);
* ``HEIGHTS``: 12 stack heights; ``RESERVE``: 16 counts (``owner * 8 + kind``);
* ``BURNED``: Green's and Purple's burned Trees (R-7);
* ``SIDE``, ``PHASE`` (engine phases), ``COUNT`` (activations in this placement, R-28),
  ``TAGGED`` (a token carries a tag), ``AGENDA_LEN``;
* ``AGENDA``: entries of ``ENTRY`` ints, the last one next: ``(ACT, tag, may_double, code,
  0)`` or ``(choice, owner, cell, a, b)`` where ``a, b`` are the Fox's swapped cells for a
  Fox order choice.  Options of a pending choice are recomputed from the board, which
  cannot change while the choice waits.
"""

from __future__ import annotations

import numpy as np

from ...engine.effects import ACTIVATION_CAP
from ...engine.geometry import ADJACENT, AROUND, BOAR_PUSH, CELL_COUNT, WOLF_ZONE
from ...engine.tokens import TOKENS_PER_PLAYER

MAX_HEIGHT = 2 * TOKENS_PER_PLAYER  # every token of both players on one cell
STACKS = 0
HEIGHTS = STACKS + CELL_COUNT * MAX_HEIGHT
RESERVE = HEIGHTS + CELL_COUNT
BURNED = RESERVE + 16
SIDE = BURNED + 2
PHASE = SIDE + 1
COUNT = PHASE + 1
TAGGED = COUNT + 1
AGENDA_LEN = TAGGED + 1
AGENDA = AGENDA_LEN + 1
ENTRY = 5
# Each counted activation pushes at most two entries (a Squirrel's second activation, the
# Fox's second token), and at most one choice waits on top.
AGENDA_CAP = 2 * ACTIVATION_CAP + 4
SIZE = AGENDA + AGENDA_CAP * ENTRY

MAX_OPTIONS = 1024  # placements <= 97, swaps <= 28, growth choices <= C(12, 6) = 924


def _padded(table: tuple[tuple[int, ...], ...], width: int) -> np.ndarray:
    out = np.full((CELL_COUNT, width), -1, dtype=np.int64)
    for c, cells in enumerate(table):
        out[c, : len(cells)] = cells
    return out


# Neighbourhood tables, each row padded with -1.
ADJ = _padded(ADJACENT, 4)
AROUND_CELLS = _padded(AROUND, 8)
ADJ_MASK = np.array([sum(1 << n for n in cells) for cells in ADJACENT], dtype=np.int64)
WOLF_MASK = np.array([sum(1 << n for n in cells) for cells in WOLF_ZONE], dtype=np.int64)
# PUSH_TO[boar, target] = the destination cell (-1 where target is not adjacent).
PUSH_TO = np.full((CELL_COUNT, CELL_COUNT), -1, dtype=np.int64)
for _boar, _targets in enumerate(BOAR_PUSH):
    for _target, (_dest, _wrapped) in _targets.items():
        PUSH_TO[_boar, _target] = _dest
