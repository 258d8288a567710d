"""Generate the endgame suite (python benchmarks/make_endgames.py > benchmarks/endgames.txt).

Positions from seeded random games, taken at the first position between placements where
the two reserves together hold at most 6 (first set) or at most 4 (second set) tokens.
"""

from __future__ import annotations

import random

from cernunos_widget.engine import Position


def endgame(rng: random.Random, reserve_limit: int) -> Position:
    while True:
        p = Position.start()
        while not p.is_over:
            if p.at_boundary and p.reserve_size("g") + p.reserve_size("p") <= reserve_limit:
                return p
            p = p.child(rng.choice(p.option_codes))


def main() -> None:
    rng = random.Random(20261122)
    print("# Cernunos endgame suite: <set> <CPN>, made by benchmarks/make_endgames.py")
    for reserve_limit in (6, 4):
        seen: set[str] = set()
        while len(seen) < 60:
            cpn = endgame(rng, reserve_limit).cpn()
            if cpn not in seen:
                seen.add(cpn)
                print(f"le{reserve_limit} {cpn}")


if __name__ == "__main__":
    main()
