"""A game being analysed, without any widget: the tree, the current node, background jobs
(analysis, review) and what each node shows. The widget is one adapter of a session."""

from .core import Change, Job, NoAnalysisLineError, Session, SessionError, UnknownNodeError
from .solver_gate import SolverUnavailableError

__all__ = [
    "Change", "Job", "NoAnalysisLineError", "Session", "SessionError", "SolverUnavailableError",
    "UnknownNodeError",
]
