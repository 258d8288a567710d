"""Training the learned evaluation (scripts/train_eval.py): reproducible from its seed,
resumable exactly, and what it learns in a short run makes the search play better."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import numpy as np

from cernunos_widget.engine import Position
from cernunos_widget.solver import play_game
from cernunos_widget.solver.bots import NodeSearchBot
from cernunos_widget.solver.compiled.evaluation import LEARNED, N_WEIGHTS
from cernunos_widget.solver.learned import load_weights

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "train_eval.py"


def _train(*args: object) -> None:
    spec = importlib.util.spec_from_file_location("train_eval", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main([str(a) for a in args]) == 0


def test_training_is_byte_reproducible_from_its_seed_and_resumes_exactly(tmp_path):
    def run(name: str, games: int, *extra: object) -> bytes:
        out = tmp_path / f"{name}.npz"
        _train(
            "--games",
            games,
            "--seed",
            5,
            "--chunk",
            30,
            "--checkpoint",
            tmp_path / f"{name}.ckpt.npz",
            "--out",
            out,
            *extra,
        )
        return out.read_bytes()

    whole = run("a", 120)
    assert run("b", 120) == whole  # the same seed: the same bytes
    run("c", 60)
    assert run("c", 120, "--resume") == whole  # 60 games, then 60 more after a stop
    assert run("d", 120, "--seed", 6) != whole  # (argparse keeps the last --seed)
    assert load_weights(tmp_path / "a.npz").games == 120


def _openings(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        p = Position.start()
        for _ in range(4):
            p = p.child(rng.choice(p.option_codes))
        if not p.is_over:
            found.append(p)
    return found


def test_a_tiny_model_beats_the_same_search_with_zero_weights(tmp_path):
    """3,000 self-play games (under a minute on one core) against zero weights (every
    estimate 0: only finished games count), the same alpha-beta at 2,000 nodes a decision,
    8 seeded openings played with both colours.  Measured: 16/16.  Everything is seeded and
    node-limited, so the result is the same on every run; the bar, 12 of 16 points (75%),
    leaves room for platform differences in floating point without letting a model that
    learned nothing pass (zero weights against themselves score 50%)."""
    out = tmp_path / "tiny.npz"
    _train("--games", 3000, "--seed", 2, "--checkpoint", tmp_path / "c.npz", "--out", out)
    tiny = NodeSearchBot(2000, LEARNED, load_weights(out))
    zero = NodeSearchBot(2000, LEARNED, np.zeros(N_WEIGHTS, np.float32))
    points = 0.0
    for opening in _openings(8, seed=4):
        for green, purple, tiny_is_green in ((tiny, zero, True), (zero, tiny, False)):
            score = play_game(green, purple, opening).green_score
            result = 1.0 if score > 0 else 0.0 if score < 0 else 0.5
            points += result if tiny_is_green else 1.0 - result
    assert points >= 12, points
