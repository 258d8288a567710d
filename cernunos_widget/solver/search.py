"""Alpha-beta over the engine's decisions: exact solving, and depth-limited estimates.

Values are scores from Green's point of view (:mod:`.values`); a node where Green decides
maximises, a node where Purple decides minimises.  Choices inside effects belong to whoever
makes them (R-27), so the decider, not the side to place, says which.

* :class:`ExactSearch` searches to the end of the game with a transposition table of
  bounds (so null-window proofs and full-window strong values share their work).
* :class:`DepthSearch` stops after a number of decisions and scores the horizon with
  :func:`.values.heuristic_score`; it remembers whether the horizon was ever reached, so
  an iteration that never reached it is exact.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from operator import itemgetter

from ..engine import Position
from ..engine.state import decider_index, is_over, option_codes
from .values import FORFEIT_SCORE, INFINITY, MAX_MARGIN, final_score, heuristic_score


class SearchAborted(Exception):
    """The time, node or stop limit was reached in the middle of a search."""


@dataclass
class Budget:
    """Limits shared by a whole analysis: a deadline, a node count, a stop flag."""

    seconds: float | None = None
    nodes: int | None = None
    stop: threading.Event | None = None
    started: float = field(default_factory=time.perf_counter)
    spent: int = 0
    # told (decisions so far, seconds so far) while a search goes on (a live status)
    progress: Callable[[int, float], None] | None = None

    def __post_init__(self) -> None:
        self.deadline = None if self.seconds is None else self.started + self.seconds
        self.max_nodes = None if self.nodes is None else self.nodes

    def tick(self) -> None:
        self.spent += 1
        if self.max_nodes is not None and self.spent > self.max_nodes:
            raise SearchAborted("node limit")
        if not self.spent & 511:
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise SearchAborted("time limit")
            if self.stop is not None and self.stop.is_set():
                raise SearchAborted("stopped")

    def charge(self, nodes: int) -> None:
        """Count ``nodes`` decisions applied elsewhere (a compiled playout) and check limits."""
        self.spent += nodes
        if self.max_nodes is not None and self.spent > self.max_nodes:
            raise SearchAborted("node limit")
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchAborted("time limit")
        if self.stop is not None and self.stop.is_set():
            raise SearchAborted("stopped")

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def report(self, live: int = 0) -> None:
        """Tell ``progress`` how far the search is (``live``: the decisions of a compiled
        search under way, not yet counted in ``spent``)."""
        if self.progress is not None:
            self.progress(self.spent + live, self.elapsed())

    def exclude(self, seconds: float) -> None:
        """Do not count ``seconds`` spent on something else (preparing the engine)."""
        self.started += seconds
        if self.deadline is not None:
            self.deadline += seconds


def _ordered(
    p: Position, first: int, green: bool, score: Callable[[Position], int], budget: Budget
) -> Iterator[tuple[int, Position]]:
    """Children, lazily: the table's move first (often it settles the node alone), then
    the others, best-looking for the decider first.

    Each child is one decision applied: that is what the budget counts as a node.
    """
    options = option_codes(p)
    if first >= 0 and first in options:
        budget.tick()
        yield first, p.child(first)
    keyed = []
    for code in options:
        if code == first:
            continue
        budget.tick()
        child = p.child(code)
        s = final_score(child) if is_over(child) else score(child)
        keyed.append((-s if green else s, code, child))
    keyed.sort(key=itemgetter(0))
    for _, code, child in keyed:
        yield code, child


def _best_child(
    p: Position,
    green: bool,
    first: int,
    alpha: int,
    beta: int,
    budget: Budget,
    child_value: Callable[[Position, int, int], int],
) -> tuple[int, int]:
    """The alpha-beta loop over the children (``green``: Green decides at ``p``): (best
    value, its decision code)."""
    best, best_code = (-INFINITY if green else INFINITY), first
    for code, child in _ordered(p, first, green, heuristic_score, budget):
        v = child_value(child, alpha, beta)
        if green:
            if v > best:
                best, best_code = v, code
                alpha = max(alpha, v)
        elif v < best:
            best, best_code = v, code
            beta = min(beta, v)
        if alpha >= beta:
            break
    return best, best_code


def _probe(lower: int, upper: int, alpha: int, beta: int) -> int | None:
    """The value the table's bounds already settle for this window, if any."""
    if lower >= beta:
        return lower
    if upper <= alpha:
        return upper
    if lower == upper:
        return lower
    return None


