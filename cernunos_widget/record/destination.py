"""Where a file we write goes, and how (issue #24 items 1 and 2): the one atomic writer of
game files, static pages, batch results and explorer files.

- A regular file, or a new one, is replaced atomically (:func:`replacing`): the data go to
  a temporary file in its folder, which then takes its name (``os.replace``) and is
  deleted if anything fails.  An existing game file is appended to in place
  (:func:`appending`: an ``O_APPEND`` write, so it costs the new data only), undone
  (truncated back) if anything fails.  Writers hold a lock meanwhile (``flock`` on the
  hidden file ``.NAME.lock`` beside it, deleted when the write ends), so writers in several
  processes take turns and no append is lost.  The lock file is opened without following
  a link or waiting on a FIFO, and only if it is a regular file of one name: anything else
  there is the writer's error, and nothing is written.  Each piece of an append is first
  recorded in the lock file (:mod:`.journal`: the file's device and inode, its size and
  the digests of its tail and of every block appended): a writer killed in the middle
  (``kill -9``) leaves that record, and the next writer cuts the file back, only if the
  file is still that one holding that append; a record that is not the file's (restored
  from a backup, copied over) is ignored.  :func:`committed_size` gives a reader the size
  of the file's finished writes, so :func:`.files.read_games` never sees half a write.
  A write the system refuses (a full disk) is the writer's error, the file as it was.
- A symbolic link is followed: its target is replaced and the link stays a link.
- A FIFO, a device, a socket or a process's descriptor (``/dev/stdout``, ``/proc/self/fd/1``)
  is not replaced: it is opened and written as a stream, at its end.
- A folder, or a file whose folder is missing or cannot be written: the writer's error
  (:class:`GameFileError` for games) naming it, before anything is written.
"""

from __future__ import annotations

import errno
import io
import os
import re
import secrets
import shutil
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

from ..engine.errors import CernunosError, clip
from . import journal
from .errors import GameFileError
from .journal import Journal, Verdict

try:
    import fcntl
except ImportError:  # Windows: no flock; there writers in several processes do not take turns
    fcntl = None

