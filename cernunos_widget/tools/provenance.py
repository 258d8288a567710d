"""What a batch results file was made from, and the checks a resumed run makes of it.

Each Parquet file of :mod:`.batch` carries, in its schema metadata, the digest of the input
file (``None`` for games given as objects), the game's index in it, the digest of the
game's tags and text, and the run's settings.  A resumed run takes a file for a game only
if all four agree and the file holds one row per position of that game, in order: a file
made for another run, copied under a game's name, or cut short, is refused by name.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any


def file_digest(path: str | os.PathLike) -> str:
    """The SHA-256 of a file's bytes (read in chunks)."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def made_from(source: str | None, index: int, game: str, settings: str) -> dict[str, Any]:
    """The metadata of game ``index``'s results file: input digest, index, game digest,
    settings (JSON text)."""
    return {"source": source, "index": index, "game": game, "settings": settings}


def mismatch(
    stored: object, expected: dict[str, Any], games: list[Any], plies: list[Any], positions: int
) -> str | None:
    """Why a results file whose metadata is ``stored`` and whose ``game`` and ``ply``
    columns are ``games`` and ``plies`` cannot be the results, under ``expected``, of game
    ``expected["index"]`` and its ``positions`` positions; None when it can.  The reasons
    are worded to follow the file's name."""
    fresh = "analyse into a new directory (or delete the old results)"
    if not isinstance(stored, dict) or set(stored) != set(expected):
        return f"does not say what it was made from (not a results file of this version): {fresh}"
    index = expected["index"]
    if stored["index"] != index:
        return f"holds the results of another game (index {stored['index']}, not {index}): {fresh}"
    if stored["source"] != expected["source"]:
        return (
            f"was made from another input (digest {stored['source']}, not "
            f"{expected['source']}): {fresh}"
        )
    if stored["game"] != expected["game"]:
        return f"holds the results of another game: {fresh}"
    if stored["settings"] != expected["settings"]:
        return (
            f"was made with other settings ({stored['settings']}), not "
            f"{expected['settings']}: use a new directory to analyse with these"
        )
    if games != [index] * positions or plies != list(range(positions)):
        return (
            f"holds {len(plies)} rows, not the {positions} positions of game {index} in order: "
            "it is damaged; delete it to analyse the game again"
        )
    return None
