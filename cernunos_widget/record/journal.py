"""The record an append leaves in the lock file beside a game file (issue #36), so that an
append killed half-way can be undone, and only that append.

Before each piece of an append reaches the file, the appender writes (and syncs) into the
lock file a record of:

- the file it appends to: its device and inode;
- the size the file had before the append, and a digest of the up to :data:`TAIL` bytes
  before that size;
- how far the append will have written once the piece is in (``end``), whether this piece
  is its last (``final``), and, after the record's line, the bytes it appends.

A record is applied (the file cut back to its size before the append) only when the file
is that file holding a part of that append: the same device and inode, a size between
the two sizes, the same bytes before the append and, after them, the append's first
bytes exactly.  A file the append finished writing (its last piece whole) keeps its games.
Any other record is stale (the file was restored, copied over, checked out again or
synced since): it is ignored and never cuts anything.  The lock file holds the append's
bytes while it runs (twice the new data written, never more), and nothing once it ends.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, replace
from enum import Enum

TAIL = 4096  # bytes before the append whose digest the record keeps
HEADER = 160  # bytes of the record's text line; the appended bytes follow it
COMPARED = 1 << 20  # bytes compared at a time
_DIGEST = 8
_MAGIC = "cernunos-append 2"


def digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=_DIGEST).digest()


class Verdict(Enum):
    """What a record says of the file beside it."""

    NONE = "no append was interrupted"
    UNDO = "an interrupted append: cut the file back to its size before it"
    LANDED = "the append wrote all it had: the file keeps it"
    STALE = "the record is not this file's: ignore it"


@dataclass(frozen=True, slots=True)
class Record:
    """An append's record (see the module's docstring)."""

    device: int
    inode: int
    size: int
    tail: bytes
    end: int
    final: bool

    def line(self) -> bytes:
        text = (
            f"{_MAGIC} {self.device} {self.inode} {self.size} {self.end} "
            f"{int(self.final)} {self.tail.hex()}"
        )
        return text.encode().ljust(HEADER - 1) + b"\n"

    @classmethod
    def parse(cls, line: bytes) -> Record | None:
        """The record of a lock file's first :data:`HEADER` bytes, or None (not one)."""
        words = line.decode("ascii", "replace").split()
        if len(words) != 8 or " ".join(words[:2]) != _MAGIC:
            return None
        try:
            device, inode, size, end, final = (int(word) for word in words[2:7])
            tail = bytes.fromhex(words[7])
        except ValueError:
            return None
        if not 0 <= size <= end or final not in (0, 1) or len(tail) != _DIGEST:
            return None
        return cls(device, inode, size, tail, end, bool(final))


class Journal:
    """The record of one append in progress, in the lock file open as ``lock``, of the
    file open as ``fd`` (readable, its size the one before the append)."""

    def __init__(self, lock: int, fd: int) -> None:
        info = os.fstat(fd)
        start = max(0, info.st_size - TAIL)
        tail = digest(os.pread(fd, info.st_size - start, start))
        self.lock = lock
        self.record = Record(info.st_dev, info.st_ino, info.st_size, tail, info.st_size, False)

    @property
    def size(self) -> int:
        """The file's size before the append."""
        return self.record.size

    def before(self, piece: bytes, final: bool) -> None:
        """Record ``piece`` before it is appended (``final``: the append's last), synced to
        disk first, so that even after a power failure the record covers it."""
        os.pwrite(self.lock, piece, HEADER + self.record.end - self.record.size)
        self.record = replace(self.record, end=self.record.end + len(piece), final=final)
        os.pwrite(self.lock, self.record.line(), 0)
        _datasync(self.lock)

    def clear(self) -> None:
        """The append is over (landed or undone): no record."""
        clear(self.lock)


def clear(lock: int) -> None:
    os.ftruncate(lock, 0)


def read(lock: int) -> Record | None | bool:
    """The lock file's record; None when it holds none (empty); False when it holds
    something that is not a record (an older version's, or not ours)."""
    line = os.pread(lock, HEADER, 0)
    if not line.strip():
        return None
    return Record.parse(line) or False


def verdict(lock: int, fd: int) -> tuple[Verdict, Record | None]:
    """What the record in ``lock`` says of the file open (readable) as ``fd``."""
    record = read(lock)
    if record is None:
        return Verdict.NONE, None
    if record is False:
        return Verdict.STALE, None
    info = os.fstat(fd)
    size = info.st_size
    if (info.st_dev, info.st_ino) != (record.device, record.inode):
        return Verdict.STALE, record
    if not record.size <= size <= record.end:
        return Verdict.STALE, record
    start = max(0, record.size - TAIL)
    if digest(os.pread(fd, record.size - start, start)) != record.tail:
        return Verdict.STALE, record
    if not _same(lock, HEADER, fd, record.size, size - record.size):
        return Verdict.STALE, record
    if record.final and size == record.end:
        return Verdict.LANDED, record
    return Verdict.UNDO, record


def _same(one: int, at: int, other: int, other_at: int, size: int) -> bool:
    """Whether ``size`` bytes of ``one`` from ``at`` are those of ``other`` from
    ``other_at``, read :data:`COMPARED` bytes at a time."""
    for offset in range(0, size, COMPARED):
        count = min(COMPARED, size - offset)
        if os.pread(one, count, at + offset) != os.pread(other, count, other_at + offset):
            return False
    return True


_datasync = getattr(os, "fdatasync", os.fsync)  # macOS has only fsync
