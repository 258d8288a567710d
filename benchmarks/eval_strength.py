"""The learned evaluation against the handwritten heuristic (a script, not a test).

    python benchmarks/eval_strength.py [--openings 20] [--nodes 20000] [--iterations 2000]

Two matches, each over a seeded set of short random openings played with both colours,
every game to the end:

1. alpha-beta at equal nodes: ``NodeSearchBot`` (iterative deepening within ``--nodes``
   decisions applied per decision), horizon scored by the shipped weights against the
   same search scored by ``heuristic_score``;
2. MCTS at equal iterations: leaves valued by the shipped weights against random
   playouts to the end (``--iterations`` per decision, seeded);
3. move ordering in exact proofs (``--frontier N``): the first N positions of
   ``frontier.txt`` proved with children ordered by each evaluation, within ``--cap``
   decisions each (node counts are deterministic).

Points: a win 1, a draw 1/2; the score is the learned side's share, with a 95% Wilson
interval (draws counted as half a game won, an approximation).  Equal nodes is not equal
time: the seconds per decision of each side are printed too.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from pathlib import Path

from cernunos_widget.engine import Player, Position
from cernunos_widget.solver import play_game
from cernunos_widget.solver.bots import Bot, MctsBot, NodeSearchBot
from cernunos_widget.solver.compiled.evaluation import HANDWRITTEN, LEARNED
from cernunos_widget.solver.compiled.searchers import CompiledExactSearch
from cernunos_widget.solver.learned import load_weights, shipped
from cernunos_widget.solver.prepare import prepare_engine
from cernunos_widget.solver.search import Budget, SearchAborted

FRONTIER = Path(__file__).with_name("frontier.txt")


def openings(count: int, plies: int, seed: int) -> list[Position]:
    """``count`` positions after ``plies`` random decisions from the start (seeded)."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        p = Position.start()
        for _ in range(plies):
            if not p.is_over:
                p = p.child(rng.choice(p.option_codes))
        if not p.is_over:
            found.append(p)
    return found


def wilson(points: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share ``points / n``."""
    if n == 0:
        return 0.0, 1.0
    p = points / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


class Timed(Bot):
    """A bot that counts its decisions and the seconds it spent choosing."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.name, self.seconds, self.decisions = bot, bot.name, 0.0, 0

    def choose(self, position: Position):
        started = time.perf_counter()
        decision = self.bot.choose(position)
        self.seconds += time.perf_counter() - started
        self.decisions += 1
        return decision


def match(title: str, learned: Bot, handwritten: Bot, starts: list[Position]) -> None:
    a, b = Timed(learned), Timed(handwritten)
    points = 0.0
    games = 0
    wins = draws = 0
    for start in starts:
        for green, purple in ((a, b), (b, a)):
            record = play_game(green, purple, start)
            winner = record.winner
            if winner is None:
                draws += 1
                points += 0.5
            elif (winner == Player.GREEN) == (green is a):
                wins += 1
                points += 1
            games += 1
    low, high = wilson(points, games)
    print(f"{title}: {learned.name} vs {handwritten.name}")
    print(
        f"  learned {points:g}/{games} points ({wins} wins, {draws} draws): "
        f"{points / games:.3f}, 95% Wilson [{low:.3f}, {high:.3f}]"
    )
    for side in (a, b):
        per = side.seconds / max(side.decisions, 1)
        print(f"  {side.name}: {per * 1000:.1f} ms per decision over {side.decisions}")


def ordering(count: int, cap: int, weights) -> None:
    """Exact proofs of frontier positions, children ordered by each evaluation."""
    lines = [x for x in FRONTIER.read_text().splitlines() if x and not x.startswith("#")]
    print(f"exact proofs, {count} frontier positions, at most {cap} decisions each:")
    for evaluator, name in ((HANDWRITTEN, "handwritten"), (LEARNED, "learned")):
        proven, nodes, seconds = 0, 0, 0.0
        for cpn in lines[:count]:
            search = CompiledExactSearch(Budget(nodes=cap), evaluator=evaluator, weights=weights)
            started = time.perf_counter()
            try:
                search.outcome(Position.from_cpn(cpn))
                proven += 1
            except SearchAborted:
                pass
            seconds += time.perf_counter() - started
            nodes += search.budget.spent
        print(f"  {name}: {proven}/{count} proven, {nodes:,} decisions, {seconds:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--openings", type=int, default=20, help="each played twice")
    parser.add_argument("--plies", type=int, default=4, help="random decisions per opening")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--nodes", type=int, default=20_000, help="alpha-beta, per decision")
    parser.add_argument("--iterations", type=int, default=2_000, help="MCTS, per decision")
    parser.add_argument("--weights", default=None, help="a weights file (default: shipped)")
    parser.add_argument("--only", choices=("alphabeta", "mcts", "ordering"), default=None)
    parser.add_argument("--frontier", type=int, default=0, help="frontier positions to prove")
    parser.add_argument("--cap", type=int, default=3_000_000, help="decisions per proof")
    args = parser.parse_args()
    prepare_engine()
    weights = load_weights(args.weights) if args.weights else shipped()
    print(f"weights {weights.version} ({weights.games} self-play games, seed {weights.seed})")
    starts = openings(args.openings, args.plies, args.seed)
    if args.only in (None, "alphabeta"):
        match(
            "alpha-beta, equal nodes",
            NodeSearchBot(args.nodes, LEARNED, weights),
            NodeSearchBot(args.nodes, HANDWRITTEN),
            starts,
        )
    if args.only in (None, "mcts"):
        match(
            "MCTS, equal iterations",
            MctsBot(seed=1, evaluator=LEARNED, iterations=args.iterations, weights=weights),
            MctsBot(seed=1, evaluator=HANDWRITTEN, iterations=args.iterations),
            starts,
        )
    if args.frontier and args.only in (None, "ordering"):
        ordering(args.frontier, args.cap, weights)


if __name__ == "__main__":
    main()
