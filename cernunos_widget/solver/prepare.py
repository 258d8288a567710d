"""Preparing the search engine (the compiled core) before any search clock starts.

The first search of a process needs its part of the compiled core in memory
(``compiled/loading.py``: each search its own steps): loaded from numba's cache on a warm
install (well under a second), compiled on a cold one (once per install, about
:func:`preparing_seconds` seconds).  :func:`solve` and :func:`analysis` call
:func:`prepare_engine` with the search they run before they start their clocks, so no
time limit is spent there.

All preparing happens in one background thread of the process, a step at a time, the
steps someone waits for first: :func:`warm_up` queues steps and returns at once (the
widget calls it when a board is shown; importing the solver calls it when a compilation
is due); :func:`prepare_engine` waits for its steps, and returns early (False) when its
``stop`` event is set, while the thread goes on: a front end stays responsive, and a
stopped wait loses nothing of what was compiled.  When a core is idle, the thread has a
second process compile the next independent step meanwhile (``compiled/elsewhere.py``:
proof-number search while alpha-beta compiles here), then loads it from numba's cache.
"""

from __future__ import annotations

import atexit
import subprocess
import sys
import threading
import time
from collections.abc import Callable

from .compiled import elsewhere, loading

NOTICE = "preparing the search engine"
_WAIT = 0.05  # seconds between two looks at a waiter's stop event
TICK = 0.5  # seconds between two calls of a waiter's tick while it waits
_SECOND_PROCESS_SECONDS = 300  # a second process compiling a step is given this long

Progress = Callable[[int, int], None]


class _Preparer:
    """The process's preparing thread and what it has done: steps done, the one under
    way, the queue, and how long each compilation took (for the estimates)."""

    def __init__(self) -> None:
        self.changed = threading.Condition()
        self.done: set[str] = set()
        self.queue: list[str] = []
        self.current: str | None = None
        self.started = 0.0  # when the current step started (perf_counter)
        self.compiled: dict[str, float] = {}  # seconds each compiled step took here
        self.elsewhere: dict[str, subprocess.Popen] = {}  # steps a second process compiles
        self.errors: dict[str, BaseException] = {}
        self.thread: threading.Thread | None = None
        self.closing = False

    def request(self, steps: tuple[str, ...], first: bool) -> None:
        """Queue the steps not done yet (``first``: before the others), start the thread."""
        with self.changed:
            wanted = [s for s in steps if s not in self.done and s != self.current]
            for step in wanted:
                self.errors.pop(step, None)
            rest = [s for s in self.queue if s not in wanted]
            self.queue = wanted + rest if first else rest + wanted
            if self.queue and (self.thread is None or not self.thread.is_alive()):
                self.thread = threading.Thread(
                    target=self._run, name="cernunos-prepare", daemon=True
                )
                self.thread.start()

    def _run(self) -> None:
        while True:
            with self.changed:
                if not self.queue or self.closing:
                    self.current = None
                    self.changed.notify_all()
                    return
                step = self.current = self.queue.pop(0)
                self.started = time.perf_counter()
                compiling = not loading.cached((step,))
                if compiling:
                    self._compile_next_elsewhere(step)
                helper = self.elsewhere.get(step)  # (kept there for close() meanwhile)
            if helper is not None:
                if not self._waited(helper):
                    continue  # closing: the step is not done
                with self.changed:
                    del self.elsewhere[step]
            try:
                loading.run(step)  # (loaded from the cache if the second process compiled it)
                error = None
            except BaseException as e:  # handed to whoever waits for this step
                error = e
            with self.changed:
                if error is None:
                    self.done.add(step)
                    if compiling and helper is None:
                        self.compiled[step] = time.perf_counter() - self.started
                else:
                    self.errors[step] = error
                self.current = None
                self.changed.notify_all()

    def _compile_next_elsewhere(self, step: str) -> None:
        """While ``step`` compiles here, a second process compiles the next queued step
        that needs only what is done (``compiled/elsewhere.py``), if a core is spare and
        no second process is under way.  (Called holding ``changed``.)"""
        if (
            step not in elsewhere.INDEPENDENT
            or any(p.poll() is None for p in self.elsewhere.values())
            or not all(base in self.done for base in elsewhere.BASE)
            or not elsewhere.spare_core()
        ):
            return
        for other in self.queue:
            if other in elsewhere.INDEPENDENT and not loading.cached((other,)):
                helper = elsewhere.start(other)
                if helper is not None:
                    self.elsewhere[other] = helper
                return

    def _waited(self, helper: subprocess.Popen) -> bool:
        """Wait for a second process to end (True), or until this one closes (False); one
        that takes far longer than a compilation is stopped (then the step compiles here)."""
        limit = time.perf_counter() + _SECOND_PROCESS_SECONDS
        while helper.poll() is None and not self.closing:
            if time.perf_counter() > limit:
                helper.kill()
                helper.wait()
                break
            time.sleep(_WAIT)
        return not self.closing  # (close() kills it: it did not fill the cache)

    def wait(
        self,
        steps: tuple[str, ...],
        stop: threading.Event | None,
        tick: Callable[[int, int], None] | None,
    ) -> bool:
        """Wait until ``steps`` are done (True), or ``stop`` is set (False); raise what a
        step raised.  ``tick(done, total)`` after each step and every :data:`TICK` s."""
        shown, last = -1, time.perf_counter()
        while True:
            with self.changed:
                failed = next((self.errors[s] for s in steps if s in self.errors), None)
                done = sum(s in self.done for s in steps)
                if failed is None and done < len(steps):
                    self.changed.wait(_WAIT)
            if failed is not None:
                raise failed
            if done == len(steps):
                if tick is not None and done != shown:
                    tick(done, len(steps))
                return True
            if stop is not None and stop.is_set():
                return False
            now = time.perf_counter()
            if tick is not None and (done != shown or now - last >= TICK):
                tick(done, len(steps))
                shown, last = done, now

    def seconds_left(self, steps: tuple[str, ...]) -> float:
        """About how long until ``steps`` are done: their reference compile times, at the
        pace the compilations of this process went (the reference machine's, before any),
        two independent steps compiling at once when a core is spare."""
        with self.changed:
            pace = 1.0
            if self.compiled:
                reference = loading.compile_seconds(tuple(self.compiled))
                pace = sum(self.compiled.values()) / reference
            left = tuple(s for s in steps if s not in self.done and not loading.cached((s,)))
            seconds = loading.compile_seconds(left, elsewhere.spare_core())
            if self.current in left:
                spent = time.perf_counter() - self.started
                seconds -= min(spent / pace, loading.COMPILE_SECONDS[self.current])
        return max(0.0, seconds * pace)

    def close(self) -> None:
        """At exit: start no other step, and let the one under way end (its cache entry
        written whole; the interpreter does not stop under a compilation)."""
        with self.changed:
            self.closing = True
            thread = self.thread
            for helper in self.elsewhere.values():  # (its cache entries are written whole)
                helper.kill()
        if thread is not None:
            thread.join()


