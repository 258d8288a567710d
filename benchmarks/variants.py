"""Speed under each rule variant (a script, not a test): python benchmarks/variants.py

For the standard rules and each variant (RULES.md D-10): random full games per second on
the Python engine, and compiled random playouts per second from the start.  Figures are
noisy on a shared machine: compare runs made close together.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from cernunos_widget.engine import Position, Rules
from cernunos_widget.solver import prepare_engine
from cernunos_widget.solver.compiled.convert import encode
from cernunos_widget.solver.compiled.playout import playout
from cernunos_widget.solver.compiled.rules import new_options

RULE_SETS = ("standard", "wolf-1", "power-all", "counts=T8,F2", "wolf-1+power-all")


def engine_games_per_second(rules: Rules, seconds: float) -> float:
    rng = random.Random(1)
    games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        p = Position.start(rules=rules)
        while not p.is_over:
            p = p.child(rng.choice(p.option_codes))
        games += 1
    return games / (time.perf_counter() - started)


def playouts_per_second(rules: Rules, seconds: float) -> float:
    s = encode(Position.start(rules=rules))
    out = new_options()
    rng = np.zeros(1, np.uint64)
    done = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        for _ in range(100):
            playout(s, 10_000, rng, out)
        done += 100
    return done / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per figure (default 3)")
    args = parser.parse_args()
    prepare_engine()
    print(f"{'rules':<22} {'engine games/s':>15} {'compiled playouts/s':>20}")
    for text in RULE_SETS:
        rules = Rules.parse(text)
        games = engine_games_per_second(rules, args.seconds)
        playouts = playouts_per_second(rules, args.seconds)
        print(f"{text:<22} {games:>15.1f} {playouts:>20,.0f}")


if __name__ == "__main__":
    main()
