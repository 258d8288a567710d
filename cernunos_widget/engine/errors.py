"""The engine's error types: every bad input raises one of these ``ValueError`` subclasses."""

from __future__ import annotations


class CernunosError(ValueError):
    """Base class of every error the engine raises for bad input.

    ``str(error)`` is English; an error raised with its words as a message
    (:meth:`said`, a :class:`~cernunos_widget.i18n.Message`) says them in other languages
    too: ``error.text("fr")``.
    """

    words = None  # the message, when there is one

    def said(self, words):
        """This error, its words being ``words`` (a message); returns it, to be raised."""
        self.words = words
        return self

    def text(self, language: str = "en") -> str:
        """The reason in ``language`` (English when the error has no message)."""
        return str(self) if self.words is None else self.words.text(language)


class NotationError(CernunosError):
    """Text that is not well-formed notation."""


class CpnSyntaxError(NotationError):
    """A CPN string that does not follow the notation of RULES.md section 6."""


class DecisionSyntaxError(NotationError):
    """A decision text that does not follow the notation of RULES.md section 6."""


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


class RulesError(CernunosError):
    """Rules text or values that name no rule set (see :class:`~.rules.Rules`)."""


class InvalidLimitError(CernunosError):
    """A search limit that is not ``None`` or a finite number above 0 (see ``solver.Limit``)."""


ECHO_LIMIT = 80  # errors show at most this many characters of the bad input


def clip(text: object, limit: int = ECHO_LIMIT) -> str:
    """``repr`` of bad input for an error message, cut to ``limit`` characters of it.

    Only strings and small ints are echoed; other values are named by their type, so a
    hostile object (a huge int, a deeply nested list) costs nothing to describe.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return repr(text) if text.bit_length() <= 64 else f"an int of {text.bit_length()} bits"
    if not isinstance(text, str):
        return f"a {type(text).__name__}"
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"
