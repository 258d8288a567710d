"""Training the learned evaluation on search results (issue #23, item 3):
``solver/compiled/searchplay.py`` and ``scripts/train_search.py``."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from cernunos_widget.engine import Position
from cernunos_widget.solver.compiled.convert import encode
from cernunos_widget.solver.compiled.evaluation import N_FEATURES, N_WEIGHTS, features
from cernunos_widget.solver.compiled.searchplay import (
    fit,
    mcts_duel,
    search_games,
    squared_error,
)
from cernunos_widget.solver.learned import load_weights, shipped

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "train_search.py"
# A puzzle (puzzles.json, 02dcc5c387): Purple's last placement; only T@a3 wins, every
# other decision loses (R-16 ends the game when a reserve is empty).
LAST_PLACEMENT = "DWtS,B,F,Tb/bBfCttt,cDW,BdD,d/xTTT,sTT,Xbw,d p L 6-1"


def _rng(seed: int) -> np.ndarray:
    return np.array([seed], np.uint64)


def _play(start: Position, games: int, iterations: int, random_plies: int, seed: int = 1):
    room = 80 * games
    feats = np.empty((room, N_FEATURES), np.int32)
    searched = np.empty(room, np.float32)
    results = np.empty(room, np.float32)
    game = np.empty(room, np.int32)
    rows = search_games(
        encode(start), shipped().array, games, _rng(seed), iterations, random_plies,
        feats, searched, results, game,
    )  # fmt: skip
    return feats[:rows], searched[:rows], results[:rows], game[:rows]


def test_a_won_position_is_labelled_won_by_the_search_and_by_the_result():
    feats, searched, results, _ = _play(Position.from_cpn(LAST_PLACEMENT), 1, 2000, 0)
    assert searched[0] == 1.0 and results[0] == 1.0  # MCTS-Solver proves T@a3
    idx = np.empty(N_FEATURES, np.int64)
    features(encode(Position.from_cpn(LAST_PLACEMENT)), idx)
    assert np.array_equal(feats[0], idx)  # the row holds the position's own features


def test_the_result_label_is_the_game_played_not_the_search_value():
    """A random first decision (16 of the 17 lose) is searched all the same: the search
    says the position is won, the game played from it is lost."""
    losses = 0
    for seed in range(1, 6):
        _, searched, results, _ = _play(Position.from_cpn(LAST_PLACEMENT), 1, 2000, 1, seed)
        assert searched[0] == 1.0 and results[0] in (-1.0, 1.0)
        losses += results[0] == -1.0
    assert losses >= 3


def test_labels_of_whole_games_are_consistent_and_reproducible():
    start = Position.start()
    first = _play(start, 3, 60, 4, seed=9)
    again = _play(start, 3, 60, 4, seed=9)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    feats, searched, results, game = first
    assert list(np.unique(game)) == [0, 1, 2] and np.all(np.diff(game) >= 0)
    assert np.all(np.abs(searched) <= 1) and set(np.unique(results)) <= {-1.0, 0.0, 1.0}
    assert np.all((feats >= 0) & (feats < N_WEIGHTS))
    for g in range(3):  # one result a game, seen by each decider: +z or -z
        assert len(set(np.abs(results[game == g]))) == 1
    other = _play(start, 3, 60, 4, seed=10)
    assert not np.array_equal(other[0][:10], feats[:10])


def test_fit_moves_the_weights_of_the_rows_towards_their_targets_only():
    feats, _, _, _ = _play(Position.start(), 2, 30, 200)  # random games: varied positions
    targets = np.where(np.arange(len(feats)) % 2 == 0, 0.8, -0.8)
    w = np.zeros(N_WEIGHTS, np.float32)
    before = squared_error(w, feats, targets)
    order = np.arange(len(feats))
    for _ in range(50):
        fit(w, feats, targets, order, 0.5)
    assert squared_error(w, feats, targets) < before / 4
    untouched = np.ones(N_WEIGHTS, bool)
    untouched[np.unique(feats)] = False
    assert np.all(w[untouched] == 0)


def test_mcts_on_the_shipped_weights_beats_mcts_on_no_knowledge():
    zeros = np.zeros(N_WEIGHTS, np.float32)
    start = encode(Position.start())
    points = mcts_duel(start, shipped().array, zeros, 20, _rng(3), 100, 4)
    assert points >= 15


def _script(*args: object) -> None:
    spec = importlib.util.spec_from_file_location("train_search", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main([str(a) for a in args]) == 0


def test_the_script_generates_fits_and_duels(tmp_path, capsys):
    data, again = tmp_path / "gen.npz", tmp_path / "again.npz"
    for out in (data, again):
        _script("generate", "--games", 4, "--iterations", 40, "--chunk", 3, "--seed", 2,
                "--out", out)  # fmt: skip
    with np.load(data) as a, np.load(again) as b:
        assert all(np.array_equal(a[k], b[k]) for k in a.files)
        assert list(np.unique(a["game"])) == [0, 1, 2, 3]  # chunks numbered on
        assert str(a["weights_version"]) == shipped().version
    new = tmp_path / "new.npz"
    _script("fit", data, "--mix", 0.5, "--epochs", 2, "--out", new)
    assert not np.array_equal(load_weights(new).array, shipped().array)
    _script("duel", new, "--games", 2, "--iterations", 20)
    assert "2 = " in capsys.readouterr().out.splitlines()[-1].replace("/", " ")


@pytest.mark.parametrize("mix", [-0.1, 1.5])
def test_the_script_refuses_a_mix_outside_zero_to_one(tmp_path, mix):
    with pytest.raises(SystemExit):
        _script("fit", tmp_path / "none.npz", "--mix", mix, "--out", tmp_path / "o.npz")
