"""The compiled searches behind the Python interface of :mod:`..search`.

:class:`CompiledExactSearch` and :class:`CompiledDepthSearch` answer the same questions as
``ExactSearch`` and ``DepthSearch`` (same values, same budget) about engine ``Position``
values, applying 15-20 times more decisions per second.  A long compiled call runs in a
worker thread that holds no GIL, so the calling thread can enforce the deadline, a stop
event and Ctrl-C: it raises the compiled search's stop flag, which unwinds at once.

With ``threads > 1`` an alpha-beta search is Lazy SMP (as Stockfish) with Simplified
ABDADA: next to the main search, ``threads - 1`` helper threads search the same root to
the same depth into the same table (each with its own node counter, stop flag and
buffers, every helper in another order of the children, ``alphabeta.HELPER``), the main
search finds their entries, and every thread puts off the children another thread is
searching (the shared marks ``busy``), so they split the tree.  The first thread to
finish answers (the main search's value, or a helper's); the others are then stopped.
"""

from __future__ import annotations

import contextlib
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

import numpy as np

from ...engine import Position
from ..learned import ordering, search_weights
from ..prepare import engine_ready, prepare_engine
from ..search import Budget, ExactSearch, SearchAborted
from ..threads import search_threads
from ..values import INFINITY
from .alphabeta import (
    ABORTED,
    BUSY_BITS,
    EXACT,
    HELPER,
    HORIZON,
    MAX_NODES,
    NODES,
    PUT_OFF,
    STOP,
    new_ctl,
    new_pool,
    search,
    table_move,
)
from .convert import encode, option_codes
from .evaluation import HANDWRITTEN, LEARNED, leaf_score
from .proofnumbers import UNREACHABLE, ProofTable, prove
from .rules import child, is_over, new_options
from .table import Table, exact_bounds

_NO_LIMIT = 1 << 62
_POLL = 0.005  # seconds between looks at the clock and the stop event
_INLINE_NODES = 20_000  # about 20 ms: searched without a worker thread
# with helpers, a search longer than this many decisions (about 1 ms) starts them: the
# analysis of every first decision is many short searches (benchmarks/threads.py)
_HELPED_INLINE_NODES = 2_000
T = TypeVar("T")


class SliceSpent(Exception):
    """A compiled search used the decisions it was given, before the budget ran out."""


class Lane:
    """One thread's own state in :meth:`_Runner.race`: its node counter and stop flag
    (``ctl``), per-ply buffers, proof table (made by its first proof-number search) and
    alpha-beta order (``helper``: 0 the main search's, ``alphabeta.HELPER``)."""

    def __init__(self, helper: int = 0) -> None:
        self.ctl = new_ctl(_NO_LIMIT)
        self.pool = new_pool()
        self.proof_table: ProofTable | None = None
        self.helper = helper
        self.stopped = False
        self.counted = 0  # of ctl[NODES], the decisions already in the budget

    def uncounted(self) -> int:
        """The decisions of its search under way not yet in the budget."""
        return int(self.ctl[NODES]) - self.counted

    def stop(self) -> None:
        """End the lane's search under way, and any it would start."""
        self.stopped = True
        self.ctl[STOP] = 1


def _verdict(proof: int, disproof: int) -> bool:
    """A finished proof-number search's answer from its root's numbers."""
    if proof and disproof:  # the numbers outgrew every threshold: no verdict possible
        raise SearchAborted("proof numbers overflowed")
    return proof == 0


class _Helper:
    """A Lazy SMP helper thread: searches the main search's root, to its depth and with
    its window, into the shared table until :meth:`finish`; if it finishes first, its
    value is the answer (:attr:`value`) and it stops the main search (``main_ctl``)."""

    def __init__(
        self,
        index: int,
        search_at: Callable[[np.ndarray, np.ndarray, int], int],
        depth: int,
        nodes: int,
        pool: np.ndarray,
        main_ctl: np.ndarray,
    ) -> None:
        self.ctl = new_ctl(nodes, index)
        self.search_at = search_at
        self.depth = depth
        self.pool = pool
        self.main_ctl = main_ctl
        self.value: int | None = None
        self.thread = threading.Thread(target=self._run, name="cernunos-helper", daemon=True)

    def _run(self) -> None:
        v = self.search_at(self.ctl, self.pool, self.depth)
        if not self.ctl[ABORTED]:
            self.value = v
            self.main_ctl[STOP] = 1  # the main search's question is answered

    def stop(self) -> None:
        self.ctl[STOP] = 1

    def finish(self) -> tuple[int, bool, int]:
        """Stop and join the thread: (decisions it applied, did it reach a horizon,
        children it put off)."""
        self.stop()
        if self.thread.ident is not None:  # (started)
            self.thread.join()
        return int(self.ctl[NODES]), bool(self.ctl[HORIZON]), int(self.ctl[PUT_OFF])


