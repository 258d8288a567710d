"""Preparing the search engine (the compiled core) before any search clock starts.

The first search of a process needs the compiled core in memory: loaded from numba's
cache on a warm install (well under a second), compiled on a cold one (about half a
minute, once per install).  :func:`solve` and :func:`analysis` call
:func:`prepare_engine` before they start their clocks, so no time limit is spent there.

For a front end (the widget): ``engine_ready()`` says whether an analysis would start at
once; if not, show that the engine is being prepared (``engine_cached()`` says whether
that means loading or a long compilation) and call ``prepare_engine(progress)`` from a
background thread, then analyse.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable

from .compiled import loading

NOTICE = "preparing the search engine (compiling, about 30 s, once per install)"

_lock = threading.Lock()
_ready = False


def engine_ready() -> bool:
    """Is the compiled core loaded in this process (so a search starts at once)?"""
    return _ready


def engine_cached() -> bool:
    """Will preparing only load numba's cache (fast), rather than compile (slow)?"""
    return _ready or loading.cached()


Progress = Callable[[int, int], None]


def prepare_engine(progress: bool | Progress | None = None) -> None:
    """Load (or compile, once per install) the compiled core; return when it is ready.

    Safe to call from any thread and any number of times (later calls return at once).
    ``progress``: ``None`` prints :data:`NOTICE` on stderr when a compilation is needed;
    ``True`` shows a progress bar (tqdm: a widget in notebooks) when it is; a callable
    is called as ``progress(done, total)`` after each part (each compiled entry point).
    """
    global _ready
    if _ready:
        return
    with _lock:
        if _ready:
            return
        if callable(progress):
            loading.load(progress)
        elif loading.cached():
            loading.load()
        elif progress:
            _load_with_bar()
        else:
            print(f"cernunos: {NOTICE}...", file=sys.stderr, flush=True)
            loading.load()
        _ready = True


def _load_with_bar() -> None:
    from tqdm.auto import tqdm

    bar = tqdm(desc=NOTICE, unit=" parts", leave=False)

    def step(done: int, total: int) -> None:
        bar.total = total
        bar.update(1)

    try:
        loading.load(step)
    finally:
        bar.close()
