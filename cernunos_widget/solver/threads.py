"""How many threads a search uses: ``threads=None`` means every core this process may use,
and a count above the cores runs on the cores (:func:`search_threads`): each thread has its
own buffers (8 MB) and proof table, and threads beyond the cores would only share them.

Interactive analysis (the API, the widget, ``cernunos solve``) defaults to ``None``; batch
analysis, self-play and balance run one thread per worker (their workers are the
parallelism) unless told otherwise.
"""

from __future__ import annotations

import os

from ..engine import CernunosError
from ..engine.errors import clip

MAX_THREADS = 256


class InvalidThreadsError(CernunosError):
    """A thread count that is not ``None`` or an int from 1 to :data:`MAX_THREADS`."""


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity; the machine's where the
    system has no affinity call)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def check_threads(threads: object) -> int:
    """The thread count ``threads`` asks for (``None``: :func:`available_cores`), or
    :class:`InvalidThreadsError` naming what was wrong."""
    if threads is None:
        return available_cores()
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise InvalidThreadsError(f"threads is None (every core) or an int, not {clip(threads)}")
    if not 1 <= threads <= MAX_THREADS:
        raise InvalidThreadsError(
            f"threads must be from 1 to {MAX_THREADS} (or None: every core), not {clip(threads)}"
        )
    return threads


def search_threads(threads: object) -> int:
    """The threads a search runs for ``threads`` (checked by :func:`check_threads`): the
    count asked, at most :func:`available_cores` (more would take memory, not speed)."""
    return min(check_threads(threads), available_cores())
