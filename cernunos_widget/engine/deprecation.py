"""Old public names kept as thin aliases that warn (issue #20 item 9: one name per idea)."""

from __future__ import annotations

import warnings


def warn_renamed(owner: str, old: str, new: str) -> None:
    """Warn that ``owner.old`` was renamed ``owner.new`` (a :class:`DeprecationWarning`
    pointing at the caller of the alias)."""
    warnings.warn(
        f"{owner}.{old} is deprecated: use {owner}.{new}", DeprecationWarning, stacklevel=3
    )
