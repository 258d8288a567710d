"""Loading the compiled core into this process before any search clock starts.

numba compiles each compiled function on its first call and caches the machine code next
to the sources (or under ``NUMBA_CACHE_DIR``).  :func:`load` makes those first calls up
front on a tiny position, so a search never spends its time limit compiling: a cold
install compiles here (about half a minute, once), a warm one only loads the cache.

Loading a warm cache spends most of its time in numba's ``refresh`` of its typing and
lowering registries (about 0.25-0.45 s, scipy included), which only a *compilation*
needs.  When every entry point is cached, :func:`load` lets ``refresh`` only start
numba's runtime (NRT) meanwhile; any later compilation refreshes fully, as usual.  That
shortcut relies on numba internals, so it is used only with the numba versions it was
checked with (``_FAST_LOAD_NUMBA``) and falls back to the ordinary load on any error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import numba
import numpy as np
from numba.core import base
from numba.core.runtime import rtsys

from . import alphabeta, evaluation, mcts_tree, playout, proofnumbers, rules
from .convert import encode
from .table import Table, exact_bounds

# numba versions whose cached-load path was checked to need only the runtime (NRT)
_FAST_LOAD_NUMBA = ("0.68",)

# The compiled functions Python calls (each has its own cache entry): when all are
# cached, loading takes the fast path.  :func:`_calls` calls them, first the ones whose
# compilation pulls in most of the rules, so progress steps are roughly even.
ENTRY_POINTS = (
    rules.options,
    rules.child,
    alphabeta.search,
    alphabeta.table_move,
    proofnumbers.prove,
    exact_bounds,
    evaluation.leaf_score,
    playout.playout,
    rules.is_over,
    rules.decider,
    rules.final_score,
    mcts_tree.init_root,
    mcts_tree.iterate,
    mcts_tree.principal_line,
    evaluation.value,
)

_SAMPLE_CPN = "TC,Sw,XB,Dcd/WDTTTTT,.,BF,W/bw,Ddttttfd,bxB,st g 2 5-5"


def cached() -> bool:
    """Does numba's cache hold every entry point for these sources (so loading is fast)?"""
    return all(_has_cache_entry(f) for f in ENTRY_POINTS)


def _has_cache_entry(dispatcher) -> bool:
    cache = getattr(dispatcher, "_cache", None)
    index = getattr(getattr(cache, "_cache_file", None), "_load_index", None)
    if index is None:  # a numba without this layout: assume a compilation
        return False
    try:
        return bool(index())  # empty when missing, for another numba, or stale sources
    except Exception:  # an unreadable index: numba will compile
        return False


def _calls() -> list[Callable[[], object]]:
    """One call per entry point, with the argument types the searches use, then a tiny
    MCTS (whatever compiled code it runs is loaded with it)."""
    from ...engine import Position
    from ..mcts import mcts_search

    position = Position.from_cpn(_SAMPLE_CPN)
    s = encode(position)
    out = rules.new_options()
    rules.options(s.copy(), out)
    code = int(out[0])
    table = Table.create(10)
    proofs = proofnumbers.ProofTable.create(10)
    ctl, pool = alphabeta.new_ctl(1_000), alphabeta.new_pool()
    weights = np.zeros(evaluation.N_WEIGHTS, np.float32)  # the type the searches take
    return [
        lambda: rules.options(s.copy(), out),
        lambda: rules.child(s, code, out),
        lambda: alphabeta.search(
            s,
            2,
            -1,
            1,
            0,
            *table,
            alphabeta.new_ctl(1_000),
            alphabeta.new_pool(),
            0,
            weights,
            np.zeros(1, np.uint64),
        ),
        lambda: alphabeta.table_move(
            s, table.keys, table.lower, table.upper, table.move, table.depth
        ),
        lambda: proofnumbers.prove(s, 1, 0, 2, 2, *table, *proofs, ctl, pool, 0, weights),
        lambda: exact_bounds(s, table.keys, table.lower, table.upper, table.move, table.depth),
        lambda: evaluation.leaf_score(s, 0, weights),
        lambda: playout.playout(s, 4, np.zeros(1, np.uint64), out),
        lambda: rules.is_over(s),
        lambda: rules.decider(s),
        lambda: rules.final_score(s),
        lambda: mcts_search(position, playouts=2, seed=0).results(),
        lambda: evaluation.value(s, weights),
    ]


def load(step: Callable[[int, int], None] | None = None) -> None:
    """Compile or load every entry point; ``step(done, total)`` after each one."""
    fast = cached() and numba.__version__.startswith(_FAST_LOAD_NUMBA)
    if fast:
        try:
            with _runtime_only_refresh():
                _run(step)
            return
        except Exception:  # the shortcut failed: the ordinary load below
            pass
    _run(step)


def _run(step: Callable[[int, int], None] | None) -> None:
    calls = _calls()
    for done, call in enumerate(calls, 1):
        call()
        if step is not None:
            step(done, len(calls))


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
