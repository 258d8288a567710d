"""Outcomes as integers: the game-theoretic value and the strong value (R-15, R-17).

A *score* is an int from Green's point of view that orders finished games exactly as R-17
does: the cell margin first, then the margin of Trees on top, then the burned-Tree margin
(fewer burned is better).  Its sign is the outcome: > 0 Green wins, 0 draw, < 0 Purple wins.
A forfeit (R-15) is worth more than any scored game.
"""

from __future__ import annotations

import math

from ..engine import Player, Position
from ..engine.board import occupied_counts, top_tree_counts
from ..engine.state import material

CELL_WEIGHT = 625  # > 25 * 25: a cell outweighs any Tree and burn margin
TREE_WEIGHT = 25  # > 2 * 12: a Tree on top outweighs any burn margin
MAX_MARGIN = 12 * CELL_WEIGHT + 12 * TREE_WEIGHT + 12  # the largest scored-game value
FORFEIT_SCORE = 100_000  # beyond any scored game
INFINITY = 10**9


def final_score(position: Position) -> int:
    """The score of a finished game, from Green's point of view."""
    result = position.result()
    if result is None:
        raise ValueError("the game is not over: a score exists only at the end")
    if result.forfeit:
        return FORFEIT_SCORE if result.winner == Player.GREEN else -FORFEIT_SCORE
    (gc, pc), (gt, pt), (gb, pb) = result.cells, result.trees, result.burned
    return (gc - pc) * CELL_WEIGHT + (gt - pt) * TREE_WEIGHT + (pb - gb)


def outcome_word(score: int) -> str:
    """``win``, ``draw`` or ``loss`` for the player whose point of view ``score`` takes."""
    return "win" if score > 0 else "loss" if score < 0 else "draw"


def describe_score(score: int) -> str:
    """In words, from the point of view the score takes: ``win by 2 cells``."""
    if abs(score) >= FORFEIT_SCORE:
        return "win by forfeit" if score > 0 else "loss by forfeit"
    if score == 0:
        return "draw"
    sign = 1 if score > 0 else -1
    s = abs(score)
    cells, rest = divmod(s + CELL_WEIGHT // 2, CELL_WEIGHT)
    rest -= CELL_WEIGHT // 2
    trees, burned = divmod(rest + TREE_WEIGHT // 2, TREE_WEIGHT)
    burned -= TREE_WEIGHT // 2
    parts = []
    if cells:
        parts.append(f"{cells} cell{'s' * (cells != 1)}")
    if trees:
        parts.append(f"{trees:+d} Trees on top")
    if burned:
        parts.append(f"{burned:+d} burned")
    word = "win" if sign > 0 else "loss"
    return f"{word} by {', '.join(parts)}" if parts else word


def heuristic_score(position: Position) -> int:
    """A cheap estimate of the score of an unfinished position (Green's point of view).

    Cells held and Trees on top now, plus what each side still holds in reserve counts a
    little (a token in hand is a future placement).
    """
    board, reserve, (gb, pb) = material(position)
    gc, pc = occupied_counts(board)
    gt, pt = top_tree_counts(board)
    hand = sum(reserve[0:8]) - sum(reserve[8:16])
    return (gc - pc) * CELL_WEIGHT + (gt - pt) * TREE_WEIGHT + (pb - gb) + hand * 60


def estimate(score_for_decider: int) -> float:
    """A number from -1 to 1 for an unproven score (1 = a sure win)."""
    if abs(score_for_decider) >= FORFEIT_SCORE:
        return 1.0 if score_for_decider > 0 else -1.0
    return math.tanh(score_for_decider / (2.5 * CELL_WEIGHT))
