"""The calibrated scale on independent games (issue #11, item 1):
python benchmarks/calibration_check.py [--games 2000] [--workers 2] [--report-only]

``calibrate.py`` fits the curves on 8 positions from each of 252 strong games: their
results are correlated within a game, so its held-out error is mostly noise.  This check
measures what the default shows on positions that are all independent: **one** position
from each of ``--games`` other strong games (seeds from :data:`SEED`, disjoint from the
fit's), chosen as ``calibrate.py`` chooses (a random position between placements with more
than 8 tokens left), labelled with that game's result for the player to decide (the game
is continued to the end by the node-limited strong bot, ``sets.play_strong_game``).

For each position: the method ``engine="auto"`` runs there at a time limit
(``auto_method``) and its raw output at ``RAW_NODES`` decisions (deterministic).  Stored,
resumable, in ``benchmarks/data/calibration_check.txt`` (seed, CPN, result, method, raw;
``nan`` when the search proved the value: proofs are exact and left out).

Printed, for what ``auto`` shows: the 10-bin table of the estimate against the results
and its expected calibration error (ECE), for the shipped curves and for a curve fitted on
these positions, measured by :data:`FOLDS`-fold cross-validation (each position predicted
by the curve fitted on the other folds' games); and the *floor*: the ECE that perfectly
calibrated predictions would show on the same positions (results drawn from the
predictions, ``FLOOR_ROUNDS`` times), since the labels are single game results.
``--method M`` adds method ``M``'s raw outputs on the same positions (resumable, in
``calibration_check_<M>.txt``: seed, raw), for the methods users pick by name
(``engine="alphabeta"`` runs ``alphabeta-learned``); the report then shows its
cross-validated table too.  ``--write`` replaces, in ``calibration.json``, the curve of
each method with at least :data:`MIN_POSITIONS` positions here by the fit on all of them
(``calibrate.py --write`` first: it refits every curve from its own samples).
``--remeasure`` (after new learned weights) measures again, on the same positions, every
raw output of a method that reads the weights (``*-learned``), in both files.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from calibrate import RAW_NODES, table
from sets import for_decider, opening_codes, play_strong_game, replay, reserves

from cernunos_widget.engine import Position
from cernunos_widget.solver import Limit, analyse, prepare_engine
from cernunos_widget.solver.analyse import METHODS, auto_method
from cernunos_widget.solver.calibration import (
    CALIBRATION_PATH,
    Calibration,
    calibrated,
    fit_scaled_curve,
    shipped,
    version_of,
)

SEED = 300_000  # game seeds SEED, SEED + 1, ...: disjoint from calibrate.py's 110_000 + k
DATA = Path(__file__).parent / "data" / "calibration_check.txt"
SHOWN_LIMIT = Limit(time=1.0)  # the limit whose auto method is measured
FOLDS = 10  # cross-validation folds (by game)
FLOOR_ROUNDS = 200  # simulated result sets behind the floor
MIN_POSITIONS = 500  # a method's positions here needed to fit its curve on them


def sample(seed: int) -> str:
    """One line: seed, CPN, result for the decider, method, raw output (or nan)."""
    codes = play_strong_game(seed)
    opening = len(opening_codes(random.Random(seed)))
    positions = replay(codes)[opening - 1 :]
    winner = positions[-1].result().winner
    green = 0 if winner is None else (1 if winner.letter == "g" else -1)
    candidates = [p for p in positions if not p.is_over and p.at_boundary and reserves(p) > 8]
    if not candidates:
        return f"{seed}\t-\t0\t-\tnan"
    position = random.Random(f"calibration check {seed}").choice(candidates)
    method = auto_method(SHOWN_LIMIT, position)
    best = analyse(position, Limit(nodes=RAW_NODES), engine=method)[0]
    raw = "nan" if best.proven else f"{best.raw:.6f}"
    return f"{seed}\t{position.cpn()}\t{for_decider(position, green)}\t{method}\t{raw}"


def collect(games: int, workers: int) -> None:
    """Play and measure the games not yet in :data:`DATA` (appended as they finish)."""
    done = set()
    if DATA.exists():
        done = {int(line.split("\t")[0]) for line in DATA.read_text().splitlines() if line}
    todo = [SEED + k for k in range(games) if SEED + k not in done]
    prepare_engine()
    started = time.perf_counter()
    with DATA.open("a") as out, ProcessPoolExecutor(workers) as pool:
        for k, line in enumerate(pool.map(sample, todo, chunksize=4), 1):
            out.write(line + "\n")
            out.flush()
            if k % 50 == 0:
                print(f"{k}/{len(todo)} games: {time.perf_counter() - started:.0f} s",
                      file=sys.stderr)


def load(games: int) -> list[tuple[int, str, float, float]]:
    """(seed, method, raw, result) of the measured, unproven positions."""
    rows = []
    for line in DATA.read_text().splitlines():
        seed, _cpn, result, method, raw = line.split("\t")
        if int(seed) < SEED + games and raw != "nan":
            rows.append((int(seed), method, float(raw), float(result)))
    return rows


def method_file(method: str) -> Path:
    return DATA.with_name(f"calibration_check_{method}.txt")


def method_raw(cpn: str, method: str) -> str:
    """One line of :func:`method_file`: ``method``'s raw output at ``cpn`` (nan if proven)."""
    best = analyse(Position.from_cpn(cpn), Limit(nodes=RAW_NODES), engine=method)[0]
    return "nan" if best.proven else f"{best.raw:.6f}"


