"""Game files (``.cgn``, UTF-8): many games, each its tag pairs then its game text.

In the spirit of PGN::

    [Green "Ann"]
    [Purple "Bo \\"the Boar\\""]
    [Result "1-0"]
    [Score "7-5 3-2 0-1"]
    B@b2 B@b3 (D@a1 {quieter}) T@a1 ...

    [Result "*"]
    ...

A tag pair is ``[Name "value"]`` on one line (``\\"`` and ``\\\\`` escaped in the value);
the game text is :meth:`.Game.export`'s (variations, comments, glyphs), wrapped at about 80
columns; a blank line outside a comment ends a game (a blank line between the tags and the
moves, as in PGN, is read too).  The tags are :attr:`.Game.headers`; ``[Result]``,
``[Score]`` and ``[Termination]`` are checked against the main line's end when it ends the
game (:func:`.game.outcome_problem`), on reading and on writing.

:func:`read_games` streams: it holds one game at a time, so memory does not grow with the
number of games; one game is at most :data:`.gametext.MAX_GAME_TEXT` characters.
:func:`write_games` writes a temporary file in the same folder and renames it over the
target, so a failure (a bad game, an exception from the games' iterator) leaves the previous
file byte-identical.  Errors are :class:`GameFileError` with ``line`` and ``index``.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from ..engine import CernunosError
from ..engine.errors import clip
from .text import MAX_GAME_TEXT, TAG, GameTextError
from .tree import Game, outcome_problem, outcome_tags

__all__ = [
    "GameFileError",
    "fill_result",
    "format_game",
    "read_game",
    "read_games",
    "write_games",
]

Source = str | os.PathLike | IO[str] | IO[bytes]
WRAP = 79  # columns of game text per line (a longer word keeps its own line)

_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no new-line translation
_OUTSIDE = re.compile(r"[^{\[]*")  # outside comments: up to a comment or a tag
_IN_COMMENT = re.compile(r"[^\\}]*")


class GameFileError(GameTextError):
    """A game file that cannot be read, or a game that cannot be written.

    ``line`` is the file's line (1-based; None when writing), ``index`` the game's index in
    the file or the iterable (0-based), ``reason`` the message without them.
    """

    def __init__(self, message: str, line: int | None = None, index: int | None = None) -> None:
        where = ", ".join(
            part
            for part in (
                "" if line is None else f"line {line}",
                "" if index is None else f"game index {index}",
            )
            if part
        )
        super().__init__(f"{where}: {message}" if where else message)
        self.reason, self.line, self.index = message, line, index


# ---------------------------------------------------------------------- reading


def read_games(source: Source) -> Iterator[Game]:
    """The games of a ``.cgn`` file, one at a time (a generator: it reads as you iterate).

    ``source`` is a path (``str`` or ``Path``) or an open stream (text or binary). Lines
    may end with ``\\n`` or ``\\r\\n``; a UTF-8 byte order mark is skipped. Raises
    :class:`GameFileError` (with ``line`` and ``index``) at the first game that cannot be
    read; the games before it have been yielded.
    """
    if isinstance(source, str | os.PathLike):
        with open(source, "rb") as stream:
            yield from _read_stream(stream)
    elif hasattr(source, "readline"):
        yield from _read_stream(source)
    else:
        raise GameFileError(
            f"read_games takes a path or an open stream, not {type(source).__name__}"
        )


def read_game(source: Source, index: int = 0) -> Game:
    """Game ``index`` (0-based) of a ``.cgn`` file; reading stops there (the games before
    it are read too, and must be valid). :class:`GameFileError` if there is no such game."""
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise GameFileError(f"a game index is an integer >= 0, not {clip(index)}")
    count = 0
    for count, game in enumerate(read_games(source), 1):
        if count > index:
            return game
    raise GameFileError(f"no game index {index}: the file holds {count} game(s)")


def _read_stream(stream: IO) -> Iterator[Game]:
    for index, (start, lines) in enumerate(_chunks(_lines(stream))):
        yield _parse_chunk(lines, start, index)


def _lines(stream: IO) -> Iterator[str]:
    """The stream's lines, decoded, line endings kept; a line is bounded in length."""
    number = 0
    while True:
        try:
            line = stream.readline(MAX_GAME_TEXT + 1)
        except UnicodeDecodeError as e:  # a text stream's own decoding, which reads ahead
            raise GameFileError(
                f"not UTF-8 text ({e.reason}) at this line or a later one: read the path or "
                "a binary stream for the exact line",
                number + 1,
            ) from None
        if not line:
            return
        number += 1
        if len(line) > MAX_GAME_TEXT:
            raise GameFileError(
                f"a line longer than {MAX_GAME_TEXT:,} characters (the most one game may hold)",
                number,
            )
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as e:
                raise GameFileError(
                    f"not UTF-8 text: byte {line[e.start]:#04x} at column {e.start + 1}", number
                ) from None
        elif not isinstance(line, str):
            raise GameFileError(f"the stream gave {type(line).__name__}, not text", number)
        if number == 1:
            line = line.removeprefix("\ufeff")
        yield line


