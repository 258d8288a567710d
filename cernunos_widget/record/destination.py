"""Where a game file is written, and how (issue #24 items 1 and 2).

- A regular file, or a new one, is replaced atomically: the games go to a temporary file in
  its folder (after a copy of the file with ``append``), which then takes its name
  (``os.replace``).  Writers hold a lock meanwhile (``flock`` on the hidden file
  ``.NAME.lock`` beside it, deleted when the write ends), so writers in several processes
  take turns and no append is lost; a reader sees the file before or after a write, never
  half of one.
- A symbolic link is followed: its target is replaced and the link stays a link.
- A FIFO, a device, a socket or a process's descriptor (``/dev/stdout``, ``/proc/self/fd/1``)
  is not replaced: it is opened and written as a stream, at its end.
- A folder, or a file whose folder is missing or cannot be written: :class:`GameFileError`
  naming it, before anything is written.
"""

from __future__ import annotations

import os
import secrets
import shutil
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from ..engine.errors import clip
from .errors import GameFileError

try:
    import fcntl
except ImportError:  # Windows: no flock; there writers in several processes do not take turns
    fcntl = None

_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no new-line translation
_MAX_LINKS = 40  # symbolic links followed, as the kernel's limit (ELOOP)


@dataclass(frozen=True, slots=True)
class Destination:
    """A path to write games to: ``path`` is the file itself (links followed), ``stream``
    whether it is written as a stream rather than replaced, ``named`` the path as given."""

    path: Path
    stream: bool
    named: str


def destination(named: str | os.PathLike) -> Destination:
    """Where games written to ``named`` go; :class:`GameFileError` for a folder, a loop of
    links, or a path the system refuses (a name too long, a NUL character)."""
    try:
        return _destination(named)
    except (OSError, ValueError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise GameFileError(f"cannot write games to {clip(os.fspath(named))}: {reason}") from None


def _destination(named: str | os.PathLike) -> Destination:
    path = Path(named)
    for _ in range(_MAX_LINKS):
        folder = Path(os.path.realpath(path.parent))
        path = folder / path.name
        if not path.is_symlink():
            break
        if folder.parts[1:2] == ("proc",):  # a process's descriptor: /dev/stdout leads here
            return Destination(path, True, os.fspath(named))
        path = folder / os.readlink(path)
    else:
        raise GameFileError(f"cannot write games to {os.fspath(named)}: too many symbolic links")
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return Destination(path, False, os.fspath(named))  # a new file (or a bad folder)
    except OSError as e:
        raise GameFileError(f"cannot write games to {os.fspath(named)}: {e.strerror}") from None
    if stat.S_ISDIR(mode):
        raise GameFileError(f"cannot write games to {os.fspath(named)}: it is a folder")
    return Destination(path, not stat.S_ISREG(mode), os.fspath(named))


@contextmanager
def stream(where: Destination) -> Iterator[BinaryIO]:
    """``where`` (a FIFO, a device, a descriptor) open for writing at its end."""
    try:
        fd = os.open(where.path, os.O_WRONLY | os.O_APPEND | _BINARY)
    except OSError as e:
        raise GameFileError(f"cannot write games to {where.named}: {e.strerror or e}") from None
    with os.fdopen(fd, "wb") as out:
        yield out


@contextmanager
def replacing(where: Destination, append: bool) -> Iterator[tuple[BinaryIO, bytes]]:
    """A temporary file that replaces ``where`` when the block ends without an exception
    (and is deleted otherwise), under ``where``'s lock; with ``append`` it starts with a
    copy of the file.  Yields the file and the separator the first game needs."""
    _check_folder(where)
    with _locked(where):
        fd, temp = _temporary(where)
        try:
            with os.fdopen(fd, "wb") as out:
                separator = _start(where.path, temp, out, append)
                yield out, separator
                out.flush()
                os.fsync(out.fileno())
            os.replace(temp, where.path)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise


@contextmanager
def _locked(where: Destination) -> Iterator[None]:
    """Hold the lock of ``where``: ``flock`` on the file ``.NAME.lock`` beside it, which
    its holder deletes before letting go (a writer that got the lock of a deleted file
    tries again), so no lock file stays behind."""
    if fcntl is None:
        yield
        return
    name = where.path.with_name(f".{where.path.name}.lock")
    while True:
        try:
            # read-only: flock needs no write access, so a lock file another user made
            # still gives a turn
            fd = os.open(name, os.O_RDONLY | os.O_CREAT | _BINARY, 0o666)
        except OSError as e:
            raise _refused(where, e) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            if os.path.samestat(os.fstat(fd), os.stat(name)):
                break
        except FileNotFoundError:
            pass  # deleted by the writer before: take the next one
        except OSError as e:  # a file system without flock
            os.close(fd)
            raise _refused(where, e) from None
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
    try:
        yield
    finally:
        # deleted while still held: a writer waiting on it will try again; a lock file
        # another user left in a sticky folder stays (the write has landed all the same)
        with suppress(OSError):
            if os.path.samestat(os.fstat(fd), os.stat(name)):
                os.unlink(name)
        os.close(fd)


def _start(path: Path, temp: Path, out: BinaryIO, append: bool) -> bytes:
    """Give ``temp`` (open as ``out``) the present file's mode, and with ``append`` its
    bytes; return what must come before the first game: nothing, or new lines enough for
    a blank line."""
    if not path.exists():
        return b""
    shutil.copymode(path, temp)
    if not append:
        return b""
    with open(path, "rb") as old:
        shutil.copyfileobj(old, out)
        if not out.tell():
            return b""
        old.seek(max(0, out.tell() - 2))
        tail = old.read()
    if tail.endswith(b"\n\n"):
        return b""
    return b"\n" if tail.endswith(b"\n") else b"\n\n"


def _temporary(where: Destination) -> tuple[int, Path]:
    """A new file next to ``where.path``, open for writing, with the mode a new file gets
    (0o666 less the umask, as ``open`` gives; ``mkstemp`` would give 0o600)."""
    while True:
        temp = where.path.with_name(f".{where.path.name}.{secrets.token_hex(6)}.tmp")
        try:
            return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, 0o666), temp
        except FileExistsError:
            continue
        except OSError as e:
            raise _refused(where, e) from None


def _check_folder(where: Destination) -> None:
    """GameFileError if the folder of ``where`` is missing, or is a file."""
    folder = where.path.parent
    if folder.is_dir():
        return
    nearest = folder
    while not nearest.exists() and nearest != nearest.parent:
        nearest = nearest.parent
    why = (
        f"{nearest} is not a folder"
        if nearest.exists() and not nearest.is_dir()
        else f"its folder {folder} does not exist"
    )
    raise GameFileError(f"cannot write games to {where.named}: {why}")


def _refused(where: Destination, e: OSError) -> GameFileError:
    """The error for a file whose folder cannot take it, naming the path and the folder."""
    return GameFileError(
        f"cannot write games to {where.named}: its folder {where.path.parent} cannot be "
        f"written ({e.strerror or e})"
    )
