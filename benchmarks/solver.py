"""Solver figures (a script, not a test): python benchmarks/solver.py [options]

1. The endgame suite (benchmarks/endgames.txt): time to solve each position exactly,
   win/draw/loss and strong value, median and worst, nodes (decisions applied) per second.
2. Search speed on midgame positions, in decisions applied per second.
3. Strength: the search bot against the greedy and random bots, colours alternating.

Defaults are small enough for a quick run; the issue's full settings are
``--cap 60 --games 100 --move-time 1``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from cernunos_widget.engine import Player, Position
from cernunos_widget.solver import GreedyBot, Limit, MctsBot, RandomBot, SearchBot, play_game
from cernunos_widget.solver.compiled.searchers import CompiledDepthSearch, CompiledExactSearch
from cernunos_widget.solver.search import Budget, DepthSearch, ExactSearch, SearchAborted

sys.setrecursionlimit(10_000)
SUITE = Path(__file__).with_name("endgames.txt")
MIDGAMES = [
    ".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1",
    ".,SxDBB,.,CstDWT/F,w,B,XtDTTT/dc,dWdttt,TTT,fw g 1 1-3",
]


def suite() -> dict[str, list[Position]]:
    sets: dict[str, list[Position]] = {}
    for line in SUITE.read_text().splitlines():
        if line and not line.startswith("#"):
            name, cpn = line.split(" ", 1)
            sets.setdefault(name, []).append(Position.from_cpn(cpn))
    return sets


ENGINES = {
    "compiled": (CompiledExactSearch, CompiledDepthSearch),
    "python": (ExactSearch, DepthSearch),
}


def solve_times(positions: list[Position], cap: float, engine: str) -> list[float | None]:
    """Solve each position (outcome, then strong value); print figures; return the times."""
    exact = ENGINES[engine][0]
    wdl, strong, times, nodes, spent, unsolved = [], [], [], 0, 0.0, 0
    for p in positions:
        search = exact(Budget(seconds=cap))
        t = time.perf_counter()
        try:
            outcome = search.outcome(p)
            wdl.append(time.perf_counter() - t)
            search.strong_value(p, outcome)
            strong.append(time.perf_counter() - t)
            times.append(strong[-1])
        except SearchAborted:
            unsolved += 1
            times.append(None)
        nodes += search.budget.spent
        spent += time.perf_counter() - t

    def fig(xs):
        if not xs:
            return "none solved"
        return f"median {statistics.median(xs) * 1000:8.1f} ms, worst {max(xs) * 1000:9.1f} ms"

    print(f"  {engine}:")
    print(f"    win/draw/loss: {fig(wdl)}   ({len(wdl)}/{len(positions)} proven)")
    print(
        f"    strong value : {fig(strong)}   ({len(strong)}/{len(positions)} proven; "
        f"{unsolved} not within {cap:g} s)"
    )
    print(f"    {nodes / spent:,.0f} decisions applied per second")
    return times


def ratio(slow: list[float | None], fast: list[float | None]) -> None:
    pairs = [
        (a, b) for a, b in zip(slow, fast, strict=True) if a is not None and b is not None and b > 0
    ]
    if pairs:
        ratios = sorted(a / b for a, b in pairs)
        total = sum(a for a, _ in pairs) / sum(b for _, b in pairs)
        print(
            f"  compiled vs python on the {len(pairs)} positions both solved: total time "
            f"{total:.1f}x faster, per position median {statistics.median(ratios):.1f}x"
        )


def midgame_speed(seconds: float, engine: str) -> None:
    for cpn in MIDGAMES:
        search = ENGINES[engine][1](Budget(seconds=seconds))
        p = Position.from_cpn(cpn)
        t = time.perf_counter()
        depth = 0
        try:
            for depth in range(1, 50):
                search.value(p, depth)
        except SearchAborted:
            pass
        rate = search.budget.spent / (time.perf_counter() - t)
        print(f"    {engine}: {rate:,.0f} decisions/s (reached depth {depth - 1}) at {cpn}")


def match(make_a, make_b, games: int) -> tuple[int, int]:
    """Games between bot A and bot B, colours alternating: (A's wins, draws)."""
    wins = draws = 0
    for i in range(games):
        a, b = make_a(i), make_b(i)
        a_is_green = i % 2 == 0
        record = play_game(a, b) if a_is_green else play_game(b, a)
        if record.winner is None:
            draws += 1
        elif (record.winner == Player.GREEN) == a_is_green:
            wins += 1
    return wins, draws


MATCHES = ("mcts-greedy", "mcts-random", "alphabeta-greedy", "alphabeta-random", "mcts-alphabeta")


def strength(games: int, move_time: float, matches: list[str]) -> None:
    bots = {
        "mcts": lambda i: MctsBot(move_time, seed=i),
        "alphabeta": lambda i: SearchBot(Limit(time=move_time)),
        "greedy": lambda i: GreedyBot(1000 + i),
        "random": lambda i: RandomBot(1000 + i),
    }
    for name in matches:
        a, b = name.split("-")
        t = time.perf_counter()
        wins, draws = match(bots[a], bots[b], games)
        print(
            f"    {a} vs {b}, {move_time:g} s/decision: {a} won {wins}/{games}, {draws} drawn, "
            f"lost {games - wins - draws} ({100 * wins / games:.0f}% wins; "
            f"{time.perf_counter() - t:.0f} s)",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cap", type=float, default=20.0, help="seconds per endgame at most")
    parser.add_argument(
        "--python-cap", type=float, default=5.0, help="the same for the Python search (0: skip)"
    )
    parser.add_argument("--speed-seconds", type=float, default=5.0)
    parser.add_argument("--games", type=int, default=10, help="games per opponent")
    parser.add_argument(
        "--matches", default=",".join(MATCHES), help=f"comma-separated, from {MATCHES}"
    )
    parser.add_argument("--skip-solving", action="store_true", help="only the strength matches")
    parser.add_argument("--move-time", type=float, default=0.2, help="seconds per decision")
    args = parser.parse_args()
    warm_up = Position.from_cpn(MIDGAMES[0])
    CompiledDepthSearch().value(warm_up, 1)  # numba compiles (or loads its cache) here
    if not args.skip_solving:
        for name, positions in suite().items():
            print(f"endgame suite {name} ({len(positions)} positions, reserves <= {name[2:]}):")
            fast = solve_times(positions, args.cap, "compiled")
            if args.python_cap > 0:
                ratio(solve_times(positions, args.python_cap, "python"), fast)
        print("search speed on midgame positions:")
        for engine in ENGINES:
            midgame_speed(args.speed_seconds, engine)
    if args.games > 0:
        print("strength:")
        strength(args.games, args.move_time, args.matches.split(","))


if __name__ == "__main__":
    main()
