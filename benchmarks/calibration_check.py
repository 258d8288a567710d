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

Printed: the 10-bin table of the shipped calibrated estimate against the results and its
expected calibration error (ECE), with a bootstrap 95% interval over the games, and the
ECE of the raw outputs for comparison.  ``--refit`` also fits a curve on the games of even
index and measures it on the odd ones, and the other way round (both sets independent).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from calibrate import RAW_NODES, table
from sets import for_decider, opening_codes, play_strong_game, replay, reserves

from cernunos_widget.solver import Limit, analyse, prepare_engine
from cernunos_widget.solver.analyse import auto_method
from cernunos_widget.solver.calibration import calibrated, fit_curve

SEED = 300_000  # game seeds SEED, SEED + 1, ...: disjoint from calibrate.py's 110_000 + k
DATA = Path(__file__).parent / "data" / "calibration_check.txt"
SHOWN_LIMIT = Limit(time=1.0)  # the limit whose auto method is measured


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


def bootstrap(pairs: list[tuple[float, float]], rounds: int = 1000) -> tuple[float, float]:
    """A 95% interval of the ECE, resampling the (independent) positions."""
    rng = random.Random(0)
    eces = sorted(table(rng.choices(pairs, k=len(pairs)))[1] for _ in range(rounds))
    return eces[int(0.025 * rounds)], eces[int(0.975 * rounds) - 1]


def print_table(title: str, pairs: list[tuple[float, float]]) -> None:
    rows, ece = table(pairs)
    low, high = bootstrap(pairs)
    print(f"{title}: {len(pairs)} positions, ECE {ece:.3f} (95% interval {low:.3f}..{high:.3f})")
    print(f"  {'bin':>12} {'n':>5} {'prediction':>10} {'result':>7}")
    for row in rows:
        if row["n"]:
            print(f"  {row['bin']:>12} {row['n']:>5} {row['prediction']:>10} {row['result']:>7}")


def report(games: int, refit: bool) -> None:
    rows = load(games)
    lines = DATA.read_text().splitlines()
    total = sum(1 for line in lines if int(line.split("\t")[0]) < SEED + games)
    methods = sorted({m for _, m, _, _ in rows})
    print(f"{total} games, {len(rows)} unproven positions ({total - len(rows)} proven or "
          f"without a position); methods: " + ", ".join(
              f"{m} {sum(1 for r in rows if r[1] == m)}" for m in methods))
    print_table("shipped calibration (what auto shows)",
                [(calibrated(m, x), r) for _, m, x, r in rows])
    print_table("raw outputs", [(x, r) for _, _, x, r in rows])
    if refit:
        for method in methods:
            mine = [(s, x, r) for s, m, x, r in rows if m == method]
            even = [(x, r) for s, x, r in mine if s % 2 == 0]
            odd = [(x, r) for s, x, r in mine if s % 2 == 1]
            if min(len(even), len(odd)) < 20:
                continue
            curve, a, b = fit_curve(even)
            back, a2, b2 = fit_curve(odd)
            print(f"{method}: fit on even seeds tanh({a:g} raw {b:+g}), on odd "
                  f"tanh({a2:g} raw {b2:+g})")
            print_table("  fit even, measured odd", [(curve(x), r) for x, r in odd])
            print_table("  fit odd, measured even", [(back(x), r) for x, r in even])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="strong games, one position each")
    parser.add_argument("--workers", type=int, default=2, help="processes playing games")
    parser.add_argument("--report-only", action="store_true", help="no new games")
    parser.add_argument("--refit", action="store_true", help="also fit curves on halves")
    args = parser.parse_args()
    if not args.report_only:
        collect(args.games, args.workers)
    report(args.games, args.refit)


if __name__ == "__main__":
    main()
