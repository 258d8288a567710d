"""Game review: every main-line position evaluated, every decision judged (issue #10).

>>> from cernunos_widget.session.review import ReviewCache, review_game
>>> cache = ReviewCache()
>>> review = review_game(game, cache=cache, stop=event, on_update=print)
>>> review.to_json()["nodes"][3]["mark"]       # '', '?!', '?' or '??'

Each position of the main line (the root included) is analysed with the solver's
:func:`~.solver.analysis`, first with a short limit (the *coarse* pass), then with longer
ones (refinement passes).  Values are on the analysis's -1..+1 scale **from Green's side**
(a proven win for Green is +1).  Evaluations are cached by position, engine, engine version,
rules and limit, so a re-review or a transposed line searches nothing again.

A decision is charged to its decider (R-27: ``position.decider`` of the position *before*
it, which may be the player whose turn it is not) and judged by :func:`judge`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine import CernunosError, Player, Position, Rules
from ..engine.decisions import decision_of
from ..record.tree import Game, GameNode
from ..solver import (
    OUTCOMES,
    Info,
    Limit,
    PovValue,
    UnknownEngineError,
    analysis,
    check_engine,
    check_threads,
    final_score,
    outcome_word,
    solver_version,
    turn_at,
)

RULES_ID = "default"  # the standard rules (RULES.md) in cache keys and review JSON
# cached values are only reused by the same solver version, learned weights and scale
ENGINE_VERSION = solver_version()
COARSE = Limit(time=0.1)  # a 40-decision game's coarse graph in the widget within 10 s
DEFAULT_LIMITS = (COARSE, Limit(time=1.0), Limit(time=5.0))
THRESHOLDS = ((0.3, "??"), (0.2, "?"), (0.1, "?!"))  # drop of the decider's value -> mark
MARK_NAMES = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"}


class ReviewError(CernunosError):
    """Bad input to :func:`review_game` (positions, limits, engine)."""


@dataclass(frozen=True)
class Value:
    """A value from Green's side: -1 .. 1, and the outcome when proven."""

    green: float  # +1 / 0 / -1 when proven
    proven: str | None = None  # 'win' / 'draw' / 'loss' for Green, None for an estimate

    def __post_init__(self) -> None:
        if self.proven is None:
            if not -1.0 <= self.green <= 1.0:
                raise ReviewError(f"a value is from -1 to 1, not {self.green}")
        elif OUTCOMES.get(self.proven) != self.green:
            raise ReviewError(
                f"a proven value is 1.0 'win', 0.0 'draw' or -1.0 'loss', "
                f"not {self.green} {self.proven!r}"
            )

    def to_json(self) -> dict[str, Any]:
        return {"value_green": self.green, "proven": self.proven}

    @property
    def pov(self) -> PovValue:
        """This value and whose view it is (Green's): ``.pov(player)`` for another's."""
        return PovValue.from_green(self.green, self.proven)

    @classmethod
    def from_pov(cls, value: PovValue) -> Value:
        """``value``, whoever's view it is, kept from Green's side (no -0.0)."""
        green = value.green()
        return cls(green.number + 0.0, green.outcome)


@dataclass(frozen=True)
class Evaluation:
    """What one search says about a position: its value and each first decision's."""

    value: Value  # the value of the best first decision (or of the finished game)
    best: str | None = None  # the best decision here (None when the game is over)
    best_line: tuple[str, ...] = ()  # its principal variation, starting with ``best``
    choices: tuple[tuple[str, Value], ...] = ()  # each first decision the search rated
    depth: int = 0
    nodes: int = 0
    quality: str = ""  # the limit that produced it (:func:`quality_key`), or 'final'

    def choice(self, decision: str) -> Value | None:
        """The value this search gave ``decision`` (None if it did not rate it)."""
        return next((v for d, v in self.choices if d == decision), None)


def quality_key(limit: Limit) -> str:
    """The limit as a cache key: ``time=0.2``, ``nodes=5000,depth=3``."""
    parts = [
        f"{name}={value:g}"
        for name, value in (("time", limit.time), ("nodes", limit.nodes), ("depth", limit.depth))
        if value is not None
    ]
    return ",".join(parts)


def rules_id(rules: Rules) -> str:
    """The rules in cache keys and review JSON: ``default`` or the variant's text (D-10)."""
    return RULES_ID if rules.is_standard else str(rules)


