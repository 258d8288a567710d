"""The analysis session: one game tree, the node the user stands on, and background jobs.

Plain Python (no traitlets, no anywidget): the widget is a thin adapter over it, and a
notebook cell, a test or a future static player can drive it alike.  Every operation is one
method with one answer (the node it leads to) or a :class:`~.engine.CernunosError` with the
reason; the state is unchanged by a refusal.

Thread safety: every operation and every result a job delivers runs under one lock.  A job
(an analysis, a game review) is tagged with the game's *generation* and the node it works
on; replacing the game starts a new generation, and a result for another generation or for
a node that was deleted is dropped, so it can never land on the wrong node or game.

Listeners receive a :class:`Change` after each operation (under the lock, so changes arrive
in the order they happened): the nodes created or changed, the ids removed, the new current
node, the analysis state.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from ..engine import CernunosError, IllegalDecisionError, Kind, Position, Step
from ..engine.position import DecisionLike
from ..i18n import Message, refusal
from ..record.text import GLYPHS
from ..record.tree import Game, GameNode
from .analyses import AnalysisMemory, stored_state, worth_keeping
from .delta import analysis_delta
from .jobs import Analyser, analysis_work, limit_text, mark_text, node_eval, review_work
from .page import ExplorerLike, NodeDisplay
from .solver_gate import missing_module, require_solver
from .stream import Apply, JobStream
from .throttle import Throttle
from .worker import Job, Worker

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..solver import Limit
    from .review import NodeReview, ReviewCache


class UnknownNodeError(CernunosError):
    """A node id that is not (or no longer) in the game."""


class SessionError(CernunosError):
    """An operation that makes no sense in the session's state (e.g. a stale request)."""


class NoAnalysisLineError(SessionError):
    """A best line of the analysis asked for that the analysis does not have."""


@dataclass
class Change:
    """What one operation changed, for the views (the widget sends it to the page)."""

    generation: int
    nodes: list[GameNode] = field(default_factory=list)  # created or changed (deduplicated)
    created: set[int] = field(default_factory=set)  # ids among ``nodes`` that are new
    removed: list[int] = field(default_factory=list)
    current: int | None = None
    analysis: dict | None = None
    analysis_delta: dict | None = None  # ``analysis`` as what changed (:mod:`.delta`), if it can be
    review: dict | None = None
    analyses: dict[int, dict | None] = field(default_factory=dict)  # remembered (None: forgotten)
    explorer: bool = False  # the opening explorer was set (or removed)
    reset: bool = False  # a new game: every node is new

    def touch(self, node: GameNode, created: bool = False) -> None:
        if all(n is not node for n in self.nodes):
            self.nodes.append(node)
        if created:
            self.created.add(node.id)

    def __bool__(self) -> bool:
        return bool(
            self.nodes or self.removed or self.reset or self.explorer
            or self.current is not None or self.analysis is not None or self.review is not None
            or bool(self.analyses)
        )


Listener = Callable[[Change], None]
NodeRef = GameNode | int | None


