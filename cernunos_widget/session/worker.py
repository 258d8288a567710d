"""The session's jobs and the one worker thread per task that runs them.

However fast the page sends requests (an analysis, a review, a move while the analysis
follows the board), a task runs **one job at a time in one thread**: a new job stops the
running one and starts only once it has ended; a job still waiting when a newer one
arrives is dropped without running (the latest request wins).  So a session has at most
one live analysis and one live review, and their threads are bounded (issue #36 item 8).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine.deprecation import warn_renamed

if TYPE_CHECKING:
    from ..record.tree import GameNode
    from .stream import JobStream

_log = logging.getLogger(__name__)


class Job:
    """A background task of the session: ``stop()``, ``wait()``, and what it is for."""

    def __init__(self, task: str, generation: int, node: GameNode | None) -> None:
        self.task = task  # "analysis" or "review"
        self.generation = generation
        self.node = node  # the node it was started for (None for a whole-game job)
        self.stop_event = threading.Event()
        self.thread: threading.Thread | None = None  # the worker running it, once it runs
        self.stream: JobStream | None = None  # how its updates reach the views (the session's)
        self._ended = threading.Event()

    def stop(self) -> None:
        """Ask the job to stop; returns at once (the worker ends it soon after)."""
        self.stop_event.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the job to end (or to be dropped unrun); True if it has."""
        if self.thread is not threading.current_thread():  # (its own work: never blocks)
            self._ended.wait(timeout)
        return not self.is_alive()

    def mark_ended(self) -> None:
        """Its worker says it has ended (run, or dropped unrun): :meth:`wait` returns."""
        self._ended.set()

    def is_alive(self) -> bool:
        """True until the job has run to its end, or was dropped before it ran."""
        return not self._ended.is_set()

    @property
    def stopped(self) -> bool:
        return self.stop_event.is_set()

    @property
    def kind(self) -> str:
        """Deprecated alias of :attr:`task` (a token has a kind; a job has a task)."""
        warn_renamed("Job", "kind", "task")
        return self.task

    def __repr__(self) -> str:
        where = "game" if self.node is None else f"node #{self.node.id}"
        state = "running" if self.is_alive() else "ended"
        return f"<Job {self.task} {where} gen {self.generation} {state}>"


Work = Callable[[Job], None]


class Worker:
    """Runs one task's jobs one after another in a single daemon thread (started when a
    job arrives, ended when none waits)."""

    def __init__(self, task: str) -> None:
        self.task = task
        self._lock = threading.Lock()
        self._waiting: tuple[Job, Work] | None = None
        self._running: Job | None = None
        self._thread: threading.Thread | None = None

    def submit(self, job: Job, work: Work) -> None:
        """Run ``work(job)`` once the running job has ended (it is asked to stop now); a
        job still waiting is dropped: it is stopped and ends without running."""
        with self._lock:
            if self._waiting is not None:
                dropped = self._waiting[0]
                dropped.stop()
                dropped.mark_ended()
            self._waiting = (job, work)
            if self._running is not None:
                self._running.stop()
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, daemon=True, name=f"cernunos-{self.task}"
                )
                self._thread.start()

    def _run(self) -> None:
        """The worker thread: the waiting job, then the next, until none waits."""
        while True:
            with self._lock:
                self._running = None
                if self._waiting is None:
                    self._thread = None
                    return
                (job, work), self._waiting = self._waiting, None
                self._running = job
                job.thread = threading.current_thread()
            try:
                work(job)
            except Exception:  # a job reports its own errors; a bug must not end the worker
                _log.exception("cernunos session: a %s job failed", self.task)
            finally:
                job.mark_ended()
