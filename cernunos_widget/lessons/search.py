"""Every try of an exercise, searched with the engine: for authors and the course's tests.

:func:`tries` walks every decision sequence from an exercise's position until the goal's
verdict is no longer pending (at most ``goal.within`` steps), so an author sees how many
ways meet the goal and how many fail, and the tests prove each exercise can be solved.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..engine import Event, Position
from .goals import Goal, Verdict, judge

MAX_TRIES = 200_000  # tries walked at most (a goal within 2 steps has some thousands)


@dataclass(frozen=True)
class Try:
    """One complete try: its decisions and the verdict on it."""

    decisions: tuple[str, ...]
    verdict: Verdict


def tries(goal: Goal, start: Position, limit: int = MAX_TRIES) -> Iterator[Try]:
    """Every try from ``start`` to a verdict (solved or failed), depth first, at most ``limit``."""
    count = 0
    stack: list[tuple[tuple[str, ...], tuple[tuple[Position, tuple[Event, ...]], ...]]] = [((), ())]
    while stack:
        decisions, line = stack.pop()
        position = line[-1][0] if line else start
        for text in reversed(position.legal_texts()):
            step = position.step(text)
            longer = (*line, (step.position, step.events))
            verdict = judge(goal, start, longer)
            if verdict.status == "pending":
                stack.append(((*decisions, text), longer))
                continue
            yield Try((*decisions, text), verdict)
            count += 1
            if count >= limit:
                return


def first_solution(goal: Goal, start: Position) -> Try | None:
    """The first try that meets the goal, or None."""
    return next((t for t in tries(goal, start) if t.verdict.status == "solved"), None)
