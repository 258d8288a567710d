"""A check that a long run's output folder can take its results, made before the run's
first piece of work (issue #36 item 5): a self-play or a batch analysis must not work for
an hour and then lose it all to a folder the system will not change."""

from __future__ import annotations

import os
import secrets

from ..record.destination import NO_WAIT, Destination


def check_folder(where: Destination) -> None:
    """The writer's error unless a file can be made and deleted beside ``where.path``, as
    an atomic write does: a read-only or unchangeable folder (``chattr +i``; ``+a``, where
    the file cannot be deleted), a name too long, a file system out of room for a new file
    show here."""
    probe = where.path.with_name(f".{where.path.name}.{secrets.token_hex(6)}.tmp")
    try:
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NO_WAIT, 0o600))
        os.unlink(probe)
    except OSError as e:
        reason = f"its folder {where.path.parent} cannot take a new file"
        raise where.refused(f"{reason} ({e.strerror or e})") from None
