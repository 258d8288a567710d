"""The learned evaluation: an n-tuple network over compiled states (``layout.py``).

A state is read from the point of view of the player who decides there (R-27): every
token is *mine* or *theirs*, so one table serves both colours.  Its features, each an
index into one flat ``float32`` weight vector (:data:`N_WEIGHTS`):

* the top tokens (16 owner-relative codes, or empty) of every row (4 cells), column
  (3 cells) and 2x2 square (4 cells): 13 tuples, one table each (R-4);
* each cell's top token with two flags: may I place on it, may the opponent (R-9..R-12,
  the Deer and Wolves included: ``rules.coverable_masks``);
* each kind's count in my reserve and in theirs (R-3), both reserve totals together (who
  empties first ends the game, R-16), both burned counts together (R-7, R-17);
* the context: phase, whether the decider is the side to move, the decider's colour and
  the pending choice, if any.

The value for the decider is ``tanh(sum of the weights of its features)``, from -1 (a sure
loss) to +1 (a sure win).  The searches take it through :func:`leaf_score`, which keeps
the handwritten ``heuristic_score`` for ``evaluator == HANDWRITTEN`` (the weights are
trained for the default rules only; other rule sets use the handwritten heuristic).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..values import CELL_WEIGHT
from .layout import (
    AGENDA,
    AGENDA_LEN,
    BURNED,
    ENTRY,
    HEIGHTS,
    MAX_HEIGHT,
    PHASE,
    RESERVE,
    SIDE,
    STACKS,
)
from .rules import coverable_masks, decider, final_score, heuristic_score

HANDWRITTEN = 0  # ``evaluator``: the searches score leaves with rules.heuristic_score
LEARNED = 1  # ``evaluator``: the searches score leaves with the learned value

ALPHABET = 17  # 0 empty, 1 + owner-relative code (mine 0-7, theirs 8-15)
ROWS = np.array([[r * 4 + c for c in range(4)] for r in range(3)], np.int64)
COLUMNS = np.array([[r * 4 + c for r in range(3)] for c in range(4)], np.int64)
SQUARES = np.array(
    [[r * 4 + c, r * 4 + c + 1, r * 4 + c + 4, r * 4 + c + 5] for r in range(2) for c in range(3)],
    np.int64,
)
MAX_COUNT = 12  # reserve and burned counts are capped here (at most 12 Trees, R-3)
TOTAL = 25  # reserve totals 0..24
N_PHASES = 6  # engine phases START .. FORFEIT
N_CHOICES = 5  # no pending choice, or CHOICE_BOAR .. CHOICE_CROW

OFF_ROWS = 0
OFF_COLUMNS = OFF_ROWS + 3 * ALPHABET**4
OFF_SQUARES = OFF_COLUMNS + 4 * ALPHABET**3
OFF_CELLS = OFF_SQUARES + 6 * ALPHABET**4
OFF_RESERVE = OFF_CELLS + 12 * ALPHABET * 4
OFF_TOTALS = OFF_RESERVE + 2 * 8 * (MAX_COUNT + 1)
OFF_BURNED = OFF_TOTALS + TOTAL * TOTAL
OFF_CONTEXT = OFF_BURNED + (MAX_COUNT + 1) ** 2
N_WEIGHTS = OFF_CONTEXT + N_PHASES * 2 * 2 * N_CHOICES
N_FEATURES = 3 + 4 + 6 + 12 + 16 + 1 + 1 + 1  # active features of every state
LAYOUT_ID = "ntuple-1"  # changes whenever the features above change

SCALE = 2.5 * CELL_WEIGHT  # values.estimate(score) = tanh(score / SCALE) inverts leaf scores
RAW_CAP = 4.0  # |raw| is capped here in scores, so |leaf score| <= 6250 < PROVEN_BASE
PROVEN_BASE = 8000  # depth-limited learned searches add it to finished games' |score|


@njit(cache=True, inline="always")
def _cell_symbol(s, c, me):
    """0 for an empty cell, else 1 + the top token's code with its owner made relative."""
    h = s[HEIGHTS + c]
    if h == 0:
        return 0
    t = s[STACKS + c * MAX_HEIGHT + h - 1] & 15
    return 1 + ((t & 7) | (((t >> 3) ^ me) << 3))


