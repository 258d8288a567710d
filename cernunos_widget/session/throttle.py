"""A coalescing publisher: a job's updates reach the views at a bounded rate.

A search improves its result many times a second, and reports its progress while the
engine starts; the page needs at most about ten redraws a second.  :class:`Throttle` keeps
only the latest update offered and sends it at most once per ``interval`` (a timer sends
one that waited), so the search never sleeps and nothing is queued.  :meth:`Throttle.finish`
sends the final update once the interval since the last one has passed (it waits the rest,
at most ``interval``), drops any waiting one, and nothing is sent after it: the final
result is always the last, and no two updates are ever closer than ``interval``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Protocol

INTERVAL = 0.1  # seconds between two updates: at most ten a second

Update = Callable[[], None]  # sends one update (builds it first: dropped ones cost nothing)


class Cancellable(Protocol):
    def cancel(self) -> None: ...


Timer = Callable[[float, Callable[[], None]], Cancellable]  # (delay, fn) -> a started timer


def start_timer(delay: float, fn: Callable[[], None]) -> Cancellable:
    """Call ``fn`` in a daemon thread after ``delay`` seconds (cancellable until then)."""
    timer = threading.Timer(delay, fn)
    timer.daemon = True
    timer.start()
    return timer


class Throttle:
    """Send the latest offered update at most once per ``interval`` seconds, the first one
    an interval after the throttle is made (the job's starting state was just sent); the
    final update as soon as the interval allows.

    ``clock``, ``timer`` and ``sleep`` are injectable (tests use a fake clock, fire timers
    by hand and move the clock for a sleep).  An update that raises while sent by the timer
    is raised again by the next :meth:`offer` (or by :meth:`finish`, after the final update
    is sent).
    """

    def __init__(
        self,
        interval: float = INTERVAL,
        clock: Callable[[], float] = time.monotonic,
        timer: Timer = start_timer,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.interval = interval
        self._clock = clock
        self._timer = timer
        self._sleep = sleep
        self._lock = threading.Lock()  # one update sent at a time, in order
        self._last = clock()  # when the latest update was sent: the start's state just was
        self._waiting: Update | None = None
        self._armed: Cancellable | None = None
        self._done = False
        self._error: BaseException | None = None

    def offer(self, update: Update) -> None:
        """Send ``update`` now if the interval has passed, else keep it (replacing any
        update still waiting) for the timer to send when it has."""
        with self._lock:
            if self._error is not None:
                error, self._error = self._error, None
                raise error
            if self._done:
                return
            self._waiting = update
            if self._armed is None:
                self._send_or_wait()

    def take_error(self) -> BaseException | None:
        """The failure of an update the timer sent, not yet raised (None if none): a final
        update may report it (then :meth:`finish` does not raise it)."""
        error, self._error = self._error, None
        return error

    def close(self) -> None:
        """End the stream without a final update: a waiting one is dropped, later offers
        ignored (a job whose results no longer belong anywhere)."""
        with self._lock:
            self._end()

    def finish(self, update: Update) -> None:
        """Send the final ``update`` once an interval has passed since the last update
        (waiting the rest in the caller's thread, at most ``interval``); a waiting one is
        dropped, later offers ignored.  An update that failed on the timer since the last
        offer is raised after it: the final result still reaches the views, and the
        failure is not lost."""
        with self._lock:
            self._end()
            wait = self._last + self.interval - self._clock()
        if wait > 0:
            self._sleep(wait)
        with self._lock:
            self._last = self._clock()
            update()
            if self._error is not None:
                error, self._error = self._error, None
                raise error

    def _end(self) -> None:
        """Under the lock: no more updates but the final one."""
        self._done = True
        self._waiting = None
        if self._armed is not None:
            self._armed.cancel()
            self._armed = None

    def _send_or_wait(self) -> None:
        """Under the lock: send the waiting update if the interval has passed, else arm
        the timer for the rest of it."""
        wait = self._last + self.interval - self._clock()
        if wait > 0:
            self._armed = self._timer(wait, self._on_timer)
            return
        update, self._waiting = self._waiting, None
        self._last = self._clock()
        if update is not None:
            update()

    def _on_timer(self) -> None:
        with self._lock:
            self._armed = None
            if self._done or self._waiting is None:
                return
            try:
                self._send_or_wait()
            except Exception as error:  # noqa: BLE001 - handed to the producer's thread
                self._error = error
