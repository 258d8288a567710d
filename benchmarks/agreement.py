"""One answer (issue #11, item 3): python benchmarks/agreement.py [--time 2] [--positions 100]

On the committed midgame set (``benchmarks/data/midgames.txt``, ``make_sets.py``),
alpha-beta and MCTS each analyse every position for ``--time`` seconds.  Printed:

- the share of positions where the two agree in sign on the value of the position (the
  best decision's estimate; both within +-0.05 of 0 counts as agreement), *before*
  (today's raw outputs: alpha-beta's tanh of its score, MCTS's mean playout result, which
  are what main shows) and *after* (the calibrated scale this checkout shows);
- the share where they choose the same best decision;
- the mean swing of the estimate between successive results of ``analysis`` (alpha-beta:
  one per depth; MCTS: one per 2,000 playouts), raw and calibrated, per engine, and for
  the default before (alpha-beta, raw) and after (``engine="auto"``).
"""

from __future__ import annotations

import argparse
import sys
import time

from make_sets import read_set

from cernunos_widget.engine import Position
from cernunos_widget.solver import Limit, analysis, prepare_engine
from cernunos_widget.solver.analyse import AUTO_ESTIMATES

ZERO = 0.05


def agree(x: float, y: float) -> bool:
    """Same sign, or both within +-ZERO of 0."""
    if abs(x) <= ZERO and abs(y) <= ZERO:
        return True
    return (x > 0 and y > 0) or (x < 0 and y < 0)


def run(position: Position, engine: str, seconds: float) -> dict:
    """The last best estimate (raw and calibrated), its decision and the swings."""
    raw, cal, decision = [], [], None
    for infos in analysis(position, Limit(time=seconds), engine=engine):
        best = infos[0]
        cal.append(best.estimate)
        raw.append(best.estimate if best.raw is None else best.raw)
        decision = best.decision
    return {
        "raw": raw[-1],
        "cal": cal[-1],
        "decision": decision,
        "swing_raw": [abs(b - a) for a, b in zip(raw, raw[1:], strict=False)],
        "swing_cal": [abs(b - a) for a, b in zip(cal, cal[1:], strict=False)],
    }


def mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=2.0)
    parser.add_argument("--positions", type=int, default=100)
    args = parser.parse_args()
    prepare_engine()
    cpns = read_set("midgames")[: args.positions]
    before = after = same = 0
    swings = {(e, k): [] for e in ("alphabeta", "mcts") for k in ("swing_raw", "swing_cal")}
    started = time.perf_counter()
    for n, cpn in enumerate(cpns, 1):
        position = Position.from_cpn(cpn)
        ab = run(position, "alphabeta", args.time)
        mc = run(position, "mcts", args.time)
        before += agree(ab["raw"], mc["raw"])
        after += agree(ab["cal"], mc["cal"])
        same += ab["decision"] == mc["decision"]
        for engine, r in (("alphabeta", ab), ("mcts", mc)):
            for k in ("swing_raw", "swing_cal"):
                swings[engine, k].extend(r[k])
        print(
            f"{n:3d} ab {ab['raw']:+.2f}/{ab['cal']:+.2f} mcts {mc['raw']:+.2f}/{mc['cal']:+.2f}"
            f"  {cpn}  ({time.perf_counter() - started:.0f} s)",
            file=sys.stderr,
        )
    count = len(cpns)
    print(f"{count} midgame positions, {args.time:g} s each per engine")
    print(f"sign agreement, before (raw outputs): {before}/{count} = {before / count:.0%}")
    print(f"sign agreement, after (calibrated):   {after}/{count} = {after / count:.0%}")
    print(f"same best decision: {same}/{count} = {same / count:.0%}")
    for engine in ("alphabeta", "mcts"):
        print(
            f"mean swing between successive results, {engine}: "
            f"raw {mean(swings[engine, 'swing_raw']):.3f}, "
            f"calibrated {mean(swings[engine, 'swing_cal']):.3f} "
            f"({len(swings[engine, 'swing_raw'])} steps)"
        )
    print(
        f"default engine's swing: before (alphabeta, raw) "
        f"{mean(swings['alphabeta', 'swing_raw']):.3f}, after (auto = {AUTO_ESTIMATES}, "
        f"calibrated) {mean(swings[AUTO_ESTIMATES, 'swing_cal']):.3f}"
    )


if __name__ == "__main__":
    main()