class _Runner:
    """Runs compiled searches under a :class:`Budget` (shared by a whole analysis), in
    ``threads`` threads (None: every core; never more than the cores,
    :func:`..threads.search_threads`): Lazy SMP
    helpers beside a long alpha-beta search unless ``helpers`` is False, and the lanes of
    :meth:`race`; ``search`` is the part of the compiled core it prepares if not ready
    ("exact", or "alphabeta" for depth-limited searches only)."""

    def __init__(
        self,
        budget: Budget | None,
        table_bits: int,
        evaluator: int = HANDWRITTEN,
        weights: np.ndarray | None = None,
        threads: int | None = 1,
        helpers: bool = True,
        search: str = "exact",
    ) -> None:
        self.threads = search_threads(threads)
        self.helper_pools = [new_pool() for _ in range(self.threads - 1 if helpers else 0)]
        # the children being searched, shared by the main search and its helpers
        # (alphabeta.py: ABDADA; one empty slot, no marks, without helpers)
        self.busy = np.zeros(1 << BUSY_BITS if self.helper_pools else 1, np.uint64)
        # a race's alpha-beta lanes: lane 0 and lanes 2 on (lane 1 proves), so shared
        # from 3 threads
        self.lane_busy = self.busy if self.threads > 2 else np.zeros(1, np.uint64)
        # children put off (ABDADA), all searches: by the main search (and the lanes of
        # race), by the helpers
        self.put_off = 0
        self.helpers_put_off = 0
        self.weights = search_weights(evaluator, weights)
        self.evaluator = evaluator
        self.budget = budget or Budget()
        if not engine_ready(search):  # a budget made before the engine was: stop its clock
            started = time.perf_counter()
            prepare_engine(search=search)
            self.budget.exclude(time.perf_counter() - started)
        self.table = Table.create(table_bits)
        # once this runner is gone (its worker threads have ended: they hold it), the
        # table goes back, emptied, for the next search of this process
        weakref.finalize(self, self.table.recycle)
        self.proof_table: ProofTable | None = None  # made by the first proof-number search
        self.lanes: list[Lane] = []  # the threads of race(), kept for the next one
        self._spent_lock = threading.Lock()  # lanes count their decisions at once
        self.pool = new_pool()
        self.ctl = new_ctl(_NO_LIMIT)
        self.reached_horizon = False
        self.helpers_horizon = False  # did a helper of the last search reach a horizon

    def value(
        self, s: np.ndarray, depth: int, alpha: int, beta: int, nodes: int = _NO_LIMIT
    ) -> int:
        """The fail-soft value of state ``s``; raises SearchAborted at a limit, and
        :class:`SliceSpent` after ``nodes`` decisions if the budget allows more.

        A search first runs in the calling thread for at most ``_INLINE_NODES`` decisions
        (a few milliseconds, most calls end there), ``_HELPED_INLINE_NODES`` with helpers;
        a longer one starts again in a worker thread (and the helpers), where the table
        already holds what the first attempt learned.
        """

        def search_at(ctl: np.ndarray, pool: np.ndarray, at_depth: int) -> int:
            return int(
                search(
                    s,
                    at_depth,
                    alpha,
                    beta,
                    0,
                    *self.table,
                    ctl,
                    pool,
                    self.evaluator,
                    self.weights,
                    self.busy,
                )
            )

        def call() -> int:
            return search_at(self.ctl, self.pool, depth)

        allowed, sliced = self._allowance(nodes)
        inline = min(allowed, _INLINE_NODES)
        if self.helper_pools and allowed > _INLINE_NODES:  # (a probe of 20,000 stays inline)
            inline = min(inline, _HELPED_INLINE_NODES)
        v = self._compiled(call, inline)
        horizon = bool(self.ctl[HORIZON])  # the table keeps values found beyond it
        if self.ctl[ABORTED] and inline < allowed:
            self._check_clock()
            self.busy[:] = 0  # the marks the inline search left on its way out
            helpers = [
                _Helper(i, search_at, depth, allowed - inline, pool, self.ctl)
                for i, pool in enumerate(self.helper_pools, 1)
            ]
            v = self._in_worker(call, allowed - inline, helpers)
            horizon |= bool(self.ctl[HORIZON]) or self.helpers_horizon
            answers = [helper.value for helper in helpers if helper.value is not None]
            if self.ctl[ABORTED] and answers:  # a helper finished first: its value holds
                v = answers[0]
                self.ctl[ABORTED] = 0
        self._raise_if_aborted(sliced)
        self.reached_horizon = horizon
        return v

    def prove(self, s: np.ndarray, target: int, nodes: int = _NO_LIMIT) -> bool:
        """Does Green's exact score from unfinished state ``s`` reach ``target``?  By
        proof-number search (``proofnumbers.py``), whose verdicts go into the table as
        exact bounds; raises SearchAborted or :class:`SliceSpent` as :meth:`value`."""
        if self.proof_table is None:
            self.proof_table = self._new_proof_table()
        call = self._proof_call(s, target, self.ctl, self.pool, self.proof_table)
        allowed, sliced = self._allowance(nodes)
        numbers = self._in_worker(call, allowed)
        self._raise_if_aborted(sliced)
        return _verdict(*numbers)

    def _new_proof_table(self) -> ProofTable:
        return ProofTable.create(self.table.keys.size.bit_length() - 1)

    def _proof_call(
        self, s: np.ndarray, target: int, ctl: np.ndarray, pool: np.ndarray, proofs: ProofTable
    ) -> Callable[[], tuple[int, int]]:
        """A compiled proof-number search of ``s`` counting in ``ctl``, with ``pool``."""

        def call() -> tuple[int, int]:
            return prove(
                s,
                target,
                0,
                UNREACHABLE,
                UNREACHABLE,
                *self.table,
                *proofs,
                ctl,
                pool,
                self.evaluator,
                self.weights,
            )

        return call

    def lane_value(self, lane: Lane, s: np.ndarray, alpha: int, beta: int, nodes: int) -> int:
        """:meth:`value` (exact, no helpers) in ``lane``'s thread, which runs it at once
        (a lane is already a thread of :meth:`race`)."""

        def call() -> int:
            return int(
                search(
                    s,
                    EXACT,
                    alpha,
                    beta,
                    0,
                    *self.table,
                    lane.ctl,
                    lane.pool,
                    self.evaluator,
                    self.weights,
                    self.lane_busy,
                )
            )

        allowed, sliced = self._allowance(nodes)
        v = self._in_lane(lane, call, allowed)
        self._raise_if_aborted(sliced, lane.ctl)
        return v

    def lane_prove(self, lane: Lane, s: np.ndarray, target: int, nodes: int) -> bool:
        """:meth:`prove` in ``lane``'s thread, with the lane's own proof table."""
        if lane.proof_table is None:
            lane.proof_table = self._new_proof_table()
        call = self._proof_call(s, target, lane.ctl, lane.pool, lane.proof_table)
        allowed, sliced = self._allowance(nodes)
        numbers = self._in_lane(lane, call, allowed)
        self._raise_if_aborted(sliced, lane.ctl)
        return _verdict(*numbers)

    def _in_lane(self, lane: Lane, call: Callable[[], T], nodes: int) -> T:
        """Run a compiled search of at most ``nodes`` decisions in ``lane``, counting
        them; a lane stopped before (between two of its searches) stops it at once."""
        ctl = lane.ctl
        with self._spent_lock:  # (race reports the lanes' uncounted decisions live)
            ctl[:] = 0
            lane.counted = 0
        ctl[MAX_NODES] = nodes
        ctl[HELPER] = lane.helper
        if lane.stopped:  # set before STOP is raised (Lane.stop): this sees either
            ctl[STOP] = 1
        try:
            return call()
        finally:
            with self._spent_lock:
                self.budget.spent += lane.uncounted()
                lane.counted = int(ctl[NODES])
                self.put_off += int(ctl[PUT_OFF])

    def race(self, works: Sequence[Callable[[Lane], T]]) -> T:
        """Run each of ``works`` in its own thread and :class:`Lane` at once (they share
        the table), watching the clock, the stop event and Ctrl-C: the first to return
        stops the others, and its result is returned; if none returns, what the first
        failure raised (SearchAborted at a limit).  Every thread has ended on return."""
        while len(self.lanes) < len(works):
            self.lanes.append(Lane(len(self.lanes)))
        lanes = self.lanes[: len(works)]
        results: list[T] = []
        failures: list[BaseException] = []

        def run(work: Callable[[Lane], T], lane: Lane) -> None:
            try:
                results.append(work(lane))
            except BaseException as error:  # handed to the calling thread
                failures.append(error)
            finally:
                for other in lanes:
                    other.stop()

        for lane in lanes:
            lane.stopped = False
        threads = [
            threading.Thread(target=run, args=(work, lane), name="cernunos-lane", daemon=True)
            for work, lane in zip(works, lanes, strict=True)
        ]
        for thread in threads:
            thread.start()
        try:
            for thread in threads:
                while thread.is_alive():
                    thread.join(_POLL)
                    if self._out_of_time():
                        for lane in lanes:
                            lane.stop()
                    with self._spent_lock:
                        self.budget.report(sum(lane.uncounted() for lane in lanes))
        except KeyboardInterrupt:
            for lane in lanes:
                lane.stop()
            for thread in threads:
                thread.join()
            raise
        if results:
            return results[0]
        raise failures[0]

    def estimate(self, s: np.ndarray) -> int:
        """The evaluation of ``s`` the searches order by (Green's point of view)."""
        return int(leaf_score(s, self.evaluator, self.weights))

    def bounds(self, s: np.ndarray) -> tuple[int, int]:
        """The exact bounds the table holds on the value of ``s`` (none: +-INFINITY)."""
        table = self.table
        lower, upper = exact_bounds(
            s, table.keys, table.lower, table.upper, table.move, table.depth
        )
        return int(lower), int(upper)

    def _allowance(self, nodes: int) -> tuple[int, bool]:
        """Before a compiled search of at most ``nodes`` decisions: how many it may apply,
        and whether that is fewer than the budget has left; raises at the time limit."""
        self._check_clock()
        budget = self.budget
        remaining = _NO_LIMIT if budget.max_nodes is None else budget.max_nodes - budget.spent
        return min(remaining, nodes), nodes < remaining

    def _raise_if_aborted(self, sliced: bool, ctl: np.ndarray | None = None) -> None:
        """After a compiled search (counting in ``ctl``, by default the runner's): why it
        stopped early, if it did (``sliced``: it was given fewer decisions than the budget
        has left)."""
        ctl = self.ctl if ctl is None else ctl
        if not ctl[ABORTED]:
            return
        if ctl[STOP]:
            raise SearchAborted("stopped")
        if sliced:
            raise SliceSpent
        raise SearchAborted("node limit")

    def _compiled(self, call: Callable[[], T], nodes: int) -> T:
        """Run a compiled search of at most ``nodes`` decisions, counting them."""
        ctl = self.ctl
        ctl[:] = 0
        ctl[MAX_NODES] = nodes
        try:
            return call()
        finally:
            self.budget.spent += int(ctl[NODES])
            self.put_off += int(ctl[PUT_OFF])

    def _in_worker(self, call: Callable[[], T], nodes: int, helpers: Sequence[_Helper] = ()) -> T:
        """Search in a worker thread (and ``helpers`` beside it, stopped when it ends),
        watching the clock, the stop event and Ctrl-C; the helpers' decisions count in
        the budget (so under a node limit with helpers it is approximate).  Only this
        thread counts in the budget, after the worker ended: the live status it reports
        meanwhile (the budget's count and the worker's) never counts a decision twice."""
        result: list[T] = []
        failure: list[BaseException] = []

        def work() -> None:
            try:
                result.append(call())
            except BaseException as error:  # handed to the calling thread
                failure.append(error)
            finally:
                for helper in helpers:
                    helper.stop()

        ctl = self.ctl
        ctl[:] = 0
        ctl[MAX_NODES] = nodes
        worker = threading.Thread(target=work, name="cernunos-search", daemon=True)
        try:
            worker.start()
            for helper in helpers:
                helper.thread.start()
            while worker.is_alive():
                worker.join(_POLL)
                if self._out_of_time():
                    ctl[STOP] = 1
                self.budget.report(int(ctl[NODES]))  # a long search: its status ticks
        finally:  # (Ctrl-C, or a failing progress callback: stop the worker too)
            if worker.ident is not None:
                ctl[STOP] |= worker.is_alive()
                worker.join()
            self.budget.spent += int(ctl[NODES])
            self.put_off += int(ctl[PUT_OFF])
            self.helpers_horizon = False
            for helper in helpers:
                spent, horizon, put_off = helper.finish()
                self.budget.spent += spent
                self.helpers_horizon |= horizon
                self.helpers_put_off += put_off
        if failure:
            raise failure[0]
        return result[0]

    def _out_of_time(self) -> bool:
        budget = self.budget
        if budget.deadline is not None and time.perf_counter() > budget.deadline:
            return True
        return budget.stop is not None and budget.stop.is_set()

    def _check_clock(self) -> None:
        if self._out_of_time():
            raise SearchAborted("time limit or stop")

    def best_move(self, s: np.ndarray) -> int:
        table = self.table
        return int(table_move(s, table.keys, table.lower, table.upper, table.move, table.depth))


