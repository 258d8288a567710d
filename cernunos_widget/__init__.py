"""cernunos-widget: a rules engine, analysis tools and a Jupyter widget for Cernunos."""

from typing import Any

from .engine import Decision, Kind, Player, Position, Result
from .version import __version__

__all__ = [
    "CernunosWidget",
    "Decision",
    "Game",
    "Kind",
    "Player",
    "Position",
    "Result",
    "__version__",
    "puzzles_html",
]


def __getattr__(name: str) -> Any:
    # The widget pulls in anywidget and ipywidgets: import it only when asked for, so the
    # engine and the command line start fast.
    if name == "CernunosWidget":
        from .widget.adapter import CernunosWidget

        return CernunosWidget
    if name == "puzzles_html":
        from .widget.puzzle_page import puzzles_html

        return puzzles_html
    if name == "Game":
        from .record.tree import Game

        return Game
    raise AttributeError(f"module 'cernunos_widget' has no attribute {name!r}")
