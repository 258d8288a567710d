"""Compiled alpha-beta over the engine's decisions, exact or depth-limited (see search.py).

The same algorithm as :class:`..search.ExactSearch` and :class:`..search.DepthSearch`:
fail-soft alpha-beta on scores from Green's point of view, where whoever decides at a node
(R-27) maximises (Green) or minimises (Purple); a table of bounds; the table's decision
first, then the others ordered by the leaf score of the child.  ``depth == EXACT``
searches to the end of the game; a smaller depth scores the horizon with ``evaluator``
(``evaluation.HANDWRITTEN``: ``heuristic_score``; ``evaluation.LEARNED``: the learned value
with weights ``w``, which also orders the children).  A depth-limited learned search moves
finished games' scores beyond every learned estimate (``PROVEN_BASE``), so a sure result
always outranks a guess; exact searches keep the scores of ``values.py``.

``ctl`` is shared with the Python thread that runs the search: it counts nodes (decisions
applied), holds the node limit, and a stop flag that thread may raise at any moment; the
search then unwinds at once and reports ``ABORTED`` (nothing it stored is wrong, only
incomplete).  ``busy`` holds the marks of the children the threads of one search are in
(Simplified ABDADA, ``searchers.py``); one slot means no other thread: nothing is marked.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..memory import allocating
from ..values import INFINITY
from .evaluation import LEARNED, PROVEN_BASE, end_score, leaf_score
from .layout import MAX_OPTIONS, SIZE
from .rules import child_into, decider, is_over, options
from .table import EXACT, lookup, probe, state_hash, store

NOT_SETTLED = 1 << 40  # beyond every score
DEFER_DEPTH = 2  # children searched this deep or more are marked busy (Simplified ABDADA)
BUSY_BITS = 16  # 2**16 marks shared by a threaded search's threads
KILLER = MAX_OPTIONS  # the pool's column for each ply's killer decision
MAX_PLY = 1024

# ctl slots; HELPER is 0 in the main search, i > 0 in Lazy SMP helper thread i; PUT_OFF
# counts the children put off because another thread was searching them (ABDADA)
NODES, MAX_NODES, STOP, ABORTED, HORIZON, HELPER, PUT_OFF = range(7)
CTL_SIZE = 7


def new_ctl(max_nodes: int, helper: int = 0) -> np.ndarray:
    ctl = np.zeros(CTL_SIZE, np.int64)
    ctl[MAX_NODES] = max_nodes
    ctl[HELPER] = helper
    return ctl


def new_pool() -> np.ndarray:
    """Per-ply buffers for option lists, and each ply's killer decision (column KILLER)."""
    shape = (MAX_PLY + 2, KILLER + 1)
    with allocating("a search thread's buffers", shape[0] * shape[1] * 8):
        pool = np.empty(shape, np.int64)
    pool[:, KILLER] = -1
    return pool


@njit(cache=True)
def tick(ctl):
    """Count one decision applied; False when the search must stop."""
    ctl[NODES] += 1
    if ctl[NODES] > ctl[MAX_NODES] or (ctl[NODES] & 1023 == 0 and ctl[STOP]):
        ctl[ABORTED] = 1
        return False
    return True


