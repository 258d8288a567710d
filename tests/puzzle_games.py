"""A game file for the mining tests: games along committed puzzles' proof lines, so it
holds puzzles, and positions proven in a fraction of a second (7 to 9 tokens left)."""

from __future__ import annotations

from pathlib import Path

from cernunos_widget import puzzles

TOKENS = (4, 10)  # the range to mine them in: every position of the games after their start


def puzzle_games(path: Path, count: int) -> Path:
    """``count`` games, each from a committed puzzle's position along its proof line, written
    to ``path``."""
    chosen = sorted((p for p in puzzles.load() if 7 <= p.tokens <= 9), key=lambda p: p.id)
    step = max(1, len(chosen) // count)
    games = [f'[CPN "{p.cpn}"]\n\n{" ".join(p.line)}\n' for p in chosen[::step][:count]]
    path.write_text("\n".join(games))
    return path
