"""Where a file we write goes, and how (issue #24 items 1 and 2): the one atomic writer of
game files, static pages, batch results and explorer files.

- A regular file, or a new one, is replaced atomically (:func:`replacing`): the data go to
  a temporary file in its folder, which then takes its name (``os.replace``) and is
  deleted if anything fails.  An existing game file is appended to in place
  (:func:`appending`: an ``O_APPEND`` write, so it costs the new data only), undone
  (truncated back) if anything fails.  Writers hold a lock meanwhile (``flock`` on the
  hidden file ``.NAME.lock`` beside it, deleted when the write ends), so writers in several
  processes take turns and no append is lost.  An append first records the file's size in
  the lock file: a writer killed in the middle (``kill -9``) leaves that record, and the
  next writer truncates the file back to it; :func:`committed_size` gives a reader the
  size of the file's finished writes, so :func:`.files.read_games` never sees half a
  write.
- A symbolic link is followed: its target is replaced and the link stays a link.
- A FIFO, a device, a socket or a process's descriptor (``/dev/stdout``, ``/proc/self/fd/1``)
  is not replaced: it is opened and written as a stream, at its end.
- A folder, or a file whose folder is missing or cannot be written: the writer's error
  (:class:`GameFileError` for games) naming it, before anything is written.
"""

from __future__ import annotations

import os
import secrets
import shutil
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

from ..engine.errors import ECHO_LIMIT, CernunosError, clip
from .errors import GameFileError

try:
    import fcntl
except ImportError:  # Windows: no flock; there writers in several processes do not take turns
    fcntl = None

_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no new-line translation
_datasync = getattr(os, "fdatasync", os.fsync)  # macOS has only fsync
_MAX_LINKS = 40  # symbolic links followed, as the kernel's limit (ELOOP)
_RECORD = 20  # bytes of the size an append records in the lock file (2**64 has 20 digits)


@dataclass(frozen=True, slots=True)
class Destination:
    """A path to write to: ``path`` is the file itself (links followed), ``stream``
    whether it is written as a stream rather than replaced, ``named`` the path as given;
    ``what`` is written (``"games"``) and ``error`` is the writer's error class."""

    path: Path
    stream: bool
    named: str
    what: str = "games"
    error: type[CernunosError] = GameFileError

    def refused(self, reason: str) -> CernunosError:
        """The writer's error: ``cannot write <what> to <named>: <reason>``."""
        named = self.named if len(self.named) <= ECHO_LIMIT else clip(self.named)
        return self.error(f"cannot write {self.what} to {named}: {reason}")