_preparer = _Preparer()
atexit.register(_preparer.close)


def engine_ready(search: str | None = None) -> bool:
    """Is ``search``'s part of the compiled core loaded in this process (None: all of it),
    so that it starts at once?"""
    steps = loading.steps_of(search)
    with _preparer.changed:
        return all(step in _preparer.done for step in steps)


def engine_cached(search: str | None = None) -> bool:
    """Will preparing ``search`` (None: every search) only load numba's cache (fast),
    rather than compile (slow)?"""
    return engine_ready(search) or loading.cached(loading.steps_of(search))


def preparing_seconds(search: str | None = None) -> float:
    """About how many seconds until ``search`` (None: every search) is ready: 0 when it
    is, its compile time (measured here as it goes) on a cold install."""
    return _preparer.seconds_left(loading.steps_of(search))


def warm_up(search: str | None = None) -> None:
    """Start preparing ``search`` (None: every search) in the background, before what
    was queued; return at once."""
    _preparer.request(loading.steps_of(search), first=True)


def interactive() -> bool:
    """Is this process a notebook's kernel or an interactive interpreter (where importing
    the solver warms it up: a person reads before asking for a search)?  A script or the
    CLI asks at once for the search it needs, and only that is prepared."""
    return "ipykernel" in sys.modules or hasattr(sys, "ps1") or bool(sys.flags.interactive)


def notice(search: str | None = None) -> str:
    """What is said while ``search`` is compiled: the estimate, the once-per-install."""
    return f"{NOTICE} (compiling, about {preparing_seconds(search):.0f} s, once per install)"


def prepare_engine(
    progress: bool | Progress | None = None,
    search: str | None = None,
    stop: threading.Event | None = None,
    tick: Callable[[int, int], None] | None = None,
) -> bool:
    """Load (or compile, once per install) ``search``'s part of the compiled core
    ("mcts", "alphabeta" or "exact"; None: all of it); return True when it is ready.

    Safe to call from any thread and any number of times (later calls return at once).
    The work is done by the process's preparing thread (steps this call waits for first);
    with ``stop`` set the wait ends early and returns False (the thread goes on).
    ``progress``: ``None`` prints :func:`notice` on stderr when a compilation is needed;
    ``True`` shows a progress bar (tqdm: a widget in notebooks) when it is; a callable
    is called as ``progress(done, total)`` after each step.  ``tick(done, total)`` is
    also called every half second while it waits (a front end updates its estimate).
    """
    steps = loading.steps_of(search)
    if engine_ready(search):
        return True
    _preparer.request(steps, first=True)
    report: list[Callable[[int, int], None]] = []
    bar = None
    if callable(progress):
        report.append(_on_change(progress))
    elif not loading.cached(steps):
        if progress:
            from tqdm.auto import tqdm

            bar = tqdm(desc=notice(search), total=len(steps), unit=" steps", leave=False)
            report.append(_on_change(lambda done, total: bar.update(done - bar.n)))
        else:
            print(f"cernunos: {notice(search)}...", file=sys.stderr, flush=True)
    if tick is not None:
        report.append(tick)

    def each(done: int, total: int) -> None:
        for call in report:
            call(done, total)

    try:
        return _preparer.wait(steps, stop, each)
    finally:
        if bar is not None:
            bar.close()


def _on_change(progress: Progress) -> Callable[[int, int], None]:
    """``progress(done, total)`` once for each step done (1, 2, ... total)."""
    told = 0

    def call(done: int, total: int) -> None:
        nonlocal told
        while told < done:
            told += 1
            progress(told, total)

    return call
