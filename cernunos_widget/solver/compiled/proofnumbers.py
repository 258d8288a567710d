"""Compiled proof-number search (df-pn) for one yes-or-no question about an exact value.

The question is "does Green's final score reach ``target``?" (``target`` 1: does Green
win; 0: does Green at least draw).  Where Green decides (R-27) one yes-child proves a node
(an OR node); where Purple decides every child must say yes (an AND node).  Each node
carries a proof number (how many more leaves, at least, must be proven to prove it) and a
disproof number; depth-first proof-number search (Nagai's df-pn, with the 1 + epsilon
thresholds of Pawlewicz and Lew) always extends the most proving or disproving child, so
it finds the narrow proofs: a reply that ends an opponent's chain of activations (R-28)
is proven long before alpha-beta would reach it in its order of values.

Verdicts are exact: a node is proven only when a proof for each of its children reached
finished games (``rules.final_score``).  They are shared with alpha-beta through its
table (``table.py``): a proven node gets the lower bound ``target`` (a disproven one the
upper bound ``target - 1``) at exact depth, with the deciding child as its decision, and
bounds alpha-beta already proved answer the question without a search.  Unfinished proof
and disproof numbers live in a table of their own (:class:`ProofTable`).

The game is acyclic (every decision adds an activation or a placement, R-28), so no
position repeats on a line; transpositions only make the numbers pessimistic.
"""

from __future__ import annotations

import math
import mmap
from typing import NamedTuple

import numpy as np
from numba import njit

from ..memory import allocating
from ..values import INFINITY
from .alphabeta import ABORTED, EXACT, MAX_PLY, NODES, tick
from .evaluation import SCALE, end_score, leaf_score
from .layout import AGENDA_LEN, SIZE
from .rules import child_into, decider, is_over, options
from .table import find_slot, hashed_exact_bounds, probe, state_hash, store

UNREACHABLE = 1 << 50  # a proof or disproof number that means "never": the other is 0
PROVEN, DISPROVEN, OPEN = 1, 0, -1  # verdicts
# A new node's numbers lean on the evaluation: 1 + SPREAD * (chance of no) to prove,
# 1 + SPREAD * (chance of yes) to disprove (df-pn+ style initial numbers).
SPREAD = 16
# ... and, where the decider chooses inside a placement's chain of activations (R-27,
# a Fox swap, a Crow cell), a child where the chain goes on (something is still to
# resolve) starts with this many times the decider's number: the choice that ends the
# chain is the narrow reply the frontier's hardest proofs need (docs/solver.md).
CHAIN_GOES_ON = 4


class ProofTable(NamedTuple):
    """Parallel arrays in buckets of two slots (as in ``table.py``): the key (the state's
    hash mixed with the question), the proof and disproof numbers, and the work (decisions
    applied) behind them, which decides what a full bucket keeps."""

    keys: np.ndarray
    proof: np.ndarray
    disproof: np.ndarray
    work: np.ndarray

    @classmethod
    def create(cls, bits: int = 21) -> ProofTable:
        """``2 ** bits`` empty slots (2**21: 64 MB), in pages touched only when used."""
        if not 10 <= bits <= 28:
            raise ValueError(f"table bits must be from 10 to 28, not {bits}")
        size = 1 << bits
        with allocating("the proof table", size * 4 * 8):
            buffer = mmap.mmap(-1, size * 4 * 8)
        ints = [np.frombuffer(buffer, np.int64, size, size * 8 * i) for i in range(1, 4)]
        return cls(np.frombuffer(buffer, np.uint64, size), *ints)


@njit(cache=True, inline="always")
def _question_key(h, target):
    """The proof table's key of a state's hash under the question ``target``."""
    return h ^ (np.uint64(target + 2) * np.uint64(0x9E3779B97F4A7C15))


@njit(cache=True)
def known_verdict(h, target, keys, lower_t, upper_t, move_t, depth_t):
    """PROVEN or DISPROVEN if alpha-beta's table answers the question for hash ``h``."""
    lower, upper = hashed_exact_bounds(h, keys, lower_t, upper_t, move_t, depth_t)
    if lower >= target:
        return PROVEN
    if upper < target:
        return DISPROVEN
    return OPEN


@njit(cache=True)
def _record_verdict(h, target, proven, code, work, keys, lower_t, upper_t, move_t, depth_t, work_t):
    """Write a verdict into alpha-beta's table as an exact bound, keeping what it knew."""
    lower, upper, move, depth = probe(keys, lower_t, upper_t, move_t, depth_t, h)
    if depth < EXACT:  # a depth-limited search's bounds are guesses (its decision is kept)
        lower, upper = np.int64(-INFINITY), np.int64(INFINITY)
    if proven:
        lower = max(lower, np.int64(target))
    else:
        upper = min(upper, np.int64(target - 1))
    if code >= 0:
        move = np.int64(code)
    depth = np.int64(EXACT)  # (a literal argument would compile another store)
    store(keys, lower_t, upper_t, move_t, depth_t, work_t, h, lower, upper, move, depth, work)


@njit(cache=True)
def _store(k, pn, dn, work, pkeys, proof_t, disproof_t, pwork_t):
    base = np.int64(k & np.uint64(pkeys.size - 2))
    if pkeys[base] == k:
        slot = base
    elif pkeys[base + 1] == k or work < pwork_t[base]:
        slot = base + 1
    else:
        pkeys[base + 1] = pkeys[base]
        proof_t[base + 1] = proof_t[base]
        disproof_t[base + 1] = disproof_t[base]
        pwork_t[base + 1] = pwork_t[base]
        slot = base
    if pkeys[slot] == k:  # searched before: it cost at least what it cost then
        work += pwork_t[slot]
    pkeys[slot] = k
    proof_t[slot] = min(pn, UNREACHABLE)
    disproof_t[slot] = min(dn, UNREACHABLE)
    pwork_t[slot] = work


