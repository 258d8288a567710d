"""Make the committed position sets: python benchmarks/make_sets.py midgames|openings

- ``midgames``: ``benchmarks/data/midgames.txt``, 100 midgame positions, one per strong
  game from seed ``MIDGAME_SEED`` on (``sets.midgames``: 20 to 36 tokens left in the two
  reserves, between placements), for ``benchmarks/agreement.py``;
- ``openings``: ``benchmarks/data/openings.txt``, 50 distinct short random openings (4
  random decisions from the start, ``sets.openings``), for ``benchmarks/strength.py``.

Both are deterministic (seeds, node limits); ``tests/test_trust_sets.py`` regenerates a
prefix of each and compares.  The midgames take a few minutes (100 strong games).
"""

from __future__ import annotations

import sys
from pathlib import Path

from sets import midgames, openings

DATA = Path(__file__).parent / "data"
MIDGAME_SEED = 110_061  # the games of calibrate.py from its 61st (stored in strong_games.txt)
OPENING_SEED = 130_000
SETS = {
    "midgames": (lambda: midgames(MIDGAME_SEED, 100), "midgames.txt"),
    "openings": (lambda: openings(OPENING_SEED, 50), "openings.txt"),
}


def read_set(name: str) -> list[str]:
    """The CPNs of a committed set, in order."""
    lines = (DATA / SETS[name][1]).read_text().splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def main() -> None:
    name = sys.argv[1] if len(sys.argv) > 1 else ""
    if name not in SETS:
        sys.exit(f"usage: python benchmarks/make_sets.py {'|'.join(SETS)}")
    make, file = SETS[name]
    lines = [f"# made by: python benchmarks/make_sets.py {name}"]
    for position in make():
        lines.append(position.cpn())
        print(position.cpn(), file=sys.stderr)
    (DATA / file).write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
