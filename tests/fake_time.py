"""A clock moved by hand, for the throttle's tests: no sleeps, no timed assertions."""

from __future__ import annotations

from cernunos_widget.session.throttle import Throttle


class FakeTime:
    """A clock moved by hand and the timers armed on it, fired when their time comes."""

    def __init__(self) -> None:
        self.now = 0.0
        self.timers: list[list] = []  # [due, fn, cancelled]

    def clock(self) -> float:
        return self.now

    def timer(self, delay: float, fn):
        entry = [self.now + delay, fn, False]
        self.timers.append(entry)

        class Handle:
            def cancel(self) -> None:
                entry[2] = True

        return Handle()

    def advance(self, seconds: float) -> None:
        """Move the clock, firing every timer due on the way (in order)."""
        end = self.now + seconds
        while True:
            due = [t for t in self.timers if not t[2] and t[0] <= end]
            if not due:
                break
            entry = min(due, key=lambda t: t[0])
            self.timers.remove(entry)
            self.now = max(self.now, entry[0])
            entry[1]()
        self.now = end

    def throttle(self) -> Throttle:
        """A throttle on this clock: its timers fire as the clock moves past them, and its
        sleep moves the clock."""
        return Throttle(clock=self.clock, timer=self.timer, sleep=self.advance)
