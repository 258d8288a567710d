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
number of games; one game is at most :data:`.text.MAX_GAME_TEXT` characters.
:func:`write_games` writes a temporary file in the same folder and renames it over the
target, or appends in place (costing the new games only), under a lock, so a failure (a
bad game, an exception from the games' iterator, a writer killed half-way) leaves the
previous file byte-identical, appends from several processes all land and a reader never
reads half a write; a FIFO, a device or an open stream is written as a stream
(:mod:`.destination`).  Every limit
counts characters, never bytes: whatever :func:`write_games` writes reads back.  Errors are
:class:`GameFileError` with ``line`` and ``index``.
"""

from __future__ import annotations

import io
import os
import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from typing import IO

from ..engine import CernunosError
from ..engine.errors import clip
from ..i18n import Message
from .destination import appending, committed_size, destination, replacing, stream
from .errors import GameFileError
from .scan import comment_close, read_tag
from .text import MAX_GAME_TEXT
from .tree import Game, outcome_problem, outcome_tags

__all__ = [
    "GameFileError",
    "fill_result",
    "format_game",
    "read_game",
    "read_games",
    "write_games",
    "write_texts",
]

Source = str | os.PathLike | IO[str] | IO[bytes]
Target = str | os.PathLike | IO[str] | IO[bytes]
WRAP = 79  # columns of game text per line (a longer word keeps its own line)

_OUTSIDE = re.compile(r"[^{\[]*")  # outside comments: up to a comment or a tag
_CONTINUATION = bytes(range(0x80, 0xC0))  # UTF-8 bytes that continue a character


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
            size = committed_size(source, stream.fileno())  # no append's unfinished end
            yield from _read_stream(_Prefix(stream, size))
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
    words = Message("record.no_game_index", {"index": index, "count": count})
    raise GameFileError(words.text()).said(words)


def _read_stream(stream: IO) -> Iterator[Game]:
    for index, (start, lines) in enumerate(_chunks(_lines(stream))):
        yield _parse_chunk(lines, start, index)


class _Prefix:
    """The first ``size`` bytes of a binary stream, read by lines."""

    def __init__(self, stream: IO[bytes], size: int) -> None:
        self.stream, self.left = stream, size

    def readline(self, limit: int = -1) -> bytes:
        most = self.left if limit is None or limit < 0 else min(limit, self.left)
        line = self.stream.readline(most) if most > 0 else b""
        self.left -= len(line)
        return line


def _lines(stream: IO) -> Iterator[str]:
    """The stream's lines, decoded, line endings kept; a line is bounded in characters."""
    number = 0
    while True:
        try:
            line = _read_line(stream)
        except UnicodeDecodeError as e:  # a text stream's own decoding, which reads ahead
            raise GameFileError(
                f"not UTF-8 text ({e.reason}) at this line or a later one: read the path or "
                "a binary stream for the exact line",
                number + 1,
            ) from None
        if not line:
            return
        number += 1
        if not isinstance(line, str | bytes):
            raise GameFileError(f"the stream gave {type(line).__name__}, not text", number)
        if len(line) > MAX_GAME_TEXT and (
            isinstance(line, str) or _characters(line) > MAX_GAME_TEXT
        ):
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
        if number == 1:
            line = line.removeprefix("\ufeff")
        yield line


def _read_line(stream: IO) -> str | bytes:
    """The stream's next line, cut after ``MAX_GAME_TEXT + 1`` characters: a binary
    stream's in pieces, counting UTF-8 characters, not bytes (issue #24 item 3), and at
    most 4 bytes a character."""
    line = stream.readline(MAX_GAME_TEXT + 1)
    if not isinstance(line, bytes) or len(line) <= MAX_GAME_TEXT or line.endswith(b"\n"):
        return line
    most = 4 * (MAX_GAME_TEXT + 1)  # bytes: UTF-8 is at most 4 bytes a character
    pieces, count, size = [line], _characters(line), len(line)
    while count <= MAX_GAME_TEXT and size < most:
        more = stream.readline(min(MAX_GAME_TEXT + 1 - count, most - size))
        if not more:
            break
        pieces.append(more)
        count, size = count + _characters(more), size + len(more)
        if more.endswith(b"\n"):
            break
    return b"".join(pieces)


def _characters(data: bytes) -> int:
    """How many characters UTF-8 ``data`` holds: its bytes that do not continue one."""
    return len(data.translate(None, _CONTINUATION))


def _scan(line: str, comment: bool) -> tuple[bool, bool, bool]:
    """Whether ``line`` (starting inside a comment or not) holds game text other than tags,
    whether it starts with a tag, and whether it ends inside a comment."""
    i, end = 0, len(line)
    moves = comment
    first = len(line) - len(line.lstrip())
    starts_tag = not comment and first < end and line[first] == "["
    while i < end:
        if comment:
            close = comment_close(line, i)
            if close < 0:
                break
            comment, i = False, close + 1
            continue
        run = _OUTSIDE.match(line, i).end()
        moves = moves or bool(line[i:run].strip())
        i = run
        if i == end:
            break
        if line[i] == "{":
            moves, comment, i = True, True, i + 1
            continue
        tag = read_tag(line, i)
        if tag is None:  # a bad tag: the parser names it; the rest of the line is moot
            return True, starts_tag, False
        i = tag[2]
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
        error = GameFileError(str(e), line, index)
        if e.words is not None:  # the page says it in the board's language
            error.said(Message("record.file.at", {"line": line, "index": index, "reason": e.words}))
        raise error from None


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


def write_games(games: Iterable[Game], target: Target, *, append: bool = False) -> int:
    """Write ``games`` to ``target``, a path or a writable stream; returns how many.

    A path to a regular file (or a new one) is written atomically, under a lock: the games
    go to a temporary file in the same folder, which then replaces the file
    (``os.replace``); with ``append=True`` an existing file is written at its end, in
    place.  If anything fails (a bad game: :class:`GameFileError`; the iterable raising;
    the disk; the writer killed), the file is left exactly as it was (an append is
    truncated back, by the next writer if this one was killed); writers in other processes
    take turns, so every append lands.  A
    symbolic link is followed (its target is replaced).  A FIFO, a device or a descriptor
    (``/dev/stdout``), like an open stream (text or binary), is written as a stream, one
    whole game at a time, each flushed as it is written; a game that cannot be written
    raises after the games before it.  See :mod:`.destination`.  ``games`` is consumed
    lazily, one at a time.
    """
    texts = (format_game(game, index) for index, game in enumerate(games))
    return write_texts(texts, target, append=append)


def write_texts(texts: Iterable[str], target: Target, *, append: bool = False) -> int:
    """:func:`write_games` for games already formatted by :func:`format_game` (a caller
    holding a lock formats under it, then writes after releasing it)."""
    if isinstance(target, str | os.PathLike):
        where = destination(target)
        if where.stream:
            with stream(where) as out:
                return _write(texts, out, b"")
        writer = appending(where) if append and where.path.is_file() else replacing(where)
        with writer as (out, separator):
            return _write(texts, out, separator, flush=False)
    if callable(getattr(target, "write", None)):
        binary = isinstance(target, io.BufferedIOBase | io.RawIOBase)
        return _write(texts, target, b"" if binary else "")
    raise GameFileError(
        f"write_games takes a path or a writable stream, not {type(target).__name__}"
    )


def _write(texts: Iterable[str], out: IO, separator: str | bytes, flush: bool = True) -> int:
    """Write each game's text whole (flushed, for a stream), a blank line between games;
    return how many.  ``separator`` comes first (bytes for a binary ``out``)."""
    binary = isinstance(separator, bytes)
    count = 0
    for text in texts:
        count += 1
        if binary:
            _write_all(out, separator + text.encode("utf-8"))
        else:
            out.write(separator + text)
        if flush:
            out.flush()
        separator = b"\n" if binary else "\n"
    return count


def _write_all(out: IO[bytes], data: bytes) -> None:
    """Write all of ``data``: an unbuffered (raw) stream may take only part of it."""
    view = memoryview(data)
    while view:
        written = out.write(view)
        if written is None:  # a non-blocking stream that is full
            raise GameFileError("cannot write games to a non-blocking stream that is full")
        view = view[written:]
