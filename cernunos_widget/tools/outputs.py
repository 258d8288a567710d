"""Checks that a long run's output can take its results, made before the run's first piece
of work (issue #36 item 5): a self-play or a batch analysis must not work for an hour and
then lose it all to a folder or a file the system will not change."""

from __future__ import annotations

import errno
import os
import secrets

from ..record.destination import Destination

_NO_WAIT = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def check_folder(where: Destination) -> None:
    """The writer's error unless a file can be made and deleted beside ``where.path``, as
    an atomic write does: a read-only or unchangeable folder (``chattr +i``; ``+a``, where
    the file cannot be deleted), a name too long, a file system out of room for a new file
    show here."""
    probe = where.path.with_name(f".{where.path.name}.{secrets.token_hex(6)}.tmp")
    try:
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_WAIT, 0o600))
        os.unlink(probe)
    except OSError as e:
        reason = f"its folder {where.path.parent} cannot take a new file"
        raise where.refused(f"{reason} ({e.strerror or e})") from None


def check_file(where: Destination, append: bool) -> None:
    """The writer's error unless the existing regular file ``where.path`` can take the
    output: opened to append when ``append``; else not marked unchangeable (``chattr +i``
    or ``+a``, ``chflags``: EPERM, which stops replacing it too; mode bits do not)."""
    flags = os.O_WRONLY | _NO_WAIT | (os.O_APPEND if append else 0)
    try:
        os.close(os.open(where.path, flags))
    except FileNotFoundError:
        return  # gone since: the writer makes it anew
    except OSError as e:
        if append or e.errno == errno.EPERM:
            raise where.refused(f"it cannot be changed ({e.strerror or e})") from None
