"""The mining log: one JSON line per position tried (``{"cpn", "tokens", "seconds",
"puzzle"}``, the puzzle or null), what a mining run resumes from.

A run holds its log for its whole duration (:func:`held`: a second run on it is refused at
once) and appends each entry whole, under the file's lock (:func:`.record.destination.appending`):
an append killed half-way is cut back by the next writer, and a reader only ever reads
finished appends (:func:`.record.destination.committed_size`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..engine import CernunosError, Position
from ..engine.errors import clip
from ..engine.jsonfile import JSONLimitError, loads, open_regular
from ..record.destination import (
    NO_WAIT,
    Destination,
    appending,
    claimed,
    committed_size,
    destination,
    replacing,
)
from ..tools.outputs import check_folder
from .model import Puzzle, PuzzleError

MAX_LOG_LINE = 1 << 20  # bytes of one log line, at most (an entry with its puzzle: ~10 KB)


def log_key(position: Position) -> str:
    """What the log knows a position by: its CPN and its rules."""
    return f"{position.cpn()}|{position.rules}"


def read_log(path: str | os.PathLike) -> list[dict]:
    """The entries of a mining log (a last line cut short by a stopped run is left out)."""
    entries = []
    name = clip(os.fspath(path))
    try:
        log = open_regular(path)
    except OSError as e:
        raise PuzzleError(f"cannot read the mining log {name}: {e.strerror}") from None
    with log:
        try:
            left = committed_size(path, log.fileno())  # no append's unfinished end
        except CernunosError as e:  # its lock file is not one
            raise PuzzleError(f"the mining log {name}: {e}") from None
        n = 0
        while left > 0:
            line = log.readline(min(MAX_LOG_LINE + 1, left))
            if not line:
                break
            left -= len(line)
            n += 1
            entry = _log_entry(line, f"{name} line {n}")
            if entry is not None:
                entries.append(entry)
    return entries


def _log_entry(line: bytes, where: str) -> dict | None:
    """One line's entry; None for a line cut off when a run was stopped."""
    if len(line) > MAX_LOG_LINE:
        raise PuzzleError(f"{where}: longer than {MAX_LOG_LINE:,} bytes, not a mining log entry")
    try:
        entry = loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise PuzzleError(f"{where}: not UTF-8 text") from None
    except JSONLimitError as e:
        raise PuzzleError(f"{where}: unreadable JSON: {e.msg}") from None
    except json.JSONDecodeError:
        return None
    if not isinstance(entry, dict) or not isinstance(entry.get("cpn"), str):
        raise PuzzleError(f"{where}: not a mining log entry")
    return entry


def logged_puzzles(path: str | os.PathLike) -> list[Puzzle]:
    """The puzzles a mining log found, in the order found."""
    return [Puzzle.from_dict(e["puzzle"]) for e in read_log(path) if e.get("puzzle")]


class MiningLog:
    """A log held by a run: the keys of the positions it has (:attr:`keys`) and
    :meth:`append` adding an entry whole."""

    def __init__(self, where: Destination) -> None:
        self.where = where
        self.keys: set[str] = set()
        self._newline = False  # the file ends in a line cut off by an older version's kill
        if where.path.exists():
            self.keys = {entry["cpn"] for entry in read_log(where.path)}
            self._newline = not _ends_a_line(where.path)

    def append(self, entry: dict) -> None:
        """Write ``entry`` as one line at the log's end (the file made if it is new)."""
        line = (json.dumps(entry, separators=(",", ":")) + "\n").encode()
        if self._newline:
            line = b"\n" + line
        writer = appending if self.where.path.is_file() else replacing
        with writer(self.where) as (out, _separator):
            out.write(line)
        self._newline = False
        self.keys.add(entry["cpn"])


def _ends_a_line(path: Path) -> bool:
    """Whether the log is empty or its last byte ends a line."""
    with open_regular(path) as log:
        size = committed_size(path, log.fileno())
        if size == 0:
            return True
        log.seek(size - 1)
        return log.read(1) == b"\n"


@contextmanager
def held(path: str | os.PathLike) -> Iterator[MiningLog]:
    """The log at ``path``, held for a run (a second run on it is refused at once,
    :func:`.record.destination.claimed`); :class:`PuzzleError` before any work when it
    is not a regular file (a FIFO, a folder...) or its folder cannot take it."""
    where = destination(path, "the mining log", PuzzleError)
    if where.stream:
        raise where.refused("not a regular file (a mining log is read back to resume)")
    with claimed(where, "puzzle mining run"):
        check_folder(where)  # before any proof: the entries can be written there
        if where.path.exists():
            _check_appendable(where)
        yield MiningLog(where)


def _check_appendable(where: Destination) -> None:
    """The log's error, before any proof, when the system forbids appending to it (a
    read-only or append-refusing file); nothing is written."""
    try:
        os.close(os.open(where.path, os.O_WRONLY | os.O_APPEND | NO_WAIT))
    except OSError as e:
        raise where.refused(f"it cannot be appended to ({e.strerror or e})") from None
