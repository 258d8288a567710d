"""The exact frontier (issue #11, item 6): python benchmarks/frontier.py [options]

Proves the outcome (win, draw or loss) of each position of ``benchmarks/frontier.txt``
(made by ``make_frontier.py``) and of the wide 6-token position, each within ``--cap``
seconds, and prints how many were proven, with times and decisions applied.
``--sample K`` takes every K-th position only, ``--only I ...`` those positions (the
numbers printed; 0 is the wide one): the full run costs up to 51 x cap seconds.  Each
proof runs as ``solve``'s does, in ``--threads`` threads (default: every core; alpha-beta
and proof-number search race, docs/solver.md *Threads*; 1: their turns in one thread).
``--evaluator learned`` (what ``solve`` does under the standard rules) orders the proofs
by the learned evaluation (the proofs' weights, ``learned.ordering``, or ``--weights
FILE``) instead of the handwritten heuristic.
``--old CHECKOUT`` proves them with that checkout's ``solve`` instead (the solver the set
was chosen against: ``git worktree add /work/wt-old 4afac07``), in a subprocess speaking
the line protocol of ``line_engine.py``: no learned order there, and ``solve`` also finds
a principal variation within the cap (a little more work than an outcome alone).
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from pathlib import Path

from line_engine import spawn

from cernunos_widget.engine import Position
from cernunos_widget.solver import learned, prepare_engine
from cernunos_widget.solver.compiled.evaluation import HANDWRITTEN, LEARNED
from cernunos_widget.solver.compiled.searchers import CompiledExactSearch
from cernunos_widget.solver.search import Budget, SearchAborted

SET = Path(__file__).with_name("frontier.txt")
WIDE = "d,tdBD,c,wSTTT/bb,t,ttttttCT,sdtt/Ff,.,WtTTTTD,WXT p 1 3-1"


def positions(sample: int) -> list[str]:
    cpns = [line for line in SET.read_text().splitlines() if line and line[0] != "#"]
    return cpns[::sample]


def prove(
    cpn: str, cap: float, evaluator: int = HANDWRITTEN, weights=None, threads: int | None = None
) -> tuple[int | None, float, int]:
    """(outcome for Green or None if not proven, seconds, decisions applied)."""
    search = CompiledExactSearch(  # as solve: the outcome raced in threads, no helpers
        Budget(seconds=cap), evaluator=evaluator, weights=weights, threads=threads, helpers=False
    )
    start = time.perf_counter()
    try:
        outcome = search.outcome(Position.from_cpn(cpn))
    except SearchAborted:
        outcome = None
    return outcome, time.perf_counter() - start, search.budget.spent


class OldSolver:
    """Another checkout's ``solve`` in a subprocess (``line_engine.py``)."""

    def __init__(self, checkout: str) -> None:
        self.process = spawn(checkout)
        self.prove(WIDE, 5.0)  # load its exact search before any clock

    def prove(self, cpn: str, cap: float) -> tuple[int | None, float, int]:
        """(outcome for Green or None if not proven, seconds, decisions applied)."""
        start = time.perf_counter()
        self.process.stdin.write(f"solve\t{cap}\t{cpn}\n")
        self.process.stdin.flush()
        reply = self.process.stdout.readline().split()
        if len(reply) != 2:
            raise SystemExit(f"the old engine answered {reply!r} to a solve request")
        word, nodes = reply
        return green_outcome(cpn, word), time.perf_counter() - start, int(nodes)


def green_outcome(cpn: str, word: str) -> int | None:
    """Green's outcome (1, 0, -1; None if ``unproven``) from ``solve``'s word for the player
    who decides at ``cpn`` (Green's own word when the game is over)."""
    if word == "unproven":
        return None
    for_decider = {"win": 1, "draw": 0, "loss": -1}[word]
    decider = Position.from_cpn(cpn).decider
    return -for_decider if decider is not None and decider.letter == "p" else for_decider


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per position")
    parser.add_argument("--sample", type=int, default=1, help="every K-th position")
    parser.add_argument("--wide", action="store_true", help="the wide position only")
    parser.add_argument(
        "--only", type=int, nargs="+", metavar="I", help="these positions only (0: the wide one)"
    )
    parser.add_argument("--threads", type=int, help="threads of each proof (default: every core)")
    parser.add_argument("--evaluator", choices=("handwritten", "learned"), default="handwritten")
    parser.add_argument("--weights", help="a weights file for --evaluator learned")
    parser.add_argument("--old", help="prove with this checkout's solve (commit 4afac07)")
    args = parser.parse_args()
    if args.old and (args.weights or args.evaluator != "handwritten"):
        parser.error("--old proves with that checkout's own solve: no --evaluator, --weights")
    evaluator = LEARNED if args.evaluator == "learned" else HANDWRITTEN
    weights = learned.load_weights(args.weights) if args.weights else None
    if args.old:
        prove_one = OldSolver(args.old).prove
    else:
        prepare_engine()
        prove_one = functools.partial(
            prove, evaluator=evaluator, weights=weights, threads=args.threads
        )
    cpns = [WIDE] if args.wide else [WIDE, *positions(args.sample)]
    picked = range(len(cpns)) if args.only is None else args.only
    times = []
    for i in picked:
        cpn = cpns[i]
        outcome, seconds, nodes = prove_one(cpn, args.cap)
        word = "not proven" if outcome is None else {1: "green", 0: "draw", -1: "purple"}[outcome]
        print(f"{i:3d} {word:10s} {seconds:7.2f} s {nodes:13,d} decisions  {cpn}", flush=True)
        if outcome is not None and i > 0:
            times.append(seconds)
    total = sum(1 for i in picked if i > 0)
    if total:
        median = f", median {statistics.median(times):.2f} s" if times else ""
        print(f"set: {len(times)}/{total} proven within {args.cap:g} s{median}")


if __name__ == "__main__":
    main()