class Session:
    """A game tree, the current node and the jobs working on them; what the nodes show
    in ``language`` (``"en"`` or ``"fr"``)."""

    def __init__(self, game: Game | None = None, language: str = "en") -> None:
        self.lock = threading.RLock()
        self._game = game or Game()
        self._generation = 0
        self._current = self._game.root.end()
        self._listeners: list[Listener] = []
        self._jobs: dict[str, Job] = {}  # each task's latest job
        self._workers: dict[str, Worker] = {}  # each task's one thread
        self._analysis: dict = {}
        self._analysis_seq = 0  # numbers the analysis states published (deltas name theirs)
        self._analyses = AnalysisMemory()  # each analysed node's last finished analysis
        self._review: dict = {}
        self._evals: dict[int, dict] = {}  # node id -> its review evaluation (Green's side)
        self._review_cache: ReviewCache | None = None
        self._following: dict | None = None  # the analysis that follows the board (its settings)
        self._pending: Change | None = None
        self._display = NodeDisplay(language)
        self._explorer: ExplorerLike | None = None
        # makes each job's throttle (:mod:`.stream`): tests give one with a fake clock
        self.throttle: Callable[[], Throttle] = Throttle

    # ------------------------------------------------------------------ reading

    @property
    def game(self) -> Game:
        return self._game

    @property
    def generation(self) -> int:
        """Counts game replacements: results of an older generation are dropped."""
        return self._generation

    @property
    def node(self) -> GameNode:
        return self._current

    @property
    def position(self) -> Position:
        return self._current.position

    @property
    def analysis(self) -> dict:
        """The latest analysis state sent to the listeners (node, status, lines ...), {}
        before any; a running analysis sends at most ten a second, the final one at once."""
        return self._analysis

    @property
    def analyses(self) -> dict[int, dict]:
        """The finished analysis (best lines) of each node analysed, by node id: the last
        :data:`.analyses.MAX_ANALYSES` nodes analysed, while they are in the game."""
        with self.lock:
            return self._analyses.to_dict()

    def stored_analysis(self, node: NodeRef = None) -> dict | None:
        """The remembered analysis of ``node`` (default: current), or None."""
        with self.lock:
            return self._analyses.get(self.resolve(node).id)

    @property
    def review_state(self) -> dict:
        """The latest game review's progress (status), {} before any."""
        return self._review

    @property
    def review_cache(self) -> ReviewCache:
        """The evaluations of every review of this session, by position (kept across games)."""
        if self._review_cache is None:
            from .review import ReviewCache

            self._review_cache = ReviewCache()
        return self._review_cache

    @property
    def display(self) -> NodeDisplay:
        """What each node shows (view, move text), computed once per node."""
        return self._display

    @property
    def language(self) -> str:
        """The language of what the nodes show."""
        return self._display.language

    @property
    def explorer(self) -> ExplorerLike | None:
        """The opening explorer the page lists the current node's decisions from (or None)."""
        return self._explorer

    def evaluation(self, node: GameNode) -> dict | None:
        """``node``'s evaluation by the latest review (``green``, ``proven``, ``text``...)."""
        return self._evals.get(node.id)

    @property
    def jobs(self) -> list[Job]:
        """The jobs still running."""
        with self.lock:
            return [j for j in self._jobs.values() if j.is_alive()]

    def resolve(self, node: NodeRef) -> GameNode:
        """The node meant by ``node`` (a node, an id, or None for the current one)."""
        if node is None:
            return self._current
        if isinstance(node, GameNode):
            if node in self._game:
                return node
            raise UnknownNodeError(f"node #{node.id} is not in this game (deleted or replaced)")
        if isinstance(node, bool) or not isinstance(node, int):
            raise UnknownNodeError(f"a node is a GameNode or an int id, not {node!r}")
        try:
            return self._game.node(node)
        except ValueError:
            raise refusal(
                UnknownNodeError, "refusal.no_node", node=node, last=self._game.next_id - 1
            ) from None

    # ------------------------------------------------------------------ listeners

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(change)`` after each change; returns the unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _change(self) -> Change:
        if self._pending is None:
            self._pending = Change(self._generation)
        return self._pending

    def _publish(self) -> None:
        change, self._pending = self._pending, None
        if change:
            for listener in list(self._listeners):
                listener(change)

    def _operation(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` under the lock as one operation and publish what it changed."""
        with self.lock:
            try:
                result = fn()
            except BaseException:
                self._pending = None
                raise
            self._publish()
            return result

    def _set_current(self, node: GameNode) -> None:
        if node is not self._current:
            self._current = node
            self._change().current = node.id
            if self._following is not None:  # an analysis that follows the board restarts here
                self._keep_live_lines()
                self._start_analysis(node, self._following)

    # ------------------------------------------------------------------ operations

    def play(self, decisions: str | Iterable[DecisionLike], node: NodeRef = None) -> GameNode:
        """Play decisions from ``node`` (default: current), branching if new; all or nothing."""
        items = decisions.split() if isinstance(decisions, str) else list(decisions)
        if not items:
            raise refusal(SessionError, "refusal.nothing_to_play")

        def run() -> GameNode:
            here, steps = _follow(self.resolve(node), items)  # raises before the tree changes
            for step in steps:
                child = here.attach(step)
                self._change().touch(here)  # its list of children changed
                self._change().touch(child, created=True)
                here = child
            self._set_current(here)
            return here

        return self._operation(run)

    def goto(self, node: NodeRef) -> GameNode:
        """Make ``node`` the current node."""

        def run() -> GameNode:
            target = self.resolve(node)
            self._set_current(target)
            return target

        return self._operation(run)

    def back(self) -> GameNode:
        """Go back one decision (to the parent; stays at the root)."""
        with self.lock:
            return self.goto(self._current.parent or self._current)

    def forward(self) -> GameNode:
        """Go one decision forward along the main continuation (stays at a line's end)."""
        with self.lock:
            return self.goto(self._current.main_child() or self._current)

    def promote(self, node: NodeRef = None) -> GameNode:
        """Make the variation holding ``node`` the main line at its branch point."""

        def run() -> GameNode:
            target = self.resolve(node)
            start = target.variation_start()
            if start.parent is not None:
                target.promote_to_main()
                self._change().touch(start.parent)
            return target

        return self._operation(run)

    def delete(self, node: NodeRef = None) -> GameNode:
        """Delete ``node`` and what follows it; the current node moves to its parent if
        it was inside.  Returns the (new) current node."""

        def run() -> GameNode:
            target = self.resolve(node)
            if target.parent is None:
                raise refusal(SessionError, "refusal.root_delete")
            doomed = [n.id for n in target.walk()]
            inside = self._current.id in doomed
            parent = target.remove()
            change = self._change()
            change.removed.extend(doomed)
            for node_id in doomed:
                self._evals.pop(node_id, None)
                change.analyses.pop(node_id, None)
            self._analyses.forget(doomed)
            self._display.forget(doomed)
            change.touch(parent)
            if inside:
                self._set_current(parent)
            return self._current

        return self._operation(run)

    def comment(self, text: str, node: NodeRef = None) -> GameNode:
        """Set the comment of ``node`` (default: current)."""
        if not isinstance(text, str):
            raise SessionError(f"a comment is text, not {type(text).__name__}")

        def run() -> GameNode:
            target = self.resolve(node)
            if target.comment != text:
                target.comment = text
                self._change().touch(target)
            return target

        return self._operation(run)

    def annotate(self, glyph: str, node: NodeRef = None) -> GameNode:
        """Set the annotation glyph of ``node`` (default: current): one of :data:`GLYPHS`,
        or "" to clear it. A review's mark (``node.mark``) is kept apart."""
        if not isinstance(glyph, str) or glyph not in ("", *GLYPHS):
            accepted = ", ".join(repr(g) for g in GLYPHS)
            raise refusal(
                SessionError, "refusal.glyph", glyph=repr(str(glyph)[:20]), accepted=accepted,
                empty="''",
            )  # fmt: skip

        def run() -> GameNode:
            target = self.resolve(node)
            if target.glyph != glyph:
                target.glyph = glyph
                self._change().touch(target)
            return target

        return self._operation(run)

    def set_explorer(self, explorer: ExplorerLike | None) -> None:
        """List ``explorer``'s decisions for the current node on the page (None: no panel);
        ``explorer`` is a :class:`~cernunos_widget.tools.explorer.Explorer`."""
        if explorer is not None and not isinstance(explorer, ExplorerLike):
            raise SessionError(
                f"an explorer answers query, count and games, as Explorer does; "
                f"not a {type(explorer).__name__}"
            )

        def run() -> None:
            self._explorer = explorer
            self._change().explorer = True

        self._operation(run)

    def play_analysis_line(self, index: int = 0, node: NodeRef = None) -> GameNode:
        """Play best line ``index`` of the analysis from its node, as a new variation:
        the latest analysis, or with ``node`` the analysis that node remembers
        (:class:`NoAnalysisLineError` if that analysis has no such line)."""
        with self.lock:
            if node is None:
                analysis, which = self._analysis, {"key": "refusal.no_line"}
            else:
                target = self.resolve(node)
                analysis = self._analyses.get(target.id) or {}
                which = {"key": "refusal.no_stored_line", "node": target.id}
            lines = analysis.get("lines") or []
            if not 0 <= index < len(lines):
                raise refusal(NoAnalysisLineError, **which, index=index, count=len(lines))
            return self.play(lines[index]["pv"], node=analysis["node"])

    def remember_analysis(self, node: NodeRef, state: dict, replace: bool = True) -> bool:
        """Keep ``state`` (an analysis state with best lines) as ``node``'s analysis;
        with ``replace=False`` a node that already has one keeps it.  True if kept."""

        def run() -> bool:
            target = self.resolve(node)
            if not replace and self._analyses.get(target.id) is not None:
                return False
            self._remember(target.id, state)
            return True

        return self._operation(run)

    def _remember(self, node_id: int, state: dict) -> None:
        """Under the lock: remember ``state`` for ``node_id`` and say what changed."""
        kept = {**stored_state(state), "node": node_id}
        change = self._change()
        change.analyses[node_id] = kept
        for dropped in self._analyses.remember(node_id, kept):
            change.analyses[dropped] = None

    def replace_game(self, game: Game) -> Game:
        """Start over with ``game`` (a new generation; running jobs stop); returns the old.
        What its nodes show is computed before the session is held (a big tree's move
        texts take seconds), unless the caller holds it already."""
        if not isinstance(game, Game):
            raise SessionError(f"expected a Game, not {type(game).__name__}")
        display = NodeDisplay(self.language)
        display.prepare(game.root)

        def run() -> Game:
            for job in self._jobs.values():
                job.stop()
            old = self._game
            self._game = game
            self._generation += 1
            self._current = game.root.end()
            self._analysis, self._review, self._evals = {}, {}, {}
            self._following = None
            self._analyses.clear()
            if display.language == self.language:
                self._display = display
            else:  # the language changed meanwhile: computed again when needed
                self._display.clear()
            change = self._change()
            change.generation = self._generation
            change.reset = True
            change.current = self._current.id
            return old

        return self._operation(run)

    # ------------------------------------------------------------------ jobs

    def start_job(
        self,
        task: str,
        work: Callable[[Job], None],
        node: GameNode | None = None,
    ) -> Job:
        """Run ``work(job)`` in the task's worker thread (:class:`.worker.Worker`): the
        running job of the same task is stopped, and this one starts once it has ended (a
        job of the task still waiting is dropped: the latest wins).

        ``work`` reports through ``job.stream`` (:class:`.stream.JobStream`: one throttle
        for all it sends, counted from now, when the job's starting state is published)
        and should poll ``job.stop_event``.
        """
        with self.lock:
            job = Job(task, self._generation, node)
            job.stream = JobStream(
                self.throttle(), partial(self.deliver, job), partial(self._is_current, job)
            )
            self._jobs[task] = job
            self._workers.setdefault(task, Worker(task)).submit(job, work)
            return job

    def analyse(
        self,
        limit: Limit | None = None,
        multipv: int = 3,
        engine: str = "auto",
        node: NodeRef = None,
        analyser: Analyser | None = None,
        memory_mb: float | None = None,
        threads: int | None = None,
        follow: bool = False,
        goto: bool = False,
    ) -> Job | None:
        """Analyse ``node`` (default: current) in the background; None if the game is over.

        The analysis state (``session.analysis``) streams the best lines as they improve.
        ``analyser`` replaces :func:`.solver.analysis` (tests use a fake one);
        ``memory_mb`` bounds an MCTS tree (the solver's default when None); ``threads``
        is how many threads search (None: every core, the solver's default).
        ``goto``: make ``node`` the current node first (the page's Analyse).
        ``follow``: the analysis follows the board, as on lichess: each change of the
        current node restarts it there, with the same settings, until :meth:`stop_jobs`
        (or another analysis, or a new game).  Without it the analysis keeps its node.
        """
        require_solver()
        from ..solver import Limit, check_engine, search_threads

        engine = check_engine(engine)
        in_use = search_threads(threads)  # the count the search runs with (shown on the page)
        limit = limit or Limit(time=5.0)
        options = {} if memory_mb is None else {"memory_mb": memory_mb}
        if threads is not None:
            options["threads"] = threads
        settings = {
            "limit": limit, "multipv": multipv, "engine": engine, "analyser": analyser,
            "options": options, "follow": follow, "threads": in_use,
        }
        with self.lock:
            target = self.resolve(node)
            self._following = None  # no restart on the way: this analysis replaces the last
            if goto:
                self._set_current(target)
            job = self._start_analysis(target, settings)
            self._following = settings if follow else None
            self._publish()
            return job

    def set_follow_threads(self, threads: int | None) -> None:
        """The analysis that follows the board (if any) searches with ``threads`` (None:
        every core) from its next restart on; the search running now keeps its count."""
        require_solver()
        from ..solver import search_threads

        in_use = search_threads(threads)
        with self.lock:
            if self._following is None:
                return
            options = {k: v for k, v in self._following["options"].items() if k != "threads"}
            if threads is not None:
                options["threads"] = threads
            self._following = {**self._following, "options": options, "threads": in_use}

    def _start_analysis(self, target: GameNode, settings: dict) -> Job | None:
        """Under the lock: the analysis of ``target`` with ``settings`` (see :meth:`analyse`)
        replaces the running one; None (and the state ``over``) if the game is over there."""
        follow = {"follow": True} if settings["follow"] else {}
        if target.position.is_over:
            old = self._jobs.pop("analysis", None)  # its results no longer belong here
            if old is not None:
                old.stop()
            self._set_analysis({"node": target.id, "status": "over", "lines": [], **follow})
            return None
        limit = settings["limit"]
        base = {
            "node": target.id,
            "gen": self._generation,
            "status": "running",
            "lines": [],
            "limit": limit_text(limit),
            "engine": settings["engine"],
            "threads": settings["threads"],
            **follow,
        }
        self._set_analysis(base)
        work = analysis_work(
            self, target, limit, settings["multipv"], settings["engine"], base,
            settings["analyser"], settings["options"], self._display.line_state(target),
        )
        return self.start_job("analysis", work, target)

    def _keep_live_lines(self) -> None:
        """Under the lock: the running analysis, about to be replaced, leaves its best
        lines so far to its node (as stopped), as a finished one does."""
        state = self._analysis
        if state.get("status") == "running" and state.get("lines") and "node" in state:
            try:
                node = self.resolve(state["node"])
            except UnknownNodeError:
                return
            self._remember(node.id, {**state, "status": "cancelled"})

    def review(
        self,
        limit: Limit | Sequence[Limit] | None = None,
        engine: str = "auto",
        threads: int | None = None,
    ) -> Job:
        """Review the main line in the background: every node evaluated (a coarse pass of
        0.1 s a node first, then finer ones), every decision judged (``?!`` / ``?`` / ``??``,
        see :mod:`.review`).  ``limit``: the finest pass (default 1 s then 5 s), or the
        passes themselves.  Evaluations are cached by position for the whole session.
        ``threads``: each search's threads (None: every core)."""
        require_solver()
        from ..solver import check_engine, check_threads

        limits = review_limits(limit)
        engine = check_engine(engine)
        check_threads(threads)
        with self.lock:
            nodes = [self._game.root, *self._game.mainline()]
            self._review = self._change().review = {"status": "starting"}
            self._publish()
            work = review_work(self, nodes, limits, self.review_cache, engine, threads)
            return self.start_job("review", work)

    def _numbered(self, state: dict) -> dict:
        """``state`` with the next ``seq``: a delta applies only to the state it names."""
        self._analysis_seq += 1
        return {**state, "seq": self._analysis_seq}

    def _set_analysis(self, state: dict) -> None:
        """Under the lock: a new analysis state, published with the operation's change."""
        state = self._numbered(state)
        self._analysis = state
        change = self._change()
        change.analysis, change.analysis_delta = state, None

    def warm_up(self, engine: str = "auto") -> None:
        """Start preparing the search engine in the background (a board is shown): first
        the search an analysis of the current node by ``engine`` runs, then the others, so
        that a first Analyse starts sooner; returns at once (even the solver's import, about
        a second the first time, happens in a thread).  Nothing where the solver cannot load
        (nor any thread: JupyterLite's Pyodide cannot start one)."""
        if missing_module() is not None:
            return
        position = self.position

        def queue() -> None:
            from ..solver import analysis_search, warm_up

            warm_up()
            warm_up(analysis_search(position, engine))

        threading.Thread(target=queue, name="cernunos-warm-up", daemon=True).start()

    def stop_jobs(self) -> None:
        """Ask every job to stop (returns at once); the analysis no longer follows the board."""
        with self.lock:
            self._following = None
            for job in self._jobs.values():
                job.stop()

    def is_current_job(self, job: Job) -> bool:
        """True while ``job``'s results still belong in the session: it is the latest job
        of its task, for this game, and its node is still in the tree."""
        if job.generation != self._generation or self._jobs.get(job.task) is not job:
            return False
        return job.node is None or job.node in self._game

    def deliver(self, job: Job, apply: Callable[[Change], None]) -> bool:
        """Apply a job's result under the lock, unless it is stale; True if applied.

        ``apply(change)`` updates the tree or the analysis state and records what it changed.
        """
        with self.lock:
            if not self.is_current_job(job):
                return False
            apply(self._change())
            self._publish()
            return True

    def _is_current(self, job: Job) -> bool:
        """:meth:`is_current_job`, under the lock."""
        with self.lock:
            return self.is_current_job(job)

    def status_update(self, job: Job, state: dict) -> Apply:
        """What records a job's state in a change (for ``job.stream``): the analysis
        (lines for its node) or the review's progress."""

        def apply(change: Change) -> None:
            if job.task == "review":
                self._review = change.review = state
            else:  # what changed, unless this change already holds a state the views lack
                numbered = self._numbered(state)
                first = change.analysis is None
                delta = analysis_delta(self._analysis, numbered) if first else None
                change.analysis_delta = delta
                self._analysis = change.analysis = numbered
                if worth_keeping(numbered):
                    self._remember(numbered["node"], numbered)

        return apply

    def evaluations_update(self, reviewed: dict[GameNode, NodeReview]) -> Apply:
        """What records review results in a change (for ``job.stream``): each node's
        evaluation and mark (nodes gone are skipped)."""

        def apply(change: Change) -> None:
            for node, result in reviewed.items():
                if node not in self._game:
                    continue
                state = self._display.line_state(node.parent) if node.parent else None
                evaluation = node_eval(node, result)
                text = mark_text(node, result, state, self.language)
                now = (result.mark, text, evaluation)
                if (node.mark, node.mark_text, self._evals.get(node.id)) != now:
                    node.mark, node.mark_text = result.mark, text
                    if evaluation is None:
                        self._evals.pop(node.id, None)
                    else:
                        self._evals[node.id] = evaluation
                    change.touch(node)

        return apply


def review_limits(limit: Limit | Sequence[Limit] | None) -> tuple[Limit, ...]:
    """The passes of a review: the default ones, or a coarse pass then ``limit``
    (:class:`.review.ReviewError` for anything but bounded Limits)."""
    from ..solver import Limit
    from .review import COARSE, DEFAULT_LIMITS, check_limits

    if limit is None:
        return DEFAULT_LIMITS
    if not isinstance(limit, Limit):
        return check_limits(limit)
    check_limits(limit)
    coarse_enough = limit.nodes is None and limit.time is not None and limit.time <= COARSE.time
    return (limit,) if coarse_enough else (COARSE, limit)


def _follow(start: GameNode, items: list) -> tuple[GameNode, list[Step]]:
    """Where ``items`` lead from ``start``: the last node already in the tree, then the new
    decisions, each checked and resolved once (:meth:`Position.step`). Raises the engine's
    error, with its reason, for the first bad decision; the tree is not touched."""
    here, steps = start, []
    for item in items:
        child = None if steps else here.child_for(item)
        if child is not None:
            here = child
            continue
        position = steps[-1].position if steps else here.position
        try:
            steps.append(position.step(item))
        except IllegalDecisionError as error:
            raise _explained(position, item, error) from None
    return here, steps


def _explained(position: Position, item: object, error: IllegalDecisionError) -> CernunosError:
    """A placement refused with the engine's reason (R-9..R-12), then the legal options: the
    kind's own placements, or every legal decision if the kind has none (js/local.js too)."""
    text = str(item)
    kind, at, cell = text.partition("@")
    if at and position.choice in ("placement", "final-placement"):
        try:
            why = position.placement_refusal_message(kind, cell)
        except ValueError:
            why = None
        if why:
            letter = Kind.from_letter(kind).letter
            same = " ".join(d for d in error.legal if d.startswith(f"{letter}@"))
            name = Message(f"kind.the.{letter}")
            legal = (
                Message("refusal.legal_kind", {"kind": name, "decisions": same})
                if same
                else Message("refusal.legal", {"decisions": " ".join(error.legal)})
            )
            words = Message(
                "refusal.cannot_go", {"kind": name, "cell": cell, "why": why, "legal": legal}
            )
            return IllegalDecisionError(words.text(), text, error.legal).said(words)
    return error
