"""Opening explorer figures (a script, not a test):
python benchmarks/explorer.py [--games 100000] [--queries 2000] [--seed 0]

Generates random games with the Python engine (uniform random decisions, every game to
its end), builds the explorer from them (``Explorer.build``), saves and loads it, then
times queries: the start position (the most entries), and positions taken along the games
at every depth (between placements, and mid-effect ones through their game nodes' path).
Prints the build time, the file size, and the query times: median and worst, in wall
time and in this thread's CPU time (on a busy machine the wall time of one query includes
waiting for a core). The games are dropped before the queries, as a notebook that loads
an explorer holds none (a full garbage collection over millions of game objects would
otherwise land in some query).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import tempfile
import time
from pathlib import Path

from cernunos_widget.engine import Position
from cernunos_widget.engine.decisions import decision_of
from cernunos_widget.solver.bots import GameRecord
from cernunos_widget.tools.explorer import Explorer


def random_game(rng: random.Random) -> GameRecord:
    position = start = Position.start()
    codes = []
    while not position.is_over:
        code = rng.choice(position.option_codes)
        codes.append(code)
        position = position.child(code)
    record = GameRecord(start, [decision_of(c) for c in codes])
    record.final = position
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    t = time.perf_counter()
    games = [random_game(rng) for _ in range(args.games)]
    made = time.perf_counter() - t
    decisions = sum(len(g.decisions) for g in games)
    print(f"{args.games:,} random games, {decisions:,} decisions: generated in {made:.1f} s")

    t = time.perf_counter()
    explorer = Explorer.build(games)
    built = time.perf_counter() - t
    print(f"build: {built:.1f} s ({args.games / built:,.0f} games/s), {explorer}")

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "explorer.npz"
        t = time.perf_counter()
        explorer.save(path)
        saved = time.perf_counter() - t
        t = time.perf_counter()
        explorer = Explorer.load(path)
        loaded = time.perf_counter() - t
        size = path.stat().st_size
    print(f"file: {size / 1e6:.1f} MB, saved in {saved:.2f} s, loaded in {loaded:.2f} s")

    # query positions: the start, then positions along random games at random depths
    targets = [(Position.start(), ())]
    for _ in range(args.queries - 1):
        game = rng.choice(games)
        depth = rng.randrange(len(game.decisions))
        base, since = game.start, []
        p = game.start
        for d in game.decisions[:depth]:
            p = p.play(d)
            base, since = (p, []) if p.at_boundary else (base, [*since, str(d)])
        targets.append((base, tuple(since)))
    del games
    gc.collect()
    times, cpu, entries = [], [], []
    for base, since in targets:
        t, c = time.perf_counter(), time.thread_time()
        found = explorer.query(base, since)
        cpu.append(1000 * (time.thread_time() - c))
        times.append(1000 * (time.perf_counter() - t))
        entries.append(len(found))
    print(
        f"{len(targets):,} queries: wall median {statistics.median(times):.3f} ms, worst "
        f"{max(times):.3f} ms; CPU median {statistics.median(cpu):.3f} ms, worst "
        f"{max(cpu):.3f} ms (start position: {times[0]:.3f} ms, {entries[0]} decisions); "
        f"every query found its game's decision: {all(n > 0 for n in entries)}"
    )


if __name__ == "__main__":
    main()