def position_key(position: Position) -> str:
    """The position as a cache key: its CPN, or a hash of its value in the middle of an
    effect (positions hash by content, the same in every process)."""
    if position.at_boundary:
        return position.cpn()
    return f"mid-effect:{hash(position) & 0xFFFF_FFFF_FFFF_FFFF:016x}"


class ReviewCache:
    """Evaluations in memory, keyed by position, engine, engine version, rules and limit.

    Proven evaluations hold for every limit and are also stored under ``proven``.
    Keep one per session and pass it to every :func:`review_game`.
    """

    def __init__(self) -> None:
        self._entries: dict[tuple[str, str, str, str, str], Evaluation] = {}

    def __len__(self) -> int:
        return len(self._entries)

    @staticmethod
    def key(position: Position, engine: str, quality: str) -> tuple[str, str, str, str, str]:
        return (position_key(position), engine, ENGINE_VERSION, rules_id(position.rules), quality)

    def get(self, position: Position, engine: str, qualities: Sequence[str]) -> Evaluation | None:
        """A proven evaluation, else the first of ``qualities`` cached, else None."""
        for quality in ("proven", *qualities):
            found = self._entries.get(self.key(position, engine, quality))
            if found is not None:
                return found
        return None

    def put(self, position: Position, engine: str, evaluation: Evaluation) -> None:
        self._entries[self.key(position, engine, evaluation.quality)] = evaluation
        if evaluation.value.proven is not None:
            self._entries[self.key(position, engine, "proven")] = evaluation


def judge(before: Value, after: Value, decider: Player) -> str:
    """The mark of a decision by ``decider`` that took its value from ``before`` (the best
    decision's) to ``after`` (the played one's), both from Green's side.

    By the drop of the decider's value on the -1..+1 scale: at least 0.3 ``??``, 0.2 ``?``,
    0.1 ``?!``, else ``""``.  A proven value is +1 / 0 / -1, so a proven win turned into a
    draw or a loss, or a draw into a loss (a drop of 1 or 2), is always ``??``.
    """
    drop = drop_for(before, after, decider)
    return next((mark for threshold, mark in THRESHOLDS if drop >= threshold), "")


def drop_for(before: Value, after: Value, decider: Player) -> float:
    """How much ``decider`` lost from ``before`` to ``after`` (rounded: 0.3 - 0.2 is 0.1)."""
    return round(before.pov.pov(decider).number - after.pov.pov(decider).number, 9)


@dataclass
class NodeReview:
    """One main-line node: its evaluation, and the judgement of the decision that led here."""

    ply: int
    decision: str | None  # the decision that led here (None at the root)
    decider: Player | None  # who made it, None at the root
    node_id: int | None = None  # the GameNode's id when a Game was reviewed
    evaluation: Evaluation | None = None  # None until evaluated
    played: Value | None = None  # ``decision``'s value, rated by the search before it
    before: Value | None = None  # the position before's value (its best decision's), judged by
    mark: str = ""
    best: str | None = None  # the best decision from the position before
    best_line: tuple[str, ...] = ()
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        e = self.evaluation
        return {
            "ply": self.ply,
            "node_id": self.node_id,
            "decision": self.decision,
            "decider": None if self.decider is None else self.decider.name.lower(),
            "value_green": None if e is None else e.value.green,
            "proven": None if e is None else e.value.proven,
            "quality": None if e is None else e.quality,
            "played": None if self.played is None else self.played.to_json(),
            "mark": self.mark,
            "best": self.best,
            "best_line": list(self.best_line),
            "text": self.text,
        }


@dataclass
class Review:
    """The result of :func:`review_game` (JSON-ready with :meth:`to_json`)."""

    nodes: list[NodeReview]
    engine: str
    limits: tuple[Limit, ...]  # one per pass, coarse first
    passes_done: int = 0  # passes completed over every node
    searches: int = 0  # analyses this review ran (cached evaluations cost none)
    stopped: bool = False
    positions: list[Position] = field(default_factory=list, repr=False)  # root first

    def counts(self) -> dict[str, dict[str, int]]:
        """Per player: how many inaccuracies (?!), mistakes (?) and blunders (??)."""
        out = {p.name.lower(): {name: 0 for name in MARK_NAMES.values()} for p in Player}
        for node in self.nodes:
            if node.mark:
                out[node.decider.name.lower()][MARK_NAMES[node.mark]] += 1
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "engine": self.engine,
            "engine_version": ENGINE_VERSION,
            "rules": rules_id(self.positions[0].rules) if self.positions else RULES_ID,
            "limits": [quality_key(limit) for limit in self.limits],
            "passes_done": self.passes_done,
            "searches": self.searches,
            "stopped": self.stopped,
            "counts": self.counts(),
            "nodes": [node.to_json() for node in self.nodes],
        }


