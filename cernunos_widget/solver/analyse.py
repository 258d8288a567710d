"""The analysis API, in the style of python-chess's engine module.

>>> from cernunos_widget.solver import Limit, analyse, solve
>>> infos = analyse(position, Limit(time=2), multipv=3)   # the 3 best first decisions
>>> for info in analysis(position, Limit(time=5)): ...    # improving results, live
>>> solve(endgame).outcome                                 # 'win' / 'draw' / 'loss', proven

Values are for the player who makes the first decision at ``position`` (its decider, the
``turn`` of each result; ``info.pov.green()`` gives Green's view, :mod:`.pov`).
A value is *proven* only when the search reached the end of the game on every line that
matters; anything else is an *estimate*: the expected result for that player, from -1 (a
certain loss) to +1 (a certain win), draws 0, calibrated (:mod:`.calibration`), never
presented as exact.  ``engine="auto"`` (the default) uses the strongest measured method
(:func:`auto_method`); each :class:`Info` names the method behind it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ..engine import CernunosError, Decision, Player, Position
from ..engine.decisions import code_to_text, decision_of
from ..engine.errors import InvalidLimitError, clip
from ..i18n import refusal
from .calibration import calibrated
from .compiled.evaluation import HANDWRITTEN, LEARNED
from .compiled.searchers import CompiledDepthSearch, CompiledExactSearch
from .mcts import DEFAULT_MEMORY_MB, Mcts, check_memory_mb
from .pov import OUTCOMES, PovValue, Value, seen_by, turn_at
from .prepare import prepare_engine
from .root_parallel import RootParallelMcts
from .search import Budget, SearchAborted
from .threads import search_threads
from .values import describe_score, estimate, final_score, heuristic_score

# Below this many tokens left in both reserves together, analysis first tries to prove.
EXACT_RESERVE_LIMIT = 8
EXACT_SHARE = 0.5  # of a time limit, for those proofs
MARGIN_MIN_SECONDS = 0.25  # the least time given to the margins of proven outcomes


@dataclass(frozen=True)
class Limit:
    """When to stop: seconds, search nodes, depth (decisions ahead); None = no limit.

    Each is ``None`` or a finite number above 0 (``time`` an int or float, ``nodes`` and
    ``depth`` ints); anything else raises :class:`InvalidLimitError` here, when the limit
    is built. "Until stopped" is ``time=None``, never ``inf``.
    """

    time: float | None = None
    nodes: int | None = None
    depth: int | None = None

    def __post_init__(self) -> None:
        _check_limit("time", self.time, whole=False)
        _check_limit("nodes", self.nodes, whole=True)
        _check_limit("depth", self.depth, whole=True)


LIMIT_MAX = 10**18  # the largest limit: the compiled search counts nodes in int64


def _check_limit(name: str, value: object, *, whole: bool) -> None:
    """``value`` is None or a finite number above 0 (an int if ``whole``), else raise."""
    if value is None:
        return
    types = (int,) if whole else (int, float)
    what = "an int" if whole else "seconds (an int or float)"
    accepted = f"Limit({name}=...) is None (no limit) or {what} above 0 and at most 1e18"
    if isinstance(value, bool) or not isinstance(value, types):
        raise InvalidLimitError(f"{accepted}, not {clip(value)}")
    if not 0 < value <= LIMIT_MAX:  # also refuses nan (no comparison holds) and inf
        shown = clip(value) if isinstance(value, int) else repr(value)
        raise InvalidLimitError(f"{accepted}, not {shown}")


@dataclass
class Info:
    """What the analysis knows about one first decision.

    Every value is the root's decider's (``turn``); :attr:`pov` knows it, so
    ``info.pov.green()`` is Green's view.
    """

    decision: Decision
    proven: bool
    outcome: str | None  # 'win' / 'draw' / 'loss' for the root's decider, when proven
    score: int | None  # the strong value (R-17 margins, see values.py) for it, when proven
    estimate: float  # expected result -1 .. 1 for the root's decider (1 / 0 / -1 if proven)
    pv: list[Decision] = field(default_factory=list)  # starts with ``decision``
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    engine: str = "alphabeta-handwritten"  # the method behind this value (one of METHODS)
    raw: float | None = None  # the search's own output before calibration (None if proven)
    turn: Player | None = None  # the root's decider, whose view the values are (None: unsaid)
    effort: float | None = None  # the calibration's effort: MCTS nodes a tree, alpha-beta depth

    @property
    def relative(self) -> Value:
        """The value from the root's decider's view (the player is not in it: :attr:`pov`)."""
        if self.proven:
            return Value(self.estimate, self.outcome, self.score)
        return Value(self.estimate)

    @property
    def pov(self) -> PovValue:
        """The value and whose view it is; :class:`.pov.PovError` if ``turn`` is unsaid."""
        return PovValue(self.relative, self.turn)

    @property
    def nps(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    @property
    def merit(self) -> float:
        """Sort key for the root's decider: proven wins, then estimates, then losses."""
        if self.proven:
            base = {"win": 2.0, "draw": 0.0, "loss": -2.0}[self.outcome]
            return base + (self.score or 0) / 1e7
        return self.estimate

    def value_text(self) -> str:
        """``win proven``, ``draw proven``, ``loss proven`` or ``estimate 0.31``."""
        if self.proven:
            return f"{self.outcome} proven"
        return f"estimate {self.estimate:.2f}"

    def __str__(self) -> str:
        """The ``cernunos solve`` line: ``win proven : B@b2 a1 T@c3``."""
        return f"{self.value_text()} : {' '.join(str(d) for d in self.pv)}"

    def describe(self) -> str:
        """In words, for people."""
        if self.proven and self.score is not None:
            return f"{self.decision}: {describe_score(self.score)} (proven)"
        return f"{self.decision}: {self.value_text()}"


