"""The committed puzzles' figures (docs/puzzles.md): count, tokens left, ratings, themes,
steps, and the mining's cost from its log.

    python benchmarks/puzzle_figures.py [LOG.jsonl ...]
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter

from cernunos_widget import puzzles
from cernunos_widget.puzzles.log import read_log


def spread(counter: Counter) -> str:
    return ", ".join(f"{k}: {v}" for k, v in sorted(counter.items()))


def main(logs: list[str]) -> None:
    committed = puzzles.load()
    ratings = [p.rating for p in committed]
    within = sum(6 <= p.tokens <= 14 for p in committed)
    print(f"puzzles: {len(committed)} ({within} with 6 to 14 tokens left)")
    print(f"tokens left: {spread(Counter(p.tokens for p in committed))}")
    print(
        f"rating: min {min(ratings)}, median {statistics.median(ratings):.0f}, max {max(ratings)}; "
        f"by hundreds: {spread(Counter(r // 100 * 100 for r in ratings))}"
    )
    print(f"themes: {spread(Counter(t for p in committed for t in p.themes))}")
    print(f"key theme: {spread(Counter(p.themes[0] for p in committed))}")
    steps = Counter(sum(s.by == "decider" for s in p.steps) for p in committed)
    print(f"decider steps: {spread(steps)}")
    print(f"decoys: {spread(Counter(p.decoys for p in committed))}")
    print(f"deciders: {spread(Counter(p.decider for p in committed))}")
    if logs:
        entries = [e for log in logs for e in read_log(log)]
        seconds = sum(e.get("seconds", 0) for e in entries)
        found = sum(1 for e in entries if e.get("puzzle"))
        print(
            f"mining: {len(entries)} positions tried, {found} puzzles, {seconds / 3600:.1f} h of "
            f"search ({seconds / max(found, 1):.0f} s a puzzle, {seconds / len(entries):.1f} s a "
            f"position), by tokens left: "
            + spread(Counter(e["tokens"] for e in entries if e.get("tokens")))
        )


if __name__ == "__main__":
    main(sys.argv[1:])
