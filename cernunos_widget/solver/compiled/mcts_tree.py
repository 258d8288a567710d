"""Compiled Monte Carlo tree search over a bounded tree of compact node arrays (``..mcts``).

A node is one index into parallel arrays (about 30 bytes, :data:`NODE_BYTES`), not an
object holding a state: ``visits``, ``total`` (the sum of outcomes, Green's view),
``proven`` (-1 / 0 / 1, or :data:`UNKNOWN`), ``green`` (Green decides, or the game is
over), ``code`` (the decision from the parent), ``tried`` (children made so far),
``first`` / ``sibling`` (the children as a linked list, -1 ends it).  States are not
stored: each iteration replays the decisions from the root's state down the tree (one
``child_into`` per level; docs/solver.md, "MCTS memory", says what an iteration costs).
When every slot is used, no node is added any more; iterations go on (selection, playouts
from the node reached, visits and MCTS-Solver proofs keep growing).

The order in which a node tries its options is a random permutation fixed by the tree's
seed and the node's index, so a seeded search is reproducible however it is sliced.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..values import CELL_WEIGHT, FORFEIT_SCORE
from .evaluation import LEARNED, N_FEATURES, value_into
from .layout import SIZE
from .playout import playout
from .rules import child_into, decider, final_score, is_over, options

UNKNOWN = 2  # ``proven`` of a node whose outcome is not known
NO_NODE = -1
# bytes per node: visits int64, total float64, first, sibling int32, code, tried int16,
# proven, green int8
NODE_BYTES = 8 + 8 + 4 + 4 + 2 + 2 + 1 + 1
MAX_DEPTH = 4096  # a descent stops here (far beyond the longest game seen: ~200 decisions)
# counts[]: the tree's counters, kept in an array so a slice updates them in place
NODES, PLAYOUTS = 0, 1

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True, inline="always")
def _mix(z):
    """splitmix64's finaliser: a well-spread 64-bit function of ``z``."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def _sign(score):
    """-1, 0 or 1: the outcome a final score means."""
    return 1 if score > 0 else -1 if score < 0 else 0


@njit(cache=True, inline="always")
def estimate(score):
    """``values.estimate`` compiled: -1 .. 1 for a heuristic score (its mirror)."""
    if abs(score) >= FORFEIT_SCORE:
        return 1.0 if score > 0 else -1.0
    return math.tanh(score / (2.5 * CELL_WEIGHT))


@njit(cache=True, inline="always")
def _nth_untried(node, t, n, out, perm, seed):
    """The ``t``-th option of ``out[:n]`` in the node's fixed random order (Fisher-Yates
    prefix seeded by the tree's seed and the node's index)."""
    for i in range(n):
        perm[i] = i
    h = seed ^ (np.uint64(node) * _GOLDEN)
    for i in range(t + 1):
        h += _GOLDEN
        j = i + np.int64(_mix(h) % np.uint64(n - i))
        perm[i], perm[j] = perm[j], perm[i]
    return out[perm[t]]


# _select's quick look: 1 / v and 1 / sqrt(v + 1) for the visit counts below GUESSED, as
# float32 (relative error below 1e-7; 128 KiB together)
GUESSED = 1 << 14
_INVERSE = np.array([0.0] + [1.0 / v for v in range(1, GUESSED)], np.float32)
_INVERSE_ROOT = np.array([1.0 / math.sqrt(v + 1) for v in range(GUESSED)], np.float32)


@njit(cache=True, inline="always")
def _select(node, visits, total, first, sibling, proven, green, c):
    """UCT: the child best for the node's decider; proven children count as certain.

    A child's value takes two divisions and a square root; most children are first looked
    at with multiplications by tabled inverses: a guess within ``slack`` of the value (the
    tables' relative error, 1e-7, on terms of at most ``1 + |c| sqrt(log n)``), skipped
    when even the guess plus ``slack`` stays below the best so far.  The choice is the
    exact one (``tests/solver/test_mcts_reference.py``), about 1.6 times cheaper a child
    in cache."""
    sign = 1.0 if green[node] else -1.0
    log_n = math.log(visits[node] + 1)
    root_log_n = math.sqrt(log_n)
    slack = 1e-6 * (1.0 + abs(c) * root_log_n)
    best, best_value = NO_NODE, -math.inf
    child = first[node]
    while child != NO_NODE:
        v = visits[child]
        if proven[child] != UNKNOWN:
            value = sign * proven[child] * 10.0
        else:
            if v < GUESSED:
                guess = sign * total[child] * _INVERSE[v] + c * root_log_n * _INVERSE_ROOT[v]
                if guess + slack < best_value:
                    child = sibling[child]
                    continue
            mean = total[child] / v if v else 0.0
            value = sign * mean + c * math.sqrt(log_n / (v + 1))
        if value > best_value:
            best, best_value = child, value
        child = sibling[child]
    return best


