"""Puzzles mined from self-play: one decision keeps a proven win (docs/puzzles.md).

>>> from cernunos_widget import puzzles
>>> p = puzzles.load()[0]
>>> p.cpn, p.solution, p.line, p.rating, p.themes
"""

from .check import problems, proof_problems
from .log import logged_puzzles, read_log
from .mine import candidates, puzzle_at, tokens_left
from .model import Puzzle, PuzzleError, Refutation, Step
from .runs import MineReport, mine
from .store import get, load, pick, read, write

__all__ = [
    "MineReport",
    "Puzzle",
    "PuzzleError",
    "Refutation",
    "Step",
    "candidates",
    "get",
    "load",
    "logged_puzzles",
    "mine",
    "pick",
    "problems",
    "proof_problems",
    "puzzle_at",
    "read",
    "read_log",
    "tokens_left",
    "write",
]
