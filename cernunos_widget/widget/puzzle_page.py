"""A static page of puzzles (docs/puzzles.md): one board in puzzle mode that plays offline,
its page's own session judging each try with the stored proofs (js/puzzle.js)."""

from __future__ import annotations

from pathlib import Path

from ..puzzles import Puzzle, PuzzleError, load
from .contents import puzzles_state
from .static import save_page

__all__ = ["puzzles_html", "puzzles_state"]

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
