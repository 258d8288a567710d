"""Hashing compiled states, and the transposition table the compiled search shares.

The table is six parallel arrays indexed by the low bits of a 64-bit hash of the whole
state (board, burned, side, phase, activation count and agenda: the content ``Position``
compares; under a variant, D-10, also the rules and the reserves); the full hash is kept
to tell positions apart.  Slots go in pairs (buckets): an entry may be replaced (see
:func:`store_slot`), which costs only time, never correctness: a lost entry is searched
again.

Several threads may search one table at once (Lazy SMP, ``searchers.py``), with no locks:
an entry's key is stored as the hash xor a digest of its fields (Stockfish's check), and
:func:`probe` reads each field once and accepts them only if they match the key, so an
entry two threads wrote at once (fields of one, key of the other) is a miss, never a
wrong bound.
"""

from __future__ import annotations

import mmap
import threading
from typing import NamedTuple

import numpy as np
from numba import njit

from ..memory import allocating
from ..values import INFINITY
from .layout import (
    AGENDA,
    AGENDA_LEN,
    BURNED,
    COUNT,
    ENTRY,
    HEIGHTS,
    MAX_HEIGHT,
    PHASE,
    RESERVE,
    SIDE,
    STACKS,
    VARIANT,
    WOLF_STEPS,
)

EXACT = 1 << 30  # the depth of a search to the end of the game (its entries are exact)
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
    if s[VARIANT]:  # D-10: the rules, and the reserves (the counts change R-8), tell apart
        for i in range(WOLF_STEPS, VARIANT + 1):
            h = _mix(h, s[i])
        for i in range(16):
            h = _mix(h, s[RESERVE + i])
    # splitmix64 finaliser: every bit of the state reaches the low bits used as the index
    h ^= h >> np.uint64(30)
    h *= np.uint64(0xBF58476D1CE4E5B9)
    h ^= h >> np.uint64(27)
    h *= np.uint64(0x94D049BB133111EB)
    h ^= h >> np.uint64(31)
    return h


@njit(cache=True, inline="always")
def find_slot(keys, h):
    """The slot holding key ``h`` (either slot of its bucket), or -1: for tables whose key
    is the plain hash (the proof table, searched by one thread)."""
    base = np.int64(h & np.uint64(keys.size - 2))
    if keys[base] == h:
        return base
    if keys[base + 1] == h:
        return base + 1
    return np.int64(-1)


@njit(cache=True, inline="always")
def _digest(lower, upper, move, depth):
    """A 64-bit mix of an entry's fields: its stored key is the hash xor this."""
    a = np.uint64(lower & 0xFFFFFFFF) | (np.uint64(upper & 0xFFFFFFFF) << np.uint64(32))
    b = np.uint64(move & 0xFFFFFFFF) | (np.uint64(depth & 0xFFFFFFFF) << np.uint64(32))
    return (a * _PRIME) ^ (b * np.uint64(0x9E3779B97F4A7C15))


@njit(cache=True, inline="always")
def slot_key(keys, lower_t, upper_t, move_t, depth_t, slot):
    """The hash of the position ``slot`` holds; anything else if its fields are torn."""
    return keys[slot] ^ _digest(
        np.int64(lower_t[slot]),
        np.int64(upper_t[slot]),
        np.int64(move_t[slot]),
        np.int64(depth_t[slot]),
    )


@njit(cache=True)
def probe(keys, lower_t, upper_t, move_t, depth_t, h):
    """(lower, upper, decision, depth) stored for hash ``h``, each field read once and
    checked against the key (so a torn entry, written by two threads at once, is a miss);
    depth 0 when the table has nothing for ``h``."""
    base = np.int64(h & np.uint64(keys.size - 2))
    for slot in (base, base + 1):
        key = keys[slot]
        lower = np.int64(lower_t[slot])
        upper = np.int64(upper_t[slot])
        move = np.int64(move_t[slot])
        depth = np.int64(depth_t[slot])
        if depth > 0 and key ^ _digest(lower, upper, move, depth) == h:
            return lower, upper, move, depth
    return np.int64(-INFINITY), np.int64(INFINITY), np.int64(-1), np.int64(0)


@njit(cache=True, inline="always")
def write_entry(keys, lower_t, upper_t, move_t, depth_t, work_t, slot, h, entry, work):
    """Write ``entry`` (lower, upper, decision, depth) for hash ``h`` into ``slot``; the
    key, written last, is the hash xor the fields' digest."""
    lower, upper, move, depth = entry
    lower_t[slot] = lower
    upper_t[slot] = upper
    move_t[slot] = move
    depth_t[slot] = depth
    work_t[slot] = work
    keys[slot] = h ^ _digest(lower, upper, move, depth)


@njit(cache=True)
def lookup(s, keys, lower_t, upper_t, move_t, depth_t):
    """(lower, upper, decision, depth) the table holds for state ``s`` (depth 0: none)."""
    return probe(keys, lower_t, upper_t, move_t, depth_t, state_hash(s))


def exact_bounds(s, keys, lower_t, upper_t, move_t, depth_t) -> tuple[int, int]:
    """The bounds an exact search stored for state ``s``, or (-INFINITY, INFINITY).
    (A Python function: one compiled :func:`lookup` serves it and ``table_move``.)"""
    lower, upper, _, depth = lookup(s, keys, lower_t, upper_t, move_t, depth_t)
    return (int(lower), int(upper)) if depth >= EXACT else (-INFINITY, INFINITY)


