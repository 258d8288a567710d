"""The memory a search allocates: a failure is :class:`SearchMemoryError`, never numpy's
"Unable to allocate" or a raw ``OSError [Errno 12]``."""

from __future__ import annotations

import errno
from collections.abc import Iterator
from contextlib import contextmanager

from ..engine import CernunosError


class SearchMemoryError(CernunosError):
    """The system refused the memory a search needs (its table, its buffers)."""


@contextmanager
def allocating(what: str, nbytes: int) -> Iterator[None]:
    """Allocate ``what`` (``nbytes``) inside: a lack of memory becomes
    :class:`SearchMemoryError` naming it and what to do."""
    try:
        yield
    except (MemoryError, OSError) as error:
        if isinstance(error, OSError) and error.errno != errno.ENOMEM:
            raise
        raise SearchMemoryError(
            f"not enough memory for {what} ({nbytes / 2**20:,.1f} MiB): free some memory, "
            "or search with fewer threads"
        ) from None
