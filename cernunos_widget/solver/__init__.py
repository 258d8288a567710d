"""Solving and analysing Cernunos positions: exact endgames, estimates elsewhere, bots."""

from ..engine.errors import InvalidLimitError
from ..version import __version__
from . import learned
from .analyse import (
    Info,
    Limit,
    Solution,
    UnknownEngineError,
    analyse,
    analysis,
    analysis_search,
    best_decision,
    check_engine,
    solve,
)
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
from .calibration import calibration_version
from .mcts import Mcts, MemoryBudgetError, check_memory_mb, mcts_search
from .memory import SearchMemoryError
from .pov import OUTCOMES, PovError, PovValue, Value, seen_by, turn_at
from .prepare import (
    engine_cached,
    engine_ready,
    interactive,
    prepare_engine,
    preparing_seconds,
    warm_up,
)
from .search import Budget
from .threads import (
    MAX_THREADS,
    InvalidThreadsError,
    available_cores,
    check_threads,
    search_threads,
)
from .values import final_score, heuristic_score, outcome_word
from .verdicts import Verdict, Verdicts, shallow_values, verdicts


def solver_version() -> str:
    """What a cached value depends on: the package, the learned weights and the scale
    (the calibration); part of every cache key of analysis results."""
    return f"{__version__}+weights.{learned.version()}+calibration.{calibration_version()}"


__all__ = [
    "MAX_THREADS",
    "OUTCOMES",
    "Budget",
    "Bot",
    "GameRecord",
    "GreedyBot",
    "Info",
    "InvalidLimitError",
    "InvalidThreadsError",
    "Limit",
    "Mcts",
    "MctsBot",
    "MemoryBudgetError",
    "PerfectBot",
    "PovError",
    "PovValue",
    "RandomBot",
    "SearchBot",
    "SearchMemoryError",
    "Solution",
    "UnknownEngineError",
    "Value",
    "Verdict",
    "Verdicts",
    "analyse",
    "analysis",
    "analysis_search",
    "available_cores",
    "best_decision",
    "check_engine",
    "check_memory_mb",
    "check_threads",
    "engine_cached",
    "engine_ready",
    "final_score",
    "heuristic_score",
    "mcts_search",
    "outcome_word",
    "play_game",
    "prepare_engine",
    "preparing_seconds",
    "search_threads",
    "seen_by",
    "shallow_values",
    "solve",
    "solver_version",
    "verdicts",
    "turn_at",
    "warm_up",
]

if interactive() and not engine_cached():  # a new install: compile meanwhile, in the background
    warm_up()
