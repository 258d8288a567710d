"""The session's background work: analysing a node, reviewing a game's main line.

Each function returns the ``work(job)`` callable :meth:`.Session.start_job` runs in a thread;
results go through :meth:`.Session.deliver` (dropped when stale) and the work polls
``job.stop_event`` through the solver's ``stop`` argument.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from .engine import Position

if TYPE_CHECKING:
    from .game import GameNode
    from .session import Job, Session
    from .solver import Limit

# analysis(position, limit, multipv, stop=..., engine=...) -> iterator of info lists
Analyser = Callable[..., Iterator[list]]


def limit_text(limit: Limit) -> str:
    """``time 5, nodes 1000`` (or ``until stopped``)."""
    parts = [
        f"{name} {value:g}"
        for name, value in (("time", limit.time), ("nodes", limit.nodes), ("depth", limit.depth))
        if value is not None
    ]
    return ", ".join(parts) or "until stopped"


def line_dict(position: Position, info) -> dict:
    """One analysis line for the page; ``green`` is the value from Green's side (-1..1)."""
    decider_is_green = position.decider is None or position.decider.letter == "g"
    value = info.estimate
    return {
        "decision": str(info.decision),
        "cells": list(info.decision.cells),
        "text": info.value_text(),
        "describe": info.describe(),
        "proven": info.proven,
        "green": value if decider_is_green else -value,
        "pv": [str(d) for d in info.pv],
        "depth": info.depth,
        "nodes": info.nodes,
        "seconds": round(info.seconds, 2),
    }


def analysis_work(
    session: Session,
    node: GameNode,
    limit: Limit,
    multipv: int,
    engine: str,
    base: dict,
    analyser: Analyser | None = None,
    options: dict | None = None,
) -> Callable[[Job], None]:
    """Stream the improving best lines of ``node`` into the session's analysis state
    (``options`` go to the analysis, e.g. ``memory_mb``)."""

    def work(job: Job) -> None:
        if analyser is None:
            from .solver import analysis as run
        else:
            run = analyser
        status, lines = "done", []
        try:
            lines_of = run(
                node.position, limit, multipv, stop=job.stop_event, engine=engine, **(options or {})
            )
            for infos in lines_of:
                lines = [line_dict(node.position, info) for info in infos]
                session.set_status(job, {**base, "lines": lines})
        except Exception as error:  # noqa: BLE001 - shown as a status, never a traceback
            status = f"error: {error}"
        if job.stopped and status == "done":
            status = "cancelled"
        session.set_status(job, {**base, "lines": lines, "status": status})

    return work


_OUTCOME_WORDS = {1: "win", 0: "draw", -1: "loss"}


def mistake(was: int, now: int) -> tuple[str, str]:
    """The mark for a decision that took its decider's proven outcome from ``was`` to ``now``."""
    if now >= was:
        return "", ""
    mark = "??" if was - now == 2 else "?"
    return mark, f"throws away a {_OUTCOME_WORDS[was]}: now a {_OUTCOME_WORDS[now]}"


def review_work(session: Session, nodes: list[GameNode], limit: Limit) -> Callable[[Job], None]:
    """Mark each main-line decision that threw away a proven win or draw (R-27: charged to
    the player who made it)."""

    def work(job: Job) -> None:
        from .solver.compiled.searchers import CompiledExactSearch
        from .solver.search import Budget, SearchAborted

        def outcome(position: Position) -> int:
            budget = Budget(limit.time, limit.nodes, job.stop_event)
            return CompiledExactSearch(budget, table_bits=18).outcome(position)

        base = {"gen": job.generation}
        marked = 0
        for i, node in enumerate(nodes):
            if job.stopped:
                break
            session.set_status(job, {**base, "status": f"{i + 1}/{len(nodes)}"})
            before = node.parent.position
            sign = 1 if before.decider.letter == "g" else -1
            try:
                was = outcome(before) * sign
                now = outcome(node.position) * sign
            except SearchAborted:
                continue
            mark, text = mistake(was, now)
            session.set_mark(job, node, mark, text)
            marked += bool(mark)
        status = "cancelled" if job.stopped else f"done, {marked} mistake(s) marked"
        session.set_status(job, {**base, "status": status})

    return work