def collect_method(method: str, games: int, workers: int) -> None:
    """Add ``method``'s raw outputs on the positions not yet in its file."""
    path = method_file(method)
    done = set()
    if path.exists():
        done = {int(line.split("\t")[0]) for line in path.read_text().splitlines() if line}
    todo = []
    for line in DATA.read_text().splitlines():
        seed, cpn = line.split("\t")[:2]
        if int(seed) < SEED + games and cpn != "-" and int(seed) not in done:
            todo.append((int(seed), cpn))
    prepare_engine()
    started = time.perf_counter()
    with path.open("a") as out, ProcessPoolExecutor(workers) as pool:
        raws = pool.map(method_raw, [c for _, c in todo], [method] * len(todo), chunksize=8)
        for k, ((seed, _cpn), raw) in enumerate(zip(todo, raws, strict=True), 1):
            out.write(f"{seed}\t{raw}\n")
            out.flush()
            if k % 200 == 0:
                print(f"{method}: {k}/{len(todo)}: {time.perf_counter() - started:.0f} s",
                      file=sys.stderr)


def _rewrite(path: Path, lines: list[str]) -> None:
    """Replace ``path`` by ``lines`` atomically."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("".join(line + "\n" for line in lines))
    tmp.replace(path)


def remeasure(workers: int) -> None:
    """Measure again every raw output of a learned method (new weights), same positions."""
    prepare_engine()
    lines = DATA.read_text().splitlines()
    fields = [line.split("\t") for line in lines]
    todo = [k for k, f in enumerate(fields) if f[3].endswith("-learned")]
    cpns = {int(f[0]): f[1] for f in fields}
    with ProcessPoolExecutor(workers) as pool:
        raws = pool.map(method_raw, [fields[k][1] for k in todo],
                        [fields[k][3] for k in todo], chunksize=8)
        for k, raw in zip(todo, raws, strict=True):
            fields[k][4] = raw
        _rewrite(DATA, ["\t".join(f) for f in fields])
        print(f"{DATA.name}: {len(todo)} positions measured again", file=sys.stderr)
        for method in added_methods():
            if method.endswith("-learned"):
                seeds = [int(line.split("\t")[0])
                         for line in method_file(method).read_text().splitlines()]
                raws = pool.map(method_raw, [cpns[s] for s in seeds], [method] * len(seeds),
                                chunksize=8)
                _rewrite(method_file(method),
                         [f"{s}\t{r}" for s, r in zip(seeds, raws, strict=True)])
                print(f"{method_file(method).name}: {len(seeds)} measured again",
                      file=sys.stderr)


def load_method(method: str, games: int) -> list[tuple[int, str, float, float]]:
    """(seed, method, raw, result) of ``method``'s unproven outputs on the positions."""
    results = {}
    for line in DATA.read_text().splitlines():
        seed, cpn, result = line.split("\t")[:3]
        if cpn != "-":
            results[int(seed)] = float(result)
    rows = []
    for line in method_file(method).read_text().splitlines():
        seed, raw = line.split("\t")
        if int(seed) < SEED + games and raw != "nan":
            rows.append((int(seed), method, float(raw), results[int(seed)]))
    return sorted(rows)


def added_methods() -> list[str]:
    """The methods with raw outputs of their own here (``--method``)."""
    return [m for m in METHODS if method_file(m).exists()]


def rows_of(method: str, games: int) -> list[tuple[int, str, float, float]]:
    """The rows ``method``'s curve is fitted on: its own outputs if added, else auto's."""
    if method in added_methods():
        return load_method(method, games)
    return [row for row in load(games) if row[1] == method]


def floor(predictions: list[float], rounds: int = FLOOR_ROUNDS) -> tuple[float, float]:
    """The mean and 95th percentile of the ECE that perfectly calibrated ``predictions``
    would show against single results (+1 with probability (1 + p) / 2, else -1)."""
    rng = random.Random(0)
    eces = sorted(
        table([(p, 1.0 if rng.random() < (1 + p) / 2 else -1.0) for p in predictions])[1]
        for _ in range(rounds)
    )
    return sum(eces) / rounds, eces[int(0.95 * rounds)]


