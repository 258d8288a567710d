"""Compiling a step of the compiled core in a second process while this one compiles another.

A cold exact search compiles alpha-beta (step ``alphabeta``) and proof-number search
(``proofs``), which share only the steps before them (``rules`` and ``evaluation``): with a
spare core, a second Python compiles one of them into numba's cache while this process
compiles the other, then this process loads it from the cache (well under a second).
``compiled/loading.py`` names the steps (:data:`INDEPENDENT`); ``solver/prepare.py``
decides when.  With one core, or when no second Python can start, everything is compiled
in this process as before.  numba's cache is safe to fill from two processes (each entry
is written to a temporary file, then renamed).
"""

from __future__ import annotations

import os
import subprocess
import sys

from numba.core import config

# Steps that need only BASE before them: any two compile at once, in two processes
BASE = ("rules", "evaluation")
INDEPENDENT = ("mcts", "alphabeta", "proofs")

_PACKAGE = __name__.rsplit(".", 1)[0]  # this folder's package, wherever it is installed


def spare_core() -> bool:
    """Is a second core idle (a second process would compile at once, not take turns with
    this one or with other programs)?  At least two cores, and a load average (over the
    last minute) that leaves one free."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # (macOS, Windows)
        cores = os.cpu_count() or 1
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # (Windows)
        load = 0.0
    return cores >= 2 and load <= cores - 1


def start(step: str) -> subprocess.Popen | None:
    """A second Python compiling ``step`` into numba's cache (None: it could not start).

    It imports this package as this process does (the same ``sys.path``, folder and
    numba cache folder), says nothing, and exits 0 once the step is in the cache."""
    code = (
        f"import sys; sys.path[:] = {sys.path!r}; "
        f"from {_PACKAGE} import loading; loading.run({step!r})"
    )
    env = dict(os.environ)
    if config.CACHE_DIR:  # (also the fallback folder cachedir.ensure may have chosen)
        env["NUMBA_CACHE_DIR"] = config.CACHE_DIR
    try:
        return subprocess.Popen(
            [sys.executable, "-c", code],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    except Exception:  # no interpreter to start (an embedded or frozen Python): here then
        return None