@njit(cache=True, inline="always")
def _try_prove(node, n_options, tried, first, sibling, proven, green):
    """MCTS-Solver: a child winning for the decider proves the node; else all must be."""
    sign = 1 if green[node] else -1
    best = UNKNOWN
    everything = tried[node] == n_options
    child = first[node]
    while child != NO_NODE:
        p = proven[child]
        if p == UNKNOWN:
            everything = False
        else:
            if sign * p == 1:
                proven[node] = p
                return
            if best == UNKNOWN or sign * p > sign * best:
                best = p
        child = sibling[child]
    if everything:
        proven[node] = best


@njit(cache=True)
def init_root(root, visits, total, first, sibling, code, tried, proven, green, counts):
    """Make node 0 the root, at state ``root``."""
    visits[0] = 0
    total[0] = 0.0
    first[0] = NO_NODE
    sibling[0] = NO_NODE
    code[0] = -1
    tried[0] = 0
    over = is_over(root)
    green[0] = over or decider(root) == 0
    proven[0] = _sign(final_score(root)) if over else UNKNOWN
    counts[NODES] = 1
    counts[PLAYOUTS] = 0


@njit(cache=True, nogil=True)
def iterate(
    root,
    visits,
    total,
    first,
    sibling,
    code,
    tried,
    proven,
    green,
    counts,
    iterations,
    max_spent,
    c,
    playout_steps,
    rng,
    seed,
    evaluator,
    w,
):
    """Up to ``iterations`` iterations (select, expand, play out, back up); returns
    (iterations done, decisions applied).  Stops early when the root is proven or the
    decisions applied reach ``max_spent`` (each iteration counts one, as ``Budget.tick``).

    ``evaluator == LEARNED``: the node reached is valued by the learned evaluation
    (weights ``w``) instead of a random playout."""
    capacity = visits.shape[0]
    work = np.empty((2, SIZE), np.int16)  # the states of the path, alternately
    out = np.empty(1024, np.int64)
    perm = np.empty(1024, np.int64)
    path = np.empty(MAX_DEPTH, np.int64)
    widths = np.empty(MAX_DEPTH, np.int64)  # options at each node of the path
    idx = np.empty(N_FEATURES, np.int64)  # the learned evaluation's scratch room
    start = root.copy()  # the root's state and options, listed once for the slice
    start_options = np.empty(1024, np.int64)
    n_start = options(start, start_options)
    spent = 0
    done = 0
    while done < iterations and spent < max_spent and proven[0] == UNKNOWN:
        spent += 1
        a = start
        listed = start_options  # the options of ``node``, in ``a``
        n = n_start
        k = 0
        node = 0
        depth = 0
        path[0] = 0
        widths[0] = n
        while (
            proven[node] == UNKNOWN
            and tried[node] == n
            and first[node] != NO_NODE
            and depth + 2 < MAX_DEPTH
        ):
            node = _select(node, visits, total, first, sibling, proven, green, c)
            n = child_into(a, np.int64(code[node]), work[k], out)
            a = work[k]
            k ^= 1
            listed = out
            depth += 1
            path[depth] = node
            widths[depth] = n
        if proven[node] == UNKNOWN and tried[node] < n and counts[NODES] < capacity:
            pick = _nth_untried(node, tried[node], n, listed, perm, seed)
            spent += 1
            n = child_into(a, pick, work[k], out)
            a = work[k]
            new = counts[NODES]  # filled in first, linked to its parent last
            visits[new] = 0
            total[new] = 0.0
            first[new] = NO_NODE
            sibling[new] = first[node]
            code[new] = pick
            tried[new] = 0
            over = is_over(a)
            green[new] = over or decider(a) == 0
            proven[new] = _sign(final_score(a)) if over else UNKNOWN
            counts[NODES] = new + 1
            first[node] = new
            tried[node] += 1
            node = new
            depth += 1
            path[depth] = node
            widths[depth] = n
        if proven[node] != UNKNOWN:
            outcome = float(proven[node])
        elif evaluator == LEARNED:
            v = value_into(a, w, idx)
            outcome = v if decider(a) == 0 else -v
        else:
            finished, score, used = playout(a, playout_steps, rng, out)
            spent += used
            outcome = float(_sign(score)) if finished else estimate(score)
        counts[PLAYOUTS] += 1
        done += 1
        visits[node] += 1
        total[node] += outcome
        for d in range(depth - 1, -1, -1):
            v = path[d]
            visits[v] += 1
            total[v] += outcome
            # MCTS-Solver: a node's proof can only appear when the child below it on the
            # path is proven (proofs and new children appear on the path only, and each
            # node was tried again after every change below it)
            if proven[v] == UNKNOWN and proven[path[d + 1]] != UNKNOWN:
                _try_prove(v, widths[d], tried, first, sibling, proven, green)
    return done, spent


@njit(cache=True)
def principal_line(node, first, sibling, visits, code, line):
    """Write into ``line`` the codes of the most visited child, its most visited child, ...
    (the oldest of equals: children are listed newest first); return how many."""
    n = 0
    while n < line.shape[0]:
        best = NO_NODE
        child = first[node]
        while child != NO_NODE:
            if best == NO_NODE or visits[child] >= visits[best]:
                best = child
            child = sibling[child]
        if best == NO_NODE:
            break
        line[n] = code[best]
        n += 1
        node = best
    return n
