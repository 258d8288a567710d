"""Raw outputs at the efforts analysis runs (issue #23): python benchmarks/calibration_efforts.py
[--games 2200] [--workers 2] [--measure M,...] [--report-only] [--write]

A learned method's raw output changes meaning with the search's effort (the learned MCTS
mean falls as the tree grows, alpha-beta's score moves with the depth: ``docs/solver.md``,
*Curves per effort*), so their curves are fitted per effort.  This script measures, on
the independent positions of ``calibration_check.py`` (those of the first ``--games``
games of ``calibration_check.txt``, with their results), each of :data:`MEASURES`
(``--measure``):

- ``mcts-learned:N``: MCTS at N nodes on one tree (deterministic);
- ``alphabeta-learned``: alpha-beta at every depth its iterative deepening completes within
  :data:`ALPHABETA_NODES` nodes on one thread (deterministic).

Stored, resumable, in ``benchmarks/data/calibration_efforts.txt``: seed, method, effort
(nodes or depth), raw output (``nan``: proven).  The report prints, per method and effort
(MCTS on the positions where ``auto`` runs it): the positions, the mean raw output and
result, the expected calibration error of the method's one curve (fitted at 50,000 nodes
by ``calibration_check.py``) and of a curve fitted at that effort (``FOLDS``-fold
cross-validated), and how well blending the curves of two MCTS efforts predicts the one
between them (:data:`BLEND_CHECK`).  ``--write`` ships, in ``calibration.json``, the curves
of the efforts with at least :data:`MIN_POSITIONS` positions.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from calibrate import table
from calibration_check import (
    DATA,
    FOLDS,
    SEED,
    cross_validated,
    print_table,
)

from cernunos_widget.engine import Position
from cernunos_widget.solver import Limit, analyse, analysis, learned, prepare_engine
from cernunos_widget.solver.calibration import (
    CALIBRATION_PATH,
    Calibration,
    EffortCurves,
    fit_scaled_curve,
    shipped,
    version_of,
)

EFFORTS_DATA = DATA.with_name("calibration_efforts.txt")
ALPHABETA_NODES = 2_000_000
# what is measured: MCTS at some nodes (one tree), alpha-beta's every completed depth
# within ALPHABETA_NODES (one thread)
MEASURES = ("mcts-learned:50000", "mcts-learned:200000", "mcts-learned:800000",
            "mcts-learned:3200000", "alphabeta-learned")
BLEND_CHECK = (50_000.0, 200_000.0, 800_000.0)  # the middle effort predicted by the ends
UNITS = {"mcts-learned": "nodes", "alphabeta-learned": "depth"}
MIN_POSITIONS = 200  # an effort's positions needed to fit its curve (fewer reach the depths)
Row = tuple[int, str, float, float]  # seed, method, raw, result (calibration_check's rows)


def measure(cpn: str, what: str) -> list[tuple[str, int, float]]:
    """(method, effort, raw) of one position's output(s) for ``what`` (a :data:`MEASURES`),
    raw nan where the search proved the value."""
    position = Position.from_cpn(cpn)
    method, _, nodes = what.partition(":")
    if nodes:
        best = analyse(position, Limit(nodes=int(nodes)), engine=method, threads=1)[0]
        return [(method, int(nodes), math.nan if best.proven else best.raw)]
    rows = []
    for infos in analysis(position, Limit(nodes=ALPHABETA_NODES), engine=method, threads=1):
        best = infos[0]
        if best.raw is not None and best.depth > 0 and best.engine == method:
            rows.append((method, best.depth, best.raw))
    return rows or [(method, 0, math.nan)]


def measured(line: str) -> tuple[int, str]:
    """The (seed, measure) a line of :data:`EFFORTS_DATA` belongs to."""
    seed, method, effort, _raw = line.split("\t")
    return int(seed), f"{method}:{effort}" if method == "mcts-learned" else method


def collect(games: int, workers: int, measures: list[str], path: Path = EFFORTS_DATA) -> None:
    """Measure ``measures`` on the positions of the first ``games`` games, those not yet in
    ``path`` (appended as they finish)."""
    done = set()
    if path.exists():
        done = {measured(line) for line in path.read_text().splitlines() if line}
    todo = []
    for line in DATA.read_text().splitlines():
        seed, cpn = line.split("\t")[:2]
        if int(seed) < SEED + games and cpn != "-":
            todo += [(int(seed), cpn, what) for what in measures if (int(seed), what) not in done]
    prepare_engine()
    started = time.perf_counter()
    with path.open("a") as out, ProcessPoolExecutor(workers) as pool:
        results = pool.map(measure, [c for _, c, _ in todo], [w for *_, w in todo], chunksize=4)
        for k, ((seed, _, _), rows) in enumerate(zip(todo, results, strict=True), 1):
            out.write("".join(f"{seed}\t{m}\t{e}\t{r:.6f}\n" for m, e, r in rows))
            out.flush()
            if k % 100 == 0:
                print(f"{k}/{len(todo)}: {time.perf_counter() - started:.0f} s", file=sys.stderr)


def load(games: int, path: Path = EFFORTS_DATA) -> dict[str, dict[float, list[Row]]]:
    """Per method and effort, the rows of the first ``games`` games' unproven outputs
    (MCTS on the positions where ``auto`` runs it, as its 50,000-node curve before)."""
    results, mcts_seeds = {}, set()
    for line in DATA.read_text().splitlines():
        seed, cpn, result, method, _raw = line.split("\t")
        if cpn != "-" and int(seed) < SEED + games:
            results[int(seed)] = float(result)
            if method == "mcts-learned":
                mcts_seeds.add(int(seed))
    rows: dict[str, dict[float, list[Row]]] = {m: {} for m in UNITS}
    for line in path.read_text().splitlines():
        seed, method, effort, raw = line.split("\t")
        s = int(seed)
        if method not in UNITS or s not in results or raw == "nan":
            continue
        if method == "mcts-learned" and s not in mcts_seeds:
            continue
        rows[method].setdefault(float(effort), []).append((s, method, float(raw), results[s]))
    return {m: {e: sorted(r) for e, r in sorted(by.items())} for m, by in rows.items()}


def fitted_efforts(by_effort: dict[float, list[Row]]) -> list[float]:
    """The efforts with enough positions to fit a curve on."""
    return [e for e, rows in by_effort.items() if len(rows) >= MIN_POSITIONS]


def pairs(rows: list[Row]) -> list[tuple[float, float]]:
    return [(x, r) for _, _, x, r in rows]


def report(games: int, write: bool) -> None:
    data = load(games)
    efforts: dict[str, EffortCurves] = {}
    summary = {}
    for method, by_effort in data.items():
        unit = UNITS[method]
        print(f"\n{method} (effort: {unit})")
        print(f"  {unit:>9} {'n':>5} {'raw':>7} {'result':>7} {'one curve':>9} "
              f"{'per effort, CV':>14}")
        for effort, rows in by_effort.items():
            one = table([(shipped().curves[method](x), r) for _, _, x, r in rows])[1]
            cv = table(cross_validated(rows))[1] if len(rows) >= 10 * FOLDS else float("nan")
            mark = "" if effort in fitted_efforts(by_effort) else "  (too few to fit)"
            print(f"  {effort:>9g} {len(rows):>5} {sum(x for _, _, x, _ in rows) / len(rows):>7.3f}"
                  f" {sum(r for *_, r in rows) / len(rows):>7.3f} {one:>9.3f} {cv:>14.3f}{mark}")
        kept = fitted_efforts(by_effort)
        if not kept:
            continue
        curves = [fit_scaled_curve(pairs(by_effort[e])) for e in kept]
        efforts[method] = EffortCurves(unit, tuple(kept), tuple(c[0] for c in curves))
        summary[method] = {
            "unit": unit,
            "efforts": {f"{e:.0f}": {"positions": len(by_effort[e]),
                                   "shipped": [round(v, 4) for v in c[1:]],
                                   "ece_cross_validated": round(
                                       table(cross_validated(by_effort[e]))[1], 4)}
                        for e, c in zip(kept, curves, strict=True)},
        }
        if unit == "nodes" and set(BLEND_CHECK) <= set(kept):
            # does blending two efforts' curves predict the one between them?
            low, middle, high = BLEND_CHECK
            ends = EffortCurves(unit, (low, high), (fit_scaled_curve(pairs(by_effort[low]))[0],
                                                    fit_scaled_curve(pairs(by_effort[high]))[0]))
            print_table(f"  {unit} {middle:g} predicted by blending the curves of {low:g} and "
                        f"{high:g}", [(ends(x, middle), r) for _, _, x, r in by_effort[middle]])
    if write:
        write_curves(efforts, games, summary)


def write_curves(efforts: dict[str, EffortCurves], games: int, summary: dict) -> None:
    """Ship ``efforts`` in ``calibration.json``, the rest as it is."""
    old = shipped()
    fit = dict(old.fit)
    fit["efforts"] = {"script": "benchmarks/calibration_efforts.py", "seed": SEED,
                      "games": games, "folds": FOLDS, "methods": summary,
                      "weights": learned.version()}  # the curves hold for these weights
    version = version_of(old.curves, efforts)
    CALIBRATION_PATH.write_text(Calibration(version, old.curves, fit, efforts).to_json())
    print(f"wrote {CALIBRATION_PATH} (version {version})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2200, help="the first games' positions")
    parser.add_argument("--workers", type=int, default=2, help="processes measuring")
    parser.add_argument("--measure", default=",".join(MEASURES),
                        help=f"what to measure, among {', '.join(MEASURES)}")
    parser.add_argument("--report-only", action="store_true", help="measure nothing new")
    parser.add_argument("--write", action="store_true", help="ship the curves per effort")
    args = parser.parse_args()
    measures = args.measure.split(",")
    if not set(measures) <= set(MEASURES):
        parser.error(f"--measure takes some of {', '.join(MEASURES)}")
    if not args.report_only:
        collect(args.games, args.workers, measures)
    report(args.games, args.write)


if __name__ == "__main__":
    main()
