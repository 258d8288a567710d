"""Train the learned evaluation by self-play (TD(0), ``solver/compiled/selfplay.py``).

    python scripts/train_eval.py --games 200000 --seed 1 \
        --checkpoint train.ckpt.npz --out cernunos_widget/solver/weights/ntuple.npz

Games are played in slices of ``--chunk``; after each slice the weights, the random
generator's state and the count of games are written to ``--checkpoint`` (atomically), so
a run stopped at any moment resumes with ``--resume`` from its last slice and ends with
the same bytes as an uninterrupted run: everything depends only on the seed, the
parameters and the games played (one thread, no clock).  ``--minutes`` stops at the end of
the first slice after that time (the weights file says how many games it holds); a later
``--resume --games M`` continues the same sequence.  ``--duel N`` prints, after each slice,
the share of N one-ply duels the weights win against the handwritten heuristic (its own
random generator: it does not change the training).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

from cernunos_widget.engine import Position
from cernunos_widget.solver.compiled.convert import encode
from cernunos_widget.solver.compiled.evaluation import HANDWRITTEN, LEARNED, N_WEIGHTS
from cernunos_widget.solver.compiled.selfplay import duel, td_games
from cernunos_widget.solver.learned import save_weights

PARAMETERS = ("seed", "alpha", "epsilon")  # what the games depend on


def _initial_rng(seed: int) -> np.ndarray:
    return np.array([(seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) % 2**64], np.uint64)


def _save_checkpoint(path: Path, w: np.ndarray, rng: np.ndarray, games: int, args) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        np.savez(
            f,
            weights=w,
            rng=rng,
            games=np.array(games, np.int64),
            **{k: np.array(getattr(args, k)) for k in PARAMETERS},
        )
    os.replace(tmp, path)


def _load_checkpoint(path: Path, args) -> tuple[np.ndarray, np.ndarray, int]:
    with np.load(path, allow_pickle=False) as data:
        for k in PARAMETERS:
            if data[k].item() != getattr(args, k):
                sys.exit(f"checkpoint {path} has {k}={data[k].item()}, not {getattr(args, k)}")
        return data["weights"].copy(), data["rng"].copy(), int(data["games"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, required=True, help="games in all (target)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--alpha", type=float, default=0.1, help="TD step, shared by features")
    parser.add_argument("--epsilon", type=float, default=0.1, help="share of random decisions")
    parser.add_argument("--chunk", type=int, default=2000, help="games between checkpoints")
    parser.add_argument("--checkpoint", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True, help="the weights file to write")
    parser.add_argument("--resume", action="store_true", help="continue from --checkpoint")
    parser.add_argument("--minutes", type=float, default=None, help="stop after a slice then")
    parser.add_argument("--duel", type=int, default=0, help="duels against the heuristic")
    args = parser.parse_args(argv)
    if args.games < 0 or args.chunk < 1 or not 0 <= args.epsilon <= 1 or args.alpha <= 0:
        parser.error("--games >= 0, --chunk >= 1, 0 <= --epsilon <= 1 and --alpha > 0")
    if args.resume:
        w, rng, done = _load_checkpoint(args.checkpoint, args)
    else:
        w, rng, done = np.zeros(N_WEIGHTS, np.float32), _initial_rng(args.seed), 0
    start = encode(Position.start())
    started = time.perf_counter()
    while done < args.games:
        n = min(args.chunk - done % args.chunk, args.games - done)  # slices stay aligned
        decisions = td_games(start, w, n, rng, args.alpha, args.epsilon)
        done += n
        _save_checkpoint(args.checkpoint, w, rng, done, args)
        elapsed = time.perf_counter() - started
        line = f"games {done} decisions/game {decisions / n:.1f} elapsed {elapsed:.0f}s"
        if args.duel:
            points = duel(start, w, LEARNED, w, HANDWRITTEN, args.duel, _initial_rng(7), 4)
            line += f" vs heuristic (1 ply) {points / args.duel:.3f}"
        print(line, flush=True)
        if args.minutes is not None and elapsed > args.minutes * 60:
            break
    version = save_weights(args.out, w, seed=args.seed, games=done)
    print(f"wrote {args.out}: {version}, {done} games", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