_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no new-line translation
# never through a link, never waiting on a FIFO, not inherited by a child process
NO_WAIT = (
    getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
) | _BINARY
_PATH_MAX = 4096  # characters of a path a message shows whole (Linux's PATH_MAX)
_MAX_LINKS = 40  # symbolic links followed, as the kernel's limit (ELOOP)
_PIECE = 1 << 20  # bytes an append writes at a time, at most (more when one write is more)
_OLD_RECORD = re.compile(rb" {0,20}\d{0,20}")  # an earlier version's record: cleared
_KINDS = (
    (stat.S_ISLNK, "a symbolic link"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


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
        return self.error(f"cannot write {self.what} to {shown(self.named)}: {reason}")


def shown(path: str | os.PathLike) -> str:
    """A path for a message: whole when a system could take it (up to :data:`_PATH_MAX`
    characters, so a reader can find it), else clipped as bad input is."""
    text = os.fspath(path)
    return text if len(text) <= _PATH_MAX else clip(text)


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
    except CernunosError:  # already the writer's error (a ValueError too): said once
        raise
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
    separator the first game needs.  A write the system refuses (a full disk) is the
    writer's error naming the path."""
    _check_folder(where)
    with _locked(where), _replacing_locked(where, append) as yielded:
        yield yielded


def write_whole(where: Destination, data: bytes) -> None:
    """``data`` as the whole of ``where``: written to a FIFO or a device as a stream, else
    replacing the file atomically (:func:`replacing`)."""
    if where.stream:
        with stream(where) as out:
            out.write(data)
    else:
        with replacing(where) as (out, _separator):
            out.write(data)


@contextmanager
def _replacing_locked(where: Destination, append: bool) -> Iterator[tuple[BinaryIO, bytes]]:
    """:func:`replacing`, its caller holding the lock."""
    fd, temp = _temporary(where)
    try:
        with io.BufferedWriter(_File(fd, where)) as out:
            separator = _start(where.path, temp, out, append)
            yield out, separator
            out.flush()
            _system(where, os.fsync, fd)
        _system(where, os.replace, temp, where.path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


class _File(io.FileIO):
    """A file being written whose write failures (a full disk) are the writer's error."""

    def __init__(self, fd: int, where: Destination) -> None:
        super().__init__(fd, "wb")
        self.where = where

    def write(self, data) -> int:
        return _system(self.where, super().write, data)


def _system(where: Destination, call, *args):
    """``call(*args)``; an ``OSError`` is the writer's error naming ``where``."""
    try:
        return call(*args)
    except OSError as e:
        raise where.refused(str(e.strerror or e)) from None


@contextmanager
def appending(where: Destination) -> Iterator[tuple[_Append, bytes]]:
    """``where`` (an existing regular file) open at its end under its lock, the write
    costing the new data only; when the block raises, the file is cut back to what it was.
    Yields the file and the separator the first game needs.  Each piece of the append is
    recorded in the lock file before it reaches the file (:mod:`.journal`), so the next
    writer undoes an append killed half-way.  Where the lock file cannot hold the record
    (no ``flock``, another user's lock file) it yields from :func:`replacing` with
    ``append`` instead."""
    _check_folder(where)
    with _locked(where) as lock:
        if lock is None:
            with _replacing_locked(where, True) as yielded:
                yield yielded
            return
        fd = _open_regular(where, where.path, os.O_RDWR | os.O_APPEND)
        try:
            out = _Append(fd, Journal(lock, fd), where)
            try:
                yield out, _separator(where.path, out.journal.size)
                out.finish()
            except BaseException:
                out.undo()
                raise
        finally:
            os.close(fd)


class _Append:
    """An append's bytes on their way to the file, in pieces of up to :data:`_PIECE`
    bytes (each ending where a write ended), each recorded before it is written."""

    def __init__(self, fd: int, journal: Journal, where: Destination) -> None:
        self.fd, self.journal, self.where = fd, journal, where
        self.buffer = bytearray()

    def write(self, data: bytes) -> int:
        self.buffer += data
        if len(self.buffer) >= _PIECE:
            self.flush()
        return len(data)

    def flush(self) -> None:
        if self.buffer:
            self._put(final=False)

    def finish(self) -> None:
        """The last piece, then the file on disk and the record cleared."""
        self._put(final=True)
        _system(self.where, os.fsync, self.fd)
        self.journal.clear()

    def undo(self) -> None:
        """Cut the file back to its size before the append; if even that fails, the
        record stays for the next writer to undo it."""
        try:
            os.ftruncate(self.fd, self.journal.size)
            os.fsync(self.fd)
        except OSError:
            return
        with suppress(OSError):
            self.journal.clear()

    def _put(self, final: bool) -> None:
        piece = bytes(self.buffer)
        self.buffer.clear()
        _system(self.where, self.journal.before, piece, final)
        view = memoryview(piece)
        while view:
            view = view[_system(self.where, os.write, self.fd, view) :]


@contextmanager
def claimed(where: Destination, run: str) -> Iterator[None]:
    """Hold ``where`` for a whole run (``run`` names it: ``"self-play run"``): ``flock``
    without waiting on the file ``.NAME.run`` beside it, deleted when the run ends (a
    killed run's is free again).  The writer's error, at once, when another run holds
    it, or when the name is taken by a link, a FIFO, a folder..."""
    if fcntl is None:
        yield
        return
    name = where.path.with_name(f".{where.path.name}.run")
    while True:
        try:
            fd = _open_lock(name, os.O_RDWR | os.O_CREAT)
        except _NotALock as e:
            raise where.refused(str(e).replace("lock file", "run file", 1)) from None
        except OSError as e:
            raise _refused(where, e) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise where.refused(
                f"another {run} is writing to it (it holds {name}); wait for it to end, "
                "or give another output"
            ) from None
        except OSError as e:
            os.close(fd)
            if e.errno not in (errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL):
                raise _refused(where, e) from None
            fd = None  # a file system without flock: runs cannot be told apart
            break
        if _same_file(fd, name):
            break
        os.close(fd)  # the run before deleted it as it ended: take the next one
    try:
        yield
    finally:
        if fd is not None:
            with suppress(OSError):
                if _same_file(fd, name):
                    os.unlink(name)
            os.close(fd)


def _same_file(fd: int, name: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(name, follow_symlinks=False))
    except FileNotFoundError:
        return False


def committed_size(path: str | os.PathLike, fd: int) -> int:
    """How many bytes of the file open as ``fd`` (at ``path``, links followed) hold
    finished writes only: its size when no append is under way, else the size before it
    (waiting for the appender's lock), else the size an interrupted append of this very
    file recorded (:mod:`.journal`; a record that is not the file's is ignored).
    :class:`GameFileError` when the lock file is not one (a link, a FIFO, a folder...)."""
    size = os.fstat(fd).st_size
    if fcntl is None or not stat.S_ISREG(os.fstat(fd).st_mode):
        return size
    name = _lock_name(Path(os.path.realpath(path)))
    while True:
        try:
            lock = _open_lock(name, os.O_RDONLY)
        except _NotALock as e:
            raise GameFileError(f"cannot read games from {shown(path)}: {e}") from None
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
            found, record = journal.verdict(lock, fd)
            return record.size if found is Verdict.UNDO else os.fstat(fd).st_size
        except FileNotFoundError:
            continue
        finally:
            os.close(lock)


class _NotALock(OSError):
    """The lock file's name is taken by something that is not a lock file."""


def _open_lock(name: Path, flags: int) -> int:
    """The lock file ``name`` open with ``flags``, never through a link nor waiting (on a
    FIFO): :class:`_NotALock` unless it is a regular file with no other name."""
    try:
        fd = os.open(name, flags | NO_WAIT, 0o666)
    except OSError as e:
        if e.errno in (errno.ELOOP, errno.EISDIR, errno.ENXIO):
            raise _NotALock(_not_a_lock(name)) from None
        raise
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_nlink > 1:
        os.close(fd)
        raise _NotALock(_not_a_lock(name))
    return fd


def _not_a_lock(name: Path) -> str:
    try:
        info = os.lstat(name)
    except OSError:
        kind = "not a regular file"
    else:
        kind = next(
            (what for test, what in _KINDS if test(info.st_mode)),
            f"a file with {info.st_nlink} names (hard links)",
        )
    return (
        f"its lock file {name} is {kind}, which a lock file never is; "
        "delete it when no write to the file is under way"
    )


def _open_regular(where: Destination, path: Path, flags: int) -> int:
    """``path`` open with ``flags``, never through a link nor waiting on a FIFO; the
    writer's error unless it is a regular file."""
    fd = _system(where, os.open, path, flags | NO_WAIT)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise where.refused("it is no longer a regular file")
    return fd


@contextmanager
def _locked(where: Destination) -> Iterator[int | None]:
    """Hold the lock of ``where``: ``flock`` on the file ``.NAME.lock`` beside it, which
    its holder deletes before letting go (a writer that got the lock of a deleted file
    tries again), so no lock file stays behind but an interrupted append's.  First undoes
    an append that was interrupted (:mod:`.journal`).  Yields the lock file's descriptor
    when it can hold a record (else None).  The writer's error, before anything is
    written, when the name is taken by a link, a FIFO, a folder, a device...."""
    if fcntl is None:
        yield None
        return
    name = _lock_name(where.path)
    while True:
        writable = True
        try:
            fd = _open_lock(name, os.O_RDWR | os.O_CREAT)
        except _NotALock as e:
            raise where.refused(str(e)) from None
        except PermissionError as denied:
            writable = False
            try:
                # read-only: flock needs no write access, so a lock file another user made
                # still gives a turn
                fd = _open_lock(name, os.O_RDONLY)
            except _NotALock as e:
                raise where.refused(str(e)) from None
            except FileNotFoundError:  # no lock file, and none can be made: say why
                raise _refused(where, denied) from None
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
            if journal.read(fd) is None and os.path.samestat(os.fstat(fd), os.stat(name)):
                os.unlink(name)
        os.close(fd)


def _undo_interrupted(where: Destination, lock: int, writable: bool) -> None:
    """Cut ``where`` back to its size before an interrupted append of this very file, and
    clear the record; a record that is not the file's is cleared and changes nothing.
    Refused when the record cannot be cleared (another user's lock file) and applies, and
    when the lock file holds something that is not a record (nothing is written over it)."""
    held = journal.read(lock)
    if held is None:
        return
    if held is False and not _OLD_RECORD.fullmatch(os.pread(lock, 64, 0)):
        raise where.refused(
            f"its lock file {_lock_name(where.path)} holds something that "
            "is not a lock record; delete it when no write to the file is under way"
        )
    try:
        fd = _open_regular(where, where.path, os.O_RDONLY)
    except CernunosError:
        found, record = Verdict.STALE, None  # no file (or not one) to cut back
    else:
        try:
            found, record = journal.verdict(lock, fd)
        finally:
            os.close(fd)
    if found is Verdict.UNDO:
        if not writable:
            raise where.refused(
                f"an append to it was interrupted, and its lock file "
                f"{_lock_name(where.path)} cannot be written to finish undoing it"
            )
        _cut(where, record)
    if writable:
        journal.clear(lock)


def _cut(where: Destination, record: journal.Record) -> None:
    """Cut ``where`` back to its size before the interrupted append ``record``."""
    fd = _open_regular(where, where.path, os.O_WRONLY)
    try:
        if (os.fstat(fd).st_dev, os.fstat(fd).st_ino) == (record.device, record.inode):
            _system(where, os.ftruncate, fd, record.size)
            _system(where, os.fsync, fd)
    finally:
        os.close(fd)


def _lock_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


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
            return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NO_WAIT, 0o666), temp
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
