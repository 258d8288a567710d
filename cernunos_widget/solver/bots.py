"""Players that choose decisions, and games between them.

Every decision is made by the bot of the player who *decides* it (R-27): a choice inside
an effect goes to the owner of the token, even in the other player's turn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..engine import Decision, Player, Position
from ..engine.decisions import decision_of
from .analyse import Limit, analyse, check_engine, solve
from .compiled.evaluation import HANDWRITTEN
from .compiled.searchers import CompiledDepthSearch
from .learned import search_weights
from .mcts import DEFAULT_MEMORY_MB, Mcts, check_memory_mb
from .pov import seen_by
from .prepare import prepare_engine
from .search import Budget, SearchAborted
from .threads import check_threads
from .values import FORFEIT_SCORE, final_score, heuristic_score


class Bot:
    """Chooses a decision for the player who decides at a position."""

    name = "bot"

    def choose(self, position: Position) -> Decision:
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name


class RandomBot(Bot):
    """A uniformly random legal decision (level 0)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, position: Position) -> Decision:
        return self.rng.choice(position.legal_decisions())


class GreedyBot(Bot):
    """The decision whose result looks best right away (level 1), ties broken at random."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, position: Position) -> Decision:
        decider = position.decider
        scored = []
        for code in position.option_codes:
            child = position.child(code)
            s = final_score(child) if child.is_over else heuristic_score(child)  # Green's
            scored.append((seen_by(decider, s), self.rng.random(), code))
        return decision_of(max(scored)[2])


class SearchBot(Bot):
    """The analysis within a budget (level 2): ``engine="auto"`` unless another is named;
    in ``threads`` threads (default 1: bots play in self-play and batch workers, which are
    the parallelism; None: every core)."""

    def __init__(
        self, limit: Limit | None = None, engine: str = "auto", threads: int | None = 1
    ) -> None:
        self.limit = limit or Limit(time=0.5)
        self.engine = check_engine(engine)
        self.threads = check_threads(threads)
        self.name = f"search({self.limit}, {engine})"

    def choose(self, position: Position) -> Decision:
        infos = analyse(position, self.limit, engine=self.engine, threads=self.threads)
        return infos[0].decision if infos else position.legal_decisions()[0]


class PerfectBot(SearchBot):
    """Plays a proven best decision where the budget allows a proof, else searches."""

    def __init__(
        self, limit: Limit | None = None, engine: str = "auto", threads: int | None = 1
    ) -> None:
        super().__init__(limit, engine, threads)
        self.name = f"perfect({self.limit}, {engine})"

    def choose(self, position: Position) -> Decision:
        solution = solve(position, self.limit, strong=False, threads=self.threads)
        if solution.proven and solution.pv:
            return solution.pv[0]
        return super().choose(position)


class NodeSearchBot(Bot):
    """Depth-limited alpha-beta by iterative deepening within ``nodes`` decisions applied
    per decision (deterministic: no clock), the horizon scored by ``evaluator`` (0: the
    handwritten heuristic, 1: the learned evaluation, with ``weights`` or the shipped ones;
    the learned one is trained for the default rules).  ``threads`` above 1 (Lazy SMP)
    make it faster but no longer deterministic, and its node count approximate."""

    def __init__(
        self,
        nodes: int = 20_000,
        evaluator: int = HANDWRITTEN,
        weights=None,
        threads: int | None = 1,
    ) -> None:
        self.nodes = nodes
        self.threads = check_threads(threads)
        self.evaluator = evaluator
        self.weights = search_weights(evaluator, weights)
        self.name = f"alphabeta({nodes} nodes, {'learned' if evaluator else 'handwritten'})"

    def choose(self, position: Position) -> Decision:
        if len(position.option_codes) == 1:
            return position.legal_decisions()[0]
        search = CompiledDepthSearch(
            Budget(nodes=self.nodes),
            18,
            evaluator=self.evaluator,
            weights=self.weights,
            threads=self.threads,
        )
        best = position.legal_decisions()[0]
        for depth in range(1, 200):
            try:
                search.reached_horizon = False
                search.value(position, depth)
            except SearchAborted:
                break
            line = search.principal_variation(position, 1)
            if line:
                best = decision_of(line[0])
            if not search.reached_horizon:
                break  # every line reached the end
        return best


class MctsBot(Bot):
    """Monte Carlo tree search with MCTS-Solver, for a time per decision (a tree of at most
    ``memory_mb`` MiB), or for ``iterations`` (then no clock); leaves valued by random
    playouts (``evaluator`` 0) or by the learned evaluation (1, default rules only)."""

    def __init__(
        self,
        seconds: float = 1.0,
        seed: int | None = None,
        playout_depth: int | None = None,
        memory_mb: float = DEFAULT_MEMORY_MB,
        evaluator: int = HANDWRITTEN,
        iterations: int | None = None,
        weights=None,
    ) -> None:
        self.seconds = seconds
        self.seed = seed
        self.playout_depth = playout_depth
        self.memory_mb = check_memory_mb(memory_mb)
        self.evaluator = evaluator
        self.weights = search_weights(evaluator, weights)
        self.iterations = iterations
        budget = f"{iterations} iterations" if iterations else f"{seconds:g}s"
        leaves = "learned" if evaluator else f"playouts {playout_depth or 'to the end'}"
        self.name = f"mcts({budget}, {leaves})"

    def choose(self, position: Position) -> Decision:
        if len(position.option_codes) == 1:
            return position.legal_decisions()[0]
        prepare_engine(search="mcts")  # never on this decision's clock
        tree = Mcts(
            position,
            seed=self.seed,
            budget=Budget(seconds=None if self.iterations else self.seconds),
            playout_depth=self.playout_depth,
            memory_mb=self.memory_mb,
            evaluator=self.evaluator,
            weights=self.weights if self.evaluator else None,
        )
        tree.run(self.iterations)
        results = tree.results()
        return results[0].decision if results else position.legal_decisions()[0]


@dataclass
class GameRecord:
    """A finished game between two bots."""

    start: Position
    decisions: list[Decision] = field(default_factory=list)
    final: Position | None = None

    @property
    def result(self):
        return self.final.result() if self.final else None

    @property
    def green_score(self) -> int:
        return final_score(self.final)

    @property
    def winner(self) -> Player | None:
        return self.result.winner if self.result else None

    @property
    def by_forfeit(self) -> bool:
        return abs(self.green_score) >= FORFEIT_SCORE


def play_game(
    green: Bot, purple: Bot, start: Position | None = None, max_decisions: int = 2000
) -> GameRecord:
    """Play to the end; each decision by the bot of the player who makes it (R-27)."""
    position = start or Position.start()
    record = GameRecord(position)
    while not position.is_over:
        if len(record.decisions) >= max_decisions:
            raise RuntimeError(f"the game did not end within {max_decisions} decisions")
        bot = green if position.decider == Player.GREEN else purple
        decision = position.parse_decision(bot.choose(position))
        record.decisions.append(decision)
        position = position.play(decision)
    record.final = position
    return record
