"""A game being analysed, without any widget: the tree, the current node, background jobs
(analysis, review) and what each node shows. The widget is one adapter of a session."""

from .core import Change, Job, Session, SessionError, UnknownNodeError

__all__ = ["Change", "Job", "Session", "SessionError", "UnknownNodeError"]
