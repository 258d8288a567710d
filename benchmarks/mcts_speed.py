"""MCTS speed and memory: playouts per second and process growth per playout.

    python benchmarks/mcts_speed.py [--seconds 5] [--memory-mb 512]

For each position: a seeded search for the given time, then playouts/s, tree nodes and
how much the process's resident memory (RSS, /proc/self/status) grew during the search.
Figures are noisy on a shared machine: compare runs made close together.
"""

from __future__ import annotations

import argparse
import gc
import inspect
import time

from cernunos_widget.engine import Position
from cernunos_widget.solver import mcts_search, prepare_engine

POSITIONS = {
    "start": Position.start(),
    "midgame": Position.from_cpn(".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1"),
    "endgame": Position.from_cpn("d,tdBD,c,wSTTT/bb,t,ttttttCT,sdtt/Ff,.,WtTTTTD,WXT p 1 3-1"),
}


def rss_mib() -> float:
    """The resident set size of this process, in MiB (Linux)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per position (default 5)")
    parser.add_argument("--memory-mb", type=float, default=None, help="the tree's budget")
    args = parser.parse_args()
    prepare_engine()
    extra = {}
    if args.memory_mb is not None and "memory_mb" in inspect.signature(mcts_search).parameters:
        extra["memory_mb"] = args.memory_mb
    for name, position in POSITIONS.items():
        gc.collect()
        before = rss_mib()
        started = time.perf_counter()
        tree = mcts_search(position, args.seconds, seed=1, **extra)
        elapsed = time.perf_counter() - started
        grown = rss_mib() - before
        nodes = getattr(tree, "nodes", None)
        print(
            f"{name:8s} {tree.playouts / elapsed:9.0f} playouts/s  {tree.playouts:8d} playouts"
            f"  nodes {nodes if nodes is not None else '-':>8}  RSS +{grown:7.1f} MiB"
            f"  ({grown * 1024 * 1024 / max(tree.playouts, 1):.0f} B/playout)"
        )
        del tree
        gc.collect()
        print(f"{'':8s} after the tree is dropped: RSS {rss_mib() - before:+.1f} MiB")


if __name__ == "__main__":
    main()
