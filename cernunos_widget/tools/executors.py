"""Where batch work runs: this process, local processes, or a Dask cluster.

Parallel work takes any :class:`concurrent.futures.Executor` (the PyData convention).
:func:`executor_for` turns what a caller gives into one:

* an ``Executor``: used as it is (the caller shuts it down);
* a Dask distributed ``Client``: its ``get_executor()``;
* ``scheduler="tcp://host:8786"``: a ``Client`` to that scheduler (closed afterwards);
* else ``workers`` local processes (``None``: one per core), started with ``spawn``
  (numba and threads do not survive a ``fork``); each loads the compiled core from
  numba's cache once, before its first task, and ends when this process ends (even by
  ``kill -9``: :func:`end_with_parent`).  One worker means this process, no pool.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager

from ..engine import CernunosError
from ..engine.errors import clip
from ..solver import prepare_engine

MAX_WORKERS = 1024


class ExecutorError(CernunosError):
    """A number of workers, scheduler address or executor that cannot be used."""


def check_workers(workers: object) -> int:
    """``workers`` (None: one per core) as an int from 1 to 1024, else :class:`ExecutorError`."""
    if workers is None:
        return os.cpu_count() or 1
    if isinstance(workers, bool) or not isinstance(workers, int) or not 0 < workers <= 1024:
        raise ExecutorError(f"workers is an int from 1 to {MAX_WORKERS}, not {clip(workers)}")
    return workers


WATCH_SECONDS = 0.5  # how often a worker looks for its parent


def end_with_parent(parent: int) -> None:
    """End this process (``os._exit``) soon after the process ``parent`` ends, however it
    ends (``kill -9`` included): a daemon thread watches for this process being given to
    another parent.  (``prctl(PR_SET_PDEATHSIG)`` would fire when the *thread* that
    started the worker ends, which need not be the end of the run.)"""
    threading.Thread(target=_watch, args=(parent,), name="end-with-parent", daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(1)


def _worker_start(parent: int) -> None:
    """In each new worker process: end with the parent, and the compiled core before any
    task's clock."""
    end_with_parent(parent)
    prepare_engine()


@contextmanager
def executor_for(
    executor: object = None, workers: int | None = None, scheduler: str | None = None
) -> Iterator[Executor | None]:
    """The executor to use (``None``: run in this process), shut down on exit if made here."""
    if executor is not None and scheduler is not None:
        raise ExecutorError("give an executor or a scheduler address, not both")
    if executor is not None:
        if hasattr(executor, "get_executor"):  # a Dask distributed Client
            executor = executor.get_executor(pure=False)  # every task runs
        if not isinstance(executor, Executor):
            raise ExecutorError(
                "executor must be a concurrent.futures.Executor or a dask.distributed "
                f"Client, not {clip(executor)}"
            )
        yield executor
        return
    if scheduler is not None:
        with _dask_client(scheduler) as client:
            yield client.get_executor(pure=False)
        return
    count = check_workers(workers)
    if count == 1:
        yield None
        return
    prepare_engine()  # compiled (or loaded) here first, so the workers only load the cache
    pool = ProcessPoolExecutor(
        count,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_start,
        initargs=(os.getpid(),),
    )
    try:
        yield pool
    except BrokenProcessPool:
        raise ExecutorError(_broken_pool()) from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _broken_pool() -> str:
    """Why local worker processes stopped: a script without a main guard (each worker
    imports it again, so a call at its top level starts workers inside the workers), or
    a worker killed (out of memory)."""
    script = getattr(sys.modules.get("__main__"), "__file__", None)
    if script is None:
        return "a worker process ended unexpectedly (killed, or out of memory); workers=1 runs here"
    return (
        f"the worker processes stopped: each imports the script {script} again, so a "
        'script must make this call under `if __name__ == "__main__":` (or pass workers=1); '
        "else a worker was killed (out of memory?)"
    )


@contextmanager
def _dask_client(address: str) -> Iterator[object]:
    if not isinstance(address, str) or not address.strip():
        raise ExecutorError(f"scheduler is an address such as tcp://host:8786, not {clip(address)}")
    try:
        from distributed import Client
    except ImportError:  # pragma: no cover - the extra is missing
        raise ExecutorError(
            'a scheduler needs dask.distributed: pip install "cernunos-widget[batch]"'
        ) from None
    try:
        client = Client(address, timeout=30)
    except (OSError, TimeoutError, ValueError) as error:
        raise ExecutorError(f"cannot reach the Dask scheduler {clip(address)}: {error}") from None
    try:
        yield client
    finally:
        client.close()