# Depths (in decisions) of the shallow searches that first fill the table's best
# decisions for an exact search: the exact search tries them first.
ORDERING_DEPTHS = (2, 4, 6, 8, 10, 12)
# The decisions of alpha-beta's first turn in an outcome proof (then proof-number
# search's; each turn doubles): most positions are proven within it.
FIRST_TURN = 250_000


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def _settled(lower: int, upper: int) -> bool:
    """Do these bounds on the exact value settle its sign (the outcome)?"""
    return lower >= 1 or upper <= -1 or lower == upper == 0


class CompiledExactSearch(ExactSearch):
    """:class:`ExactSearch` (outcome, strong value by bisection, lines) on the compiled core.

    Before the first exact search of a position, depth-limited searches to
    ``ORDERING_DEPTHS`` (null window around 0 on the heuristic score) fill the table's
    best decisions: they only order the exact search (their bounds are never taken for
    exact ones); on hard endgames this cut proofs by up to two orders of magnitude.

    With ``threads > 1`` an outcome is searched by alpha-beta and proof-number search at
    once (:meth:`outcome`), and other values by Lazy SMP unless ``helpers`` is False (then
    in one thread: with helpers, proofs' cost was erratic, docs/solver.md *Threads*).
    ``evaluator=LEARNED`` orders by :func:`..learned.ordering` unless ``weights`` are given.
    """

    def __init__(
        self,
        budget: Budget | None = None,
        table_bits: int = 21,
        evaluator: int = HANDWRITTEN,
        weights: np.ndarray | None = None,
        threads: int | None = 1,
        helpers: bool = True,
    ) -> None:
        if evaluator == LEARNED and weights is None:
            weights = ordering().array
        self.runner = _Runner(budget, table_bits, evaluator, weights, threads, helpers)
        self.budget = self.runner.budget
        self._ordered: set[bytes] = set()

    def value(self, p: Position, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        s = encode(p)
        self._order(s)
        return self.runner.value(s, EXACT, alpha, beta)

    def outcome(self, p: Position) -> int:
        """-1, 0 or 1: who wins with perfect play (Green's point of view).

        Alpha-beta (window -1, 1) answers it, or proof-number search the questions "does
        Green win?" and "does Green at least draw?", sharing the table: alpha-beta proves
        quickly what its order of values finds, proof-number search what needs narrow
        refutations.  In one thread they take turns, each with twice the decisions of its
        last turn; in more, they search at once (:meth:`_race`).
        """
        if p.is_over:
            return super().outcome(p)
        s = encode(p)
        self._order(s)
        if self.runner.threads == 1:
            return self._turns(s)
        with contextlib.suppress(SliceSpent):  # most proofs end here, with no thread started
            return _sign(self.runner.value(s, EXACT, -1, 1, _INLINE_NODES))
        return self._race(s)

    def _turns(self, s: np.ndarray) -> int:
        """The outcome of ``s`` by turns of alpha-beta and proof-number search."""
        runner = self.runner
        nodes = FIRST_TURN
        # What is proven of the value (kept here too: the table may replace the entry)
        lower, upper = -INFINITY, INFINITY
        while True:
            with contextlib.suppress(SliceSpent):
                return _sign(runner.value(s, EXACT, -1, 1, nodes))
            known = runner.bounds(s)
            lower, upper = max(lower, known[0]), min(upper, known[1])
            lower, upper = self._ask(s, lower, upper, runner.prove, nodes)
            if _settled(lower, upper):
                return (lower > 0) - (upper < 0)
            nodes *= 2

    def _race(self, s: np.ndarray) -> int:
        """The outcome of ``s`` by alpha-beta and proof-number search in two threads at
        once, on the shared table (each finds what the other proved there), each in turns
        of twice the decisions of its last, which take up what the table holds (alpha-beta
        from the root again, proof-number search the questions still open); the first to
        settle the outcome stops the other.  A third thread and more search by alpha-beta
        in other orders (``alphabeta.HELPER``)."""
        runner = self.runner

        def alphabeta(lane: Lane) -> int:
            nodes = FIRST_TURN
            while True:
                with contextlib.suppress(SliceSpent):
                    return _sign(runner.lane_value(lane, s, -1, 1, nodes))
                nodes *= 2

        def proofs(lane: Lane) -> int:
            nodes = FIRST_TURN
            lower, upper = -INFINITY, INFINITY
            while True:
                known = runner.bounds(s)
                lower, upper = max(lower, known[0]), min(upper, known[1])
                lower, upper = self._ask(s, lower, upper, partial(runner.lane_prove, lane), nodes)
                if _settled(lower, upper):
                    return (lower > 0) - (upper < 0)
                nodes *= 2

        return runner.race([alphabeta, proofs] + [alphabeta] * (runner.threads - 2))

    def _ask(
        self, s: np.ndarray, lower: int, upper: int, prove: Callable, nodes: int
    ) -> tuple[int, int]:
        """The bounds ``lower``..``upper`` of ``s``'s value narrowed by each question still
        open, asked with ``prove(s, target, nodes)`` (a question out of decisions stays open)."""
        for target in self._questions(s, lower, upper):
            if lower < target <= upper:  # not settled by the question before
                with contextlib.suppress(SliceSpent):
                    if prove(s, target, nodes):
                        lower = max(lower, target)
                    else:
                        upper = min(upper, target - 1)
        return lower, upper

    def _questions(self, s: np.ndarray, lower: int, upper: int) -> list[int]:
        """The questions still open (1: does Green win, 0: does Green at least draw?),
        first the one whose answer may settle the outcome alone, by the estimate."""
        questions = [t for t in (1, 0) if lower < t <= upper]
        if len(questions) == 2 and self.runner.estimate(s) < 0:
            questions.reverse()  # "no" to "at least a draw?" settles a loss
        return questions

    def _order(self, s: np.ndarray) -> None:
        key = s.tobytes()
        if key not in self._ordered:
            for depth in ORDERING_DEPTHS:
                self.runner.value(s, depth, -1, 1)
                if not self.runner.reached_horizon:
                    break  # that search reached the end everywhere: the table is exact
            self._ordered.add(key)

    def principal_variation(
        self, p: Position, matches: Callable[[int], bool], window: tuple[int, int]
    ) -> list[int]:
        """A line of best decisions: at each step a child whose value still ``matches``."""
        runner = self.runner
        out = new_options()
        s = encode(p)
        line: list[int] = []
        while not is_over(s) and len(line) < 400:
            first = runner.best_move(s)
            codes = option_codes(s)
            for code in ([first] if first in codes else []) + [c for c in codes if c != first]:
                c, _ = child(s, code, out)
                if matches(runner.value(c, EXACT, *window)):
                    line.append(code)
                    s = c
                    break
            else:  # cannot happen for a correct value; stop rather than loop
                break
        return line


class CompiledDepthSearch:
    """:class:`..search.DepthSearch` on the compiled core.

    ``evaluator`` scores the horizon: ``HANDWRITTEN`` (0, ``heuristic_score``) or
    ``LEARNED`` (1, the learned value with ``weights``, by default the shipped ones; its
    scores map back to the learned value through ``values.estimate``).  Finished games
    found by a learned search are worth ``PROVEN_BASE`` more than their score (sign kept),
    beyond every learned estimate."""

    def __init__(
        self,
        budget: Budget | None = None,
        table_bits: int = 21,
        evaluator: int = HANDWRITTEN,
        weights: np.ndarray | None = None,
        threads: int | None = 1,
    ) -> None:
        self.runner = _Runner(budget, table_bits, evaluator, weights, threads, search="alphabeta")
        self.budget = self.runner.budget
        self.reached_horizon = False
        self.helpers_horizon = False  # did a helper of the last search reach a horizon

    def value(self, p: Position, depth: int, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        v = self.runner.value(encode(p), depth, alpha, beta)
        self.reached_horizon |= self.runner.reached_horizon
        return v

    def principal_variation(self, p: Position, depth: int) -> list[int]:
        out = new_options()
        s = encode(p)
        line: list[int] = []
        while not is_over(s) and len(line) < depth:
            code = self.runner.best_move(s)
            if code < 0 or code not in option_codes(s):
                break
            line.append(code)
            s, _ = child(s, code, out)
        return line
