"""Self-play for the learned evaluation (``evaluation.py``): TD(0) training and duels.

Training plays games against itself: at each decision the decider takes, with probability
``epsilon``, a uniformly random option, else the option whose child looks best for it
(the learned value, or the finished game's outcome), ties broken at random.  After each
decision the weights of the state's features move towards the chosen child's value
(TD(0), gradient of ``tanh``; the step ``alpha`` is shared among the active features).
Random numbers come from a splitmix64 state passed in (``rng[0]``), so a run is
reproducible from its seed and can be cut into slices of games at will.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from .evaluation import HANDWRITTEN, N_FEATURES, features, leaf_score, value
from .layout import MAX_OPTIONS, SIZE
from .playout import _next_random
from .rules import child_into, decider, final_score, is_over, options


@njit(cache=True, inline="always")
def _uniform(rng):
    """A float in [0, 1) from the generator."""
    return np.float64(_next_random(rng) >> np.uint64(11)) / 9007199254740992.0


@njit(cache=True)
def _child_value(kid, me, w):
    """The value of child state ``kid`` for player ``me``: its outcome if it is over."""
    if is_over(kid):
        f = final_score(kid)
        v = 1.0 if f > 0 else -1.0 if f < 0 else 0.0
        return v if me == 0 else -v
    v = value(kid, w)
    return v if decider(kid) == me else -v


@njit(cache=True)
def _greedy(s, n, out, me, w, evaluator, rng, kid, scratch):
    """The index in ``out[:n]`` of the best-looking child for ``me`` (random among ties)."""
    best = -math.inf
    pick = 0
    ties = 0
    for i in range(n):
        child_into(s, out[i], kid, scratch)
        if evaluator == HANDWRITTEN and not is_over(kid):
            v = np.float64(leaf_score(kid, evaluator, w))
            v = v if me == 0 else -v
        elif evaluator == HANDWRITTEN:
            v = np.float64(final_score(kid)) * 1e6
            v = v if me == 0 else -v
        else:
            v = _child_value(kid, me, w)
        if v > best:
            best = v
            pick = i
            ties = 1
        elif v == best:
            ties += 1
            if _next_random(rng) % np.uint64(ties) == 0:
                pick = i
    return pick


@njit(cache=True, nogil=True)
def td_games(start, w, n_games, rng, alpha, epsilon):
    """Play ``n_games`` self-play games from ``start``, updating ``w`` in place (TD(0)).

    Returns the decisions played."""
    s = np.empty(SIZE, np.int16)
    kid = np.empty(SIZE, np.int16)
    out = np.empty(MAX_OPTIONS, np.int64)
    scratch = np.empty(MAX_OPTIONS, np.int64)
    idx = np.empty(N_FEATURES, np.int64)
    decisions = 0
    for _ in range(n_games):
        s[:] = start
        n = options(s, out)
        while n > 0 and not is_over(s):
            me = decider(s)
            if _uniform(rng) < epsilon:
                pick = np.int64(_next_random(rng) % np.uint64(n))
            else:
                pick = _greedy(s, n, out, me, w, 1, rng, kid, scratch)
            n = child_into(s, out[pick], kid, out)
            target = _child_value(kid, me, w)
            k = features(s, idx)
            raw = 0.0
            for i in range(k):
                raw += w[idx[i]]
            v = math.tanh(raw)
            step = alpha / k * (target - v) * (1.0 - v * v)
            for i in range(k):
                w[idx[i]] += step
            s[:] = kid
            decisions += 1
    return decisions


@njit(cache=True)
def duel_points(s, g):
    """Player 0's points (a win 1, a draw 1/2) in finished duel game ``g``: player 0 is
    Green in even games."""
    f = final_score(s)
    green = 1.0 if f > 0 else 0.0 if f < 0 else 0.5
    return green if g % 2 == 0 else 1.0 - green


@njit(cache=True, nogil=True)
def duel(start, w0, ev0, w1, ev1, n_games, rng, opening):
    """One-decision-ahead duels: player 0 (weights ``w0``, evaluator ``ev0``) against
    player 1, colours alternating (player 0 is Green in even games), the first
    ``opening`` decisions of each game random.  Returns player 0's points (win 1, draw
    1/2)."""
    s = np.empty(SIZE, np.int16)
    kid = np.empty(SIZE, np.int16)
    out = np.empty(MAX_OPTIONS, np.int64)
    scratch = np.empty(MAX_OPTIONS, np.int64)
    points = 0.0
    for g in range(n_games):
        s[:] = start
        n = options(s, out)
        played = 0
        while n > 0 and not is_over(s):
            me = decider(s)
            if played < opening:
                pick = np.int64(_next_random(rng) % np.uint64(n))
            elif (me == 0) == (g % 2 == 0):
                pick = _greedy(s, n, out, me, w0, ev0, rng, kid, scratch)
            else:
                pick = _greedy(s, n, out, me, w1, ev1, rng, kid, scratch)
            n = child_into(s, out[pick], kid, out)
            s[:] = kid
            played += 1
        points += duel_points(s, g)
    return points