@njit(cache=True, nogil=True)
def search(
    s,
    depth,
    alpha,
    beta,
    ply,
    keys,
    lower_t,
    upper_t,
    move_t,
    depth_t,
    work_t,
    ctl,
    pool,
    evaluator,
    w,
    busy,
):
    """The fail-soft value of ``s``: exact inside (alpha, beta), else a bound beyond it."""
    shift = PROVEN_BASE if evaluator == LEARNED and depth < EXACT else 0
    if is_over(s):
        return end_score(s, shift)
    if depth <= 0 or ply >= MAX_PLY:
        ctl[HORIZON] = 1
        return leaf_score(s, evaluator, w)
    h = state_hash(s)
    stored_lower, stored_upper, first, stored_depth = probe(
        keys, lower_t, upper_t, move_t, depth_t, h
    )
    lower = -INFINITY
    upper = INFINITY
    started = ctl[NODES]
    if stored_depth >= depth:  # (0 when the table has nothing)
        lower = stored_lower
        upper = stored_upper
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        if lower == upper:
            return lower
        alpha = max(alpha, lower)
        beta = min(beta, upper)
    opts = pool[ply]
    n = options(s, opts)
    scratch = pool[ply + 1]
    green = decider(s) == 0
    best = -INFINITY if green else INFINITY
    best_code = first
    child_depth = depth if depth >= EXACT else depth - 1
    a = alpha
    b = beta
    # The table's decision first: often it ends the node before the others are made.
    tried_first = False
    for i in range(n):
        if opts[i] == first:
            tried_first = True
    if tried_first:
        code = first
        if not tick(ctl):
            return 0
        c = np.empty(SIZE, np.int16)
        child_into(s, code, c, scratch)
        sharing = busy.size > 1 and child_depth >= DEFER_DEPTH
        ch = state_hash(c) if sharing else np.uint64(0)
        if sharing:
            mark_busy(busy, ch)
        v = search(
            c,
            child_depth,
            a,
            b,
            ply + 1,
            keys,
            lower_t,
            upper_t,
            move_t,
            depth_t,
            work_t,
            ctl,
            pool,
            evaluator,
            w,
            busy,
        )
        if sharing:
            unmark_busy(busy, ch)
        if ctl[ABORTED]:
            return 0
        if green:
            if v > best:
                best = v
                best_code = code
                a = max(a, v)
        elif v < best:
            best = v
            best_code = code
            b = min(b, v)
    # Then the others, made in the listing order except this ply's killer first (the
    # last decision that ended a sibling's search here): a finished game beyond the
    # window ends the node at once; else they are searched best-looking first.
    killer = pool[ply, KILLER]
    for i in range(n):
        if opts[i] == killer and killer != first:
            opts[i] = opts[0]
            opts[0] = killer
    if a < b:
        m = n - tried_first
        kids = np.empty((m, SIZE), np.int16)
        order_keys = np.empty(m, np.int64)
        codes = np.empty(m, np.int64)
        j = 0
        for i in range(n):
            code = opts[i]
            if tried_first and code == first:
                continue
            if not tick(ctl):
                return 0
            child_into(s, code, kids[j], scratch)
            cut = _settled(kids[j], green, a, b, shift)
            if cut != NOT_SETTLED:
                if (cut > best) if green else (cut < best):
                    best = cut
                    best_code = code
                pool[ply, KILLER] = code
                m = 0
                break
            kid = kids[j]
            sc = end_score(kid, shift) if is_over(kid) else leaf_score(kid, evaluator, w)
            order_keys[j] = -sc if green else sc
            codes[j] = code
            j += 1
        order = stable_order(order_keys, m)
        helper = ctl[HELPER]
        if helper and m > 1 and (ply + helper) % 3 == 0:
            # a Lazy SMP helper (searchers.py) takes another order here than the main
            # search, so the threads spread over the tree instead of repeating each other
            order[0], order[1] = order[1], order[0]
        # Simplified ABDADA: with threads, a younger child another thread is searching
        # (``busy``) is put off until the others are searched, so the threads split the
        # children instead of repeating each other.
        sharing = busy.size > 1 and child_depth >= DEFER_DEPTH
        put_off = np.empty(m if sharing else 0, np.int64)
        n_put_off = 0
        k = 0
        while k < m + n_put_off:
            j = order[k] if k < m else put_off[k - m]
            ch = np.uint64(0)
            if sharing:
                ch = state_hash(kids[j])
                if k < m and (tried_first or k > 0) and is_busy(busy, ch):
                    put_off[n_put_off] = j
                    n_put_off += 1
                    ctl[PUT_OFF] += 1
                    k += 1
                    continue
                mark_busy(busy, ch)
            k += 1
            v = search(
                kids[j],
                child_depth,
                a,
                b,
                ply + 1,
                keys,
                lower_t,
                upper_t,
                move_t,
                depth_t,
                work_t,
                ctl,
                pool,
                evaluator,
                w,
                busy,
            )
            if sharing:
                unmark_busy(busy, ch)
            if ctl[ABORTED]:
                return 0
            if green:
                if v > best:
                    best = v
                    best_code = codes[j]
                    a = max(a, v)
            elif v < best:
                best = v
                best_code = codes[j]
                b = min(b, v)
            if a >= b:
                pool[ply, KILLER] = codes[j]
                break
    # What a fail-soft result searched in (alpha, beta) proves.
    if best <= alpha:
        upper = best
    elif best >= beta:
        lower = best
    else:
        lower = best
        upper = best
    work = ctl[NODES] - started
    store(keys, lower_t, upper_t, move_t, depth_t, work_t, h, lower, upper, best_code, depth, work)
    return best


@njit(cache=True)
def stable_order(keys, m):
    """The indices of ``keys[:m]`` by increasing key, ties in index order (as
    ``np.argsort(keys[:m], kind="mergesort")``): an insertion sort, as fast for a node's
    few children and much cheaper to compile than numba's argsort (docs/solver.md)."""
    order = np.empty(m, np.int64)
    for i in range(m):
        key = keys[i]
        j = i
        while j > 0 and keys[order[j - 1]] > key:
            order[j] = order[j - 1]
            j -= 1
        order[j] = i
    return order


@njit(cache=True)
def is_busy(busy, h):
    """Is the state of hash ``h`` being searched by a thread (its mark in ``busy``)?"""
    return busy[h & np.uint64(busy.size - 1)] == h


@njit(cache=True)
def mark_busy(busy, h):
    """Mark the state of hash ``h`` as being searched."""
    busy[h & np.uint64(busy.size - 1)] = h


@njit(cache=True)
def unmark_busy(busy, h):
    """Take the mark of hash ``h`` off, unless another state's mark replaced it."""
    slot = h & np.uint64(busy.size - 1)
    if busy[slot] == h:
        busy[slot] = 0


@njit(cache=True)
def _settled(c, green, alpha, beta, shift):
    """The score of child ``c`` if it is a finished game that ends its parent's search
    (green: >= beta; purple: <= alpha), else ``NOT_SETTLED``."""
    if is_over(c):
        v = end_score(c, shift)
        if (v >= beta) if green else (v <= alpha):
            return v
    return NOT_SETTLED


def table_move(s, keys, lower_t, upper_t, move_t, depth_t) -> int:
    """The best decision the table remembers for ``s``, or -1."""
    _, _, move, depth = lookup(s, keys, lower_t, upper_t, move_t, depth_t)
    return int(move) if depth > 0 else -1
