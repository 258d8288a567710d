"""Practice against the engine (a study chapter's ``practice`` mode, issue #33 item 3).

The reader plays the chapter's student side (:attr:`.Chapter.side`) from the chapter's start;
the engine plays the other side, every decision it decides (its placements and the effect
choices it makes, R-27):

- where at most :data:`PERFECT_TOKENS` tokens are left in both reserves (R-8), a small
  endgame, with **perfect play**: the exact search's best decision (:func:`.solver.solve`,
  one thread, so the same every time);
- elsewhere, the engine's **search**: alpha-beta within :data:`SEARCH_NODES` nodes, one
  thread (deterministic too, with no clock).

The chapter's ``[Goal]`` (the lessons' goal language, :func:`.lessons.judge`, "you" the
student) decides success after each step; a chapter without one is won by winning the game
(R-17). ``js/studyplay.js`` does the same in a page with no kernel (there, the page's own
exact search, ``js/rules/solve.js``, in small endgames, and a one-step guess elsewhere),
checked against this module by ``tests/js/make_practice_vectors.py``.
"""

from __future__ import annotations

from ..engine import Position
from ..lessons import Verdict, judge
from ..lessons.goals import unmet
from ..record.tree import Game, GameNode
from ..study import Chapter
from .solver_gate import require_solver

PERFECT_TOKENS = 6  # js/rules/solve.js HINT_TOKEN_LIMIT: the page solves these exactly too
PERFECT_NODES = 2_000_000  # an exact search past this plays the search's decision instead
SEARCH_NODES = 20_000  # the engine's search elsewhere: alpha-beta within this many nodes
WIN = {"result": "win"}  # a chapter without a [Goal]: win the game


def practice_game(chapter: Chapter) -> Game:
    """The board's game of a practice chapter: its start and tags, none of its moves (the
    author's line is not shown to the reader)."""
    source = chapter.game
    game = Game(source.root.position, dict(source.headers))
    game.root.comment = source.root.comment
    return game


def tokens_left(position: Position) -> int:
    """Tokens left in both reserves together (R-8)."""
    return position.reserve_size("g") + position.reserve_size("p")


def reply(position: Position) -> tuple[str, str]:
    """The engine's decision at ``position`` and how it was chosen: ``perfect`` (proven best,
    the strong value kept, R-17) or ``search``."""
    require_solver()  # SolverUnavailableError where numba is missing (JupyterLite)
    from ..solver import Limit, best_decision, solve  # here: a study loads without the solver

    if tokens_left(position) <= PERFECT_TOKENS:
        solution = solve(position, Limit(nodes=PERFECT_NODES), threads=1)
        if solution.proven and solution.pv:
            return str(solution.pv[0]), "perfect"
    decision = best_decision(position, Limit(nodes=SEARCH_NODES), engine="alphabeta", threads=1)
    return str(decision), "search"


def verdict(chapter: Chapter, node: GameNode) -> Verdict:
    """The verdict on the line from the game's start to ``node``: the goal's (judged for the
    student), else whether the student won once the game is over."""
    path = node.path()
    start, you = path[0].position, chapter.side
    goal = chapter.goal
    if goal is not None:
        return judge(goal, start, [(n.position, n.events) for n in path[1:]], you)
    if not node.position.is_over:
        return Verdict("pending", 0)
    reasons = unmet(WIN, node.position, (), you)
    return Verdict("failed" if reasons else "solved", 0, tuple(reasons))
