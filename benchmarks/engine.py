"""Engine speed figures (a script, not a test): python benchmarks/engine.py [--seconds S]

Prints random full games per second, decisions per second, option generation time on a
midgame position and the ratio to the straightforward reference implementation in
tests/reference (token objects, recursion; what a first implementation would look like).
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from reference.engine import Game  # noqa: E402

from cernunos_widget.engine import START_CPN, Position  # noqa: E402
from cernunos_widget.engine.effects import Work  # noqa: E402
from cernunos_widget.engine.state import fields, option_codes  # noqa: E402
from cernunos_widget.solver.compiled.convert import encode  # noqa: E402
from cernunos_widget.solver.compiled.playout import playout  # noqa: E402
from cernunos_widget.solver.compiled.rules import new_options  # noqa: E402

MIDGAME = ".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1"


def timed(seconds: float, run_once) -> tuple[int, float, int]:
    """Run ``run_once`` (returning a count of decisions) until ``seconds`` pass."""
    start = time.perf_counter()
    runs = decisions = 0
    while time.perf_counter() - start < seconds:
        decisions += run_once()
        runs += 1
    return runs, time.perf_counter() - start, decisions


def fast_game(rng: random.Random) -> int:
    p = Position.start()
    n = 0
    while options := option_codes(p):
        p = p.child(rng.choice(options))
        n += 1
    return n


def reference_game(rng: random.Random) -> int:
    count = [0]

    def chooser(game, player, what, options):
        count[0] += 1
        return rng.choice(options)

    Game(START_CPN, chooser).play_out()
    return count[0]


def per_call(seconds: float, fn) -> float:
    """Median seconds per call over batches."""
    samples = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        t = time.perf_counter()
        for _ in range(200):
            fn()
        samples.append((time.perf_counter() - t) / 200)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    args = parser.parse_args()
    s = args.seconds

    rng = random.Random(1)
    games, elapsed, decisions = timed(s, lambda: fast_game(rng))
    fast_gps, fast_dps = games / elapsed, decisions / elapsed
    print(
        f"engine     random full games/s: {fast_gps:9.1f}   decisions/s: {fast_dps:10.0f}"
        f"   ({decisions / games:.1f} decisions/game)"
    )

    start = encode(Position.start())
    generator = np.array([1], np.uint64)
    out = new_options()
    playout(start, 1 << 30, generator, out)  # numba compiles or loads its cache here
    games, elapsed, decisions = timed(s, lambda: playout(start, 1 << 30, generator, out)[2])
    print(
        f"compiled   random full games/s: {games / elapsed:9.1f}   decisions/s: "
        f"{decisions / elapsed:10.0f}   ({games / elapsed / fast_gps:.1f}x the engine)"
    )

    rng = random.Random(1)
    games, elapsed, decisions = timed(s, lambda: reference_game(rng))
    ref_gps, ref_dps = games / elapsed, decisions / elapsed
    print(f"reference  random full games/s: {ref_gps:9.1f}   decisions/s: {ref_dps:10.0f}")
    print(f"ratio      engine / reference (full games): {fast_gps / ref_gps:6.1f}x")

    mid = Position.from_cpn(MIDGAME)
    f = fields(mid)
    work_args = (f.board, f.reserve, f.burned, f.side, f.phase, (), 0)
    gen = per_call(s / 2, lambda: Work(*work_args).options())
    print(
        f"option generation at a midgame position ({len(mid.option_codes)} options): "
        f"{gen * 1e6:7.2f} us"
    )

    child = per_call(s / 2, lambda: mid.child(mid.option_codes[7]))
    print(f"one decision applied (copy + resolve + next options):        {child * 1e6:7.2f} us")

    # A search needs a fresh state per node: immutable positions cost nothing to keep,
    # the reference must deep-copy its mutable game.
    ref = Game(MIDGAME, lambda *a: a[-1][0])
    copy_cost = per_call(s / 2, lambda: copy.deepcopy(ref))
    ref_node = copy_cost + 1 / ref_dps
    print(f"reference state copy (deepcopy) for one search node:         {copy_cost * 1e6:7.2f} us")
    print(
        f"search node (a new state after one decision): engine {child * 1e6:.2f} us, "
        f"reference copy + decision {ref_node * 1e6:.2f} us: ratio {ref_node / child:.1f}x"
    )


if __name__ == "__main__":
    main()
