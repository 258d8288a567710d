"""Self-play by MCTS on the learned evaluation: positions labelled by search, a fit of the
weights to those labels, and MCTS duels between two weight vectors (issue #23).

TD(0) (``selfplay.py``) teaches the weights what a one-decision lookahead sees; here each
decision of a game is searched by MCTS on the current weights (``mcts_tree.iterate``, a
fixed number of iterations), and the position is recorded with two labels for its
decider: the search's value (the mean of the most visited child, or its proven value) and
the game's final result.  :func:`fit` then moves the weights towards a mix of the two.
Random numbers come from a splitmix64 state (``rng[0]``): a run depends only on its seed.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from .evaluation import LEARNED, N_FEATURES, features
from .layout import MAX_OPTIONS, SIZE
from .mcts_tree import NO_NODE, UNKNOWN, _sign, init_root, iterate
from .playout import _next_random
from .rules import child_into, decider, final_score, is_over, options
from .selfplay import duel_points

EXPLORATION = 1.2  # the exploration constant of ``Mcts`` (``solver/mcts.py``)
NEVER = np.int64(1) << np.int64(62)  # no cap on decisions applied


@njit(cache=True)
def _search(s, w, iterations, rng, arrays, counts):
    """MCTS from ``s`` on weights ``w``: (the chosen decision, its value for the decider).

    The choice is a proven win if there is one, else the most visited child that is not a
    proven loss (the oldest of equals), as ``Mcts.results`` ranks them."""
    visits, total, first, sibling, code, tried, proven, green = arrays
    init_root(s, visits, total, first, sibling, code, tried, proven, green, counts)
    seed = _next_random(rng)
    iterate(
        s,
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
        NEVER,
        EXPLORATION,
        0,
        rng,
        seed,
        LEARNED,
        w,
    )
    me = 1.0 if decider(s) == 0 else -1.0
    best = NO_NODE
    best_rank = -1
    child = first[0]
    while child != NO_NODE:
        if proven[child] != UNKNOWN:
            tier = 2 if proven[child] * me > 0 else 0 if proven[child] * me < 0 else 1
        else:
            tier = 1
        rank = tier * (NEVER // 4) + visits[child]
        if rank >= best_rank:
            best = child
            best_rank = rank
        child = sibling[child]
    v = float(proven[best]) if proven[best] != UNKNOWN else total[best] / max(visits[best], 1)
    return np.int64(code[best]), v * me


@njit(cache=True)
def _tree(iterations):
    """Node arrays for one search of ``iterations`` (one node per iteration, the root)."""
    n = iterations + 2
    return (
        np.empty(n, np.int64),
        np.empty(n, np.float64),
        np.empty(n, np.int32),
        np.empty(n, np.int32),
        np.empty(n, np.int16),
        np.empty(n, np.int16),
        np.empty(n, np.int8),
        np.empty(n, np.int8),
    )


@njit(cache=True, nogil=True)
def search_games(start, w, n_games, rng, iterations, random_plies, feats, searched, results, games):
    """Play ``n_games`` games from ``start``, every decision chosen by MCTS on ``w``
    (``iterations`` each; the first ``random_plies`` decisions of a game uniformly at
    random, searched and recorded all the same).  Row ``r`` of ``feats`` (the position's
    :data:`N_FEATURES` weight indices), ``searched`` and ``results`` (the search's value
    and the final result, for the position's decider) and ``games`` (the game's index in
    this call) is written for every decision until the arrays are full.  Returns the rows
    written."""
    arrays = _tree(iterations)
    counts = np.zeros(2, np.int64)
    s = np.empty(SIZE, np.int16)
    kid = np.empty(SIZE, np.int16)
    out = np.empty(MAX_OPTIONS, np.int64)
    idx = np.empty(N_FEATURES, np.int64)
    deciders = np.empty(feats.shape[0], np.int8)
    rows = 0
    for g in range(n_games):
        s[:] = start
        n = options(s, out)
        first_row = rows
        played = 0
        while n > 0 and not is_over(s) and rows < feats.shape[0]:
            pick, v = _search(s, w, iterations, rng, arrays, counts)
            if played < random_plies:
                pick = out[np.int64(_next_random(rng) % np.uint64(n))]
            features(s, idx)
            feats[rows, :] = idx
            searched[rows] = v
            deciders[rows] = decider(s)
            games[rows] = g
            rows += 1
            n = child_into(s, pick, kid, out)
            s[:] = kid
            played += 1
        z = float(_sign(final_score(s))) if is_over(s) else 0.0
        for r in range(first_row, rows):
            results[r] = z if deciders[r] == 0 else -z
        if rows >= feats.shape[0]:
            break
    return rows


@njit(cache=True, nogil=True)
def fit(w, feats, targets, order, alpha):
    """One pass of stochastic gradient descent over rows ``order``: ``tanh`` of each row's
    summed weights moves towards its target (step ``alpha`` shared by the features, as
    TD(0)).  Returns the mean squared error met along the way."""
    k = feats.shape[1]
    error = 0.0
    for j in order:
        raw = 0.0
        for i in range(k):
            raw += w[feats[j, i]]
        v = math.tanh(raw)
        e = targets[j] - v
        error += e * e
        step = alpha / k * e * (1.0 - v * v)
        for i in range(k):
            w[feats[j, i]] += step
    return error / max(len(order), 1)


@njit(cache=True)
def squared_error(w, feats, targets):
    """The mean squared error of ``tanh`` of each row's summed weights against its target."""
    error = 0.0
    for j in range(feats.shape[0]):
        raw = 0.0
        for i in range(feats.shape[1]):
            raw += w[feats[j, i]]
        e = targets[j] - math.tanh(raw)
        error += e * e
    return error / max(feats.shape[0], 1)


@njit(cache=True, nogil=True)
def mcts_duel(start, w0, w1, n_games, rng, iterations, random_plies):
    """MCTS on weights ``w0`` against MCTS on ``w1``, ``iterations`` a decision, colours
    alternating (``w0`` is Green in even games, so odd game ``g`` replays game ``g - 1``'s
    random opening with the colours swapped), the first ``random_plies`` decisions random.
    Returns ``w0``'s points (a win 1, a draw 1/2)."""
    arrays = _tree(iterations)
    counts = np.zeros(2, np.int64)
    s = np.empty(SIZE, np.int16)
    kid = np.empty(SIZE, np.int16)
    out = np.empty(MAX_OPTIONS, np.int64)
    opening = np.empty(max(random_plies, 1), np.uint64)
    points = 0.0
    for g in range(n_games):
        if g % 2 == 0:
            for i in range(random_plies):
                opening[i] = _next_random(rng)
        s[:] = start
        n = options(s, out)
        played = 0
        while n > 0 and not is_over(s):
            if played < random_plies:
                pick = out[np.int64(opening[played] % np.uint64(n))]
            elif (decider(s) == 0) == (g % 2 == 0):
                pick, _ = _search(s, w0, iterations, rng, arrays, counts)
            else:
                pick, _ = _search(s, w1, iterations, rng, arrays, counts)
            n = child_into(s, pick, kid, out)
            s[:] = kid
            played += 1
        points += duel_points(s, g)
    return points
