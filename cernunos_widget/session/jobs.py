"""The session's background work: analysing a node, reviewing a game's main line.

Each function returns the ``work(job)`` callable :meth:`.Session.start_job` runs in its
task's worker thread (:mod:`.worker`);
everything it reports (the engine being prepared, progress, results) goes through the
job's one throttle, ``job.stream`` (:class:`.stream.JobStream`: at most one patch per
0.1 s, the final state last; dropped when stale), and the work polls ``job.stop_event``
through the solver's ``stop`` argument.

Every value sent to the page is from **Green's side** (+ is good for Green), with its text
(:meth:`.solver.PovValue.green_text`): ``+0.31``, ``−0.12``, ``Green wins``, ``draw``,
``Purple wins``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from ..engine import Decision, Player, Position
from ..i18n import Message
from ..i18n import text as i18n_text
from ..record.movetext import (
    EFFECT_CHOICES,
    LineState,
    decision_label,
    move_record,
    move_text,
    next_entry,
)

if TYPE_CHECKING:
    from ..record.tree import GameNode
    from ..solver import Limit
    from .core import Job, Session
    from .review import NodeReview, ReviewCache
    from .stream import Apply

# analysis(position, limit, multipv, stop=..., engine=...) -> iterator of info lists
Analyser = Callable[..., Iterator[list]]

MARK_LINE = 6  # decisions of the best line quoted in a mark's text
_ARROWS = {"push": ("from", "to"), "swap": ("a", "b")}  # event type -> info keys of its ends


def limit_text(limit: Limit) -> str:
    """``time 5, nodes 1000`` (or ``until stopped``)."""
    parts = [
        f"{name} {value:g}" if isinstance(value, float) else f"{name} {value:,}"
        for name, value in (("time", limit.time), ("nodes", limit.nodes), ("depth", limit.depth))
        if value is not None
    ]
    return ", ".join(parts) or "until stopped"


def green_text(green: float, proven: str | None = None) -> str:
    """A value from Green's side in words: ``+0.31``, ``−0.12`` (a minus sign), ``0.00``,
    or, when ``proven`` ('win' / 'draw' / 'loss' for Green), ``Green wins`` / ``draw`` /
    ``Purple wins``."""
    from ..solver import PovValue  # the session loads the solver only when it needs it

    return PovValue.from_green(green, proven).green_text()


def _labels(position: Position, pv: Sequence) -> list[str]:
    """The readable labels of the decisions of ``pv`` played in turn from ``position``."""
    labels = []
    for decision in pv:
        after, events = position.play_with_events(decision)
        labels.append(decision_label(position, decision, events))
        position = after
    return labels


def best_drawing(position: Position, pv: Sequence) -> dict:
    """What the board draws for a line's first decision and its effect choices.

    ``ghost``: the placed token (``letter`` as in a stack, ``cell``), or None when the first
    decision is not a placement; ``arrows``: what the effects did along the way
    (``push`` from -> to, ``wrapped`` when it left the board, ``swap`` a <-> b, ``raise``:
    the Crow's cell -> the raised cell).
    """
    return readable_line(position, pv, draw_only=True)["board"]


def readable_line(
    position: Position, pv: Sequence, draw_only: bool = False, state: LineState | None = None
) -> dict:
    """``labels`` (the readable decisions of ``pv``) and ``board`` (:func:`best_drawing`),
    from one replay of the line (``draw_only``: only as far as the drawing needs); with
    ``state`` (how the line to ``position`` is numbered) also ``moves``, each decision as
    the move list shows it (:func:`.record.movetext.move_record`: turn numbers going on
    from ``state``, who plays, effect choices)."""
    labels: list[str] = []
    moves: list[dict] = []
    ghost, arrows, drawing = None, [], True
    for i, decision in enumerate(pv):
        if i and position.choice not in EFFECT_CHOICES:
            drawing = False  # the next placement or growth: another decision of the line
            if draw_only:
                break
        after, events = position.play_with_events(decision)  # raises if illegal
        if state is None:
            labels.append(decision_label(position, decision, events))
        else:
            entry, state = next_entry(state, position, decision, events, index=i)
            labels.append(entry.label)
            moves.append(move_record(entry, state))
        if i == 0:
            chosen = decision
            if not isinstance(chosen, Decision):  # a decision text: already checked by the play
                chosen = position.parse_decision(decision)
            if chosen.family == "place":
                letter = chosen.kind.letter
                green = position.side == Player.GREEN
                ghost = {"letter": letter if green else letter.lower(), "cell": chosen.cells[0]}
        position = after
        for event in events if drawing else ():
            if event.type in _ARROWS:
                start, end = (event.info[k] for k in _ARROWS[event.type])
                arrow = {"type": event.type, "from": start, "to": end}
                if event.info.get("wrapped"):  # off one edge, back in at the other
                    arrow["wrapped"] = True
                arrows.append(arrow)
            elif event.type == "raise" and event.cells[0] != event.cells[1]:
                arrows.append({"type": "raise", "from": event.cells[0], "to": event.cells[1]})
    line = {"labels": labels, "board": {"ghost": ghost, "arrows": arrows}}
    if state is not None:
        line["moves"] = moves
    return line


class Replays:
    """The readable lines (:func:`readable_line`) of one node's analysis, by PV: a line
    the search keeps reporting is replayed once.  Holds at most ``size`` lines.  With
    ``state`` (how the line to ``position`` is numbered) each line has its ``moves``."""

    def __init__(
        self, position: Position, size: int = 256, state: LineState | None = None
    ) -> None:
        self.position = position
        self.size = size
        self.state = state
        self._lines: dict[tuple[str, ...], dict] = {}

    def __call__(self, pv: Sequence) -> dict:
        key = tuple(str(d) for d in pv)
        line = self._lines.get(key)
        if line is None:
            if len(self._lines) >= self.size:
                self._lines.clear()
            line = self._lines[key] = readable_line(self.position, pv, state=self.state)
        return line


def line_dict(position: Position, info, replays: Replays | None = None) -> dict:
    """One analysis line for the page, from Green's side: ``green`` (-1..1), ``green_text``,
    the line's decisions as texts (``pv``) and as readable ``labels``, and ``board``
    (:func:`best_drawing`), the last two from ``replays`` (made for ``position``) when given.
    ``info``'s values are for the decider at ``position``; ``text`` and ``describe`` keep the
    solver's words, for that decider."""
    from ..solver import PovValue, turn_at

    pov = PovValue(info.relative, turn_at(position))
    return {
        "decision": str(info.decision),
        "cells": list(info.decision.cells),
        "text": info.value_text(),
        "describe": info.describe(),
        "proven": info.proven,
        "green": pov.green().number + 0.0,  # no -0.0
        "green_text": pov.green_text(),
        "pv": [str(d) for d in info.pv],
        **(replays or Replays(position))(info.pv),
        "depth": info.depth,
        "nodes": info.nodes,
        "seconds": round(info.seconds, 2),
    }


def best_first(infos: Sequence) -> list:
    """The analysis lines best first for the decider, by the value shown (a proven win
    first, a proven loss last: :attr:`.solver.Info.merit`); equal values keep the search's
    order.  An MCTS search lists its lines by visits, which a value can contradict."""
    return sorted(infos, key=lambda info: info.merit, reverse=True)


def report(session: Session, job: Job, state: dict) -> None:
    """Offer ``state`` as ``job``'s latest state (sent when the job's throttle allows; a
    copy: the job may go on changing its dict)."""
    job.stream.offer(partial(session.status_update, job, dict(state)))


def prepare(session: Session, job: Job, state: dict, search: str | None = None) -> bool:
    """Prepare ``search``'s part of the search engine (None: all) before the job's clock
    starts, saying so in its state while it takes (through the job's throttle):
    ``preparing`` (loading, or compiling once per install: about N s left, measured as it
    goes, and the steps done) and, while compiling, ``preparing_seconds`` (that N, for the
    page's words).  False if the job was stopped meanwhile (the compilation goes on in the
    background, for the next job)."""
    from ..solver import engine_cached, engine_ready, prepare_engine, preparing_seconds

    if engine_ready(search):
        return True
    cached = engine_cached(search)

    def tick(done: int, total: int) -> None:
        if cached:
            words, extra = i18n_text("analysis.preparing.loading", "en"), {}
        else:
            seconds = round(preparing_seconds(search))
            words = i18n_text("analysis.preparing.compiling", "en", seconds=seconds)
            extra = {"preparing_seconds": seconds}
        progress = f": {done}/{total}" if done else ""
        report(session, job, {**state, "preparing": words + progress, **extra})

    tick(0, 0)
    ready = prepare_engine(search=search, stop=job.stop_event, tick=tick)
    if ready:
        report(session, job, state)
    return ready


def analysis_work(
    session: Session,
    node: GameNode,
    limit: Limit,
    multipv: int,
    engine: str,
    base: dict,
    analyser: Analyser | None = None,
    options: dict | None = None,
    state: LineState | None = None,
) -> Callable[[Job], None]:
    """Stream the improving best lines of ``node`` into the session's analysis state
    (``options`` go to the analysis, e.g. ``memory_mb``): at most one update per
    0.1 s (the latest wins: the job's stream), then the final state.  Every update
    lists its lines best first (:func:`best_first`); ``state`` numbers their moves.
    Between two results of the solver's search, its progress updates the shown lines'
    decisions and seconds, so the status ticks during a long iteration."""

    def work(job: Job) -> None:
        status, lines, last = "done", [], None
        stream = job.stream
        replays = Replays(node.position, state=state)

        def publish(infos: list) -> Apply:
            nonlocal lines
            lines = [line_dict(node.position, info, replays) for info in best_first(infos)]
            return session.status_update(job, {**base, "lines": lines})

        def progressed(nodes: int, seconds: float) -> None:
            if last is not None:  # nothing found yet: the page still says "searching"
                stream.offer(partial(tick, nodes, seconds))

        def tick(nodes: int, seconds: float) -> Apply:
            """The latest lines (``last``: never an older result), searched further."""
            nonlocal lines
            now = {"nodes": nodes, "seconds": round(seconds, 2)}
            lines = [
                {**line_dict(node.position, info, replays), **now} for info in best_first(last)
            ]
            return session.status_update(job, {**base, "lines": lines})

        def final() -> Apply:
            nonlocal lines, status
            failed = stream.take_error()  # an update the timer sent failed: say so
            if failed is not None and status == "done":
                status = f"error: {failed}"
            try:
                lines = lines if last is None else [
                    line_dict(node.position, info, replays) for info in best_first(last)
                ]
            except Exception as error:  # noqa: BLE001 - shown as a status
                status = f"error: {error}"
            return session.status_update(job, {**base, "lines": lines, "status": status})

        if analyser is None:
            from ..solver import analysis, analysis_search

            if not prepare(session, job, base, analysis_search(node.position, engine, limit)):
                stream.finish(partial(session.status_update, job, {**base, "status": "cancelled"}))
                return
            run = partial(analysis, progress=progressed)
        else:
            run = analyser
        try:
            lines_of = run(
                node.position, limit, multipv, stop=job.stop_event, engine=engine, **(options or {})
            )
            for infos in lines_of:
                stream.offer(partial(publish, infos))
                last = infos
        except Exception as error:  # noqa: BLE001 - shown as a status, never a traceback
            status = f"error: {error}"
        if job.stopped and status == "done":
            status = "cancelled"
        stream.finish(final)

    return work


def node_eval(node: GameNode, reviewed: NodeReview) -> dict | None:
    """A main-line node's evaluation for its record (None before any): Green's value and
    its text, and at a marked decision the best decision instead, with its line in words."""
    e = reviewed.evaluation
    if e is None:
        return None
    out = {
        "green": e.value.green + 0.0,
        "proven": e.value.proven,
        "text": green_text(e.value.green, e.value.proven),
        "quality": e.quality,
    }
    if reviewed.mark and reviewed.best and node.parent is not None:
        line = _labels(node.parent.position, reviewed.best_line or (reviewed.best,))
        out.update(best=line[0], line=line)
    return out


def mark_text(
    node: GameNode, reviewed: NodeReview, state: LineState | None = None, language: str = "en"
) -> str:
    """A review's mark in words, one value per position, all from Green's side: the value
    before the decision and after it (each position's own evaluation, as the graph shows),
    the best decision with its value, its line numbered as the move list (``state``: how
    the line to the position before is numbered), and what the search before judged::

        ?? blunder by Green: 5. Crow c2, +0.10 → −0.30; best was 5. Tree d3, +0.10
        (5. Tree d3 · Squirrel c3 5… Tree c3 ...); the search before rated Crow c2 0.60
        worse for Green

    The mark compares the decisions as the search before rated them (:func:`.review.judge`:
    a decision apart, two searches are not comparable), hence that last clause; it is left
    out when both values are proven (the outcomes say it). In ``language``: the values'
    words, the labels and the sentence (``"?? gaffe de Vert : 5. Corbeau c2 ..."``)."""
    if not reviewed.mark or node.parent is None:
        return ""
    from .review import MARK_NAMES, drop_for

    before = node.parent.position
    state = state or LineState()
    entry, after_state = next_entry(state, before, reviewed.decision, node.events)
    number = move_record(entry, after_state)["number"]
    head = f"{number}{'.' if before.side == Player.GREEN else '…'} "
    label = decision_label(before, reviewed.decision, node.events, language)
    who = Message(f"player.{reviewed.decider.letter}")
    name = Message(f"review.mark.{MARK_NAMES[reviewed.mark]}")
    params = {"mark": reviewed.mark, "name": name, "player": who, "played": head + label}
    text = i18n_text("review.mark", language, **params)
    was, now = reviewed.before, reviewed.evaluation.value if reviewed.evaluation else None
    if was is not None:
        said = partial(_value_words, language=language)
        now_text = i18n_text("review.not_evaluated", language) if now is None else said(now)
        text = i18n_text("review.values", language, text=text, was=said(was), now=now_text)
    if reviewed.best:
        pv = reviewed.best_line or (reviewed.best,)
        line = move_text(_entries(state, before, pv, language))
        best = head + decision_label(before, reviewed.best, None, language)
        worth = "" if was is None else f", {_value_words(was, language)}"
        text = i18n_text("review.best_was", language, text=text, best=best + worth, line=line)
    rated = reviewed.played
    if was is not None and rated is not None and not (was.proven and rated.proven):
        drop = f"{drop_for(was, rated, reviewed.decider):.2f}"
        text = i18n_text("review.rated", language, text=text, label=label, drop=drop, player=who)
    return text


def _value_words(value, language: str) -> str:
    """A value's green_text in ``language`` (a proven outcome in words, else the number)."""
    words = green_text(value.green, value.proven)
    key = _VALUE_KEYS.get(words)
    return words if key is None else i18n_text(key, language)


_VALUE_KEYS = {
    "Green wins": "value.green_wins",
    "draw": "value.draw",
    "Purple wins": "value.purple_wins",
}


def _entries(state: LineState, position: Position, pv: Sequence, language: str = "en") -> list:
    """The move entries of the first :data:`MARK_LINE` decisions of ``pv`` from ``position``,
    their labels in ``language``."""
    entries = []
    for decision in list(pv)[:MARK_LINE]:
        after, events = position.play_with_events(decision)
        entry, state = next_entry(state, position, decision, events)
        if language != "en":
            entry = replace(entry, label=decision_label(position, decision, events, language))
        entries.append(entry)
        position = after
    return entries


def review_work(
    session: Session,
    nodes: list[GameNode],
    limits: tuple[Limit, ...],
    cache: ReviewCache,
    engine: str,
    threads: int | None = None,
) -> Callable[[Job], None]:
    """Review the main line ``nodes`` (root first, taken under the session's lock) with
    :func:`.review.review_game`, cached by position in ``cache``: stream each node's
    evaluation and mark (R-27: charged to its decider), and the progress with per-player
    counts of inaccuracies, mistakes and blunders."""

    def work(job: Job) -> None:
        from .review import Review, review_game

        latest: dict[int, NodeReview] = {}
        state = {"gen": job.generation, "status": "running", "pass": 0, "passes": len(limits)}
        if not prepare(session, job, state):
            cancelled = {**state, "status": "cancelled"}
            job.stream.finish(partial(session.status_update, job, cancelled))
            return

        def counts() -> dict:
            return Review(list(latest.values()), engine, limits).counts()

        def on_update(changed: dict[int, NodeReview]) -> None:
            latest.update(changed)
            for ply, reviewed in changed.items():  # each node's latest waits for the patch
                update = partial(session.evaluations_update, {nodes[ply]: reviewed})
                job.stream.offer(update, key=f"node {ply}")

        def on_progress(index: int, done: int, total: int) -> None:
            state.update({"pass": index + 1, "done": done, "total": total, "counts": counts()})
            report(session, job, state)

        status = "done"
        try:
            review = review_game(
                [n.position for n in nodes],
                limits,
                cache=cache,
                stop=job.stop_event,
                on_update=on_update,
                on_progress=on_progress,
                engine=engine,
                threads=threads,
            )
            state["searches"] = review.searches
            if review.stopped:
                status = "cancelled"
        except Exception as error:  # noqa: BLE001 - shown as a status, never a traceback
            status = f"error: {error}"
        final = {**state, "status": status, "counts": counts()}
        job.stream.finish(partial(session.status_update, job, final))

    return work
