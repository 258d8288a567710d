"""Fit the calibrated scale (issue #11, item 1): python benchmarks/calibrate.py [--games N]

1. Samples (slow; resumable, appended to ``benchmarks/data/calibration_samples.txt``):
   strong games ``SEED``, ``SEED + 1``, ... (``sets.strong_game``: a random opening, then a
   node-limited alpha-beta bot on both sides, to the end); in each, ``PER_GAME`` random
   positions between placements with more than 8 tokens left (fewer are proven by
   analysis, not estimated).  For each: the game's result for the player to decide, and
   the raw output of ``analyse`` at ``RAW_NODES`` decisions with the handwritten
   heuristic, ``engine="alphabeta-handwritten"`` and ``"mcts-playouts"`` (``Info.raw``
   of the best decision; MCTS-Solver proofs are left out of its fit, as proven values
   are never calibrated).
2. Fit (fast): games of even index fit one curve per method (``calibration.fit_curve``,
   ``tanh(a * raw + b)``); games of odd index measure it: 10 equal bins of the prediction
   from -1 to 1, the mean prediction and mean result in each, and the expected
   calibration error ECE = sum over bins of (share of positions) * |mean prediction -
   mean result|; then the other way round.  The shipped curve is fitted on all games.
   ``--method M`` adds the raw outputs of another method (the learned ones) on the same
   positions, in ``calibration_samples_<M>.txt``.
3. ``--write`` stores the curves in ``cernunos_widget/solver/calibration.json`` with a
   version derived from their content, and the held-out tables.  Curves fitted on
   independent games by ``calibration_check.py --write`` (the default's) are kept.

Deterministic (node limits, seeds): the same samples on any machine.  Runtime measured
on the shared 2-core machine: about 1.5 s a game.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

from sets import for_decider, reserves, strong_game

from cernunos_widget.engine import Position
from cernunos_widget.solver import Limit, analyse, learned
from cernunos_widget.solver.analyse import METHODS
from cernunos_widget.solver.calibration import (
    CALIBRATION_PATH,
    Calibration,
    Curve,
    fit_curve,
    shipped,
    version_of,
)

SEED = 110_000
PER_GAME = 8
RAW_NODES = 50_000
BINS = 10
SAMPLES = Path(__file__).parent / "data" / "calibration_samples.txt"
ENGINES = ("alphabeta-handwritten", "mcts-playouts")  # raw outputs stored with the samples


def raw_output(position, engine: str) -> float | None:
    """The unproven estimate's raw value for the best decision, or None if proven."""
    best = analyse(position, Limit(nodes=RAW_NODES), engine=engine)[0]
    return None if best.proven else best.raw


def game_samples(game: int) -> list[str]:
    """The sample lines of one game: game, CPN, result, raw alpha-beta, raw MCTS."""
    played = strong_game(SEED + game)
    rng = random.Random(f"calibration {SEED + game}")
    candidates = [
        p for p in played.positions if not p.is_over and p.at_boundary and reserves(p) > 8
    ]
    lines = []
    for p in sorted(rng.sample(candidates, min(PER_GAME, len(candidates))), key=reserves):
        raws = [raw_output(p, engine) for engine in ENGINES]
        text = ["nan" if r is None else f"{r:.6f}" for r in raws]
        result = for_decider(p, played.green_result)
        lines.append(f"{game}\t{p.cpn()}\t{result}\t{text[0]}\t{text[1]}")
    return lines


def collect(games: int) -> None:
    done = set()
    if SAMPLES.exists():
        done = {int(line.split("\t")[0]) for line in SAMPLES.read_text().splitlines() if line}
    started = time.perf_counter()
    with SAMPLES.open("a") as out:
        for game in range(games):
            if game in done:
                continue
            for line in game_samples(game):
                out.write(line + "\n")
            out.flush()
            if game % 20 == 0:
                print(f"game {game}: {time.perf_counter() - started:.0f} s", file=sys.stderr)
    print(f"sampling took {time.perf_counter() - started:.0f} s", file=sys.stderr)


def extra_file(method: str) -> Path:
    """The raw outputs of another method on the same samples, one a line, in order."""
    return SAMPLES.with_name(f"calibration_samples_{method}.txt")


def collect_method(method: str) -> None:
    """Add ``method``'s raw outputs on the samples (resumable)."""
    cpns = [line.split("\t")[1] for line in SAMPLES.read_text().splitlines()]
    path = extra_file(method)
    done = len(path.read_text().splitlines()) if path.exists() else 0
    started = time.perf_counter()
    with path.open("a") as out:
        for k, cpn in enumerate(cpns[done:], done):
            raw = raw_output(Position.from_cpn(cpn), method)
            out.write("nan\n" if raw is None else f"{raw:.6f}\n")
            out.flush()
            if k % 100 == 0:
                print(f"{method} {k}: {time.perf_counter() - started:.0f} s", file=sys.stderr)


