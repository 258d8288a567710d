"""One answer (issue #11, item 3): python benchmarks/agreement.py [--time 2] [--positions 100]

On the committed midgame set (``benchmarks/data/midgames.txt``, ``make_sets.py``),
each engine analyses every position for ``--time`` seconds.  Printed:

- for each pair of ``--engines`` (default alpha-beta, MCTS and auto), the share of
  positions where the two agree in sign on the value of the position (the
  best decision's estimate; both within +-0.05 of 0 counts as agreement), *before*
  (today's raw outputs: alpha-beta's tanh of its score, MCTS's mean playout result, which
  are what main shows) and *after* (the calibrated scale this checkout shows);
- the share where they choose the same best decision;
- the mean swing of the estimate between successive results of ``analysis`` (alpha-beta:
  one per depth; MCTS: one per 2,000 iterations), raw and calibrated, per engine: today's
  default is alpha-beta raw, the new one auto calibrated.

``--save FILE`` keeps every search's raw outputs, so ``--load FILE`` prints the figures
again with other curves (no search).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path

from make_sets import read_set

from cernunos_widget.engine import Position
from cernunos_widget.solver import Limit, analysis, prepare_engine
from cernunos_widget.solver.analyse import AUTO_ESTIMATES
from cernunos_widget.solver.calibration import calibrated

ZERO = 0.05


def agree(x: float, y: float) -> bool:
    """Same sign, or both within +-ZERO of 0."""
    if abs(x) <= ZERO and abs(y) <= ZERO:
        return True
    return (x > 0 and y > 0) or (x < 0 and y < 0)


def run(position: Position, engine: str, seconds: float) -> dict:
    """Every successive best estimate: (method, raw output or None if proven, value,
    effort), and the last best decision."""
    steps, decision = [], None
    for infos in analysis(position, Limit(time=seconds), engine=engine):
        best = infos[0]
        steps.append((best.engine, best.raw, best.estimate if best.raw is None else None,
                      best.effort))
        decision = str(best.decision)
    return {"steps": steps, "decision": decision}


def figures(record: dict) -> dict:
    """Raw and calibrated (with the shipped curves) estimates of one run, and the swings."""
    steps = [(*step, None)[:4] for step in record["steps"]]  # older files: no effort
    raw = [r if r is not None else v for _, r, v, _ in steps]
    cal = [calibrated(m, r, e) if r is not None else v for m, r, v, e in steps]
    return {
        "raw": raw[-1],
        "cal": cal[-1],
        "decision": record["decision"],
        "swing_raw": [abs(b - a) for a, b in zip(raw, raw[1:], strict=False)],
        "swing_cal": [abs(b - a) for a, b in zip(cal, cal[1:], strict=False)],
    }


def mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=2.0)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--engines", default="alphabeta,mcts,auto", help="compared in pairs")
    parser.add_argument("--save", help="write the searches' outputs to this JSON file")
    parser.add_argument("--load", help="no search: the figures of a --save file, recalibrated")
    args = parser.parse_args()
    engines = args.engines.split(",")
    cpns = read_set("midgames")[: args.positions]
    saved = json.loads(Path(args.load).read_text()) if args.load else {}
    if args.load:
        engines = saved["engines"]
        cpns = [c for c in cpns if c in saved["runs"]]
    else:
        prepare_engine()
    pairs = list(itertools.combinations(engines, 2))
    before = dict.fromkeys(pairs, 0)
    after = dict.fromkeys(pairs, 0)
    same = dict.fromkeys(pairs, 0)
    swings = {(e, k): [] for e in engines for k in ("swing_raw", "swing_cal")}
    started = time.perf_counter()
    for n, cpn in enumerate(cpns, 1):
        if cpn not in saved.get("runs", {}):
            position = Position.from_cpn(cpn)
            saved.setdefault("runs", {})[cpn] = {e: run(position, e, args.time) for e in engines}
            if args.save:  # after every position: a cut-off keeps what was searched
                saved.update(engines=engines, seconds=args.time)
                Path(args.save).write_text(json.dumps(saved))
        runs = {e: figures(saved["runs"][cpn][e]) for e in engines}
        for a, b in pairs:
            before[a, b] += agree(runs[a]["raw"], runs[b]["raw"])
            after[a, b] += agree(runs[a]["cal"], runs[b]["cal"])
            same[a, b] += runs[a]["decision"] == runs[b]["decision"]
        for e, r in runs.items():
            for k in ("swing_raw", "swing_cal"):
                swings[e, k].extend(r[k])
        shown = " ".join(f"{e} {r['raw']:+.2f}/{r['cal']:+.2f}" for e, r in runs.items())
        print(f"{n:3d} {shown}  {cpn}  ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    count = len(cpns)
    seconds = saved.get("seconds", args.time)
    print(f"{count} midgame positions, {seconds:g} s each per engine (auto = {AUTO_ESTIMATES})")
    for a, b in pairs:
        print(
            f"{a} / {b}: sign agreement before (raw) {before[a, b]}/{count} = "
            f"{before[a, b] / count:.0%}, after (calibrated) {after[a, b]}/{count} = "
            f"{after[a, b] / count:.0%}; same best decision {same[a, b] / count:.0%}"
        )
    for e in engines:
        print(
            f"mean swing between successive results, {e}: "
            f"raw {mean(swings[e, 'swing_raw']):.3f}, "
            f"calibrated {mean(swings[e, 'swing_cal']):.3f} "
            f"({len(swings[e, 'swing_raw'])} steps)"
        )


if __name__ == "__main__":
    main()
