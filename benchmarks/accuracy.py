"""Accuracy against perfect play (issue #11, item 5): python benchmarks/accuracy.py

On the committed critical endgames (``benchmarks/data/critical.txt``, made by
``make_critical.py``: 7 to 10 tokens left, proven outcomes, some decision changes the
outcome), the share of positions where a player's decision keeps the proven outcome.
Players: ``new`` (this checkout's ``best_decision`` at ``--time`` s, ``engine="auto"``),
``old`` (commit 4afac07's, in a subprocess from ``--old``, see ``strength.py``),
``greedy`` (the one-ply bot), and any engine or method of ``strength.py`` on request
(``--players``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from strength import make_player, wilson

from cernunos_widget.engine import Position

CRITICAL = Path(__file__).parent / "data" / "critical.txt"


def read_critical() -> list[tuple[str, str, set[str]]]:
    rows = []
    for line in CRITICAL.read_text().splitlines():
        if line and not line.startswith("#"):
            cpn, outcome, keeping, _game = line.split("\t")
            rows.append((cpn, outcome, set(keeping.split())))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=1.0)
    parser.add_argument("--positions", type=int, default=None, help="the first N only")
    parser.add_argument("--players", default="greedy,old,new")
    parser.add_argument("--old", default="/work/wt-old")
    args = parser.parse_args()
    rows = read_critical()[: args.positions]
    for k, name in enumerate(args.players.split(",")):
        player = make_player(name, args.time, args.old, seed=k)
        kept = 0
        for n, (cpn, _outcome, keeping) in enumerate(rows, 1):
            position = Position.from_cpn(cpn)
            chosen = position.parse_decision(player.choose(position, cpn, [])).code
            kept += chosen in {position.parse_decision(d).code for d in keeping}
            print(f"  {name}: {kept}/{n}", file=sys.stderr)
        low, high = wilson(kept, len(rows))
        print(
            f"{name} at {args.time:g} s: keeps the proven outcome in {kept}/{len(rows)} = "
            f"{kept / len(rows):.1%} [95% Wilson {low:.1%}, {high:.1%}]"
        )


if __name__ == "__main__":
    main()
