"""The words of a game text: decisions, variations, comments and the ``[CPN "..."]`` header.

One pass over the text, left to right, never backtracking: time and memory are linear in
its length, whatever it holds (an unclosed ``{``, a megabyte comment or tag value, deep
nesting); comments and tags are read by the scanners of :mod:`.scan`.

- a decision is a run of characters other than white space and ``( ) { } [ ]``;
- ``(`` and ``)`` open and close a variation;
- ``{...}`` is a comment: a backslash escapes ``}`` and ``\\``, everything else (new lines,
  tabs, spaces at either end, a backslash before any other character) is literal.  PGN has
  no such escape; it makes every comment survive export and parse exactly;
- ``[Name "value"]`` is a tag pair, on one line; in the value a backslash escapes ``"``
  and ``\\`` (nothing else). Tags come first (``game.py``: ``Game.headers``).

- an annotation glyph (``!``, ``?!``, ``?``, ``??``) right after a decision, as in PGN:
  ``B@b2?!`` (a decision's text never holds ``!`` or ``?``).

To add a new role for a word (more tags), add a branch to :func:`words` and a ``role``: the
parser in ``tree.py`` dispatches on it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..engine.errors import NotationError, clip
from ..i18n import Message
from .scan import TAG_NAME, read_comment, read_tag

MAX_GAME_TEXT = 10_000_000  # characters in one game's text
MAX_NESTING = 10_000  # variations open at once
MAX_NODES = 100_000  # positions in one game's tree (each holds about 2 kB)
GLYPHS = ("!", "?!", "?", "??")  # annotation glyphs, written right after their decision

_SPACE = re.compile(r"\s*")
_DECISION = re.compile(r"[^\s(){}\[\]]+")
_SURROGATE = re.compile("[\ud800-\udfff]")


class GameTextError(NotationError):
    """A game text that cannot be read (bad syntax, a limit passed, an illegal decision).

    ``at`` is the character offset in the text where the problem is, when one is known.
    """

    def __init__(self, message: str, at: int | None = None) -> None:
        super().__init__(message)
        self.at = at


@dataclass(frozen=True, slots=True)
class Word:
    """One word of a game text: its ``role`` is decision, glyph, open, close, comment or tag."""

    role: str
    text: str  # the decision, the comment (unescaped) or the tag's value
    at: int  # where it starts: a character offset in the text
    name: str = ""  # a tag's name


def words(text: object) -> Iterator[Word]:
    """The words of one game's text, in order; raise :class:`GameTextError` at bad syntax."""
    if not isinstance(text, str):
        raise GameTextError(f"a game text is a string, not {type(text).__name__}")
    if len(text) > MAX_GAME_TEXT:
        raise GameTextError(
            f"a game text is at most {MAX_GAME_TEXT:,} characters (one game); "
            f"this one has {len(text):,}"
        )
    i, end = 0, len(text)
    while True:
        i = _SPACE.match(text, i).end()
        if i == end:
            return
        ch = text[i]
        if ch == "(":
            yield Word("open", ch, i)
            i += 1
        elif ch == ")":
            yield Word("close", ch, i)
            i += 1
        elif ch == "{":
            comment, after = _read_comment(text, i)
            yield Word("comment", comment, i)
            i = after
        elif ch == "[":
            tag = read_tag(text, i)
            if tag is None:
                raise _said(i, "record.bad_tag", at=i + 1, text=clip(text[i : i + 40]))
            name, value, after = tag
            bad = _SURROGATE.search(value)
            if bad is not None:  # refused here, not later by export() (issue #24 item 4)
                raise GameTextError(
                    f"the tag [{name}] at character {i + 1} holds a lone surrogate "
                    f"(U+{ord(bad.group()):04X}): it is not a character and cannot be saved "
                    "as UTF-8",
                    i,
                )
            yield Word("tag", value, i, name)
            i = after
        elif ch in "}]":
            raise _said(i, "record.closes_nothing", char=repr(ch), at=i + 1)
        else:
            decision = _DECISION.match(text, i)
            written, glyph = _split_glyph(decision.group(), i)
            yield Word("decision", written, i)
            if glyph:
                yield Word("glyph", glyph, i + len(written))
            i = decision.end()


def _said(offset: int, key: str, **params: object) -> GameTextError:
    """The GameTextError at character ``offset`` whose words are ``key`` (every language)."""
    words = Message(key, params)
    return GameTextError(words.text(), offset).said(words)


def _split_glyph(word: str, at: int) -> tuple[str, str]:
    """``B@b2?!`` -> ``("B@b2", "?!")``: a decision's text never holds ``!`` or ``?``."""
    written = word.rstrip("!?")
    glyph = word[len(written) :]
    if glyph and glyph not in GLYPHS:
        raise _said(
            at + len(written), "record.unknown_glyph", glyph=clip(glyph), after=clip(written),
            at=at + len(written) + 1, glyphs=" ".join(GLYPHS),
        )  # fmt: skip
    if glyph and not written:
        raise _said(at, "record.lone_glyph", glyph=clip(glyph), at=at + 1)
    return written, glyph


def _read_comment(text: str, start: int) -> tuple[str, int]:
    """The comment opening at ``start`` (unescaped) and the index after its ``}``."""
    comment = read_comment(text, start)
    if comment is None:
        raise _said(start, "record.open_comment", at=start + 1, text=clip(text[start : start + 40]))
    return comment


def write_comment(text: str) -> str:
    """``{text}`` with ``\\`` and ``}`` escaped: :func:`words` reads back exactly ``text``."""
    return "{" + text.replace("\\", "\\\\").replace("}", "\\}") + "}"


def write_tag(name: object, value: object) -> str:
    """``[Name "value"]`` with ``\\`` and ``"`` escaped; GameTextError for what cannot be one."""
    if not isinstance(name, str) or not TAG_NAME.fullmatch(name):
        raise GameTextError(
            f"bad tag name {clip(name)}: a letter, then letters, digits or '_' (such as Green)"
        )
    if not isinstance(value, str):
        raise GameTextError(f"the tag [{name}] holds {type(value).__name__}, not text")
    if "\n" in value or "\r" in value:
        raise GameTextError(f"the tag [{name}] holds a line break: a tag value is one line")
    if _SURROGATE.search(value):
        raise GameTextError(f"the tag [{name}] holds a lone surrogate: it cannot be UTF-8")
    return f'[{name} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def check_comment(text: object) -> str:
    """``text`` if it can be a comment (a string, no lone surrogate); else GameTextError."""
    if not isinstance(text, str):
        raise GameTextError(f"a comment is a string, not {type(text).__name__}")
    bad = _SURROGATE.search(text)
    if bad is not None:
        words = Message(
            "record.comment_surrogate", {"code": f"{ord(bad.group()):04X}", "at": bad.start() + 1}
        )
        raise GameTextError(words.text()).said(words)
    return text
