"""Everything one job sends the views, through one throttle (issue #35 item 2).

A job (an analysis, a review) reports several things: its state (the engine being
prepared, progress, improved results) and, for a review, each node's evaluation.  Each is
offered to the job's :class:`JobStream` under a *key* (``"state"``, one key per node ...):
the latest offer of a key replaces the one waiting, and what waits under every key goes
out together, as **one** change of the session (one patch to the page), at most once per
:data:`.throttle.INTERVAL` counted from the job's starting state.  :meth:`JobStream.finish`
sends the final state with whatever still waits, last.

An offer is a *build*: a function called only when its update is sent (a dropped one costs
nothing), outside the session's lock, returning the ``apply(change)`` that records it in
the session under the lock (:meth:`.Session.status_update`), or None for nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from .throttle import Throttle

Apply = Callable[[Any], None]  # records an update in the session's change (under its lock)
Build = Callable[[], Apply | None]  # makes one update, when it is sent
Deliver = Callable[[Apply], bool]  # applies one change for the job (False: stale, dropped)

STATE = "state"  # the key of a job's state: each one replaces the last


class JobStream:
    """The one throttled way a job's updates reach the views.

    ``deliver(apply)`` applies and publishes one change (:meth:`.Session.deliver` for the
    job); ``current()`` says whether the job's results still belong in the session (a
    superseded job's final state is not waited for: it would be dropped)."""

    def __init__(self, throttle: Throttle, deliver: Deliver, current: Callable[[], bool]) -> None:
        self._throttle = throttle
        self._deliver = deliver
        self._current = current
        self._lock = threading.Lock()  # the job's thread offers, the timer's thread sends
        self._waiting: dict[str, Build] = {}

    def offer(self, build: Build, key: str = STATE) -> None:
        """Send ``build``'s update with the next window's patch (replacing the one waiting
        under ``key``).  Raises the failure of an update the timer sent, if any."""
        with self._lock:
            self._waiting[key] = build
        self._throttle.offer(self._send)

    def take_error(self) -> BaseException | None:
        """The failure of an update the timer sent, not yet raised (None if none)."""
        return self._throttle.take_error()

    def finish(self, build: Build) -> None:
        """Send the final state ``build`` (with any other update still waiting, in the same
        patch) as soon as the window allows; nothing is sent after it."""
        with self._lock:
            self._waiting.pop(STATE, None)
            self._waiting[STATE] = build  # the final state last
        if self._current():
            self._throttle.finish(self._send)
        else:
            self._throttle.close()

    def _send(self) -> None:
        """Build every waiting update and deliver them as one change."""
        with self._lock:
            builds, self._waiting = list(self._waiting.values()), {}
        applies = [apply for apply in (build() for build in builds) if apply is not None]
        if applies:
            self._deliver(lambda change: [apply(change) for apply in applies])
