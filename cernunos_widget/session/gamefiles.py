"""A session's game to and from ``.cgn`` game files (:mod:`.record.files`), under its lock:
saving, opening a game of a file, and the result tags a download needs."""

from __future__ import annotations

import io
import os
from typing import IO, TYPE_CHECKING

from ..i18n import refusal
from ..i18n import text as text_in  # (``text`` names the file's text here)
from ..record.errors import GameFileError
from ..record.files import fill_result, format_game, read_game, write_texts
from ..record.tree import Game, outcome_problem
from .page import gc_paused

if TYPE_CHECKING:
    from .core import Session

# Characters of a .cgn text the page may have the kernel read, up to the game it opens:
# each game is replayed under the session's lock, 8-25 us a character at worst on a 2-core
# machine idle or busy (tiny games), so at most 0.5-1.5 s (benchmarks/page_files.py).
PAGE_CGN_CHARS = 60_000


def load_games(session: Session, source: str | os.PathLike | IO, index: int = 0) -> Game:
    """Replace the session's game by game ``index`` of a ``.cgn`` file (a path or an open
    stream); returns the previous game. A bad file raises :class:`.GameFileError` (with
    its line) and changes nothing."""
    with gc_paused():  # a big tree is read in a third of the time
        game = read_game(source, index)
    return session.replace_game(game)


def save_game(session: Session, path: str | os.PathLike, *, append: bool = False) -> int:
    """Write the session's game, with its headers, to the ``.cgn`` file ``path``
    (atomically); tags the tree contradicts raise :class:`.GameFileError`.  The game is
    formatted under the session's lock and written after it is released: a slow file (a
    FIFO waiting for its reader, another writer's turn) never holds the session up."""
    with session.lock:
        text = format_game(session.game)
    return write_texts([text], path, append=append)


def cgn_text(session: Session) -> str:
    """The game as a ``.cgn`` file's text. Result tags the tree no longer matches (its end
    deleted or promoted away) are set from the main line first (R-15, R-17)."""
    with session.lock:
        game = session.game
        if outcome_problem(game.headers, game.root.end().position) is not None:
            fill_result(game)
        return format_game(game)


class _TooLong(Exception):
    """The page's text needs more than :data:`PAGE_CGN_CHARS` characters read."""


class _Metered(io.StringIO):
    """A text read by lines, at most ``most`` characters: reading more raises
    :class:`_TooLong`, before the game being read is parsed."""

    def __init__(self, text: str, most: int) -> None:
        super().__init__(text)
        self.left = most

    def readline(self, size: int | None = -1) -> str:
        room = self.left + 1  # one character more than allowed: tells a text over them
        line = super().readline(room if size is None or size < 0 else min(size, room))
        self.left -= len(line)
        if self.left < 0:
            raise _TooLong
        return line


def open_cgn(session: Session, text: str, index: int = 0) -> str:
    """Open game ``index`` of a ``.cgn`` file's ``text`` (the page's); returns what was
    opened, in words, in the session's language (``opened game 2 of the file: Ann - Bo
    (1-0)``).  The games up to it may hold at most :data:`PAGE_CGN_CHARS` characters, else
    :class:`.GameFileError` (in the session's language) and nothing changes."""
    game = _page_game(text, index)  # (read before the session is held)
    with session.lock:
        session.replace_game(game)
        h = session.game.headers
        result = f" ({h['Result']})" if h.get("Result", "*") != "*" else ""
        if "Green" in h and "Purple" in h:
            return text_in(
                "record.opened_players", session.language, n=index + 1, green=h["Green"],
                purple=h["Purple"], result=result,
            )  # fmt: skip
        return text_in("record.opened", session.language, n=index + 1, result=result)


def _page_game(text: str, index: int) -> Game:
    """Game ``index`` of the page's ``.cgn`` text, read no further than
    :data:`PAGE_CGN_CHARS` characters."""
    try:
        with gc_paused():
            return read_game(_Metered(text, PAGE_CGN_CHARS), index)
    except _TooLong:
        raise refusal(
            GameFileError, "refusal.cgn_too_long", n=index + 1, most=PAGE_CGN_CHARS
        ) from None
