"""cernunos-widget: a rules engine, analysis tools and a Jupyter widget for Cernunos."""

from typing import Any

from .engine import Decision, Kind, Player, Position, Result

__all__ = ["CernunosWidget", "Decision", "Game", "Kind", "Player", "Position", "Result"]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    # The widget pulls in anywidget and ipywidgets: import it only when asked for, so the
    # engine and the command line start fast.
    if name == "CernunosWidget":
        from .widget import CernunosWidget

        return CernunosWidget
    if name == "Game":
        from .game import Game

        return Game
    raise AttributeError(f"module 'cernunos_widget' has no attribute {name!r}")
