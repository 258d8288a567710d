"""The boards a document asks for in its text: the Sphinx directives (``cernunos_widget.sphinx``)
and the Markdown blocks (``cernunos_widget.markdown``) read the same kinds with the same
options, here, and draw them with :func:`.static.board_fragment`.

A kind's options (:data:`OPTIONS`) are read by converters that raise ValueError for a bad
value, as docutils' option converters do; :func:`read_block` then makes the board, raising
the engine's errors (:class:`.engine.CernunosError`) for a text or a choice it cannot show.
:func:`error_line` says which line of the block's text a text's error is on.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from ..engine import CernunosError, Position
from ..i18n import DEFAULT as DEFAULT_LANGUAGE
from ..i18n import LanguageError
from ..puzzles import pick
from ..record.errors import GameFileError
from ..record.tree import Game
from ..session.core import Session
from ..session.page import export_state, settings
from ..study import Study
from .contents import course_state, puzzles_state, study_state
from .static import check_size


class BoardError(CernunosError):
    """A block's option the board cannot take (``start`` beyond the main line)."""


class Block(NamedTuple):
    """A board asked for by a document: its state, whether the reader plays, its size."""

    state: dict
    playable: bool = True
    size: str | None = None


def is_cpn(text: str) -> bool:
    """Whether a block's text is a CPN rather than a game text (a CPN's first word holds a
    ``/``: a game text's words never do outside a tag or a comment)."""
    words = text.split()
    return bool(words) and "/" in words[0] and not text.lstrip().startswith(("[", "{"))


def board_session(
    text: str | Game, start: int | None = None, language: str = DEFAULT_LANGUAGE
) -> Session:
    """The session a ``cernunos`` block's board shows: the game of ``text`` (a game text or
    a CPN; or a :class:`.record.tree.Game`, from Python), standing ``start`` decisions into
    the main line (None: at its end), its words in ``language``."""
    if isinstance(text, Game):
        game = text
    else:
        text = text.strip()
        game = Game(Position.from_cpn(text)) if is_cpn(text) else Game.parse(text)
    session = Session(game, language)
    if start is not None:
        line = game.mainline()
        if start > len(line):
            raise BoardError(f"start is 0..{len(line)} (the main line's decisions), not {start}")
        session.goto(line[start - 1] if start else game.root)
    return session


# ---------------------------------------------------------------- option converters


def flag(value: str | None) -> None:
    """An option without a value (``:walk-only:``)."""
    if value and value.strip():
        raise ValueError(f'no argument is allowed; "{value}" supplied')


def text(value: str | None) -> str:
    """An option's text, required."""
    if value is None or not value.strip():
        raise ValueError("argument required but none supplied")
    return value.strip()


def nonnegative_int(value: str | None) -> int:
    """0, 1, 2, ..."""
    number = int((value or "").strip())  # ValueError: "invalid literal for int()"
    if number < 0:
        raise ValueError("negative value; must be positive or zero")
    return number


def positive_int(value: str | None) -> int:
    """1, 2, 3, ..."""
    number = int((value or "").strip())
    if number < 1:
        raise ValueError("negative or zero value; must be positive")
    return number


def size_option(value: str | None) -> str:
    """The ``size`` option: a CSS length (``420px``, ``30em``, ``80%``)."""
    return check_size(value or "")


RATING = re.compile(r"\s*(\d{1,5})\s*(?:-|\.\.)\s*(\d{1,5})\s*")


def rating_option(value: str | None) -> tuple[int, int]:
    """The ``rating`` option: a range ``low-high`` (or ``low..high``), both included."""
    found = RATING.fullmatch(value or "")
    if not found or int(found[1]) > int(found[2]):
        raise ValueError(f"rating is a range such as 900-1200 (low to high), not {value!r}")
    return int(found[1]), int(found[2])


def ids_option(value: str | None) -> list[str]:
    """The ``ids`` option: puzzle ids separated by spaces or commas."""
    ids = (value or "").replace(",", " ").split()
    if not ids:
        raise ValueError("ids lists puzzle ids separated by spaces or commas")
    return ids


Converter = Callable[[str | None], object]

# Each kind of block, its options and their converters; whether it has a text (CONTENT).
OPTIONS: dict[str, dict[str, Converter]] = {
    "cernunos": {
        "start": nonnegative_int,
        "walk-only": flag,
        "overlay": flag,
        "size": size_option,
        "language": text,
    },
    "cernunos-lessons": {"lesson": text, "language": text, "size": size_option},
    "cernunos-puzzles": {
        "ids": ids_option,
        "rating": rating_option,
        "count": positive_int,
        "language": text,
        "size": size_option,
    },
    "cernunos-study": {
        "file": text,
        "chapter": nonnegative_int,
        "language": text,
        "size": size_option,
    },
}
# Whether a kind's block has a text: always, never, or (None) a study's text or a :file:.
CONTENT = {
    "cernunos": True,
    "cernunos-lessons": False,
    "cernunos-puzzles": False,
    "cernunos-study": None,
}


def read_block(
    kind: str, content: str | Game, options: dict, folder: Path | None = None
) -> Block:
    """The board a block of ``kind`` asks for: ``content`` its text (a game text or a CPN
    for ``cernunos``, or a Game from Python; a study's text for ``cernunos-study`` without
    ``file``; empty for the others), ``options`` its converted options, ``folder`` the
    document's (where a study's ``file`` is; default: the current folder). Raises the
    engine's errors (a bad text, an unknown lesson, no puzzle chosen, an unknown language,
    ``start`` beyond the main line, a study file that cannot be read)."""
    language = options.get("language", DEFAULT_LANGUAGE)
    size = options.get("size")
    if kind == "cernunos":
        session = board_session(content, options.get("start"), language)
        page = settings(session.game.rules, "overlay" in options, "auto", session.language)
        return Block(export_state(session, page), "walk-only" not in options, size)
    if kind == "cernunos-lessons":
        return Block(course_state(language, options.get("lesson")), True, size)
    if kind == "cernunos-puzzles":
        ids, rating, count = (options.get(name) for name in ("ids", "rating", "count"))
        chosen = pick(ids=ids, rating=rating, count=count)
        return Block(puzzles_state(chosen, 0, language), True, size)
    if kind == "cernunos-study":
        study = _study(content, options.get("file"), folder)
        return Block(study_state(study, language, options.get("chapter", 0)), True, size)
    raise BoardError(f"no block {kind!r}: the blocks are {', '.join(OPTIONS)}")


def _study(content: str, file: str | None, folder: Path | None) -> Study:
    """A study block's study: its text, or its ``file`` (relative to ``folder``)."""
    if (file is None) == (not content.strip()):
        raise BoardError("a cernunos-study block has a :file: option or a study's text (one)")
    if file is None:
        return Study.load(content.strip() + "\n")
    path = (folder or Path.cwd()) / file
    try:
        return Study.load(path)
    except CernunosError as e:
        raise BoardError(f"the study file {file}: {e}") from None


def error_line(content: str, error: CernunosError) -> int | None:
    """The 0-based line of ``content`` a text's error is on (the engine's ``at`` offset);
    None for an error of an option (``start``, ``language``) or one without a place."""
    if isinstance(error, (BoardError, LanguageError)):
        return None
    before = len(content) - len(content.lstrip())
    if isinstance(error, GameFileError) and isinstance(error.line, int):  # a study's text
        return content[:before].count("\n") + error.line - 1
    at = getattr(error, "at", None)
    text = content.strip()  # what was read (board_session)
    if isinstance(at, int) and 0 <= at <= len(text):
        return content[: before + at].count("\n")
    return content[:before].count("\n") if content.strip() else None