def _bounds(best: int, alpha: int, beta: int, lower: int, upper: int) -> tuple[int, int]:
    """What a fail-soft result searched in (alpha, beta) proves: new (lower, upper)."""
    if best <= alpha:
        return lower, best
    if best >= beta:
        return best, upper
    return best, best


class ExactSearch:
    """Alpha-beta to the end of the game, with a table of (lower, upper, best) bounds."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()
        self.table: dict[Position, tuple[int, int, int]] = {}

    def value(self, p: Position, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        """Fail-soft alpha-beta: exact inside (alpha, beta), else a bound beyond it."""
        decider = decider_index(p)  # -1 once the game is over
        if decider < 0:
            return final_score(p)
        lower, upper, best_code = self.table.get(p, (-INFINITY, INFINITY, -1))
        settled = _probe(lower, upper, alpha, beta)
        if settled is not None:
            return settled
        alpha, beta = max(alpha, lower), min(beta, upper)
        best, best_code = _best_child(
            p, decider == 0, best_code, alpha, beta, self.budget, self.value
        )
        lower, upper = _bounds(best, alpha, beta, lower, upper)
        self.table[p] = (lower, upper, best_code)
        return best

    def outcome(self, p: Position) -> int:
        """-1, 0 or 1: who wins with perfect play (Green's point of view), by null windows."""
        v = self.value(p, -1, 1)
        return (v > 0) - (v < 0)

    def strong_value(self, p: Position, outcome: int | None = None) -> int:
        """The exact score, by bisection with null-window tests (they share the table)."""
        if outcome is None:
            outcome = self.outcome(p)
        if outcome == 0:
            return 0
        # A forfeit is worth FORFEIT_SCORE exactly; any scored game is within MAX_MARGIN.
        if outcome > 0:
            if self.value(p, FORFEIT_SCORE - 1, FORFEIT_SCORE) >= FORFEIT_SCORE:
                return FORFEIT_SCORE
            lo, hi = 1, MAX_MARGIN
        else:
            if self.value(p, -FORFEIT_SCORE, -FORFEIT_SCORE + 1) <= -FORFEIT_SCORE:
                return -FORFEIT_SCORE
            lo, hi = -MAX_MARGIN, -1
        while lo < hi:  # invariant: lo <= value <= hi
            mid = (lo + hi + 1) // 2
            if self.value(p, mid - 1, mid) >= mid:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def principal_variation(
        self, p: Position, matches: Callable[[int], bool], window: tuple[int, int]
    ) -> list[int]:
        """A line of best decisions: at each step a child whose value still ``matches``."""
        line: list[int] = []
        while not is_over(p) and len(line) < 400:
            _, _, first = self.table.get(p, (0, 0, -1))
            green = decider_index(p) == 0
            for code, child in _ordered(p, first, green, heuristic_score, self.budget):
                if matches(self.value(child, *window)):
                    line.append(code)
                    p = child
                    break
            else:  # cannot happen for a correct value; stop rather than loop
                break
        return line


class DepthSearch:
    """Alpha-beta that stops ``depth`` decisions ahead and scores the horizon."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()
        self.table: dict[Position, tuple[int, int, int, int]] = {}  # depth, lo, hi, best
        self.reached_horizon = False

    def value(self, p: Position, depth: int, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        decider = decider_index(p)  # -1 once the game is over
        if decider < 0:
            return final_score(p)
        if depth <= 0:
            self.reached_horizon = True
            return heuristic_score(p)
        stored = self.table.get(p)
        best_code = -1
        if stored is not None:
            d, lower, upper, best_code = stored
            settled = _probe(lower, upper, alpha, beta) if d >= depth else None
            if settled is not None:
                return settled
        best, best_code = _best_child(
            p,
            decider == 0,
            best_code,
            alpha,
            beta,
            self.budget,
            lambda child, a, b: self.value(child, depth - 1, a, b),
        )
        lower, upper = _bounds(best, alpha, beta, -INFINITY, INFINITY)
        self.table[p] = (depth, lower, upper, best_code)
        return best

    def principal_variation(self, p: Position, depth: int) -> list[int]:
        line: list[int] = []
        while not is_over(p) and len(line) < depth:
            stored = self.table.get(p)
            if stored is None or stored[3] < 0 or stored[3] not in option_codes(p):
                break
            line.append(stored[3])
            p = p.child(stored[3])
        return line