def load(games: int) -> list[tuple[int, int, dict[str, float]]]:
    """(game, result for the decider, raw output by method) of the samples."""
    lines = SAMPLES.read_text().splitlines()
    extras = {
        m: extra_file(m).read_text().splitlines()
        for m in METHODS
        if m not in ENGINES and extra_file(m).exists()
    }
    rows = []
    for k, line in enumerate(lines):
        game, _cpn, result, ab, mc = line.split("\t")
        raws = {"alphabeta-handwritten": float(ab), "mcts-playouts": float(mc)}
        raws.update({m: float(v[k]) for m, v in extras.items() if k < len(v)})
        if int(game) < games:
            rows.append((int(game), int(result), raws))
    return rows


def table(pairs: list[tuple[float, float]]) -> tuple[list[dict], float]:
    """Bins of the prediction: count, mean prediction, mean result; and the ECE."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(BINS)]
    for pred, result in pairs:
        bins[min(BINS - 1, int((pred + 1) / 2 * BINS))].append((pred, result))
    rows, ece = [], 0.0
    for k, members in enumerate(bins):
        low = -1 + 2 * k / BINS
        row = {"bin": f"{low:+.1f}..{low + 2 / BINS:+.1f}", "n": len(members)}
        if members:
            pred = sum(p for p, _ in members) / len(members)
            res = sum(r for _, r in members) / len(members)
            row.update(prediction=round(pred, 3), result=round(res, 3))
            ece += len(members) / len(pairs) * abs(pred - res)
        rows.append(row)
    return rows, ece


def halves(rows, method: str) -> tuple[list, list]:
    """(raw, result) pairs of games of even and of odd index, MCTS-Solver proofs left out."""
    usable = [(g, float(r), raw[method]) for g, r, raw in rows if not math.isnan(raw[method])]
    return ([(x, r) for g, r, x in usable if g % 2 == 0],
            [(x, r) for g, r, x in usable if g % 2 == 1])


def fit(games: int, write: bool) -> None:
    rows = load(games)
    curves, report = {}, {}
    for method in METHODS:
        if "independent" in shipped().fit.get("report", {}).get(method, {}):
            curves[method] = shipped().curves[method]  # calibration_check.py's, kept
            report[method] = shipped().fit["report"][method]
            print(f"{method}: kept, fitted on independent games (calibration_check.py)")
            continue
        if not all(method in raw for _, _, raw in rows):
            curves[method] = Curve((-1.0, 1.0), (-1.0, 1.0))  # no samples: raw, and said so
            report[method] = {"fitted": False}
            continue
        even, odd = halves(rows, method)
        curve, a, b = fit_curve(even)
        bins, ece = table([(curve(x), r) for x, r in odd])
        other, a2, b2 = fit_curve(odd)
        ece_back = table([(other(x), r) for x, r in even])[1]
        curves[method], a_all, b_all = fit_curve(even + odd)
        report[method] = {
            "positions": len(even) + len(odd),
            "fit_even": [a, b],
            "ece_odd": round(ece, 4),
            "held_out_table": bins,
            "fit_odd": [a2, b2],
            "ece_even": round(ece_back, 4),
            "ece_raw_odd": round(table(odd)[1], 4),
            "shipped": [a_all, b_all],
        }
        print(f"{method}: fit on games of even index ({len(even)} positions): tanh({a:g} raw"
              f" {b:+g}); held out, odd ({len(odd)}): ECE {ece:.3f} (raw output: "
              f"{table(odd)[1]:.3f}); the other way round: ECE {ece_back:.3f}; "
              f"shipped, fit on all: tanh({a_all:g} raw {b_all:+g})")
        print(f"  {'bin':>12} {'n':>5} {'prediction':>10} {'result':>7}")
        for row in bins:
            print(f"  {row['bin']:>12} {row['n']:>5} {row.get('prediction', ''):>10} "
                  f"{row.get('result', ''):>7}")
    settings = {
        "seed": SEED, "games": games, "per_game": PER_GAME, "raw_nodes": RAW_NODES,
        "positions": len(rows), "report": report,
        "weights": learned.version(),  # the learned methods' curves hold for these weights
    }
    efforts = shipped().efforts  # fitted by calibration_efforts.py: kept
    version = version_of(curves, efforts)
    if write:
        CALIBRATION_PATH.write_text(Calibration(version, curves, settings, efforts).to_json())
        print(f"wrote {CALIBRATION_PATH} (version {version})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=260, help="strong games (8 positions each)")
    parser.add_argument("--fit-only", action="store_true", help="fit the samples already made")
    parser.add_argument("--method", choices=METHODS, help="add this method's raw outputs")
    parser.add_argument("--write", action="store_true", help="write calibration.json")
    args = parser.parse_args()
    if args.method:
        collect_method(args.method)
    elif not args.fit_only:
        collect(args.games)
    fit(args.games, args.write)


if __name__ == "__main__":
    main()
