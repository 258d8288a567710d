"""Loading the compiled core into this process before any search clock starts.

numba compiles each compiled function on its first call and caches the machine code next
to the sources (or under ``NUMBA_CACHE_DIR``).  The compiled core is prepared in *steps*
(:data:`STEPS`), each calling a few entry points on a tiny position with the argument
types the searches use; each search needs only its own steps (:data:`SEARCHES`): MCTS
never compiles alpha-beta or proof-number search, and the reverse.  A cold install
compiles a search's steps once (about :func:`compile_seconds`), a warm one only loads
them from the cache.

Loading a warm cache spends most of its time in numba's ``refresh`` of its typing and
lowering registries (about 0.25-0.45 s, scipy included), which only a *compilation*
needs.  When every entry point of a step is cached, :func:`run` lets ``refresh`` only
start numba's runtime (NRT) meanwhile, holding numba's compiler lock so that no other
thread compiles then; any later compilation refreshes fully, as usual.  That shortcut
relies on numba internals, so it is used only with the numba versions it was checked
with (``_FAST_LOAD_NUMBA``) and falls back to the ordinary load on any error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache

import numba
import numpy as np
from numba.core import base
from numba.core.compiler_lock import global_compiler_lock
from numba.core.runtime import rtsys

from ...engine import CernunosError
from . import alphabeta, evaluation, mcts_tree, proofnumbers, rules
from .convert import encode
from .elsewhere import INDEPENDENT
from .table import Table, lookup

# numba versions whose cached-load path was checked to need only the runtime (NRT)
_FAST_LOAD_NUMBA = ("0.68",)

# The steps, in the order they are prepared: each names the compiled functions Python
# calls (each has its own cache entry), which compile the functions they call.  The rules
# and the learned evaluation come first: every search needs them.
STEPS: dict[str, tuple] = {
    "rules": (rules.options, rules.child_into),
    "evaluation": (evaluation.features,),
    "mcts": (mcts_tree.init_root, mcts_tree.iterate, mcts_tree.principal_line),
    "alphabeta": (alphabeta.search, lookup, rules.is_over),
    "proofs": (proofnumbers.prove, evaluation.leaf_score),
}
# The steps each search needs: "mcts" (solver/mcts.py), "alphabeta" (depth-limited search,
# compiled/searchers.CompiledDepthSearch) and "exact" (alpha-beta and proof-number search
# together: CompiledExactSearch, what solve and the analysis of endgames prove with).
SEARCHES: dict[str, tuple[str, ...]] = {
    "mcts": ("rules", "evaluation", "mcts"),
    "alphabeta": ("rules", "evaluation", "alphabeta"),
    "exact": ("rules", "evaluation", "alphabeta", "proofs"),
}
# Seconds each step takes to compile on a cold install (CPU seconds measured on the
# reference machine: 2 cores, benchmarks/startup.py --steps), for the estimates said meanwhile.
COMPILE_SECONDS = {"rules": 5.0, "evaluation": 0.5, "mcts": 2.5, "alphabeta": 4.5, "proofs": 2.0}

_SAMPLE_CPN = "TC,Sw,XB,Dcd/WDTTTTT,.,BF,W/bw,Ddttttfd,bxB,st g 2 5-5"


class UnknownSearchError(CernunosError):
    """A search name that is not one of :data:`SEARCHES`."""


def steps_of(search: str | None) -> tuple[str, ...]:
    """The steps ``search`` needs, in order (None: every step)."""
    if search is None:
        return tuple(STEPS)
    if search not in SEARCHES:
        raise UnknownSearchError(f"unknown search {search!r}: use one of {', '.join(SEARCHES)}")
    return SEARCHES[search]


def compile_seconds(steps: tuple[str, ...], two_at_once: bool = False) -> float:
    """About how long ``steps`` take to compile on a cold install (the reference machine);
    ``two_at_once``: two independent steps compile at the same time (``elsewhere.py``)."""
    seconds = sum(COMPILE_SECONDS[step] for step in steps)
    pair = [COMPILE_SECONDS[step] for step in steps if step in INDEPENDENT][:2]
    if two_at_once and len(pair) == 2:
        seconds -= min(pair)
    return seconds


def cached(steps: tuple[str, ...] | None = None) -> bool:
    """Does numba's cache hold every entry point of ``steps`` (None: all) for these sources
    (so loading them is fast)?"""
    return all(_has_cache_entry(f) for step in steps or STEPS for f in STEPS[step])


def _has_cache_entry(dispatcher) -> bool:
    cache_ = getattr(dispatcher, "_cache", None)
    index = getattr(getattr(cache_, "_cache_file", None), "_load_index", None)
    if index is None:  # a numba without this layout: assume a compilation
        return False
    try:
        return bool(index())  # empty when missing, for another numba, or stale sources
    except Exception:  # an unreadable index: numba will compile
        return False


def run(step: str) -> None:
    """Compile or load the entry points of ``step`` (the fast load when all are cached)."""
    if cached((step,)) and numba.__version__.startswith(_FAST_LOAD_NUMBA):
        try:
            with global_compiler_lock, _runtime_only_refresh():
                _CALLS[step]()
            return
        except Exception:  # the shortcut failed: the ordinary load below
            pass
    _CALLS[step]()


@cache
def _sample() -> tuple:
    """A tiny position's state, a legal decision code there, an options buffer, weights of
    the type the searches take."""
    from ...engine import Position

    position = Position.from_cpn(_SAMPLE_CPN)
    s = encode(position)
    out = rules.new_options()
    rules.options(s.copy(), out)
    return position, s, int(out[0]), out, np.zeros(evaluation.N_WEIGHTS, np.float32)


def _rules() -> None:
    _, s, code, out, _ = _sample()
    rules.options(s.copy(), out)
    rules.child_into(s, code, s.copy(), out)


def _evaluation() -> None:
    _, s, _, _, _ = _sample()
    evaluation.features(s, np.empty(evaluation.N_FEATURES, np.int64))


def _mcts() -> None:
    from ..mcts import mcts_search

    position = _sample()[0]
    mcts_search(position, playouts=2, seed=0).results()  # init_root, iterate, principal_line


def _alphabeta() -> None:
    _, s, _, _, weights = _sample()
    table = Table.create(10)
    ctl, pool = alphabeta.new_ctl(1_000), alphabeta.new_pool()
    alphabeta.search(s, 2, -1, 1, 0, *table, ctl, pool, 0, weights, np.zeros(1, np.uint64))
    lookup(s, *table[:5])
    rules.is_over(s)


def _proofs() -> None:
    _, s, _, _, weights = _sample()
    table = Table.create(10)
    proofs = proofnumbers.ProofTable.create(10)
    ctl, pool = alphabeta.new_ctl(1_000), alphabeta.new_pool()
    proofnumbers.prove(s, 1, 0, 2, 2, *table, *proofs, ctl, pool, 0, weights)
    evaluation.leaf_score(s, 0, weights)


_CALLS: dict[str, Callable[[], None]] = {
    "rules": _rules,
    "evaluation": _evaluation,
    "mcts": _mcts,
    "alphabeta": _alphabeta,
    "proofs": _proofs,
}


@contextmanager
def _runtime_only_refresh() -> Iterator[None]:
    """While loading cached code, numba's context refresh starts only its runtime."""
    original = base.BaseContext.refresh

    def refresh(self) -> None:
        rtsys.initialize(self)

    base.BaseContext.refresh = refresh
    try:
        yield
    finally:
        base.BaseContext.refresh = original