@dataclass
class Solution:
    """The result of :func:`solve`."""

    proven: bool
    outcome: str | None  # for the decider at the position (Green's if it is over)
    score: int | None  # the strong value for the same player, when proven
    pv: list[Decision]
    nodes: int
    seconds: float
    turn: Player | None = None  # that player, whose view the values are (None: unsaid)
    margin_asked: bool = False  # the strong value was asked for (``score`` None: not reached)

    @property
    def margin_out_of_reach(self) -> bool:
        """The outcome is proven but the margin asked for was not, within the limit."""
        return self.proven and self.margin_asked and self.score is None

    @property
    def pov(self) -> PovValue | None:
        """The proven value and whose view it is (None when not proven)."""
        if not self.proven:
            return None
        return PovValue(Value.exact(OUTCOMES[self.outcome], self.score), self.turn)

    def __str__(self) -> str:
        if not self.proven:
            return f"not provable within the limit ({self.nodes} nodes, {self.seconds:.2f}s)"
        words = describe_score(self.score) if self.score is not None else self.outcome
        if self.margin_out_of_reach:
            words += " (the margin was not proven within the limit)"
        return f"{words}, proven: {' '.join(str(d) for d in self.pv)}"


def proof_ordering(position: Position) -> int:
    """The evaluation that orders exact searches at ``position``: the learned one under
    the standard rules, which it was trained on (it proves wide endgames orders of
    magnitude sooner, docs/solver.md), else the handwritten heuristic (D-10 variants)."""
    return LEARNED if position.rules.is_standard else HANDWRITTEN


def _budget(
    limit: Limit | None,
    stop: threading.Event | None,
    progress: Callable[[int, float], None] | None = None,
) -> Budget:
    limit = limit or Limit()
    return Budget(seconds=limit.time, nodes=limit.nodes, stop=stop, progress=progress)


