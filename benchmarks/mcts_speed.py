"""MCTS speed and memory: playouts per second and process growth per playout.

    python benchmarks/mcts_speed.py [--seconds 5] [--memory-mb 512]
        [--method mcts-learned|mcts-playouts|both] [--playouts N]

For each position and method (``mcts-learned``: new nodes valued by the learned evaluation,
what ``engine="auto"`` plays before the endgame; ``mcts-playouts``: random playouts): a
seeded search for the given time, then playouts/s (iterations a second: one playout or one
evaluation each), tree nodes and how much the process's resident memory (RSS,
/proc/self/status) grew during the search.  ``--playouts N`` runs a fixed number of
iterations instead and times them by the process's CPU time: the same work before and
after a change (the tree's digest shows it is the same tree), less noisy on a shared
machine.  Figures are noisy on a shared machine: compare runs made close together,
interleaved.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import inspect
import time

import numpy as np

from cernunos_widget.engine import Position
from cernunos_widget.solver import mcts_search, prepare_engine
from cernunos_widget.solver.compiled.evaluation import HANDWRITTEN, LEARNED

POSITIONS = {
    "start": Position.start(),
    "opening": Position.from_cpn(".,x,.,W/b,F,D,./.,.,.,C p 2 0-0"),
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


def digest(tree) -> str:
    """The first 12 hex digits of the SHA-256 of the tree's node arrays (same tree, same
    digest)."""
    h = hashlib.sha256()
    for array in tree.arrays:
        h.update(np.ascontiguousarray(array[: tree.nodes]).tobytes())
    return h.hexdigest()[:12]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per position (default 5)")
    parser.add_argument("--memory-mb", type=float, default=None, help="the tree's budget")
    parser.add_argument(
        "--method", choices=("mcts-learned", "mcts-playouts", "both"), default="both"
    )
    parser.add_argument("--playouts", type=int, default=None, help="a fixed count instead")
    args = parser.parse_args()
    prepare_engine()
    extra = {}
    if args.memory_mb is not None and "memory_mb" in inspect.signature(mcts_search).parameters:
        extra["memory_mb"] = args.memory_mb
    methods = {"mcts-learned": LEARNED, "mcts-playouts": HANDWRITTEN}
    if args.method != "both":
        methods = {args.method: methods[args.method]}
    for name, position in POSITIONS.items():
        for method, evaluator in methods.items():
            gc.collect()
            before = rss_mib()
            if args.playouts is None:
                started = time.perf_counter()
                tree = mcts_search(position, args.seconds, seed=1, evaluator=evaluator, **extra)
                elapsed = time.perf_counter() - started
            else:
                started = time.process_time()
                tree = mcts_search(position, None, args.playouts, 1, evaluator=evaluator, **extra)
                elapsed = time.process_time() - started
            grown = rss_mib() - before
            print(
                f"{name:8s} {method:13s} {tree.playouts / elapsed:9.0f} playouts/s"
                f"  {tree.playouts:8d} playouts  nodes {tree.nodes:>8}  RSS +{grown:7.1f} MiB"
                f"  ({grown * 1024 * 1024 / max(tree.playouts, 1):.0f} B/playout)"
                f"  tree {digest(tree)}"
            )
            del tree
            gc.collect()
            print(f"{'':8s} after the tree is dropped: RSS {rss_mib() - before:+.1f} MiB")


if __name__ == "__main__":
    main()
