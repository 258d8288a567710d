"""The error of game files, shared by their reader and their writers."""

from __future__ import annotations

from .text import GameTextError


class GameFileError(GameTextError):
    """A game file that cannot be read, or a game that cannot be written.

    ``line`` is the file's line (1-based; None when writing), ``index`` the game's index in
    the file or the iterable (0-based), ``reason`` the message without them.
    """

    def __init__(self, message: str, line: int | None = None, index: int | None = None) -> None:
        where = ", ".join(
            part
            for part in (
                "" if line is None else f"line {line}",
                "" if index is None else f"game index {index}",
            )
            if part
        )
        super().__init__(f"{where}: {message}" if where else message)
        self.reason, self.line, self.index = message, line, index
