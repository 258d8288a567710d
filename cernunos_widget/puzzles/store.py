"""The committed puzzle set and puzzle files: load, pick one, write (atomically)."""

from __future__ import annotations

import json
import os
import stat
import tempfile
from functools import cache
from pathlib import Path

from ..engine.errors import clip
from ..engine.jsonfile import loads, read_regular
from ..record.destination import destination
from ..tools.outputs import check_folder
from .model import Puzzle, PuzzleError

PACKAGED = Path(__file__).parent / "puzzles.json"
MAX_BYTES = 64 * 1024 * 1024  # a puzzle file larger than this is refused (bounded memory)


def read(path: str | os.PathLike) -> list[Puzzle]:
    """The puzzles of a file (a JSON list of stored puzzles); :class:`PuzzleError` naming
    the file and what is wrong."""
    name = os.fspath(path)
    try:
        raw = read_regular(path, MAX_BYTES)
        if len(raw) > MAX_BYTES:
            raise PuzzleError(f"{clip(name)} is larger than {MAX_BYTES} bytes")
        data = loads(raw.decode("utf-8"))
    except OSError as e:
        raise PuzzleError(f"cannot read puzzles from {clip(name)}: {e.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise PuzzleError(f"{clip(name)} is not a JSON puzzle file: {e}") from None
    if not isinstance(data, list):
        raise PuzzleError(f"{clip(name)} holds a JSON list of puzzles, not {type(data).__name__}")
    puzzles = [Puzzle.from_dict(d) for d in data]
    ids = [p.id for p in puzzles]
    if len(set(ids)) != len(ids):
        raise PuzzleError(f"{clip(name)}: two puzzles share an id")
    return puzzles


@cache
def _packaged() -> tuple[Puzzle, ...]:
    return tuple(read(PACKAGED))


def load(path: str | os.PathLike | None = None) -> list[Puzzle]:
    """The puzzles of ``path``, by default the committed set (easiest first)."""
    return list(_packaged()) if path is None else read(path)


def get(key: int | str | Puzzle, puzzles: list[Puzzle] | None = None) -> Puzzle:
    """A puzzle given itself, its index in ``puzzles`` (default the committed set) or its
    id; :class:`PuzzleError` when there is none."""
    if isinstance(key, Puzzle):
        return key
    puzzles = load() if puzzles is None else puzzles
    if isinstance(key, int) and not isinstance(key, bool):
        if 0 <= key < len(puzzles):
            return puzzles[key]
        raise PuzzleError(f"no puzzle {key}: indexes run from 0 to {len(puzzles) - 1}")
    if isinstance(key, str):
        for puzzle in puzzles:
            if puzzle.id == key:
                return puzzle
        raise PuzzleError(f"no puzzle has the id {clip(key)}")
    raise PuzzleError(f"a puzzle is picked by an index or an id, not {clip(key)}")


def pick(
    puzzles: list[Puzzle] | None = None,
    *,
    ids: list[str] | None = None,
    rating: tuple[int, int] | None = None,
    count: int | None = None,
) -> list[Puzzle]:
    """Some of ``puzzles`` (default: the committed set): those of ``ids`` (in that order),
    else those rated within ``rating`` (low, high: both included); then ``count`` of them
    spread evenly from the first to the last (the set runs easiest first).
    :class:`PuzzleError` when the choice is empty or names no puzzle."""
    puzzles = load() if puzzles is None else puzzles
    if ids is not None:
        if not ids:
            raise PuzzleError("ids names one puzzle or more")
        chosen = [get(i, puzzles) for i in ids]
    else:
        chosen = list(puzzles)
    if rating is not None:
        low, high = rating
        chosen = [p for p in chosen if low <= p.rating <= high]
        if not chosen:
            ratings = [p.rating for p in puzzles]
            raise PuzzleError(
                f"no puzzle is rated {low} to {high} (the set runs {min(ratings)} to "
                f"{max(ratings)})"
            )
    if count is not None:
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise PuzzleError(f"count is how many puzzles, 1 or more, not {clip(count)}")
        if count < len(chosen):
            step = (len(chosen) - 1) / max(count - 1, 1)
            chosen = [chosen[round(n * step)] for n in range(count)]
    return chosen


def check_destination(path: str | os.PathLike) -> None:
    """:class:`PuzzleError`, before any work, when :func:`write` could not write to
    ``path``: a folder, a FIFO or a device, a folder that is missing or cannot take a new
    file."""
    where = destination(path, "puzzles", PuzzleError)
    if where.stream:
        raise where.refused("not a regular file (a puzzle file is replaced whole)")
    check_folder(where)


def write(puzzles: list[Puzzle], path: str | os.PathLike) -> None:
    """Write ``puzzles`` to ``path``, replacing it atomically (never a non-regular file)."""
    target = Path(os.path.realpath(path))
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as e:
        raise PuzzleError(
            f"cannot write puzzles to {clip(os.fspath(path))}: {e.strerror}"
        ) from None
    if mode is not None and not stat.S_ISREG(mode):
        raise PuzzleError(f"cannot write puzzles to {clip(os.fspath(path))}: not a regular file")
    text = "[\n" + ",\n".join(json.dumps(p.to_dict(), ensure_ascii=False) for p in puzzles)
    text += "\n]\n"
    try:
        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    except OSError as e:
        raise PuzzleError(
            f"cannot write puzzles to {clip(os.fspath(path))}: {e.strerror}"
        ) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise
