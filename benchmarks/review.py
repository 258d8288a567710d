"""Game review figures (a script, not a test): python benchmarks/review.py [options]

The game: the first 40 decisions of a seeded game between two greedy bots (41 main-line
nodes, the root included).

1. Time to the full coarse graph (every node evaluated at the coarse limit).
2. Time to the refined graph (every refinement pass done), with the marks of each.
3. A re-review with the same cache: searches performed (0 expected) and time.
4. Stop latency: a review is stopped at random moments; time from ``stop.set()`` to
   ``review_game`` returning, median and worst.

Figures are wall-clock seconds on whatever the machine is doing: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import threading
import time

from cernunos_widget.engine import Position
from cernunos_widget.session.review import COARSE, Review, ReviewCache, review_game
from cernunos_widget.solver import GreedyBot, Limit, play_game, prepare_engine


def seeded_game(decisions: int, seed: int) -> list[Position]:
    """The main line's positions of the first ``decisions`` of a greedy-bot game."""
    record = play_game(GreedyBot(seed), GreedyBot(seed + 100))
    positions = [record.start]
    for decision in record.decisions[:decisions]:
        positions.append(positions[-1].play(decision))
    return positions


def marks(review: Review) -> str:
    counts = review.counts()
    return ", ".join(
        f"{player} {c['inaccuracy']}?! {c['mistake']}? {c['blunder']}??"
        for player, c in counts.items()
    )


def timed_review(positions: list[Position], limits, cache: ReviewCache) -> tuple[Review, float]:
    started = time.perf_counter()
    review = review_game(positions, limits, cache=cache)
    return review, time.perf_counter() - started


def stop_latency(positions: list[Position], trials: int, seed: int) -> list[float]:
    """Seconds from ``stop.set()`` to the review's return, at random moments of reviews
    (a review that ended by itself before the stop is not counted)."""
    rng = random.Random(seed)
    latencies = []
    for _ in range(trials):
        stop = threading.Event()
        line = positions[rng.randrange(len(positions) - 1) :]
        ended: list[float] = []

        def run(line=line, stop=stop, ended=ended) -> None:
            review_game(line, (Limit(time=30),), stop=stop)
            ended.append(time.perf_counter())

        worker = threading.Thread(target=run)
        worker.start()
        time.sleep(rng.uniform(0.05, 1.0))
        asked = time.perf_counter()
        stop.set()
        worker.join()
        if ended[0] > asked:
            latencies.append(ended[0] - asked)
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--coarse", type=float, default=COARSE.time, help="seconds per node")
    parser.add_argument(
        "--refine", type=float, nargs="*", default=[1.0], help="seconds per node, per pass"
    )
    parser.add_argument("--stop-trials", type=int, default=20)
    args = parser.parse_args()

    prepare_engine()
    review_game(seeded_game(2, args.seed), (Limit(nodes=100),))  # the first search's imports
    positions = seeded_game(args.decisions, args.seed)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"game: {len(positions) - 1} decisions, {len(positions)} nodes (seed {args.seed})")

    cache = ReviewCache()
    coarse = (Limit(time=args.coarse),)
    review, seconds = timed_review(positions, coarse, cache)
    print(f"coarse graph ({args.coarse:g} s/node): {seconds:.2f} s, {review.searches} searches")
    print(f"  marks: {marks(review)}")

    limits = coarse + tuple(Limit(time=t) for t in args.refine)
    review, seconds = timed_review(positions, limits, cache)
    refine = " + ".join(f"{t:g}" for t in args.refine)
    print(f"refined graph ({refine} s/node): {seconds:.2f} s more, {review.searches} searches")
    print(f"  marks: {marks(review)}")

    review, seconds = timed_review(positions, limits, cache)
    print(f"re-review, same cache: {seconds * 1000:.1f} ms, {review.searches} searches")

    if args.stop_trials:
        latencies = stop_latency(positions, args.stop_trials, args.seed)
        print(
            f"stop latency over {len(latencies)} stops: median "
            f"{statistics.median(latencies) * 1000:.1f} ms, worst {max(latencies) * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
