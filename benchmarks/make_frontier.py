"""Generate the frontier set (issue #11, item 6): python benchmarks/make_frontier.py

Endgames from seeded random games: in each game, the first position between placements
whose two reserves together hold 5 to 7 tokens (a game that skips from 8 to 4 gives
none).  The set is the first 50 of them, in generation order, whose outcome (win, draw
or loss) the exact search does not prove within 10 s; nothing else is filtered.  "10 s"
is counted in decisions applied, 12 million (10 s at the 1.2 million a second of the
compiled search on an idle core), so the set does not depend on the machine's load.  The
committed ``benchmarks/frontier.txt`` was made with the solver of main at commit 4afac07
(run with ``PYTHONPATH`` pointing at that checkout); every candidate, its time and its
decisions are printed on stderr.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from cernunos_widget.engine import Position
from cernunos_widget.solver.compiled.searchers import CompiledExactSearch
from cernunos_widget.solver.search import Budget, SearchAborted

SEED = 20261123
WANTED = 50
CAP = 12_000_000  # decisions: 10 s at 1.2 million a second


def endgame(rng: random.Random) -> Position | None:
    """The first position of a random game with 5 to 7 tokens in the two reserves."""
    p = Position.start()
    while not p.is_over:
        if p.at_boundary:
            left = p.reserve_size("g") + p.reserve_size("p")
            if left <= 7:
                return p if left >= 5 else None
        p = p.child(rng.choice(p.option_codes))
    return None


def proven_within(p: Position, nodes: int) -> tuple[float, int] | None:
    """(seconds, decisions) the exact search took to prove the outcome, or None if it
    needs more than ``nodes`` decisions."""
    start = time.perf_counter()
    search = CompiledExactSearch(Budget(nodes=nodes))
    try:
        search.outcome(p)
    except SearchAborted:
        return None
    return round(time.perf_counter() - start, 2), search.budget.spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--after",
        type=int,
        nargs=2,
        metavar=("CANDIDATE", "FOUND"),
        help="resume a cut run: skip (without proving) candidates up to CANDIDATE, of which "
        "FOUND went into the set; print only the positions found after them",
    )
    args = parser.parse_args()
    after, found = args.after or (0, 0)
    # Load the compiled core before the first clock starts (a small proven endgame).
    proven_within(Position.from_cpn("TC,Sw,XB,Dcd/WDTTTTT,.,BF,W/bw,Ddttttfd,bxB,st g 2 5-5"), CAP)
    rng = random.Random(SEED)
    seen: set[str] = set()
    if not after:
        print(f"# Cernunos frontier set, made by benchmarks/make_frontier.py (seed {SEED})")
    while found < WANTED:
        p = endgame(rng)
        if p is None or p.cpn() in seen:
            continue
        seen.add(p.cpn())
        if len(seen) <= after:
            continue
        took = proven_within(p, CAP)
        print(f"candidate {len(seen)}: {took} {p.cpn()}", file=sys.stderr)
        if took is None:
            found += 1
            print(p.cpn(), flush=True)


if __name__ == "__main__":
    main()