Updates = Callable[[dict[int, NodeReview]], None]
Progress = Callable[[int, int, int], None]  # (pass index, nodes done, nodes in the game)


def review_game(
    game: Game | Sequence[Position],
    limits: Sequence[Limit] | Limit = DEFAULT_LIMITS,
    *,
    cache: ReviewCache | None = None,
    stop: threading.Event | None = None,
    on_update: Updates | None = None,
    on_progress: Progress | None = None,
    engine: str = "auto",
    threads: int | None = None,
) -> Review:
    """Evaluate every main-line node with each of ``limits`` in turn (a pass each), and judge.

    ``game`` is a :class:`Game` (its main line) or the main line's positions, root first.
    ``limits`` (one :class:`Limit` or several, each bounding time or nodes) go from coarse
    to fine; a node proven or already cached at a later pass's limit is not searched
    again.  ``on_update({ply: NodeReview})`` gets the nodes whose value or mark changed;
    ``on_progress(pass, done, total)`` follows each pass.  Setting ``stop`` ends the
    review promptly: the result so far, ``stopped`` True, and nothing half-searched cached.
    ``threads``: how many threads each search runs (None: every core).
    """
    limits = check_limits(limits)
    check_threads(threads)
    try:
        engine = check_engine(engine)
    except UnknownEngineError as error:
        raise ReviewError(str(error)) from None
    review = _skeleton(game, engine, limits)
    cache = cache if cache is not None else ReviewCache()
    qualities = [quality_key(limit) for limit in limits]
    total = len(review.nodes)
    for index, limit in enumerate(limits):
        for node, position in zip(review.nodes, review.positions, strict=True):
            if stop is not None and stop.is_set():
                review.stopped = True
                return review
            evaluation = _evaluate(
                review, cache, position, limit, qualities[index:], stop, threads
            )
            if evaluation is None:  # stopped in the middle of a search
                review.stopped = True
                return review
            if evaluation != node.evaluation:
                node.evaluation = evaluation
                changed = _rejudge(review, node.ply)
                if on_update is not None:  # copies: this thread goes on changing the nodes
                    on_update({ply: replace(n) for ply, n in changed.items()})
            if on_progress is not None:
                on_progress(index, node.ply + 1, total)
        review.passes_done = index + 1
    return review


def check_limits(limits: Sequence[Limit] | Limit) -> tuple[Limit, ...]:
    """The passes as a tuple; :class:`ReviewError` unless each is a Limit bounding a search."""
    if isinstance(limits, Limit):
        limits = (limits,)
    limits = tuple(limits)
    if not limits:
        raise ReviewError("no limits: give at least one Limit, e.g. (Limit(time=0.1),)")
    for limit in limits:
        if not isinstance(limit, Limit):
            raise ReviewError(f"each of the limits must be a Limit, not {limit!r}")
        if limit.time is None and limit.nodes is None:  # Limit checks its own values
            raise ReviewError(f"{limit!r} does not bound a search: give a time or a node count")
    return limits


def _skeleton(game: Game | Sequence[Position], engine: str, limits: tuple[Limit, ...]) -> Review:
    """The nodes to review, before any evaluation (checks that the line is a game)."""
    if isinstance(game, Game):
        nodes = [game.root, *game.mainline()]
        positions = [n.position for n in nodes]
        reviews = [
            NodeReview(i, n.decision_text or None, _decider_before(n.parent), n.id)
            for i, n in enumerate(nodes)
        ]
        return Review(reviews, engine, limits, positions=positions)
    if isinstance(game, (str, bytes)) or not isinstance(game, Sequence) or not game:
        raise ReviewError(
            f"nothing to review in {type(game).__name__}: give a Game or a non-empty list "
            "of the main line's positions, root first"
        )
    positions = list(game)
    reviews = [NodeReview(0, None, None)]
    for i, position in enumerate(positions):
        if not isinstance(position, Position):
            raise ReviewError(f"item {i} is a {type(position).__name__}, not a Position")
        if i:
            before = positions[i - 1]
            token = _decision_between(before, position, i)
            reviews.append(NodeReview(i, token, before.decider))
    return Review(reviews, engine, limits, positions=positions)


