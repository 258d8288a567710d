"""Strength, measured (issue #11, item 4): python benchmarks/strength.py [options]

Games between two players from each opening of ``benchmarks/data/openings.txt`` (50
short random openings), each played with both colours (``--rounds`` times), every game to
the end; one game at a time, one search thread per engine.  Players:

- ``new``: this checkout's ``best_decision`` (``engine="auto"``, the default);
- ``alphabeta``, ``mcts`` (each with the learned evaluation under the standard rules),
  ``alphabeta-handwritten``, ``mcts-playouts``, ``alphabeta-learned``, ``mcts-learned``:
  this checkout's ``best_decision`` with that engine or method;
- ``old``: commit 4afac07's ``best_decision`` in a subprocess from a git worktree
  (``git worktree add /work/wt-old 4afac07``; ``--old /work/wt-old``), speaking the line
  protocol of ``benchmarks/line_engine.py``;
- ``greedy``, ``random``: the one-ply bots.

Every search player gets ``--time`` seconds a decision (each decision, effect choices
included).  Prints points (a draw is half), the share with its 95% Wilson interval.
``--ladder`` plays every pair of ``random greedy old new`` and prints Elo-style ratings
(Bradley-Terry fit, random at 0).  ``--games FILE`` appends every game (players, Green's
points, opening, decisions) to a file, to replay the losses; ``--retry FILE`` plays again,
at ``--time``, every game of FILE that ``--a`` did not win against ``--b`` (same opening,
same colours): do the losses go away with more time?

The issue's full runs (hours of CPU; a quiet machine, ``nice``):

    python benchmarks/strength.py --a new --b old --time 0.3 --rounds 2   # 200 games
    python benchmarks/strength.py --a new --b old --time 1 --rounds 1     # 100 games
    (or in two halves: ``--openings 25``, then ``--skip 25``)
    python benchmarks/strength.py --a new --b greedy --time 1             # 100 games
    python benchmarks/strength.py --a alphabeta-handwritten --b mcts-learned --time 1
    python benchmarks/strength.py --ladder --time 0.3 --rounds 1
    python benchmarks/strength.py --a new --b greedy --time 3 --retry games.tsv  # the losses
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import sys
import time
from pathlib import Path

from line_engine import spawn
from make_sets import read_set

from cernunos_widget.engine import Player, Position
from cernunos_widget.solver import GreedyBot, Limit, RandomBot, best_decision, prepare_engine
from cernunos_widget.solver.analyse import ENGINES, METHODS


class Local:
    """This checkout's ``best_decision`` with an engine."""

    def __init__(self, engine: str, seconds: float) -> None:
        prepare_engine()
        self.engine, self.seconds = engine, seconds
        self.name = "new" if engine == "auto" else engine

    def choose(self, position: Position, start: str, decisions: list[str]) -> str:
        limit = Limit(time=self.seconds)
        return str(best_decision(position, limit, engine=self.engine))


