"""Where mined positions come from: a game file's main lines, or self-play; and a set
built from mining logs."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from ..engine import Position
from ..engine.errors import clip
from ..record.files import read_games
from ..solver import Limit
from ..tools.selfplay import SelfPlay
from .log import logged_puzzles
from .mine import puzzle_at
from .model import Puzzle, PuzzleError

Line = tuple[Position, list[str]]  # a game's start and its main line's decisions


def file_games(path: str | os.PathLike) -> Iterator[Line]:
    """The main line of every game of a ``.cgn`` file."""
    if not os.path.isfile(path):
        raise PuzzleError(f"no game file {clip(os.fspath(path))}")
    for game in read_games(path):
        nodes = game.mainline()
        yield game.root.position, [str(node.decision) for node in nodes]


def selfplay_games(n: int, bot: str = "greedy", seed: int = 0, opening: int = 4) -> Iterator[Line]:
    """``n`` self-play games between two ``bot`` (in this process), the first ``opening``
    decisions of each at random so that node-limited bots do not repeat one game."""
    run = SelfPlay.checked(n, bot, bot, seed, "standard", opening)  # refuses bad input now
    for played in run.played(workers=1):
        yield Position.start(), list(played.decisions)


def parse_tokens(text: str) -> tuple[int, int]:
    """``--tokens LOW-HIGH`` (or one number): the range of tokens left to mine in."""
    accepted = f"--tokens is LOW-HIGH (or N), tokens left from 1 to 48, not {clip(text)}"
    low, _, high = text.partition("-")
    try:
        bounds = (int(low), int(high or low))
    except ValueError:
        raise PuzzleError(accepted) from None
    if not 1 <= bounds[0] <= bounds[1] <= 48:
        raise PuzzleError(accepted)
    return bounds


def built(logs: Iterable[str | os.PathLike], limit: Limit | None = None) -> list[Puzzle]:
    """The puzzles the mining ``logs`` found, each once, easiest first (rating, then id).
    With ``limit``, each is mined again within it: a run under a short limit may have
    ended a puzzle at a step it could not prove unique in time."""
    found: dict[str, Puzzle] = {}
    for log in logs:
        if not os.path.isfile(log):
            raise PuzzleError(f"no mining log {clip(os.fspath(log))}")
        for puzzle in logged_puzzles(log):
            found.setdefault(puzzle.id, puzzle)
    if limit is not None:
        for key, puzzle in found.items():
            again = puzzle_at(puzzle.position, limit)
            if again is not None and len(again.steps) > len(puzzle.steps):
                found[key] = again
    return sorted(found.values(), key=lambda p: (p.rating, p.id))
