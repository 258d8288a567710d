"""Solving and analysing Cernunos positions: exact endgames, estimates elsewhere, bots."""

from .analyse import Info, Limit, Solution, analyse, analysis, best_decision, solve
from .bots import Bot, GameRecord, GreedyBot, PerfectBot, RandomBot, SearchBot, play_game
from .values import final_score

__all__ = [
    "Bot",
    "GameRecord",
    "GreedyBot",
    "Info",
    "Limit",
    "PerfectBot",
    "RandomBot",
    "SearchBot",
    "Solution",
    "analyse",
    "analysis",
    "best_decision",
    "final_score",
    "play_game",
    "solve",
]
