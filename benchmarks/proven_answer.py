"""How soon analysis answers where the answer is proven (issue #23 item 4).

For the first positions of the frontier set with at most 8 tokens left, prints the seconds
``analyse(position, Limit(time=T))`` took and what it answered: a proven answer should come
back long before T (proofs stop at multipv proven wins; margins get as long again as the
outcomes took), an unproven one takes the whole time.

    python benchmarks/proven_answer.py [--time 6] [--count 12]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from cernunos_widget.engine import Position
from cernunos_widget.solver import Limit, analyse, prepare_engine

FRONTIER = Path(__file__).with_name("frontier.txt")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=6.0)
    parser.add_argument("--count", type=int, default=12)
    args = parser.parse_args()
    prepare_engine()
    cpns = [line.strip() for line in FRONTIER.read_text().splitlines() if line[:1] not in "#"]
    proven_times = []
    for cpn in cpns[: args.count]:
        position = Position.from_cpn(cpn)
        started = time.perf_counter()
        best = analyse(position, Limit(time=args.time), threads=1)[0]
        seconds = time.perf_counter() - started
        if best.proven:
            proven_times.append(seconds)
        print(f"{seconds:6.2f} s  {best.value_text():<18} {cpn}")
    if proven_times:
        print(
            f"proven answers: {len(proven_times)}/{min(args.count, len(cpns))}, median "
            f"{statistics.median(proven_times):.2f} s of a {args.time:g} s limit"
        )


if __name__ == "__main__":
    main()
