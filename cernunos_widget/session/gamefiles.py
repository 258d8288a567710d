"""A session's game to and from ``.cgn`` game files (:mod:`.record.files`), under its lock:
saving, opening a game of a file, and the result tags a download needs."""

from __future__ import annotations

import io
import os
from typing import IO, TYPE_CHECKING

from ..i18n import text as text_in  # (``text`` names the file's text here)
from ..record.files import fill_result, format_game, read_game, write_texts
from ..record.tree import Game, outcome_problem

if TYPE_CHECKING:
    from .core import Session


def load_games(session: Session, source: str | os.PathLike | IO, index: int = 0) -> Game:
    """Replace the session's game by game ``index`` of a ``.cgn`` file (a path or an open
    stream); returns the previous game. A bad file raises :class:`.GameFileError` (with
    its line) and changes nothing."""
    return session.replace_game(read_game(source, index))


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


def open_cgn(session: Session, text: str, index: int = 0) -> str:
    """Open game ``index`` of a ``.cgn`` file's ``text``; returns what was opened, in words,
    in the session's language (``opened game 2 of the file: Ann - Bo (1-0)``)."""
    with session.lock:
        load_games(session, io.StringIO(text), index)
        h = session.game.headers
        result = f" ({h['Result']})" if h.get("Result", "*") != "*" else ""
        if "Green" in h and "Purple" in h:
            return text_in(
                "record.opened_players", session.language, n=index + 1, green=h["Green"],
                purple=h["Purple"], result=result,
            )  # fmt: skip
        return text_in("record.opened", session.language, n=index + 1, result=result)
