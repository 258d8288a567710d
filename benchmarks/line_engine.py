"""A line-protocol engine over whatever ``cernunos_widget`` is importable (benchmarks only).

Run it from another checkout to play an older version, e.g. commit 4afac07::

    git worktree add /work/wt-old 4afac07
    cd /work/wt-old && PYTHONPATH=/work/wt-old python /path/to/benchmarks/line_engine.py

It warms the engine up (compiling or loading before any clock), prints ``ready``, then
answers each request line ``<seconds>\\t<start CPN>\\t<decisions>`` (the game so far as
decision tokens, separated by spaces; positions inside an effect have no CPN) with one
line: ``best_decision(position, Limit(time=seconds))``.  An empty line or EOF ends it.
"""

from __future__ import annotations

import sys

from cernunos_widget.engine import Position
from cernunos_widget.solver import Limit, best_decision


def main() -> None:
    best_decision(Position.start(), Limit(time=0.05))  # load the compiled core first
    print("ready", flush=True)
    for line in sys.stdin:
        if not line.strip():
            break
        seconds, cpn, decisions = line.rstrip("\n").split("\t")
        position = Position.from_cpn(cpn)
        for token in decisions.split():
            position = position.play(token)
        print(best_decision(position, Limit(time=float(seconds))), flush=True)


if __name__ == "__main__":
    main()