def _scan(line: str, comment: bool) -> tuple[bool, bool, bool]:
    """Whether ``line`` (starting inside a comment or not) holds game text other than tags,
    whether it starts with a tag, and whether it ends inside a comment."""
    i, end = 0, len(line)
    moves = comment
    first = len(line) - len(line.lstrip())
    starts_tag = not comment and first < end and line[first] == "["
    while i < end:
        if comment:
            i = _IN_COMMENT.match(line, i).end()
            if i < end:
                if line[i] == "}":
                    comment = False
                    i += 1
                else:
                    i += 2  # a backslash and what it escapes
            continue
        run = _OUTSIDE.match(line, i).end()
        moves = moves or bool(line[i:run].strip())
        i = run
        if i < end:
            tag = TAG.match(line, i) if line[i] == "[" else None
            if tag is not None:
                i = tag.end()
            else:
                moves = True  # a comment, or a bad tag the parser will name
                comment = line[i] == "{"
                i += 1
    return moves, starts_tag, comment


def _chunks(lines: Iterator[str]) -> Iterator[tuple[int, list[str]]]:
    """Each game's lines and its first line's number: a game ends at a blank line outside
    a comment once it has game text, or where a tag line starts after a blank line."""
    chunk: list[str] = []
    start = size = games = 0
    state = "empty"  # then "tags" (only tags so far), "gap" (tags, then a blank line), "moves"
    comment = False
    try:
        for number, line in enumerate(lines, 1):
            if not comment and line.isspace():  # white space as the game text reads it
                if state == "moves":
                    yield start, chunk
                    chunk, size, state, games = [], 0, "empty", games + 1
                elif state == "tags":
                    state = "gap"
                continue
            moves, starts_tag, comment = _scan(line, comment)
            if starts_tag and state in ("moves", "gap"):
                yield start, chunk
                chunk, size, state, games = [], 0, "empty", games + 1
            if not chunk:
                start = number
            chunk.append(line)
            size += len(line)
            if size > MAX_GAME_TEXT:
                raise GameFileError(
                    f"the game starting at line {start} is longer than {MAX_GAME_TEXT:,} "
                    "characters" + (" (inside a comment: is a '}' missing?)" if comment else ""),
                    number,
                )
            state = "moves" if moves else ("tags" if state in ("empty", "gap") else state)
    except GameFileError as e:  # from a line: say which game it is in
        raise GameFileError(e.reason, e.line, games) from None
    if chunk:
        yield start, chunk


def _parse_chunk(lines: list[str], start: int, index: int) -> Game:
    text = "".join(lines)
    try:
        return Game.parse(text)
    except CernunosError as e:
        at = getattr(e, "at", None)
        line = start if at is None else start + _line_of(lines, at)
        raise GameFileError(str(e), line, index) from None


