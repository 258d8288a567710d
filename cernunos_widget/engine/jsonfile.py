"""Small JSON files read in bounded time and memory (issue #36 item 6): puzzle files,
course files and mining logs are opened without waiting on a FIFO and only if they are
regular files, read no further than a limit, and JSON nested deeper than Python's parser
goes, or an int of more digits than Python converts, is a JSON error of its own, never a
``RecursionError`` or a ``ValueError``."""

from __future__ import annotations

import errno
import json
import os
import stat
from typing import BinaryIO

_NO_WAIT = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def open_regular(path: str | os.PathLike) -> BinaryIO:
    """``path`` open for reading, at once: ``OSError`` ("not a regular file") for a FIFO,
    a device, a socket or a folder, which are never read nor waited on."""
    fd = os.open(path, os.O_RDONLY | _NO_WAIT)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(errno.EINVAL, "not a regular file (a FIFO, a device or a folder)")
    return os.fdopen(fd, "rb")


def read_regular(path: str | os.PathLike, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit + 1`` of them (more than
    ``limit``: the caller refuses the file)."""
    with open_regular(path) as f:
        return f.read(limit + 1)


class JSONLimitError(json.JSONDecodeError):
    """JSON beyond what Python's parser reads: nested too deeply, or an int of more digits
    than Python converts (4,300)."""


def loads(text: str | bytes) -> object:
    """``json.loads``; JSON beyond the parser's limits is a :class:`JSONLimitError`, never
    a ``RecursionError`` or a bare ``ValueError``."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        why = "nested too deeply"
    except ValueError:  # int("1" * 5000): Python's limit on the digits of an int
        why = "an integer of too many digits"
    raise JSONLimitError(why, text if isinstance(text, str) else "", 0) from None
