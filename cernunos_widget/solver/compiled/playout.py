"""Compiled random playouts for Monte Carlo tree search (``..mcts``).

The random numbers come from a splitmix64 generator whose state is passed in, so a seeded
search plays the same playouts every time.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...engine.effects import OVER
from .layout import PHASE, SIDE
from .rules import apply, final_score, heuristic_score, is_over, options, settle

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True, inline="always")
def _next_random(rng):
    """splitmix64: the next 64-bit number from the generator state ``rng[0]``."""
    rng[0] += _GOLDEN
    z = rng[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, nogil=True, inline="always")
def playout(s, max_steps, rng, out):
    """Random decisions from ``s``: returns (finished, score, decisions applied).

    ``score`` is the final score (Green's view) when the game ended within ``max_steps``
    decisions, else the heuristic score where the playout stopped.
    """
    a = s.copy()
    n = options(a, out)
    steps = 0
    while n and steps < max_steps:  # rules.child_into, in place: no state is copied
        apply(a, out[np.int64(_next_random(rng) % np.uint64(n))])
        n = settle(a, out)
        if a[PHASE] == OVER:
            a[SIDE] = 0
        steps += 1
    if is_over(a):
        return True, final_score(a), steps
    return False, heuristic_score(a), steps
