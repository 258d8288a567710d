"""A folder numba can write the compiled core's cache to, before any compiled module loads.

numba caches next to the sources (``__pycache__``), else under ``NUMBA_CACHE_DIR`` or the
user's cache folder; when it can write to none of them (a read-only install and home, as
in some containers), every ``njit(cache=True)`` raises at import.  :func:`ensure` then
points numba at a private temporary folder, saying so once on stderr: the searches work,
but each new process compiles again (about ten seconds) until a writable
``NUMBA_CACHE_DIR`` is set.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from numba.core import config
from numba.core.caching import CompileResultCacheImpl


def _probe() -> None:
    """A function of this folder: where numba would cache it, it caches the compiled core."""


def writable() -> bool:
    """Can numba cache the functions of this folder somewhere?"""
    try:
        CompileResultCacheImpl(_probe)
    except RuntimeError:  # "cannot cache function ...: no locator available"
        return False
    return True


def ensure() -> Path | None:
    """Make sure numba can cache the compiled core; the fallback folder if one was needed."""
    if writable():
        return None
    folder = Path(tempfile.gettempdir()) / f"cernunos-numba-cache-{os.getuid()}"
    folder.mkdir(mode=0o700, exist_ok=True)
    config.CACHE_DIR = str(folder)
    print(
        f"cernunos: numba cannot write its cache next to the package nor in "
        f"NUMBA_CACHE_DIR or your cache folder; compiling into {folder} (set "
        f"NUMBA_CACHE_DIR to a writable folder to keep it)",
        file=sys.stderr,
    )
    return folder