class Old:
    """Commit 4afac07's ``best_decision`` in a subprocess (the line protocol)."""

    name = "old"

    def __init__(self, checkout: str, seconds: float) -> None:
        self.seconds = seconds
        self.process = spawn(checkout)

    def choose(self, position: Position, start: str, decisions: list[str]) -> str:
        self.process.stdin.write(f"{self.seconds}\t{start}\t{' '.join(decisions)}\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()


class OneStep:
    """The greedy or random bot."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.bot = GreedyBot(seed) if name == "greedy" else RandomBot(seed)

    def choose(self, position: Position, start: str, decisions: list[str]) -> str:
        return str(self.bot.choose(position))


def make_player(name: str, seconds: float, old: str, seed: int):
    if name == "new" or name in ENGINES or name in METHODS:
        return Local("auto" if name == "new" else name, seconds)
    if name == "old":
        return Old(old, seconds)
    if name in ("greedy", "random"):
        return OneStep(name, seed)
    names = ", ".join(("new", *ENGINES, *METHODS, "old", "greedy", "random"))
    raise SystemExit(f"unknown player {name!r}: {names}")


def play(green, purple, start: str, record=None) -> float:
    """One game to the end; Green's points (1, 0.5 or 0).  ``record``: a text file where
    the game goes as a line: Green, Purple, Green's points, the opening, its decisions."""
    position = Position.from_cpn(start)
    decisions: list[str] = []
    while not position.is_over:
        player = green if position.decider == Player.GREEN else purple
        token = player.choose(position, start, decisions)
        position = position.play(token)
        decisions.append(token)
    winner = position.result().winner
    points = 0.5 if winner is None else float(winner == Player.GREEN)
    if record is not None:
        print(green.name, purple.name, points, start, " ".join(decisions), sep="\t", file=record)
        record.flush()
    return points


def wilson(points: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share (draws count half)."""
    if n == 0:
        return 0.0, 1.0
    p = points / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def match(a, b, openings: list[str], rounds: int, record=None) -> tuple[float, int]:
    """``a``'s points and the games played: each opening with both colours, ``rounds``
    times (each game written to ``record``, if given)."""
    points, games = 0.0, 0
    started = time.perf_counter()
    for _ in range(rounds):
        for start in openings:
            points += play(a, b, start, record)
            points += 1 - play(b, a, start, record)
            games += 2
            low, high = wilson(points, games)
            print(
                f"  {a.name} vs {b.name}: {points:g}/{games} [{low:.2f}, {high:.2f}] "
                f"({time.perf_counter() - started:.0f} s)",
                file=sys.stderr,
            )
    return points, games


def games_not_won(path: str, a: str, b: str) -> list[tuple[str, float, bool]]:
    """The games of a ``--games`` file that ``a`` did not win against ``b`` (lost or
    drawn): (opening, ``a``'s points, whether ``a`` played Green)."""
    not_won = []
    for line in Path(path).read_text().splitlines():
        green, purple, green_points, start = line.split("\t")[:4]
        if {green, purple} == {a, b}:
            points = float(green_points) if green == a else 1 - float(green_points)
            if points < 1:
                not_won.append((start, points, green == a))
    return not_won


def retry(a, b, path: str) -> None:
    """Play again each game of ``path`` that ``a`` did not win against ``b``."""
    before = after = 0.0
    games = games_not_won(path, a.name, b.name)
    for start, points, a_is_green in games:
        green_points = play(a, b, start) if a_is_green else play(b, a, start)
        now = green_points if a_is_green else 1 - green_points
        before, after = before + points, after + now
        colour = "Green" if a_is_green else "Purple"
        print(f"  {a.name} as {colour} from {start}: {points:g} -> {now:g}", flush=True)
    print(f"{a.name} vs {b.name}, {len(games)} games not won, again: {before:g} -> {after:g}")


def elo(results: dict[tuple[str, str], tuple[float, int]], names: list[str]) -> dict:
    """Bradley-Terry ratings on the Elo scale (400 log10), the first name at 0."""
    strength = dict.fromkeys(names, 1.0)
    for _ in range(2000):
        for x in names:
            wins = sum(p for (a, _b), (p, _n) in results.items() if a == x)
            wins += sum(n - p for (_a, b), (p, n) in results.items() if b == x)
            denominator = sum(
                n / (strength[a] + strength[b])
                for (a, b), (_p, n) in results.items()
                if x in (a, b)
            )
            strength[x] = max(wins, 0.5) / denominator if denominator else strength[x]
    base = strength[names[0]]
    return {x: 400 * math.log10(strength[x] / base) for x in names}


def chosen_openings(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[str]:
    """The openings ``--openings`` and ``--skip`` choose; an argparse error (exit 2) if they,
    or ``--rounds``, leave no game to play."""
    every = read_set("openings")
    if not 1 <= args.openings <= len(every):
        parser.error(f"--openings takes 1 to {len(every)} (the set's size), not {args.openings}")
    if not 0 <= args.skip < args.openings:
        parser.error(
            f"--skip takes 0 to {args.openings - 1} (fewer than --openings {args.openings}), "
            f"not {args.skip}"
        )
    if args.rounds < 1:
        parser.error(f"--rounds takes 1 or more, not {args.rounds}")
    return every[args.skip : args.openings]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="new")
    parser.add_argument("--b", default="old")
    parser.add_argument("--time", type=float, default=0.3, help="seconds a decision")
    parser.add_argument("--openings", type=int, default=50, help="the first N openings")
    parser.add_argument(
        "--skip", type=int, default=0, help="leave out the first K of them (split a long run)"
    )
    parser.add_argument("--rounds", type=int, default=1, help="games per opening and colour")
    parser.add_argument("--old", default="/work/wt-old", help="a checkout of commit 4afac07")
    parser.add_argument("--ladder", action="store_true", help="random, greedy, old, new")
    parser.add_argument("--games", help="append every game to this file (tab-separated)")
    parser.add_argument(
        "--retry", help="play again the games of this --games file --a did not win (not recorded)"
    )
    args = parser.parse_args()
    if args.retry:
        a, b = (make_player(n, args.time, args.old, seed=k) for k, n in enumerate((args.a, args.b)))
        retry(a, b, args.retry)
        return
    openings = chosen_openings(parser, args)
    names = ["random", "greedy", "old", "new"] if args.ladder else [args.a, args.b]
    players = {n: make_player(n, args.time, args.old, seed=k) for k, n in enumerate(names)}
    results = {}
    for a, b in itertools.combinations(names, 2):
        first, second = (b, a) if args.ladder else (a, b)  # the stronger-looking first
        with open(args.games or os.devnull, "a") as record:
            points, games = match(players[first], players[second], openings, args.rounds, record)
        low, high = wilson(points, games)
        results[first, second] = (points, games)
        print(
            f"{first} vs {second} at {args.time:g} s: {points:g}/{games} points, "
            f"{points / games:.1%} [95% Wilson {low:.1%}, {high:.1%}]"
        )
    if args.ladder:
        for name, rating in sorted(elo(results, names).items(), key=lambda kv: kv[1]):
            print(f"  {name:>8}: {rating:+.0f}")


if __name__ == "__main__":
    main()
