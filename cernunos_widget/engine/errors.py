"""The engine's error types: every bad input raises one of these ``ValueError`` subclasses."""

from __future__ import annotations


class CernunosError(ValueError):
    """Base class of every error the engine raises for bad input."""


class NotationError(CernunosError):
    """Text that is not well-formed notation."""


class CpnSyntaxError(NotationError):
    """A CPN string that does not follow the notation of RULES.md section 6."""


class DecisionSyntaxError(NotationError):
    """A decision token that does not follow the notation of RULES.md section 6."""


class InvalidPositionError(CernunosError):
    """A well-formed CPN that describes no legal position (R-8, or one play cannot reach)."""


class IllegalDecisionError(CernunosError):
    """A well-formed decision that is not one of the legal options here."""

    def __init__(self, message: str, decision: str, legal: tuple[str, ...]) -> None:
        super().__init__(message)
        self.decision = decision
        self.legal = legal


class NotAtBoundaryError(CernunosError):
    """A CPN was asked of a state in the middle of an effect (it has none)."""