def _decider_before(parent: GameNode | None) -> Player | None:
    return None if parent is None else parent.position.decider


def _decision_between(before: Position, after: Position, i: int) -> str:
    for code in before.option_codes:
        if before.child(code) == after:
            return str(decision_of(code))
    raise ReviewError(
        f"position {i} does not follow from position {i - 1} by any legal decision: "
        "give consecutive positions of one line"
    )


def _evaluate(
    review: Review,
    cache: ReviewCache,
    position: Position,
    limit: Limit,
    qualities: Sequence[str],
    stop: threading.Event | None,
    threads: int | None = None,
) -> Evaluation | None:
    """From the cache (this limit or a later pass's), else one search; None if stopped.

    The search rates every first decision (``multipv`` = all: alpha-beta searches them
    all anyway), so that a decision is judged against the best at the same depth.
    """
    if position.is_over:
        word = outcome_word(final_score(position))
        return Evaluation(Value(float(OUTCOMES[word]), word), quality="final")
    found = cache.get(position, review.engine, qualities)
    if found is not None:
        return found
    review.searches += 1
    infos: list[Info] = []
    every = len(position.option_codes)
    for infos in analysis(
        position, limit, every, stop=stop, engine=review.engine, threads=threads
    ):
        if stop is not None and stop.is_set():
            return None
        if all(info.proven for info in infos):
            break  # every outcome is proven: the strong values are not needed here
    if stop is not None and stop.is_set():
        return None
    evaluation = evaluation_of(position, infos, quality_key(limit))
    cache.put(position, review.engine, evaluation)
    return evaluation


def evaluation_of(position: Position, infos: list[Info], quality: str) -> Evaluation:
    """The analysis's first decisions (values for the decider, best first), from Green's side."""
    turn = turn_at(position)

    def value(info: Info) -> Value:
        return Value.from_pov(PovValue(info.relative, turn))

    best = infos[0]
    return Evaluation(
        value(best),
        str(best.decision),
        tuple(str(d) for d in best.pv),
        tuple((str(info.decision), value(info)) for info in infos),
        best.depth,
        best.nodes,
        quality,
    )


def _rejudge(review: Review, ply: int) -> dict[int, NodeReview]:
    """Node ``ply`` has a new evaluation: judge again the decisions into and out of it."""
    touched = {ply: review.nodes[ply]}
    for j in (ply, ply + 1):
        if 1 <= j < len(review.nodes):
            _judge_node(review.nodes[j - 1].evaluation, review.nodes[j])
            touched[j] = review.nodes[j]
    return touched


def _judge_node(before: Evaluation | None, node: NodeReview) -> None:
    """Mark ``node``'s decision against the best decision of the search before it.

    The played decision's value comes from that same search (the same depth: estimates of
    positions a decision apart are not comparable, the side to place looks better at the
    horizon), unless the node's own evaluation is proven (exact) or that search did not
    rate the decision (MCTS).
    """
    node.mark, node.text, node.played, node.best, node.best_line = "", "", None, None, ()
    node.before = None
    if before is None:
        return
    node.before, node.best, node.best_line = before.value, before.best, before.best_line
    played = before.choice(node.decision)
    own = None if node.evaluation is None else node.evaluation.value
    if own is not None and (played is None or (own.proven and not played.proven)):
        played = own
    node.played = played
    if played is not None and node.decision != before.best:
        node.mark = judge(before.value, played, node.decider)
        node.text = _mark_text(node, before.value, played) if node.mark else ""


def _mark_text(node: NodeReview, before: Value, after: Value) -> str:
    """``?? Green's B@b2: a proven win becomes a loss; best was T@a1 (T@a1 b2 B@c3)``."""
    who = node.decider
    was, now = before.pov.pov(who), after.pov.pov(who)
    if was.proven and now.proven:
        what = f"a proven {was.outcome} becomes a {now.outcome}"
    else:
        what = f"{MARK_NAMES[node.mark]}, {was.number:+.2f} -> {now.number:+.2f} for {who.title}"
    line = " ".join(node.best_line)
    return f"{node.mark} {who.title}'s {node.decision}: {what}; best was {node.best} ({line})"
