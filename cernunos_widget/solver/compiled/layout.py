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
  cannot change while the choice waits;
* the rules in play (D-10, ``engine/rules.py``), after the agenda: ``WOLF_STEPS`` (1 or 2,
  R-6), ``POWER_ALL`` (0 or 1, R-9), ``COUNTS`` (8 counts per kind, R-3, R-8: the compiled
  rules read only the Fire count; ``decode`` rebuilds the :class:`Rules` from them) and
  ``VARIANT`` (1 unless the rules are RULES.md's: the hash then mixes the rules and the
  reserves in, so positions of different rules never share a table entry).
"""

from __future__ import annotations

import numpy as np

from ...engine.effects import ACTIVATION_CAP
from ...engine.geometry import ADJACENT, AROUND, BOAR_PUSH, CELL_COUNT, WOLF_ZONES
from ...engine.rules import MAX_TOTAL

MAX_HEIGHT = 2 * MAX_TOTAL  # every token of both players on one cell, under any rules
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
WOLF_STEPS = AGENDA + AGENDA_CAP * ENTRY
POWER_ALL = WOLF_STEPS + 1
COUNTS = POWER_ALL + 1
VARIANT = COUNTS + 8
SIZE = VARIANT + 1

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
# WOLF_MASKS[steps, cell]: the Wolf zone reaching ``steps`` diagonal steps (R-6, D-1, D-10;
# the state's ``WOLF_STEPS`` slot says which).
WOLF_MASKS = np.zeros((3, CELL_COUNT), dtype=np.int64)
for _steps, _zone in WOLF_ZONES.items():
    WOLF_MASKS[_steps] = [sum(1 << n for n in cells) for cells in _zone]
# PUSH_TO[boar, target] = the destination cell (-1 where target is not adjacent).
PUSH_TO = np.full((CELL_COUNT, CELL_COUNT), -1, dtype=np.int64)
for _boar, _targets in enumerate(BOAR_PUSH):
    for _target, (_dest, _wrapped) in _targets.items():
        PUSH_TO[_boar, _target] = _dest