def solve(
    position: Position,
    limit: Limit | None = None,
    *,
    strong: bool = True,
    stop: threading.Event | None = None,
    evaluator: int | None = None,
    threads: int | None = None,
) -> Solution:
    """Solve exactly, or say honestly that it could not be done within ``limit``.

    The search orders its decisions by ``evaluator`` (by default the learned evaluation
    under the standard rules, :func:`proof_ordering`); the values are exact either way.
    With ``threads`` > 1 (None: every core, :mod:`.threads`) alpha-beta and proof-number
    search prove the outcome at once, in two threads (a third and more: alpha-beta in other
    orders); the margin is searched in one thread (with Lazy SMP helpers proofs' cost was
    erratic, docs/solver.md *Threads*).  ``threads=1`` is one thread and deterministic.
    The clock starts once the search engine is ready (:func:`.prepare.prepare_engine`)."""
    threads = search_threads(threads)
    prepare_engine(search="exact")
    budget = _budget(limit, stop)
    turn = turn_at(position)
    if evaluator is None:
        evaluator = proof_ordering(position)
    search = CompiledExactSearch(budget, evaluator=evaluator, threads=threads, helpers=False)
    try:  # the outcome first, with a line reaching it: proven even if the margin is not
        outcome = search.outcome(position)
        line = search.principal_variation(
            position, lambda v: (v > 0) - (v < 0) == outcome, (-1, 1)
        )
    except (SearchAborted, KeyboardInterrupt):
        return Solution(False, None, None, [], budget.spent, budget.elapsed(), turn)
    score = None
    if strong:
        try:
            score = search.strong_value(position, outcome)
            line = search.principal_variation(
                position, lambda v: v == score, (score - 1, score + 1)
            )
        except (SearchAborted, KeyboardInterrupt):
            score = None  # the margin is out of reach: the outcome and its line stay proven
    mine = PovValue(Value.exact(outcome, score), Player.GREEN).pov(turn)  # the search's: Green's
    return Solution(
        True,
        mine.outcome,
        mine.strong,
        [decision_of(c) for c in line],
        budget.spent,
        budget.elapsed(),
        turn,
        margin_asked=strong,
    )


ENGINES = ("alphabeta", "mcts", "auto")
# The methods behind estimates: each search with the handwritten heuristic (alpha-beta's
# horizon, MCTS's random playouts) or with the learned evaluation (solver/learned.py:
# alpha-beta's horizon and ordering, MCTS's leaves instead of playouts).  Each has its own
# calibration curve and can be named as an engine too.
METHODS = ("alphabeta-handwritten", "mcts-playouts", "alphabeta-learned", "mcts-learned")
# What engine="alphabeta" and engine="mcts" run: the learned evaluation under the standard
# rules, which it was trained on; the handwritten heuristic under rule variants (D-10).
SEARCHES = {
    "alphabeta": ("alphabeta-learned", "alphabeta-handwritten"),
    "mcts": ("mcts-learned", "mcts-playouts"),
}
# What engine="auto" uses before the endgame: the strongest method measured at equal time
# (benchmarks/strength.py, docs/solver.md).
AUTO_ESTIMATES = "mcts-learned"
# ... except near the end: with at most this many tokens left in both reserves, alpha-beta
# (proofs, then depth-limited search that mostly reaches the end) kept the proven outcome
# more often on the critical endgames (benchmarks/accuracy.py) ...
AUTO_ALPHABETA_RESERVES = 10
# ... with the handwritten heuristic (it kept more than the learned one there), and under a
# depth or node limit (the deterministic bots behind the committed data, benchmarks/sets.py)
AUTO_ENDGAME = "alphabeta-handwritten"
# ... but where analysis proves (at most EXACT_RESERVE_LIMIT tokens left), the proofs are
# ordered by the learned evaluation under the standard rules: wide endgames are proven
# orders of magnitude sooner (benchmarks/frontier.py).
AUTO_PROOFS = "alphabeta-learned"
# ... and under rule variants (D-10), whose positions the learned weights were not trained
# on: MCTS with random playouts, which follow the position's own rules.
AUTO_VARIANT_ESTIMATES = "mcts-playouts"