@njit(cache=True)
def features(s, idx):
    """Write the :data:`N_FEATURES` weight indices of state ``s`` into ``idx``.

    Nothing is allocated (the leaves of a search call it once each): the cells' symbols
    wait in ``idx``'s cell slots until the tuples have read them."""
    me = decider(s)
    them = 1 - me
    cells = 3 + 4 + 6  # the first cell feature; ``idx[cells + c]`` holds c's symbol first
    for c in range(12):
        idx[cells + c] = _cell_symbol(s, c, me)
    k = 0
    for r in range(3):
        i = 0
        for j in range(4):
            i = i * ALPHABET + idx[cells + ROWS[r, j]]
        idx[k] = OFF_ROWS + r * ALPHABET**4 + i
        k += 1
    for col in range(4):
        i = 0
        for j in range(3):
            i = i * ALPHABET + idx[cells + COLUMNS[col, j]]
        idx[k] = OFF_COLUMNS + col * ALPHABET**3 + i
        k += 1
    for q in range(6):
        i = 0
        for j in range(4):
            i = i * ALPHABET + idx[cells + SQUARES[q, j]]
        idx[k] = OFF_SQUARES + q * ALPHABET**4 + i
        k += 1
    mine, _ = coverable_masks(s, me)
    theirs, _ = coverable_masks(s, them)
    for c in range(12):
        flags = (mine >> c & 1) * 2 + (theirs >> c & 1)
        idx[k] = OFF_CELLS + (c * ALPHABET + idx[k]) * 4 + flags
        k += 1
    total_me = 0
    total_them = 0
    for p in range(2):
        owner = me if p == 0 else them
        for kind in range(8):
            n = np.int64(s[RESERVE + owner * 8 + kind])
            if p == 0:
                total_me += n
            else:
                total_them += n
            idx[k] = OFF_RESERVE + (p * 8 + kind) * (MAX_COUNT + 1) + min(n, MAX_COUNT)
            k += 1
    idx[k] = OFF_TOTALS + min(total_me, TOTAL - 1) * TOTAL + min(total_them, TOTAL - 1)
    k += 1
    b_me = min(np.int64(s[BURNED + me]), MAX_COUNT)
    b_them = min(np.int64(s[BURNED + them]), MAX_COUNT)
    idx[k] = OFF_BURNED + b_me * (MAX_COUNT + 1) + b_them
    k += 1
    n = s[AGENDA_LEN]
    choice = np.int64(s[AGENDA + (n - 1) * ENTRY]) if n else 0
    if choice >= N_CHOICES:
        choice = 0
    is_side = 1 if me == s[SIDE] else 0
    ctx = ((np.int64(s[PHASE]) * 2 + is_side) * 2 + me) * N_CHOICES + choice
    idx[k] = OFF_CONTEXT + ctx
    return k + 1


@njit(cache=True, inline="always")
def raw_value_into(s, w, idx):
    """The sum of the weights of ``s``'s features (the decider's point of view), in
    feature order; ``idx`` is scratch room for :data:`N_FEATURES` indices."""
    n = features(s, idx)
    total = 0.0
    for i in range(n):
        total += w[idx[i]]
    return total


@njit(cache=True)
def raw_value(s, w):
    """The sum of the weights of ``s``'s features (the decider's point of view)."""
    return raw_value_into(s, w, np.empty(N_FEATURES, np.int64))


@njit(cache=True)
def value(s, w):
    """The learned value of ``s`` for its decider, from -1 to 1."""
    return math.tanh(raw_value(s, w))


@njit(cache=True, inline="always")
def value_into(s, w, idx):
    """:func:`value` with ``idx`` as scratch room (:data:`N_FEATURES` indices)."""
    return math.tanh(raw_value_into(s, w, idx))


@njit(cache=True)
def learned_score(s, w):
    """The learned value as a score from Green's point of view, within +-6250."""
    raw = min(max(raw_value(s, w), -RAW_CAP), RAW_CAP)
    score = np.int64(round(raw * SCALE))
    return score if decider(s) == 0 else -score


@njit(cache=True)
def leaf_score(s, evaluator, w):
    """The estimate of an unfinished state the searches use, Green's point of view."""
    if evaluator == LEARNED:
        return learned_score(s, w)
    return heuristic_score(s)


@njit(cache=True)
def end_score(s, shift):
    """The score of a finished game moved ``shift`` further from 0 (draws stay 0)."""
    v = final_score(s)
    if v > 0:
        return v + shift
    if v < 0:
        return v - shift
    return v
