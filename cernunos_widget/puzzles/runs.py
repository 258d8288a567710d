"""Mining runs: each candidate position's proofs on a batch executor, as ``analyse-games``
runs its searches (:mod:`..tools.executors`: this process, local worker processes, or a
Dask cluster), each entry appended to the mining log (:mod:`.log`) as its proofs end.

* **A task is one position** (its CPN, rules and limit: small to send); a worker proves it
  with :func:`.mine.puzzle_at` in one thread (the workers are the parallelism, and a
  one-thread proof is deterministic: the same puzzle whichever worker proves it, whatever
  it proved before, however many workers there are).
* **Resume.** The log holds every position tried; a rerun skips them.  A run stopped
  anywhere (``kill -9`` included) loses only the proofs under way, and the puzzles of the
  log (``cernunos puzzles build``, or ``generate --out``) are then those of a run never
  stopped.
* **One run per log**: a second run on it is refused at once.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine import Position
from ..engine.errors import clip
from .log import MiningLog, held, log_key
from .mine import puzzle_at, tokens_left
from .model import Puzzle, PuzzleError

if TYPE_CHECKING:
    from ..solver import Limit

# The solver is imported where it searches: the puzzles' data (study chapters, the widget's
# puzzles) load without its compiled core (numba), as in JupyterLite (docs/widget.md).

WINDOW = 64  # proofs in flight at most: memory stays bounded, few are dropped at --wanted


@dataclass(frozen=True)
class Task:
    """One position to prove (small to send to a worker)."""

    key: str  # the log's key (:func:`.log.log_key`)
    cpn: str
    rules: str
    tokens: int
    limit: Limit | None


def prove(task: Task) -> dict:
    """The task's log entry: its proofs, in this process, in one thread."""
    position = Position.from_cpn(task.cpn, task.rules)
    began = time.monotonic()
    puzzle = puzzle_at(position, task.limit, threads=1)
    return {
        "cpn": task.key,
        "tokens": task.tokens,
        "seconds": round(time.monotonic() - began, 2),
        "puzzle": puzzle.to_dict() if puzzle else None,
    }


@dataclass
class MineReport:
    """What one mining run did."""

    tried: int = 0
    found: int = 0
    skipped: int = 0  # already in the log
    seconds: float = 0.0


class _Run:
    """The log, the report and the progress bar of a run."""

    def __init__(
        self,
        log: MiningLog,
        wanted: int | None,
        on_found: Callable[[Puzzle, MineReport], None] | None,
        progress: bool,
    ) -> None:
        from tqdm import tqdm

        self.log, self.wanted, self.on_found = log, wanted, on_found
        self.report = MineReport()
        self.started = time.monotonic()
        self.bar = tqdm(desc="mining puzzles", unit=" positions", disable=not progress)

    def tasks(self, positions: Iterable[Position], limit: Limit | None) -> Iterator[Task]:
        """A task per position the log does not have yet (each position once)."""
        for position in positions:
            key = log_key(position)
            if key in self.log.keys:
                self.report.skipped += 1
                continue
            self.log.keys.add(key)
            yield Task(key, position.cpn(), str(position.rules), tokens_left(position), limit)

    def record(self, entry: dict) -> None:
        """A position's proofs ended: its entry to the log, then to the report."""
        self.log.append(entry)
        self.report.tried += 1
        self.report.seconds = time.monotonic() - self.started
        if entry["puzzle"] is not None:
            self.report.found += 1
            if self.on_found is not None:
                self.on_found(Puzzle.from_dict(entry["puzzle"]), self.report)
        self.bar.update(1)
        self.bar.set_postfix(puzzles=self.report.found, refresh=False)

    @property
    def enough(self) -> bool:
        return self.wanted is not None and self.report.found >= self.wanted

    def close(self) -> MineReport:
        self.bar.close()
        self.report.seconds = time.monotonic() - self.started
        return self.report


def _check(wanted: object, limit: object) -> None:
    """:class:`PuzzleError` for a ``wanted`` that is not a count from 1 (or None), a
    ``limit`` that is not a solver :class:`Limit` (or None)."""
    from ..solver import Limit

    if wanted is not None and (
        isinstance(wanted, bool) or not isinstance(wanted, int) or wanted < 1
    ):
        raise PuzzleError(f"wanted is how many puzzles, an int from 1, not {clip(wanted)}")
    if limit is not None and not isinstance(limit, Limit):
        raise PuzzleError(f"limit is a solver Limit (time= or nodes=) or None, not {clip(limit)}")


def mine(
    positions: Iterable[Position],
    log: str | os.PathLike,
    limit: Limit | None = None,
    *,
    wanted: int | None = None,
    on_found: Callable[[Puzzle, MineReport], None] | None = None,
    executor: Executor | object | None = None,
    workers: int | None = 1,
    scheduler: str | None = None,
    progress: bool = False,
) -> MineReport:
    """Prove each position (``limit`` per search), appending one JSON line per position to
    ``log`` (``{"cpn", "tokens", "seconds", "puzzle"}``, the puzzle or null) and skipping
    the positions the log already has: a run resumes where the last one stopped.  Stops
    after ``wanted`` new puzzles (with workers, the proofs under way then are logged too).

    Work goes to ``executor`` (any ``concurrent.futures.Executor`` or a Dask ``Client``),
    else to the Dask ``scheduler`` at that address, else to ``workers`` local processes
    (1, the default: this process; ``None``: one per core), as in
    :func:`..tools.batch.analyse_games`.  ``progress``: a bar on stderr."""
    from ..tools.executors import executor_for

    _check(wanted, limit)
    with held(log) as mining, executor_for(executor, workers, scheduler) as pool:
        run = _Run(mining, wanted, on_found, progress)
        try:
            tasks = run.tasks(positions, limit)
            if pool is None:
                for task in tasks:
                    run.record(prove(task))
                    if run.enough:
                        break
            else:
                _pipeline(run, pool, tasks)
        finally:
            report = run.close()
    return report


def _pipeline(run: _Run, pool: Executor, tasks: Iterator[Task]) -> None:
    """Submit tasks as positions come, at most :data:`WINDOW` in flight; each entry is
    logged as soon as its proofs end (in the order submitted, among those that end
    together), and once ``wanted`` puzzles are found the tasks not started are cancelled."""
    in_flight: dict[Future, int] = {}

    def collect(block: bool) -> None:
        if run.enough:
            for future in in_flight:
                future.cancel()  # those not started; those under way are logged
        timeout = None if block else 0
        finished, _ = wait(in_flight, timeout=timeout, return_when=FIRST_COMPLETED)
        for future in sorted(finished, key=in_flight.__getitem__):
            del in_flight[future]
            if not future.cancelled():
                run.record(future.result())

    try:
        for number, task in enumerate(tasks):
            in_flight[pool.submit(prove, task)] = number
            collect(block=False)
            while len(in_flight) >= WINDOW:
                collect(block=True)
            if run.enough:
                break
        while in_flight:
            collect(block=True)
    finally:
        for future in in_flight:
            future.cancel()