@njit(cache=True, inline="always")
def hashed_exact_bounds(h, keys, lower_t, upper_t, move_t, depth_t):
    """:func:`exact_bounds` of the state of hash ``h``."""
    lower, upper, _, depth = probe(keys, lower_t, upper_t, move_t, depth_t, h)
    if depth >= EXACT:
        return lower, upper
    return np.int64(-INFINITY), np.int64(INFINITY)


@njit(cache=True)
def store(keys, lower_t, upper_t, move_t, depth_t, work_t, h, lower, upper, move, depth, work):
    """Store the bounds ``lower``..``upper`` and best decision ``move`` a search of
    ``depth`` found for hash ``h`` after ``work`` decisions, unless the table holds a
    deeper search's entry for it (worth more)."""
    work = min(work, np.int64(2**31 - 1))
    slot = store_slot(keys, lower_t, upper_t, move_t, depth_t, work_t, h, work)
    if slot_key(keys, lower_t, upper_t, move_t, depth_t, slot) == h:
        # searched before: it cost at least what it cost then
        if depth_t[slot] > depth:
            return
        work = max(work, np.int64(work_t[slot]))
    entry = (max(lower, -INFINITY), min(upper, INFINITY), np.int64(move), min(depth, EXACT))
    write_entry(keys, lower_t, upper_t, move_t, depth_t, work_t, slot, h, entry, work)


@njit(cache=True, inline="always")
def store_slot(keys, lower_t, upper_t, move_t, depth_t, work_t, h, work):
    """The slot where hash ``h`` is to be stored, after ``work`` decisions searched.

    Each bucket has two slots: the first keeps the entry that cost the most work (a big
    proof is not thrown away by the many small ones after it); the second takes the
    rest, and the entry a costlier one moves out of the first.  (Under several threads
    an entry moved while being written arrives torn, which :func:`probe` treats as
    empty: only time is lost.)
    """
    base = np.int64(h & np.uint64(keys.size - 2))
    if slot_key(keys, lower_t, upper_t, move_t, depth_t, base) == h:
        return base
    if slot_key(keys, lower_t, upper_t, move_t, depth_t, base + 1) == h or work < work_t[base]:
        return base + 1
    lower_t[base + 1] = lower_t[base]
    upper_t[base + 1] = upper_t[base]
    move_t[base + 1] = move_t[base]
    depth_t[base + 1] = depth_t[base]
    work_t[base + 1] = work_t[base]
    keys[base + 1] = keys[base]
    return base


class Table(NamedTuple):
    """Parallel arrays: the key (full hash xor the fields' digest), lower and upper bound,
    best decision, searched depth, and the work (decisions applied) the entry cost; in
    buckets of two slots."""

    keys: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    move: np.ndarray
    depth: np.ndarray
    work: np.ndarray

    @classmethod
    def create(cls, bits: int = 21) -> Table:
        """A table of ``2 ** bits`` slots (2**21: about 50 MB), all empty: a recycled one
        (:meth:`recycle`) if this process kept one of that size, else a new one."""
        if not 10 <= bits <= 28:
            raise ValueError(f"table bits must be from 10 to 28, not {bits}")
        with _spares_lock:
            if bits in _spares:
                return _spares.pop(bits)
        size = 1 << bits
        nbytes = size * (8 + 5 * 4)
        # All zeros, so the memory is only touched where entries land: an empty slot has
        # key 0, which no searched position matches (a stored depth is at least 1).  One
        # anonymous mapping holds the six arrays: its pages are zero until touched, and all
        # of it goes back to the system with the table.  (np.zeros would memset the whole
        # table, 50 MB, once glibc has raised its mmap threshold after a freed one.)
        with allocating("the search table", nbytes):
            buffer = mmap.mmap(-1, nbytes)
        ints = [np.frombuffer(buffer, np.int32, size, size * (8 + 4 * i)) for i in range(5)]
        return cls(np.frombuffer(buffer, np.uint64, size), *ints)

    def recycle(self) -> None:
        """Empty the table and keep it for the next :meth:`create` of its size (one a
        size).  A new table's zero pages are faulted in one by one as a search lands on
        them, which cost a node-limited batch search more than a third of its time
        (``benchmarks/batch.py``); emptying the used slots of a kept one costs a scan of
        each array.  Each array's own nonzero slots are zeroed: threads searching at once
        (lazy SMP) may leave a slot whose key another thread cleared while its other
        fields hold values, so the keys alone do not find every written slot.  The table
        is then all zero: the same as a new table, so the same search results.  The scan
        goes by blocks of :data:`RECYCLE_BLOCK` slots, each block with a nonzero slot zeroed
        whole: one pass that allocates nothing of the table's size (finding each nonzero
        slot took six times as long: a small search's table cost more to empty than to
        fill)."""
        for array in self:
            # unsigned, so a block's maximum is 0 only if all its slots are (bounds < 0)
            unsigned = array.view(np.uint64 if array.itemsize == 8 else np.uint32)
            blocks = unsigned.reshape(-1, RECYCLE_BLOCK)
            blocks[np.flatnonzero(blocks.max(axis=1))] = 0
        with _spares_lock:
            _spares.setdefault(self.keys.size.bit_length() - 1, self)

    def filled(self) -> int:
        """How many slots hold a position."""
        return int(np.count_nonzero(self.depth))


RECYCLE_BLOCK = 1 << 10  # slots a block when a table is emptied (a table has 2**10 or more)
_spares: dict[int, Table] = {}  # bits -> an empty table kept for the next create()
_spares_lock = threading.Lock()