@njit(cache=True, inline="always")
def _grown(threshold, second):
    """The 1 + epsilon threshold (epsilon 1/4) a child gets against its runner-up."""
    return min(threshold, second + 1 + (second >> 2))


@njit(cache=True, nogil=True)
def prove(
    s,
    target,
    ply,
    proof_limit,
    disproof_limit,
    keys,
    lower_t,
    upper_t,
    move_t,
    depth_t,
    work_t,
    pkeys,
    proof_t,
    disproof_t,
    pwork_t,
    ctl,
    pool,
    evaluator,
    w,
):
    """Search unfinished state ``s`` until its proof number reaches ``proof_limit`` or its
    disproof number ``disproof_limit``; return both (0 proof: proven, 0 disproof:
    disproven).  On a stop (``ctl``) it returns at once; the tables stay right."""
    h = state_hash(s)
    verdict = known_verdict(h, target, keys, lower_t, upper_t, move_t, depth_t)
    if verdict == PROVEN:
        return np.int64(0), np.int64(UNREACHABLE)
    if verdict == DISPROVEN:
        return np.int64(UNREACHABLE), np.int64(0)
    k = _question_key(h, target)
    started = ctl[NODES]
    opts = pool[ply]
    n = options(s, opts)
    codes = opts[:n].copy()
    scratch = pool[ply + 1]
    either = decider(s) == 0  # Green decides: one yes-child proves this node
    mid_chain = s[AGENDA_LEN] > 0  # a choice inside a placement's chain
    kids = np.empty((n, SIZE), np.int16)
    pns = np.empty(n, np.int64)
    dns = np.empty(n, np.int64)
    for i in range(n):
        if not tick(ctl):
            return np.int64(1), np.int64(1)
        child_into(s, codes[i], kids[i], scratch)
        if is_over(kids[i]):
            yes = end_score(kids[i], np.int64(0)) >= target
            pns[i] = 0 if yes else UNREACHABLE
            dns[i] = UNREACHABLE if yes else 0
            continue
        hk = state_hash(kids[i])
        kid_verdict = known_verdict(hk, target, keys, lower_t, upper_t, move_t, depth_t)
        if kid_verdict == OPEN:
            slot = find_slot(pkeys, _question_key(hk, target))
            if slot >= 0:
                pns[i], dns[i] = proof_t[slot], disproof_t[slot]
            else:
                chance = 0.5 + 0.5 * math.tanh(leaf_score(kids[i], evaluator, w) / SCALE)
                pns[i] = 1 + np.int64(SPREAD * (1.0 - chance))
                dns[i] = 1 + np.int64(SPREAD * chance)
                if mid_chain and kids[i][AGENDA_LEN] > 0:
                    if either:
                        pns[i] *= CHAIN_GOES_ON
                    else:
                        dns[i] *= CHAIN_GOES_ON
        else:
            pns[i] = 0 if kid_verdict == PROVEN else UNREACHABLE
            dns[i] = UNREACHABLE if kid_verdict == PROVEN else 0
    while True:
        # The node's numbers, its most promising child and that child's runner-up.
        best = -1
        first = np.int64(UNREACHABLE + 1)
        second = np.int64(UNREACHABLE)
        largest = np.int64(0)
        unresolved = 0
        for i in range(n):
            mine = pns[i] if either else dns[i]  # what this node takes the minimum of
            other = dns[i] if either else pns[i]  # ... and what it adds up
            if other > 0:
                largest = max(largest, other)
                unresolved += 1
            if mine < first:
                second = first
                first = mine
                best = i
            elif mine < second:
                second = mine
        first = min(first, np.int64(UNREACHABLE))
        # Weak proof numbers (Ueda et al.): the largest plus one for each other open
        # child, not the sum, which transpositions would inflate.
        total = min(largest + unresolved - 1, np.int64(UNREACHABLE)) if unresolved else 0
        pn, dn = (first, total) if either else (total, first)
        if pn == 0 or dn == 0 or pn >= proof_limit or dn >= disproof_limit:
            break
        if either:
            child_proof = _grown(proof_limit, second)
            child_disproof = min(disproof_limit - dn + dns[best], np.int64(UNREACHABLE))
        else:
            child_disproof = _grown(disproof_limit, second)
            child_proof = min(proof_limit - pn + pns[best], np.int64(UNREACHABLE))
        if ply + 2 >= MAX_PLY:  # deeper than any game (R-28 caps chains): give up
            ctl[ABORTED] = 1
            return np.int64(1), np.int64(1)
        pns[best], dns[best] = prove(
            kids[best],
            target,
            ply + 1,
            child_proof,
            child_disproof,
            keys,
            lower_t,
            upper_t,
            move_t,
            depth_t,
            work_t,
            pkeys,
            proof_t,
            disproof_t,
            pwork_t,
            ctl,
            pool,
            evaluator,
            w,
        )
        if ctl[ABORTED]:
            return np.int64(1), np.int64(1)
    work = ctl[NODES] - started
    if pn == 0 or dn == 0:
        # the deciding child: Green's proving choice, or Purple's refutation
        deciding = -1
        for i in range(n):
            if (either and pn == 0 and pns[i] == 0) or (not either and dn == 0 and dns[i] == 0):
                deciding = codes[i]
                break
        _record_verdict(
            h, target, pn == 0, deciding, work, keys, lower_t, upper_t, move_t, depth_t, work_t
        )
    else:
        _store(k, pn, dn, work, pkeys, proof_t, disproof_t, pwork_t)
    return pn, dn