class UnknownEngineError(CernunosError):
    """An analysis engine name that is not one of :data:`ENGINES` (or :data:`METHODS`)."""


def check_engine(engine: object) -> str:
    """``engine`` if it names an analysis engine; else :class:`UnknownEngineError`."""
    if engine not in ENGINES and engine not in METHODS:
        names = ", ".join(dict.fromkeys(ENGINES + METHODS))
        raise refusal(UnknownEngineError, "solver.unknown_engine", engine=clip(engine), names=names)
    return engine


def method_of(engine: str, limit: Limit, position: Position) -> str:
    """The method (one of :data:`METHODS`) that ``engine`` runs at ``position``: a method
    runs itself; ``alphabeta`` and ``mcts`` run their search with the learned evaluation
    under the standard rules and the handwritten one under a variant (:data:`SEARCHES`);
    ``auto`` runs :func:`auto_method`."""
    if engine in METHODS:
        return engine
    if engine in SEARCHES:
        learned, handwritten = SEARCHES[engine]
        return learned if position.rules.is_standard else handwritten
    return auto_method(limit, position)


def auto_method(limit: Limit, position: Position) -> str:
    """What ``engine="auto"`` runs: alpha-beta (which proves small endgames) when the
    limit counts depth or nodes (its notions: a depth in decisions, an exact node count)
    or when at most :data:`AUTO_ALPHABETA_RESERVES` tokens are left in both reserves
    (:data:`AUTO_PROOFS` where it proves, under the standard rules); else
    :data:`AUTO_ESTIMATES` under the standard rules (the learned evaluation's) and
    :data:`AUTO_VARIANT_ESTIMATES` under a variant."""
    if limit.depth is not None or limit.nodes is not None:
        return AUTO_ENDGAME
    reserves = position.reserve_size("g") + position.reserve_size("p")
    standard = position.rules.is_standard
    if reserves <= EXACT_RESERVE_LIMIT and standard:
        return AUTO_PROOFS
    if reserves <= AUTO_ALPHABETA_RESERVES:
        return AUTO_ENDGAME
    return AUTO_ESTIMATES if standard else AUTO_VARIANT_ESTIMATES


def search_of(method: str, position: Position) -> str:
    """The compiled search (:func:`.prepare.prepare_engine`'s ``search``) that ``method``
    runs at ``position``: MCTS, or alpha-beta, with proofs near the end (:func:`_proofs`)."""
    if method.startswith("mcts"):
        return "mcts"
    reserves = position.reserve_size("g") + position.reserve_size("p")
    return "exact" if reserves <= EXACT_RESERVE_LIMIT else "alphabeta"


def analysis_search(position: Position, engine: str = "auto", limit: Limit | None = None) -> str:
    """The compiled search an analysis of ``position`` by ``engine`` runs (what to prepare
    before it: :func:`.prepare.prepare_engine`, :func:`.prepare.warm_up`)."""
    return search_of(method_of(check_engine(engine), limit or Limit(), position), position)


def _evaluator(method: str) -> int:
    return LEARNED if method.endswith("-learned") else HANDWRITTEN


