"""Solving and analysing Cernunos positions: exact endgames, estimates elsewhere, bots."""

from ..engine.errors import InvalidLimitError
from .analyse import Info, Limit, Solution, analyse, analysis, best_decision, solve
from .bots import (
    Bot,
    GameRecord,
    GreedyBot,
    MctsBot,
    PerfectBot,
    RandomBot,
    SearchBot,
    play_game,
)
from .mcts import Mcts, MemoryBudgetError, mcts_search
from .pov import PovError, PovValue, Value, seen_by, turn_at
from .prepare import engine_cached, engine_ready, prepare_engine
from .values import final_score

__all__ = [
    "Bot",
    "GameRecord",
    "GreedyBot",
    "Info",
    "InvalidLimitError",
    "Limit",
    "Mcts",
    "MctsBot",
    "MemoryBudgetError",
    "PerfectBot",
    "PovError",
    "PovValue",
    "RandomBot",
    "SearchBot",
    "Solution",
    "Value",
    "analyse",
    "analysis",
    "best_decision",
    "engine_cached",
    "engine_ready",
    "final_score",
    "mcts_search",
    "play_game",
    "prepare_engine",
    "seen_by",
    "solve",
    "turn_at",
]
