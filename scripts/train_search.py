"""Train the learned evaluation on search results (``solver/compiled/searchplay.py``).

Three steps, each reproducible from its seed:

    # 1. games of MCTS self-play on the current weights, every position labelled
    python scripts/train_search.py generate --games 20000 --iterations 800 --seed 1 \
        --out gen1.npz [--weights W.npz]
    # 2. the weights fitted to a mix of the search's value and the game's result
    python scripts/train_search.py fit gen1.npz [more.npz[:GAMES] ...] --mix 0.5 \
        --epochs 2 --out new.npz [--weights W.npz]
    # 3. MCTS on the new weights against MCTS on the old, equal iterations
    python scripts/train_search.py duel new.npz [--against W.npz] --games 1000

``--weights`` defaults to the shipped file; ``fit`` starts from it (``FILE:GAMES`` takes the
first GAMES games of a file only).  ``scripts/train_search.sh`` makes the shipped weights.
A target is ``mix * result + (1 - mix) * search value``; one game in ten (by index) is held
out and its squared error printed before and after.  ``duel`` plays seeded openings of
``--random-plies`` random decisions with both colours and prints the new weights' share
of the points with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from pathlib import Path

import numpy as np

from cernunos_widget.engine import Position
from cernunos_widget.solver.compiled.convert import encode
from cernunos_widget.solver.compiled.evaluation import N_FEATURES
from cernunos_widget.solver.compiled.searchplay import fit, mcts_duel, search_games, squared_error
from cernunos_widget.solver.learned import load_weights, save_weights, shipped

ROWS_PER_GAME = 80  # room per game: games are ~50 decisions long
LONGEST_GAME = 1000  # room beyond, so that no game of a chunk is cut (the longest seen ~200)
HELD_OUT = 10  # one game in ten is held out of the fit


def _rng(seed: int) -> np.ndarray:
    return np.array([(seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) % 2**64], np.uint64)


def _weights(path: Path | None) -> tuple[np.ndarray, str, int]:
    loaded = load_weights(path) if path else shipped()
    return loaded.array.copy(), loaded.version, loaded.games


def _save(path: Path, parts: list, version: str, args: argparse.Namespace) -> None:
    """Write the positions so far (atomically: a run stopped at any moment keeps them)."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        np.savez(
            f,
            feats=np.concatenate([p[0] for p in parts]),
            searched=np.concatenate([p[1] for p in parts]),
            results=np.concatenate([p[2] for p in parts]),
            game=np.concatenate([p[3] for p in parts]),
            weights_version=np.array(version),
            iterations=np.array(args.iterations),
            seed=np.array(args.seed),
        )
    os.replace(tmp, path)


def generate(args: argparse.Namespace) -> None:
    w, version, _ = _weights(args.weights)
    start = encode(Position.start())
    rng = _rng(args.seed)
    parts = []
    done = rows_total = 0
    started = time.perf_counter()
    while done < args.games:
        n = min(args.chunk, args.games - done)
        room = n * ROWS_PER_GAME + LONGEST_GAME
        feats = np.empty((room, N_FEATURES), np.int32)
        searched = np.empty(room, np.float32)
        results = np.empty(room, np.float32)
        games = np.empty(room, np.int32)
        rows = search_games(
            start, w, n, rng, args.iterations, args.random_plies, feats, searched, results, games
        )
        if rows == room:  # a game may have been cut: the run would not be reproducible
            raise SystemExit(f"{n} games filled {room} positions: use a smaller --chunk")
        parts.append((feats[:rows], searched[:rows], results[:rows], games[:rows] + done))
        done += n
        rows_total += rows
        _save(args.out, parts, version, args)
        print(
            f"games {done} positions {rows_total} elapsed {time.perf_counter() - started:.0f}s",
            flush=True,
        )
    print(f"wrote {args.out}: {rows_total} positions of {done} games", flush=True)