def analysis(
    position: Position,
    limit: Limit | None = None,
    multipv: int = 1,
    *,
    stop: threading.Event | None = None,
    engine: str = "auto",
    memory_mb: float = DEFAULT_MEMORY_MB,
    threads: int | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> Iterator[list[Info]]:
    """Yield improving lists of the ``multipv`` best first decisions until ``limit``.

    ``engine="alphabeta"`` proves what it can and estimates the rest by iterative
    deepening; ``engine="mcts"`` runs Monte Carlo tree search (MCTS-Solver proves
    outcomes too; ``limit.depth`` does not apply to it), best by visits first; both with
    the learned evaluation under the standard rules (:func:`method_of`; a method of
    :data:`METHODS` pins the evaluation).  ``engine="auto"`` (the default) runs the
    strongest measured method: alpha-beta in endgames and under a depth or node limit,
    else :data:`AUTO_ESTIMATES` (:func:`auto_method`).  Every estimate is on the
    calibrated scale.
    ``memory_mb`` bounds the MCTS tree (MiB; when full, the search goes on without adding
    nodes); alpha-beta's table has a fixed size.
    ``threads`` (None: every core this process may use, :mod:`.threads`) search
    alpha-beta's table together (Lazy SMP), or grow that many MCTS trees merged at the
    root; the proofs near the end race alpha-beta and proof-number search (:func:`solve`);
    under a node limit with several threads the count is approximate (the helpers'
    decisions are counted when they stop).
    There is always at least one list: if the limit ends the search before its first
    result, the last list rates each decision by the heuristic score of its child.
    The clock starts once the search engine is ready (:func:`.prepare.prepare_engine`).
    ``progress(decisions, seconds)``, if given, is told how far alpha-beta is between two
    results (after each first decision, and every few milliseconds of a long search), so a
    status can tick during a long iteration.
    """
    if position.is_over:
        raise ValueError(f"the game is over ({position.result()}): nothing to analyse")
    if multipv < 1:
        raise ValueError(f"multipv must be at least 1, not {multipv}")
    check_engine(engine)
    memory_mb = check_memory_mb(memory_mb)
    threads = search_threads(threads)
    limit = limit or Limit()
    engine = method_of(engine, limit, position)
    prepare_engine(search=search_of(engine, position))
    if engine.startswith("alphabeta"):
        results = _improving(position, limit, multipv, stop, engine, threads, progress)
    else:
        budget = _budget(limit, stop)
        results = _mcts_improving(position, budget, multipv, memory_mb, engine, threads)
    produced = False
    for infos in results:
        produced = True
        yield infos
    if not produced:
        yield _at_a_glance(position, multipv)


def _at_a_glance(position: Position, multipv: int) -> list[Info]:
    """Each first decision rated by the heuristic score of its child (depth 1, no search),
    for the decider."""
    turn = turn_at(position)
    infos = []
    for code in position.option_codes:
        child = position.child(code)
        score = final_score(child) if child.is_over else heuristic_score(child)  # Green's
        raw = estimate(seen_by(turn, score))
        infos.append(
            Info(
                decision_of(code),
                False,
                None,
                None,
                calibrated(AUTO_ENDGAME, raw),
                [decision_of(code)],
                1,
                raw=raw,
                turn=turn,
            )
        )
    return sorted(infos, key=lambda i: -i.merit)[:multipv]


MCTS_SLICE = 2_000  # playouts between two results of a live MCTS analysis
# ... and at least this long with several trees: their threads wait for each other once a
# slice (2,000 playouts are about 7 ms of a learned search: the wait cost a third)
PARALLEL_SLICE_SECONDS = 0.05


def _mcts_improving(
    position: Position,
    budget: Budget,
    multipv: int,
    memory_mb: float,
    method: str,
    threads: int,
) -> Iterator[list[Info]]:
    """MCTS results (``method``: ``mcts-playouts`` or ``mcts-learned``), best by visits
    first, for the root's decider; ``threads`` trees merged at the root if more than one
    (:mod:`.root_parallel`)."""
    turn = turn_at(position)
    evaluator = _evaluator(method)
    trees = [
        Mcts(position, budget=budget, seed=i, memory_mb=memory_mb / threads, evaluator=evaluator)
        for i in range(threads)
    ]
    parallel = RootParallelMcts(trees) if threads > 1 else None
    tree = parallel or trees[0]
    words = {1: "win", 0: "draw", -1: "loss"}
    while True:
        try:
            if parallel is None:
                more = trees[0].run(MCTS_SLICE)
            else:
                more = parallel.run(MCTS_SLICE, PARALLEL_SLICE_SECONDS)
        except KeyboardInterrupt:
            more = False
        effort = budget.spent / threads  # nodes a tree: what the curves depend on
        infos = [
            Info(
                r.decision,
                r.proven is not None,
                words.get(r.proven),
                None,
                r.value if r.proven is not None else calibrated(method, r.value, effort),
                r.pv,
                len(r.pv),
                budget.spent,
                budget.elapsed(),
                engine=method,
                raw=None if r.proven is not None else r.value,
                effort=None if r.proven is not None else effort,
                turn=turn,
            )
            for r in tree.results()
        ]
        if infos:
            yield infos[:multipv]
        if not more or tree.root.proven is not None:
            return


def _ranked(infos: dict[int, Info], budget: Budget, multipv: int) -> list[Info]:
    for info in infos.values():
        info.nodes, info.seconds = budget.spent, budget.elapsed()
    return sorted(infos.values(), key=lambda i: -i.merit)[:multipv]


def _proofs(
    position: Position,
    budget: Budget,
    multipv: int,
    proven: dict[int, Info],
    method: str,
    threads: int,
) -> Iterator[list[Info]]:
    """With at most :data:`EXACT_RESERVE_LIMIT` tokens left in both reserves, prove each
    first decision's outcome within :data:`EXACT_SHARE` of the time (filling ``proven``, by
    code), then the shown lines' margins within :func:`_margin_deadline`.

    Returns True when the analysis is finished, as a mate search stops at a mate: every
    outcome proven, or ``multipv`` proven wins (nothing can rank above them), or stopped.
    Else False: the rest of the time goes to estimates of the unproven decisions.
    """
    reserves = position.reserve_size("g") + position.reserve_size("p")
    if reserves > EXACT_RESERVE_LIMIT:
        return False
    turn = turn_at(position)
    codes = position.option_codes
    children = {code: position.child(code) for code in codes}
    green_outcome: dict[int, int] = {}  # -1 / 0 / 1 from Green's point of view
    # each outcome raced in ``threads`` threads (Lazy SMP helpers made proofs erratic)
    evaluator = _evaluator(method)
    exact = CompiledExactSearch(budget, evaluator=evaluator, threads=threads, helpers=False)
    deadline = budget.deadline
    if deadline is not None:  # proofs get half the time; estimates the rest if they fail
        budget.deadline = budget.started + (deadline - budget.started) * EXACT_SHARE
    try:
        for code in codes:
            child = children[code]
            outcome = green_outcome[code] = exact.outcome(child)
            line = [
                code,
                *exact.principal_variation(
                    child, lambda v, o=outcome: (v > 0) - (v < 0) == o, (-1, 1)
                ),
            ]
            mine = Value.exact(seen_by(turn, outcome))  # the search's outcome is Green's
            proven[code] = Info(
                decision_of(code),
                True,
                mine.outcome,
                None,
                mine.number,
                [decision_of(c) for c in line],
                depth=len(line),
                engine=method,
                turn=turn,
            )
            budget.report()
            if sum(info.outcome == "win" for info in proven.values()) >= multipv:
                break  # the best multipv values are known: proven wins
    except (SearchAborted, KeyboardInterrupt) as stopped:
        budget.deadline = deadline
        asked = budget.stop is not None and budget.stop.is_set()
        if asked or isinstance(stopped, KeyboardInterrupt):
            if proven:
                yield _ranked(proven, budget, multipv)
            return True
        return False
    yield _ranked(proven, budget, multipv)
    if budget.deadline is not None:
        budget.deadline = min(budget.deadline, _margin_deadline(budget))
    try:
        for info in _ranked(proven, budget, multipv):  # refine the shown lines to margins
            code = info.decision.code
            score = exact.strong_value(children[code], green_outcome[code])
            line = [
                code,
                *exact.principal_variation(
                    children[code], lambda v, s=score: v == s, (score - 1, score + 1)
                ),
            ]
            info.score = seen_by(turn, score)  # the search's strong value is Green's
            info.pv = [decision_of(c) for c in line]
            info.depth = len(line)
    except (SearchAborted, KeyboardInterrupt):
        pass  # a margin out of reach: the proven outcomes stand
    finally:
        budget.deadline = deadline
    yield _ranked(proven, budget, multipv)
    return True


def _margin_deadline(budget: Budget) -> float:
    """When the margins of proven outcomes stop being refined: after as long again as the
    outcomes took (at least :data:`MARGIN_MIN_SECONDS`), so that a proven answer comes
    back soon even where its exact margin is far out of reach."""
    now = time.perf_counter()
    return now + max(MARGIN_MIN_SECONDS, now - budget.started)


def _improving(
    position: Position,
    limit: Limit,
    multipv: int,
    stop: threading.Event | None,
    method: str,
    threads: int,
    progress: Callable[[int, float], None] | None = None,
) -> Iterator[list[Info]]:
    budget = _budget(limit, stop, progress)
    turn = turn_at(position)
    codes = position.option_codes
    children = {code: position.child(code) for code in codes}
    proven: dict[int, Info] = {}
    if (yield from _proofs(position, budget, multipv, proven, method, threads)):
        return
    depth_search = CompiledDepthSearch(budget, evaluator=_evaluator(method), threads=threads)
    max_depth = limit.depth if limit.depth is not None else 200
    for depth in range(1, max_depth + 1):
        current: dict[int, Info] = dict(proven)
        depth_search.reached_horizon = False
        try:
            for code in codes:
                if code in proven:
                    continue
                child = children[code]
                v = depth_search.value(child, depth - 1)
                line = [code, *depth_search.principal_variation(child, depth - 1)]
                raw = estimate(seen_by(turn, v))  # v is Green's
                current[code] = Info(
                    decision_of(code),
                    False,
                    None,
                    None,
                    calibrated(method, raw, depth),
                    [decision_of(c) for c in line],
                    depth=depth,
                    engine=method,
                    raw=raw,
                    effort=depth,
                    turn=turn,
                )
                budget.report()
        except (SearchAborted, KeyboardInterrupt):
            return
        yield _ranked(current, budget, multipv)
        if not depth_search.reached_horizon:
            return  # every line reached the end: deeper search would change nothing


def analyse(
    position: Position,
    limit: Limit | None = None,
    multipv: int = 1,
    *,
    progress: bool = False,
    stop: threading.Event | None = None,
    engine: str = "auto",
    memory_mb: float = DEFAULT_MEMORY_MB,
    threads: int | None = None,
) -> list[Info]:
    """The best ``multipv`` first decisions, best first (the last result of
    :func:`analysis`, in ``threads`` threads: None is every core).  Ctrl-C stops
    cleanly and returns the best result so far."""
    best: list[Info] = []
    limit = limit or Limit(time=1.0)
    search = analysis_search(position, engine, limit)
    prepare_engine(progress or None, search)  # before the clock; with a bar if it compiles
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(desc="analysing", unit=" results", leave=False)
    try:
        for infos in analysis(
            position,
            limit,
            multipv,
            stop=stop,
            engine=engine,
            memory_mb=memory_mb,
            threads=threads,
        ):
            best = infos
            if bar is not None:
                bar.set_postfix_str(f"{best[0].value_text()} {best[0].decision}")
                bar.update(1)
    except KeyboardInterrupt:
        pass
    finally:
        if bar is not None:
            bar.close()
    return best


def best_decision(
    position: Position,
    limit: Limit | None = None,
    *,
    engine: str = "auto",
    threads: int | None = None,
) -> Decision:
    """The decision the analysis rates best (the first legal one if it found nothing)."""
    infos = analyse(position, limit or Limit(time=1.0), engine=engine, threads=threads)
    return infos[0].decision if infos else position.legal_decisions()[0]


def line_text(codes: list[int]) -> str:
    return " ".join(code_to_text(c) for c in codes)
