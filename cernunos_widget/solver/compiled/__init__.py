"""The compiled core: the engine's rules and the searches, compiled with numba.

``rules`` mirrors ``engine/effects.py`` over flat states (``layout``); ``alphabeta``,
``playout`` and ``table`` search them; ``searchers`` puts them behind the Python search
interface.  numba compiles on first use and caches the machine code next to the sources
(``cachedir``: or wherever it can write), so only the first process pays (each search its
own part, about 8-12 s on 2 cores; ``elsewhere``: two parts at once when a core is idle);
``loading`` does it up front (``solver.prepare_engine``), before any search clock starts.

When editing: numba's cache does not notice a change in a compiled function that another
module's function calls (``rules`` under ``alphabeta``), so delete this folder's
``__pycache__`` after changing ``rules.py``, ``table.py`` or ``evaluation.py``.
"""

from . import cachedir

cachedir.ensure()  # before any compiled module is imported: each caches at its import
