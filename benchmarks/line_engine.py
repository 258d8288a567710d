"""A line-protocol engine over whatever ``cernunos_widget`` is importable (benchmarks only).

Run it from another checkout to play an older version, e.g. commit 4afac07::

    git worktree add /work/wt-old 4afac07
    cd /work/wt-old && PYTHONPATH=/work/wt-old python /path/to/benchmarks/line_engine.py

It warms the engine up (compiling or loading before any clock), prints ``ready``, then
answers each request line ``<seconds>\\t<start CPN>\\t<decisions>`` (the game so far as
decision texts, separated by spaces; positions inside an effect have no CPN) with one
line: ``best_decision(position, Limit(time=seconds))``; and each request
``solve\\t<seconds>\\t<CPN>`` with ``<outcome> <decisions applied>``, the outcome of
``solve(position, Limit(time=seconds), strong=False)`` for the decider (``win``,
``draw``, ``loss``) or ``unproven``.  An empty line or EOF ends it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cernunos_widget.engine import Position
from cernunos_widget.solver import Limit, best_decision, solve


def spawn(checkout: str) -> subprocess.Popen:
    """This engine over ``checkout``'s package in a subprocess, once it says ``ready``."""
    process = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve())],
        cwd=checkout,
        env=dict(os.environ, PYTHONPATH=checkout),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    if process.stdout.readline().strip() != "ready":
        raise SystemExit(f"the engine in {checkout} did not start")
    return process


def answer(request: str) -> str:
    """The answer to one request line (see the module's docstring)."""
    fields = request.rstrip("\n").split("\t")
    if fields[0] == "solve":
        _, seconds, cpn = fields
        solution = solve(Position.from_cpn(cpn), Limit(time=float(seconds)), strong=False)
        return f"{solution.outcome if solution.proven else 'unproven'} {solution.nodes}"
    seconds, cpn, decisions = fields
    position = Position.from_cpn(cpn)
    for token in decisions.split():
        position = position.play(token)
    return str(best_decision(position, Limit(time=float(seconds))))


def main() -> None:
    best_decision(Position.start(), Limit(time=0.05))  # load the compiled core first
    print("ready", flush=True)
    for line in sys.stdin:
        if not line.strip():
            break
        print(answer(line), flush=True)


if __name__ == "__main__":
    main()
