"""Lazy SMP scaling (a script, not a test): python benchmarks/threads.py [--depth N] [--repeat R]

For fixed positions of the opening, the midgame and the endgame, iterative deepening of
the compiled depth-limited alpha-beta (the handwritten evaluation, a fresh 2**21 table)
to a fixed depth, at 1, 2, 4, 8 and 16 threads (those the process may use; ``--threads``
to ask for others).  Prints, per position and thread count: seconds to reach the depth
(the best of ``--repeat`` runs), decisions applied per second (every thread's decisions),
and both as a speedup over 1 thread.  Also ``solve`` of the endgame, the alpha-beta
analysis a user runs (``analyse(engine="alphabeta")``, every first decision's value to
the same depth) of the opening and the midgame, and 3 s of root-parallel MCTS on the
midgame (its speedup is in decisions per second only; its time is fixed).
Run it on an idle machine: `uptime` first.
"""

from __future__ import annotations

import argparse
import time

from cernunos_widget.engine import Position
from cernunos_widget.solver import Limit, analyse, available_cores, prepare_engine, solve
from cernunos_widget.solver.compiled.searchers import CompiledDepthSearch
from cernunos_widget.solver.search import Budget

# (name, CPN, depth in decisions): each 1-4 s at 1 thread on the 2-core machine
POSITIONS = [
    ("opening", "B@b2 D@a1 T@c3", 4),
    ("midgame", ".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1", 7),
    ("endgame", "d,tdBD,c,wSTTT/bb,t,ttttttCT,sdtt/Ff,.,WtTTTTD,WXT p 1 3-1", 13),
]
PROOF = POSITIONS[2][1]  # in endgames.txt (le6): solve proves it in about 6 s at 1 thread


def position(text: str) -> Position:
    if "/" in text:
        return Position.from_cpn(text)
    p = Position.start()
    for decision in text.split():
        p = p.play(decision)
    return p


def to_depth(p: Position, depth: int, threads: int) -> tuple[float, int]:
    """Seconds and decisions (all threads) of iterative deepening to ``depth``."""
    search = CompiledDepthSearch(Budget(), threads=threads)
    started = time.perf_counter()
    for d in range(1, depth + 1):
        search.value(p, d)
    return time.perf_counter() - started, search.budget.spent


def to_proof(p: Position, threads: int) -> tuple[float, int]:
    """Seconds and decisions of ``solve`` (outcome, strong value and line)."""
    solution = solve(p, threads=threads)
    assert solution.proven
    return solution.seconds, solution.nodes


def analysis_to(p: Position, depth: int, threads: int) -> tuple[float, int]:
    """Seconds and decisions of the alpha-beta analysis of every first decision to
    ``depth`` (``Limit(depth=...)``: the children to ``depth - 1``)."""
    started = time.perf_counter()
    info = analyse(p, Limit(depth=depth), engine="alphabeta", threads=threads)[0]
    return time.perf_counter() - started, info.nodes


def mcts_for(p: Position, threads: int) -> tuple[float, int]:
    """Seconds and decisions (playout steps, every tree's) of 3 s of MCTS analysis."""
    info = analyse(p, Limit(time=3), engine="mcts", threads=threads)[0]
    return info.seconds, info.nodes


def main() -> None:
    cores = available_cores()
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--depth", type=int, default=0, help="add to every depth (+/-)")
    parser.add_argument(
        "--threads", type=int, nargs="*", default=[t for t in (1, 2, 4, 8, 16) if t <= cores]
    )
    args = parser.parse_args()
    prepare_engine()
    print(f"{cores} cores this process may use; threads {args.threads}")
    print(f"{'position':10} {'threads':>7} {'seconds':>8} {'Mdec/s':>7} {'nps x':>6} {'time x':>6}")
    cases = [(n, position(t), d + args.depth, to_depth) for n, t, d in POSITIONS]
    cases.append(("proof", Position.from_cpn(PROOF), 0, lambda p, _, t: to_proof(p, t)))
    for name, text, depth in POSITIONS[:2]:
        cases.append((f"an-{name[:3]}", position(text), depth + args.depth, analysis_to))
    cases.append(("mcts-mid", position(POSITIONS[1][1]), 0, lambda p, _, t: mcts_for(p, t)))
    for name, p, depth, measure in cases:
        base = None
        for threads in args.threads:
            runs = [measure(p, depth, threads) for _ in range(args.repeat)]
            seconds, nodes = min(runs)
            nps = nodes / seconds
            base = base or (seconds, nps)
            print(
                f"{name:10} {threads:7d} {seconds:8.2f} {nps / 1e6:7.2f} "
                f"{nps / base[1]:6.2f} {base[0] / seconds:6.2f}"
            )


if __name__ == "__main__":
    main()
