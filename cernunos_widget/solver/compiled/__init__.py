"""The compiled core: the engine's rules and the searches, compiled with numba.

``rules`` mirrors ``engine/effects.py`` over flat states (``layout``); ``alphabeta``,
``playout`` and ``table`` search them; ``searchers`` puts them behind the Python search
interface.  numba compiles on first use and caches the machine code next to the sources,
so only the first process pays (about half a minute); :func:`warm_up` does it up front.

When editing: numba's cache does not notice a change in a compiled function that another
module's function calls (``rules`` under ``alphabeta``), so delete this folder's
``__pycache__`` after changing ``rules.py`` or ``table.py``.
"""

from __future__ import annotations


def warm_up() -> None:
    """Compile (or load from numba's cache) every compiled function, on a tiny search."""
    from ...engine import Position
    from .searchers import CompiledDepthSearch, CompiledExactSearch

    p = Position.from_cpn(".,.,.,./.,.,.,./.,.,.,. g 2 0-0")
    CompiledDepthSearch(table_bits=10).value(p, 1)
    # An endgame of the benchmark suite that is proven in a few hundred decisions.
    endgame = Position.from_cpn("TC,Sw,XB,Dcd/WDTTTTT,.,BF,W/bw,Ddttttfd,bxB,st g 2 5-5")
    search = CompiledExactSearch(table_bits=10)
    search.strong_value(endgame)
    search.principal_variation(endgame, lambda v: True, (-1, 1))
    from ..mcts import mcts_search

    mcts_search(p, playouts=2, seed=0).results()