def fit_weights(args: argparse.Namespace) -> None:
    w, version, games = _weights(args.weights)
    feats, targets, held = [], [], []
    for i, spec in enumerate(args.data):
        path, _, first = spec.partition(":")
        with np.load(path, allow_pickle=False) as d:
            keep = d["game"] < int(first) if first else slice(None)
            target = args.mix * d["results"][keep] + (1 - args.mix) * d["searched"][keep]
            feats.append(d["feats"][keep])
            targets.append(target.astype(np.float64))
            held.append((d["game"][keep] + i) % HELD_OUT == 0)
    feats_all = np.concatenate(feats)
    targets_all = np.concatenate(targets)
    held_all = np.concatenate(held)
    train = np.flatnonzero(~held_all)
    test_f, test_t = feats_all[held_all], targets_all[held_all]
    print(
        f"{len(train)} positions to fit, {len(test_t)} held out; "
        f"held-out error before {squared_error(w, test_f, test_t):.4f}",
        flush=True,
    )
    order_rng = np.random.default_rng(args.seed)
    for epoch in range(args.epochs):
        order = order_rng.permutation(train)
        alpha = args.alpha / (1 + epoch)
        err = fit(w, feats_all, targets_all, order, alpha)
        print(
            f"epoch {epoch + 1}: fit error {err:.4f}, held-out error "
            f"{squared_error(w, test_f, test_t):.4f}",
            flush=True,
        )
    out = save_weights(args.out, w, seed=args.seed, games=games)
    print(f"wrote {args.out}: {out} (from {version})", flush=True)


def wilson(points: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = points / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def duel(args: argparse.Namespace) -> None:
    new, new_version, _ = _weights(args.new)
    old, old_version, _ = _weights(args.against)
    games = args.games + args.games % 2
    started = time.perf_counter()
    points = mcts_duel(
        encode(Position.start()),
        new,
        old,
        games,
        _rng(args.seed),
        args.iterations,
        args.random_plies,
    )
    low, high = wilson(points, games)
    print(
        f"{new_version} against {old_version}, MCTS {args.iterations} iterations: "
        f"{points:g}/{games} = {points / games:.3f} [95% Wilson {low:.3f}, {high:.3f}] "
        f"({time.perf_counter() - started:.0f}s)",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    steps = parser.add_subparsers(dest="step", required=True)
    g = steps.add_parser("generate", help="MCTS self-play, every position labelled")
    g.add_argument("--games", type=int, required=True)
    g.add_argument("--iterations", type=int, default=800)
    g.add_argument("--random-plies", type=int, default=4)
    g.add_argument("--chunk", type=int, default=1000)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--weights", type=Path, default=None)
    g.add_argument("--out", type=Path, required=True)
    f = steps.add_parser("fit", help="fit the weights to labelled positions")
    f.add_argument("data", nargs="+", help="FILE or FILE:GAMES (its first GAMES games)")
    f.add_argument("--mix", type=float, default=0.5, help="share of the game's result")
    f.add_argument("--alpha", type=float, default=0.05)
    f.add_argument("--epochs", type=int, default=2)
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--weights", type=Path, default=None)
    f.add_argument("--out", type=Path, required=True)
    d = steps.add_parser("duel", help="MCTS on new weights against MCTS on old ones")
    d.add_argument("new", type=Path)
    d.add_argument("--against", type=Path, default=None)
    d.add_argument("--games", type=int, default=1000)
    d.add_argument("--iterations", type=int, default=800)
    d.add_argument("--random-plies", type=int, default=4)
    d.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    if args.step == "fit" and not (0 <= args.mix <= 1 and args.alpha > 0 and args.epochs >= 0):
        parser.error("fit takes 0 <= --mix <= 1, --alpha > 0 and --epochs >= 0")
    if args.step != "fit" and (args.games < 1 or args.iterations < 1 or args.random_plies < 0):
        parser.error("--games >= 1, --iterations >= 1 and --random-plies >= 0")
    if args.step == "generate" and args.chunk < 1:
        parser.error("--chunk >= 1")
    {"generate": generate, "fit": fit_weights, "duel": duel}[args.step](args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