def print_table(title: str, pairs: list[tuple[float, float]]) -> float:
    rows, ece = table(pairs)
    mean, high = floor([p for p, _ in pairs])
    print(f"{title}: {len(pairs)} positions, ECE {ece:.3f} (perfect calibration would show "
          f"{mean:.3f} on average, up to {high:.3f} in 95% of draws)")
    print(f"  {'bin':>12} {'n':>5} {'prediction':>10} {'result':>7}")
    for row in rows:
        if row["n"]:
            print(f"  {row['bin']:>12} {row['n']:>5} {row['prediction']:>10} {row['result']:>7}")
    return ece


def cross_validated(rows: list[tuple[int, str, float, float]]) -> list[tuple[float, float]]:
    """(prediction, result) of every row, each predicted by the curve of its method fitted
    on the other folds (games ``seed % FOLDS``)."""
    pairs = []
    for fold in range(FOLDS):
        for method in {m for _, m, _, _ in rows}:
            train = [(x, r) for s, m, x, r in rows if m == method and s % FOLDS != fold]
            curve = fit_scaled_curve(train)[0]
            pairs += [(curve(x), r) for s, m, x, r in rows if m == method and s % FOLDS == fold]
    return pairs


def fitted_methods(rows) -> list[str]:
    """The methods with enough positions here to fit their curve on."""
    counts = Counter(m for _, m, _, _ in rows)
    return sorted(m for m, n in counts.items() if n >= MIN_POSITIONS)


def report(games: int, write: bool) -> None:
    rows = load(games)
    lines = DATA.read_text().splitlines()
    total = sum(1 for line in lines if int(line.split("\t")[0]) < SEED + games)
    counts = Counter(m for _, m, _, _ in rows)
    print(f"{total} games, {len(rows)} unproven positions ({total - len(rows)} proven or "
          f"without a position); " + ", ".join(f"{m} {n}" for m, n in sorted(counts.items())))
    print_table("shipped curves", [(calibrated(m, x), r) for _, m, x, r in rows])
    print_table("raw outputs", [(x, r) for _, _, x, r in rows])
    refit = [row for row in rows if row[1] in fitted_methods(rows)]
    cv = cross_validated(refit)
    cv_ece = print_table(f"fitted here, {FOLDS}-fold cross-validated "
                         f"({', '.join(fitted_methods(rows))})", cv)
    others = [(calibrated(m, x), r) for _, m, x, r in rows if m not in fitted_methods(rows)]
    print_table("what auto shows: the above, the other methods by their shipped curves",
                cv + others)
    fitted = {m: [row for row in refit if row[1] == m] for m in fitted_methods(rows)}
    for method in added_methods():
        own = load_method(method, games)
        print(f"\n{method}, its own outputs on the same positions:")
        print_table("  shipped curve", [(calibrated(method, x), r) for _, _, x, r in own])
        print_table("  raw output", [(x, r) for _, _, x, r in own])
        print_table(f"  fitted here, {FOLDS}-fold cross-validated", cross_validated(own))
        if len(own) >= MIN_POSITIONS:
            fitted[method] = own
    if write:
        write_curves(fitted, games, cv, cv_ece)


def write_curves(fitted: dict, games: int, cv: list, cv_ece: float) -> None:
    """Replace the curves of the methods fitted here in ``calibration.json``."""
    old = shipped()
    curves, fit = dict(old.curves), json.loads(json.dumps(old.fit))
    for method, rows in fitted.items():
        curves[method], *shape = fit_scaled_curve([(x, r) for _, _, x, r in rows])
        fit["report"][method] = {
            "independent": {
                "script": "benchmarks/calibration_check.py", "seed": SEED, "games": games,
                "positions": len(rows),
                "ece_cross_validated": round(table(cross_validated(rows))[1], 4),
            },
            "shipped": shape,
        }
    auto_methods = [m for m in fitted if m in {row[1] for row in load(games)}]
    bins, ece = table(cv)
    fit["independent_check"] = {
        "methods": auto_methods, "positions": len(cv), "folds": FOLDS,
        "ece_cross_validated": round(ece, 4), "table": bins,
        "ece_floor": round(floor([p for p, _ in cv])[0], 4),
        "ece_raw": round(table([(x, r) for _, m, x, r in load(games) if m in auto_methods])[1], 4),
    }
    version = version_of(curves, old.efforts)
    CALIBRATION_PATH.write_text(Calibration(version, curves, fit, old.efforts).to_json())
    print(f"wrote {CALIBRATION_PATH} (version {version}; CV ECE {cv_ece:.3f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="strong games, one position each")
    parser.add_argument("--workers", type=int, default=2, help="processes playing games")
    parser.add_argument("--report-only", action="store_true", help="no new games")
    parser.add_argument("--write", action="store_true", help="ship the curves fitted here")
    parser.add_argument("--method", choices=METHODS, help="add this method's raw outputs")
    parser.add_argument("--remeasure", action="store_true", help="new weights: learned raws")
    args = parser.parse_args()
    if args.remeasure:
        remeasure(args.workers)
    elif args.method:
        collect_method(args.method, args.games, args.workers)
    elif not args.report_only:
        collect(args.games, args.workers)
    report(args.games, args.write)


if __name__ == "__main__":
    main()
