"""cernunos-widget: a rules engine, analysis tools and a Jupyter widget for Cernunos."""

from .engine import Decision, Kind, Player, Position, Result

__all__ = ["Decision", "Kind", "Player", "Position", "Result"]
__version__ = "0.1.0"
