"""Analysing every node of the main line, so that a page carries the analysis (issue #21).

:func:`analyse_main_line` searches each main-line node for a time, rating every first
decision as a review's search does: the top lines become the node's remembered analysis
(:attr:`.Session.analyses`, what the page's analysis panel shows), the evaluation goes to
the session's review cache, and a review then reads those evaluations (no search again)
to draw the evaluation graph and mark the decisions.  ``w.to_html(path, analyse=...)``
runs it before writing the page.
"""

from __future__ import annotations

import math
import threading
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine import CernunosError
from ..engine.errors import clip
from .core import Session
from .jobs import Analyser, Replays, best_first, limit_text, line_dict
from .solver_gate import require_solver

if TYPE_CHECKING:
    from ..record.tree import GameNode
    from ..solver import Limit

DEFAULT_SECONDS = 1.0  # a node, for analyse=True: a 40-decision game in under a minute
MAX_SECONDS = 3600.0
LINES = 3  # best lines a node keeps (the page's Analyse shows three too)

Progress = Callable[[int, int], None]  # (nodes done, nodes on the main line)


class AnalyseOptionError(CernunosError):
    """A value of ``analyse=`` that is not a time a node."""


def check_analyse(value: object) -> float | None:
    """The seconds a node that ``analyse=`` asks for: None (or False) for none, True for
    :data:`DEFAULT_SECONDS`, or a number of seconds; else :class:`AnalyseOptionError`."""
    if value is None or value is False:
        return None
    if value is True:
        return DEFAULT_SECONDS
    if isinstance(value, int | float) and math.isfinite(value) and 0 < value <= MAX_SECONDS:
        return float(value)
    raise AnalyseOptionError(
        f"analyse= takes True (the default {DEFAULT_SECONDS:g} s a node), a number of "
        f"seconds a node (more than 0, at most {MAX_SECONDS:g}), or None / False for no "
        f"analysis; not {clip(value)}"
    )


def analyse_main_line(
    session: Session,
    seconds: float | bool | None,
    engine: str = "auto",
    progress: bool | Progress = False,
    analyser: Analyser | None = None,
) -> int:
    """Analyse every node of ``session``'s main line for ``seconds`` each (in this thread),
    then review the line from those evaluations; returns how many nodes were searched.
    ``seconds`` is what ``analyse=`` takes (:func:`check_analyse`; None: nothing to do).

    A node that already remembers an analysis (the author's own) keeps it; the search
    still feeds the review.  ``progress``: True shows a bar in a notebook (nothing
    elsewhere), or a callable ``progress(done, total)``; ``analyser`` replaces
    :func:`.solver.analysis` (tests).  Ctrl-C stops it; the nodes analysed keep their analyses.
    """
    require_solver()  # SolverUnavailableError where numba is missing
    from ..solver import Limit, check_engine

    seconds = check_analyse(seconds)
    engine = check_engine(engine)
    if seconds is None:
        return 0
    limit = Limit(time=seconds)
    if analyser is None:
        from ..solver import analysis as analyser
    with session.lock:
        nodes = [session.game.root, *session.game.mainline()]
    report = _progress(progress, len(nodes))
    searched = 0
    try:
        for done, node in enumerate(nodes):
            if not node.position.is_over:
                searched += _analyse_node(session, node, limit, engine, analyser)
            report(done + 1)
    finally:
        report(None)
    session.review(limit, engine).wait()
    return searched


def _analyse_node(
    session: Session, node: GameNode, limit: Limit, engine: str, analyser: Analyser
) -> bool:
    """Search ``node`` rating every first decision; cache its evaluation for the review and
    remember its best lines (unless it has an analysis already).  False if nothing came."""
    from .review import evaluation_of, quality_key

    position = node.position
    every = len(position.option_codes)
    results = deque(analyser(position, limit, every, stop=threading.Event(), engine=engine), 1)
    if not results or not results[0]:
        return False
    infos = results[0]
    session.review_cache.put(position, engine, evaluation_of(position, infos, quality_key(limit)))
    with session.lock:  # the lines numbered on from the node, as the move list
        replays = Replays(position, state=session.display.line_state(node))
    state = {
        "status": "done",
        "lines": [line_dict(position, info, replays) for info in best_first(infos)[:LINES]],
        "limit": limit_text(limit),
        "engine": engine,
    }
    if node in session.game:
        session.remember_analysis(node, state, replace=False)
    return True


def _progress(progress: bool | Progress, total: int) -> Callable[[int | None], None]:
    """``report(done)`` after each node, ``report(None)`` at the end."""
    if callable(progress):
        return lambda done: None if done is None else progress(done, total)
    bar = _notebook_bar(total) if progress else None
    if bar is None:
        return lambda done: None

    def report(done: int | None) -> None:
        if done is None:
            bar.close()
        else:
            bar.update(done - bar.n)

    return report


def _notebook_bar(total: int):
    """A tqdm bar in a Jupyter kernel (a widget there), else None."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    if shell is None or getattr(shell, "kernel", None) is None:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc="analysing the main line", unit=" nodes", leave=False)
