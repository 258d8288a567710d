"""A static page of puzzles (docs/puzzles.md): one board in puzzle mode that plays offline,
its page's own session judging each try with the stored proofs (js/puzzle.js)."""

from __future__ import annotations

from pathlib import Path

from ..engine import Position
from ..puzzles import Puzzle, PuzzleError, get, load
from ..puzzles.play import PuzzleRun
from ..record.tree import Game
from ..session.core import Session
from ..session.page import export_state, settings
from .static import save_page

DEFAULT_COUNT = 30  # puzzles a page holds by default: the easiest of the committed set


def puzzles_html(
    path: str | Path | None = None,
    puzzles: list[Puzzle] | None = None,
    *,
    count: int = DEFAULT_COUNT,
    start: int | str = 0,
    title: str = "Cernunos puzzles",
    language: str = "en",
) -> str:
    """A self-contained page solving ``puzzles`` (default: the first ``count`` of the
    committed set) in order from ``start`` (an index or an id), with no kernel, in
    ``language`` ("en" or "fr"); written to ``path`` too when given."""
    if puzzles is None:
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise PuzzleError(f"count is how many puzzles the page holds, 1 or more, not {count!r}")
        puzzles = load()[:count]
    return save_page(puzzles_state(puzzles, start, language), path, title)


def puzzles_state(puzzles: list[Puzzle], start: int | str = 0, language: str = "en") -> dict:
    """The state of a board solving ``puzzles`` in order from ``start`` (an index or an id)
    in ``language``: what :func:`puzzles_html` and a site's ``cernunos-puzzles`` directive
    draw (the whole set rides along: the page takes the next puzzle itself)."""
    puzzles = list(puzzles)
    if not puzzles or not all(isinstance(p, Puzzle) for p in puzzles):
        raise PuzzleError("a puzzle page shows a non-empty list of puzzles")
    run = PuzzleRun(puzzles)
    run.go_to(puzzles.index(get(start, puzzles)))
    first = run.puzzle
    session = Session(Game(Position.from_cpn(first.cpn, first.rules)))
    session.display.set_language(language)
    state = export_state(session, settings(session.game.rules, language=language))
    state["tree"]["puzzle"] = run.state(whole_set=True)
    return state