def _line_of(lines: list[str], at: int) -> int:
    """The 0-based line of ``lines`` holding character ``at`` of their concatenation."""
    starts, total = [], 0
    for line in lines:
        starts.append(total)
        total += len(line)
    return bisect_right(starts, at) - 1


# ---------------------------------------------------------------------- writing


def fill_result(game: Game) -> Game:
    """Set ``game.headers``' ``[Result]`` and ``[Score]`` or ``[Termination "forfeit"]``
    from its main line's end (R-15, R-17; ``"*"`` while it goes on), dropping a stale
    ``[Score]`` or forfeit; returns ``game`` (for writers such as self-play)."""
    tags = outcome_tags(game.root.end().position)
    if "Score" not in tags:
        game.headers.pop("Score", None)
    if "Termination" not in tags and game.headers.get("Termination") == "forfeit":
        del game.headers["Termination"]
    game.headers.update(tags)
    return game


def format_game(game: Game, index: int | None = None) -> str:
    """One game as it is written in a file (tags one a line, wrapped game text, ``\\n``).

    ``[Result]`` is always written (the main line's, when the headers have none).  Raises
    :class:`GameFileError` for a game the file could not hold or that its tags contradict.
    """
    if not isinstance(game, Game):
        raise GameFileError(f"expected a Game, not {clip(game)}", index=index)
    try:
        problem = outcome_problem(game.headers, game.root.end().position)
        if problem is not None:
            raise GameFileError(problem[1], index=index)
        tags = game.tags()
        if "Result" not in game.headers:
            result = outcome_tags(game.root.end().position)["Result"]
            tags.append(f'[Result "{result}"]')
        lines = tags + _wrap(game.movetext())
    except GameFileError:
        raise
    except CernunosError as e:
        raise GameFileError(str(e), index=index) from None
    text = "\n".join(lines) + "\n"
    if len(text) > MAX_GAME_TEXT:
        raise GameFileError(
            f"the game is {len(text):,} characters; a file's game is at most {MAX_GAME_TEXT:,}",
            index=index,
        )
    return text


def _wrap(parts: list[str]) -> list[str]:
    lines: list[str] = []
    line = ""
    for part in parts:
        if line and len(line) + 1 + len(part) > WRAP:
            lines.append(line)
            line = part
        else:
            line = f"{line} {part}" if line else part
    if line:
        lines.append(line)
    return lines


def write_games(games: Iterable[Game], path: str | os.PathLike, *, append: bool = False) -> int:
    """Write ``games`` to the ``.cgn`` file ``path``; returns how many were written.

    Atomic: the games go to a temporary file in the same folder (after a copy of the
    present file with ``append=True``), which then replaces ``path`` (``os.replace``).  If
    anything fails (a bad game: :class:`GameFileError`; the iterable raising; the disk),
    ``path`` is left exactly as it was.  ``games`` is consumed lazily, one at a time.
    """
    path = Path(path)
    fd, temp = _temporary(path)
    try:
        with os.fdopen(fd, "wb") as out:
            tail = b""
            if path.exists():
                shutil.copymode(path, temp)
            if append and path.exists():
                with open(path, "rb") as old:
                    shutil.copyfileobj(old, out)
                    if out.tell():
                        old.seek(max(0, out.tell() - 2))
                        tail = old.read()
            separator = b"" if not tail or tail.endswith(b"\n\n") else b"\n"
            if tail and not tail.endswith(b"\n"):
                separator = b"\n\n"
            count = 0
            for count, game in enumerate(games, 1):
                out.write(separator + format_game(game, count - 1).encode("utf-8"))
                separator = b"\n"
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return count


def _temporary(path: Path) -> tuple[int, Path]:
    """A new file next to ``path``, open for writing, with the mode a new file gets
    (0o666 less the umask, as ``open`` gives; ``mkstemp`` would give 0o600)."""
    while True:
        temp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
        try:
            return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, 0o666), temp
        except FileExistsError:
            continue