def destination(
    named: str | os.PathLike,
    what: str = "games",
    error: type[CernunosError] = GameFileError,
) -> Destination:
    """Where ``what`` written to ``named`` goes; ``error`` (:class:`GameFileError`) for a
    folder, a loop of links, or a path the system refuses (a name too long, a NUL)."""
    where = Destination(Path(), False, os.fspath(named), what, error)
    try:
        return _destination(where)
    except (OSError, ValueError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise where.refused(reason) from None


def _destination(where: Destination) -> Destination:
    path = Path(where.named)
    for _ in range(_MAX_LINKS):
        folder = Path(os.path.realpath(path.parent))
        path = folder / path.name
        if not path.is_symlink():
            break
        if folder.parts[1:2] == ("proc",):  # a process's descriptor: /dev/stdout leads here
            return replace(where, path=path, stream=True)
        path = folder / os.readlink(path)
    else:
        raise where.refused("too many symbolic links")
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return replace(where, path=path)  # a new file (or a bad folder)
    except OSError as e:
        raise where.refused(e.strerror) from None
    if stat.S_ISDIR(mode):
        raise where.refused("it is a folder")
    return replace(where, path=path, stream=not stat.S_ISREG(mode))


@contextmanager
def stream(where: Destination) -> Iterator[BinaryIO]:
    """``where`` (a FIFO, a device, a descriptor) open for writing at its end."""
    try:
        fd = os.open(where.path, os.O_WRONLY | os.O_APPEND | _BINARY)
    except OSError as e:
        raise where.refused(str(e.strerror or e)) from None
    with os.fdopen(fd, "wb") as out:
        yield out


@contextmanager
def replacing(where: Destination, append: bool = False) -> Iterator[tuple[BinaryIO, bytes]]:
    """A temporary file that replaces ``where`` when the block ends without an exception
    (and is deleted otherwise), under ``where``'s lock; with ``append`` it starts with a
    copy of the file (where :func:`appending` cannot be used).  Yields the file and the
    separator the first game needs."""
    _check_folder(where)
    with _locked(where), _replacing_locked(where, append) as yielded:
        yield yielded


@contextmanager
def _replacing_locked(where: Destination, append: bool) -> Iterator[tuple[BinaryIO, bytes]]:
    """:func:`replacing`, its caller holding the lock."""
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
def appending(where: Destination) -> Iterator[tuple[BinaryIO, bytes]]:
    """``where`` (an existing regular file) open at its end under its lock, the write
    costing the new data only; when the block raises, the file is truncated back to what
    it was.  Yields the file and the separator the first game needs.  Where the lock file
    cannot hold the size record (no ``flock``, another user's lock file) it yields from
    :func:`replacing` with ``append`` instead."""
    _check_folder(where)
    with _locked(where) as lock:
        if lock is None:
            with _replacing_locked(where, True) as yielded:
                yield yielded
            return
        try:
            fd = os.open(where.path, os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW | _BINARY)
        except OSError as e:
            raise where.refused(str(e.strerror or e)) from None
        with os.fdopen(fd, "wb") as out:
            size = os.fstat(fd).st_size
            _record(lock, size)  # a writer killed from here on is undone by the next one
            try:
                yield out, _separator(where.path, size)
                out.flush()
                os.fsync(fd)
            except BaseException:
                out.flush()
                os.ftruncate(fd, size)
                raise
            finally:
                _record(lock, None)


def committed_size(path: str | os.PathLike, fd: int) -> int:
    """How many bytes of the file open as ``fd`` (at ``path``, links followed) hold
    finished writes only: its size when no append is under way, else the size before it
    (waiting for the appender's lock), else the size an interrupted append recorded."""
    size = os.fstat(fd).st_size
    if fcntl is None or not stat.S_ISREG(os.fstat(fd).st_mode):
        return size
    name = _lock_name(Path(os.path.realpath(path)))
    while True:
        try:
            lock = os.open(name, os.O_RDONLY | _BINARY)
        except OSError:  # no writer (or none we could wait for): the size did not move
            after = os.fstat(fd).st_size
            if after == size:
                return size
            size = after
            continue
        try:
            fcntl.flock(lock, fcntl.LOCK_SH)
            if not os.path.samestat(os.fstat(lock), os.stat(name)):
                continue  # a writer deleted it: look again
            size = os.fstat(fd).st_size
            recorded = _recorded(lock)
            return size if recorded is None else min(size, recorded)
        except FileNotFoundError:
            continue
        finally:
            os.close(lock)


@contextmanager
def _locked(where: Destination) -> Iterator[int | None]:
    """Hold the lock of ``where``: ``flock`` on the file ``.NAME.lock`` beside it, which
    its holder deletes before letting go (a writer that got the lock of a deleted file
    tries again), so no lock file stays behind but an interrupted append's.  First undoes
    an append that was interrupted (the size its record holds).  Yields the lock file's
    descriptor when it can hold a record (else None)."""
    if fcntl is None:
        yield None
        return
    name = _lock_name(where.path)
    while True:
        writable = True
        try:
            fd = os.open(name, os.O_RDWR | os.O_CREAT | _BINARY, 0o666)
        except PermissionError:
            writable = False
            try:
                # read-only: flock needs no write access, so a lock file another user made
                # still gives a turn
                fd = os.open(name, os.O_RDONLY | _BINARY)
            except OSError as e:
                raise _refused(where, e) from None
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
        _undo_interrupted(where, fd, writable)
        yield fd if writable else None
    finally:
        # deleted while still held: a writer waiting on it will try again; a lock file
        # another user left in a sticky folder stays (the write has landed all the same)
        with suppress(OSError):
            if _recorded(fd) is None and os.path.samestat(os.fstat(fd), os.stat(name)):
                os.unlink(name)
        os.close(fd)


def _undo_interrupted(where: Destination, lock: int, writable: bool) -> None:
    """Truncate ``where`` back to the size an interrupted append recorded, and clear the
    record; refused when the record cannot be cleared (another user's lock file)."""
    recorded = _recorded(lock)
    if recorded is None:
        return
    if not writable:
        raise where.refused(
            f"an append to it was interrupted, and its lock file {_lock_name(where.path)} "
            "cannot be written to finish undoing it"
        )
    with suppress(FileNotFoundError):
        if os.stat(where.path).st_size > recorded:
            os.truncate(where.path, recorded)
    _record(lock, None)


def _lock_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


def _record(lock: int, size: int | None) -> None:
    """Write the size of the file before an append into its lock file, flushed to disk
    before the append starts, so that even after a power failure the next writer undoes a
    half-written append (None: clear it, once the append is on disk).  A fixed width: the
    record is overwritten in place."""
    os.pwrite(lock, b" " * _RECORD if size is None else f"{size:>{_RECORD}}".encode(), 0)
    if size is not None:
        _datasync(lock)  # overwritten in place: its data, not its times, must reach the disk


def _recorded(lock: int) -> int | None:
    """The size an unfinished append recorded in the lock file, or None."""
    text = os.pread(lock, _RECORD, 0).strip()
    return int(text) if text.isdigit() else None


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
    return _separator(path, out.tell())


def _separator(path: Path, size: int) -> bytes:
    """What must come after the first ``size`` bytes of ``path`` before a game: nothing
    (an empty file, or one ending with a blank line), or new lines enough for one."""
    if not size:
        return b""
    with open(path, "rb") as old:
        old.seek(max(0, size - 2))
        tail = old.read(size - old.tell())
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
    """The writer's error if the folder of ``where`` is missing, or is a file."""
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
    raise where.refused(why)


def _refused(where: Destination, e: OSError) -> CernunosError:
    """The error for a file whose folder cannot take it, naming the path and the folder."""
    return where.refused(f"its folder {where.path.parent} cannot be written ({e.strerror or e})")
