"""How many threads a search uses: ``threads=None`` means every core this process may use.

Interactive analysis (the API, the widget, ``cernunos solve``) defaults to ``None``; batch
analysis, self-play and balance run one thread per worker (their workers are the
parallelism) unless told otherwise.

A search makes no more threads than the cores this process may use (at least
:data:`MIN_LANES`): each thread costs its buffers and tables, so ``threads=256`` on 2 cores
peaked at 2.0 GB where the cores could use only 2 of them (issue #36 item 9).  Asked for
more, it runs with that many, and says so where it reports its threads.
"""

from __future__ import annotations

import os

from ..engine import CernunosError
from ..engine.errors import clip

MAX_THREADS = 256
MIN_LANES = 4  # threads made even on fewer cores (small; keeps 4-thread searches testable)


class InvalidThreadsError(CernunosError):
    """A thread count that is not ``None`` or an int from 1 to :data:`MAX_THREADS`."""


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity; the machine's where the
    system has no affinity call)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def check_threads(threads: object) -> int:
    """The threads a search makes for ``threads`` (``None``: :func:`available_cores`; more
    than :func:`most_threads`: that many), or :class:`InvalidThreadsError` naming what was
    wrong."""
    if threads is None:
        return available_cores()
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise InvalidThreadsError(f"threads is None (every core) or an int, not {clip(threads)}")
    if not 1 <= threads <= MAX_THREADS:
        raise InvalidThreadsError(
            f"threads must be from 1 to {MAX_THREADS} (or None: every core), not {clip(threads)}"
        )
    return min(threads, most_threads())


def most_threads() -> int:
    """The most threads a search makes here: the cores, at least :data:`MIN_LANES`."""
    return max(available_cores(), MIN_LANES)
