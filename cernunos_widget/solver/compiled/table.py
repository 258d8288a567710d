"""Hashing compiled states, and the transposition table the compiled search shares.

The table is five parallel arrays indexed by the low bits of a 64-bit hash of the whole
state (board, burned, side, phase, activation count and agenda: the content ``Position``
compares); the full hash is kept to tell positions apart.  A slot is replaced by the newest
position that lands on it, which costs only time, never correctness: a lost entry is
searched again.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from .layout import (
    AGENDA,
    AGENDA_LEN,
    BURNED,
    COUNT,
    ENTRY,
    HEIGHTS,
    MAX_HEIGHT,
    PHASE,
    SIDE,
    STACKS,
)

_PRIME = np.uint64(0x100000001B3)
_OFFSET = np.uint64(0xCBF29CE484222325)


@njit(cache=True, inline="always")
def _mix(h, v):
    return (h ^ np.uint64(v + 1)) * _PRIME


@njit(cache=True)
def state_hash(s):
    """A 64-bit hash of everything that tells two positions apart."""
    h = _OFFSET
    for c in range(12):
        height = s[HEIGHTS + c]
        h = _mix(h, height)
        base = STACKS + c * MAX_HEIGHT
        for i in range(height):
            h = _mix(h, s[base + i])
    h = _mix(h, s[BURNED])
    h = _mix(h, s[BURNED + 1])
    h = _mix(h, s[SIDE])
    h = _mix(h, s[PHASE])
    h = _mix(h, s[COUNT])
    n = s[AGENDA_LEN]
    h = _mix(h, n)
    for i in range(n * ENTRY):
        h = _mix(h, s[AGENDA + i])
    # splitmix64 finaliser: every bit of the state reaches the low bits used as the index
    h ^= h >> np.uint64(30)
    h *= np.uint64(0xBF58476D1CE4E5B9)
    h ^= h >> np.uint64(27)
    h *= np.uint64(0x94D049BB133111EB)
    h ^= h >> np.uint64(31)
    return h


class Table(NamedTuple):
    """Parallel arrays: full hash, lower and upper bound, best decision, searched depth."""

    keys: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    move: np.ndarray
    depth: np.ndarray

    @classmethod
    def create(cls, bits: int = 21) -> Table:
        """A table of ``2 ** bits`` slots (2**21: about 45 MB)."""
        if not 10 <= bits <= 28:
            raise ValueError(f"table bits must be from 10 to 28, not {bits}")
        size = 1 << bits
        # All zeros, so the memory is only touched where entries land: an empty slot has
        # key 0, which no searched position matches (a stored depth is at least 1).
        return cls(
            np.zeros(size, np.uint64),
            np.zeros(size, np.int32),
            np.zeros(size, np.int32),
            np.zeros(size, np.int32),
            np.zeros(size, np.int32),
        )

    def filled(self) -> int:
        """How many slots hold a position."""
        return int(np.count_nonzero(self.depth))
