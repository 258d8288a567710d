"""Are the analysis lines best first? (a script, not a test): python benchmarks/analysis_order.py

For an analysis of the start position (default 8 s, 3 lines, each engine given), counts
the updates the search yields whose lines are not best first for the decider (by the value
shown: :attr:`.solver.Info.merit`), the *raw* order as the search gives it (what the page
showed before ``session.jobs.best_first``), and the analysis states the session publishes
(what the page shows now).  Issue #25 item 2 measured 83 of 415 with MCTS over 8 s.

Wall-clock seconds on whatever the machine runs: the counts of updates vary with the load;
the published misordered count is 0 by construction, whatever the load.
"""

from __future__ import annotations

import argparse

from cernunos_widget import solver
from cernunos_widget.engine import Player
from cernunos_widget.session.core import Change, Session
from cernunos_widget.solver import Limit


def misordered(merits: list[float]) -> bool:
    return any(a < b for a, b in zip(merits, merits[1:], strict=False))


def measure(engine: str, seconds: float, multipv: int) -> dict:
    raw = {"updates": 0, "misordered": 0}

    def counted(position, limit, multipv, **options):  # the solver's analysis, watched
        for infos in solver.analysis(position, limit, multipv, **options):
            raw["updates"] += 1
            raw["misordered"] += misordered([i.merit for i in infos])
            yield infos

    s = Session()
    sign = 1 if s.position.decider == Player.GREEN else -1
    shown = {"updates": 0, "misordered": 0}

    def watch(change: Change) -> None:
        lines = (change.analysis or {}).get("lines") or []
        if lines:
            shown["updates"] += 1
            shown["misordered"] += misordered([sign * line["green"] for line in lines])

    s.subscribe(watch)
    job = s.analyse(Limit(time=seconds), multipv, engine, analyser=counted)
    job.wait()
    return {"engine": engine, "raw": raw, "shown": shown}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--multipv", type=int, default=3)
    parser.add_argument("--engines", default="auto,mcts,alphabeta")
    args = parser.parse_args()
    solver.prepare_engine()
    for engine in args.engines.split(","):
        r = measure(engine, args.seconds, args.multipv)
        print(
            f"{engine:10} search order: {r['raw']['misordered']}/{r['raw']['updates']} updates "
            f"misordered; shown: {r['shown']['misordered']}/{r['shown']['updates']}"
        )


if __name__ == "__main__":
    main()
