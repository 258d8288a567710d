"""The learned evaluation (solver/compiled/evaluation.py, solver/learned.py): its features
against a plain reimplementation on the engine's public API, the weights file's checks,
and its use in the searches."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from cernunos_widget.engine import CELL_NAMES, CernunosError, Position
from cernunos_widget.engine.tokens import Kind
from cernunos_widget.solver import learned
from cernunos_widget.solver.compiled import evaluation as ev
from cernunos_widget.solver.compiled.convert import encode
from cernunos_widget.solver.compiled.rules import child, decider, is_over, new_options, options
from cernunos_widget.solver.compiled.searchers import CompiledDepthSearch
from cernunos_widget.solver.learned import (
    UnknownEvaluatorError,
    WeightsError,
    load_weights,
    save_weights,
    search_weights,
)
from cernunos_widget.solver.mcts import Mcts
from cernunos_widget.solver.values import estimate

MIDGAME = Position.from_cpn(".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1")
CHOICES = {"boar-target": 1, "fox-swap": 2, "fox-order": 3, "crow-cell": 4}


def random_positions(count: int, seed: int) -> list[Position]:
    """Positions along random games, mid-effect choices included."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        p = Position.start()
        while not p.is_over and len(found) < count:
            found.append(p)
            p = p.child(rng.choice(p.option_codes))
    return found


def reference_features(p: Position) -> list[int]:
    """The features of ``p`` computed straight from RULES.md terms (owner-relative tops,
    placement cells R-11/R-12, reserves, burned, phase), for the decider ``me`` (R-27)."""
    me = p.decider
    them = me.other

    def symbol(cell: str) -> int:
        t = p.top(cell)
        return 0 if t is None else 1 + int(t.kind) + (8 if t.owner != me else 0)

    sym = [symbol(c) for c in CELL_NAMES]
    a = ev.ALPHABET
    out = []
    for r in range(3):
        out.append(ev.OFF_ROWS + r * a**4 + sum(sym[r * 4 + c] * a ** (3 - c) for c in range(4)))
    for c in range(4):
        out.append(ev.OFF_COLUMNS + c * a**3 + sum(sym[r * 4 + c] * a ** (2 - r) for r in range(3)))
    for r in range(2):
        for c in range(3):
            cells = (r * 4 + c, r * 4 + c + 1, r * 4 + c + 4, r * 4 + c + 5)
            index = sum(sym[x] * a ** (3 - j) for j, x in enumerate(cells))
            out.append(ev.OFF_SQUARES + (r * 3 + c) * a**4 + index)
    mine = set(p.placement_cells(Kind.DEER, me))  # any kind but a Tree
    theirs = set(p.placement_cells(Kind.DEER, them))
    for i, cell in enumerate(CELL_NAMES):
        flags = 2 * (cell in mine) + (cell in theirs)
        out.append(ev.OFF_CELLS + (i * a + sym[i]) * 4 + flags)
    totals = []
    for k, player in enumerate((me, them)):
        reserve = p.reserve(player)
        totals.append(sum(reserve.values()))
        for kind in Kind:
            count = min(reserve.get(kind, 0), 12)
            out.append(ev.OFF_RESERVE + (k * 8 + int(kind)) * 13 + count)
    out.append(ev.OFF_TOTALS + totals[0] * 25 + totals[1])
    burned = p.burned
    out.append(ev.OFF_BURNED + min(burned[me], 12) * 13 + min(burned[them], 12))
    phase = "s21L#x".index(p.phase)
    context = ((phase * 2 + (me == p.side)) * 2 + int(me)) * 5 + CHOICES.get(p.choice, 0)
    out.append(ev.OFF_CONTEXT + context)
    return out


def test_the_compiled_evaluation_equals_a_plain_reimplementation():
    rng = np.random.default_rng(5)
    w = rng.normal(0, 0.3, ev.N_WEIGHTS).astype(np.float32)
    idx = np.empty(ev.N_FEATURES, np.int64)
    positions = random_positions(600, seed=11)
    assert sum(p.choice in CHOICES for p in positions) > 20  # mid-effect ones are covered
    assert {p.decider for p in positions if p.decider != p.side}  # and the other decider
    for p in positions:
        s = encode(p)
        expected = reference_features(p)
        assert ev.features(s, idx) == ev.N_FEATURES
        assert list(idx) == expected, p.cpn()
        value = math.tanh(float(np.sum(w[expected], dtype=np.float64)))
        assert ev.value(s, w) == pytest.approx(value, abs=1e-9)
        assert learned.evaluate(p, learned.Weights(w, "test", 0, 0)) == pytest.approx(value)
    assert all(0 <= i < ev.N_WEIGHTS for p in positions[:50] for i in reference_features(p))


def test_values_are_for_the_decider_and_scores_for_green():
    w = np.zeros(ev.N_WEIGHTS, np.float32)
    p = MIDGAME  # Purple decides
    idx = np.empty(ev.N_FEATURES, np.int64)
    ev.features(encode(p), idx)
    w[idx[-1]] = 0.5  # the context feature alone
    weights = learned.Weights(w, "test", 0, 0)
    assert learned.evaluate(p, weights) == pytest.approx(math.tanh(0.5))
    assert learned.green_value(p, weights) == pytest.approx(-math.tanh(0.5))
    score = int(ev.learned_score(encode(p), w))
    assert score == -round(0.5 * ev.SCALE)
    assert estimate(-score) == pytest.approx(math.tanh(0.5), abs=1e-3)  # analyse's scale


def test_learned_scores_stay_below_every_finished_game_in_a_learned_search():
    w = np.full(ev.N_WEIGHTS, 50.0, np.float32)  # absurdly sure of itself
    for p in random_positions(20, seed=2):
        assert abs(int(ev.learned_score(encode(p), w))) <= ev.RAW_CAP * ev.SCALE
    assert ev.RAW_CAP * ev.SCALE < ev.PROVEN_BASE


def _minimax(s, depth: int, w: np.ndarray) -> int:
    """Plain minimax with the learned leaves and the shifted finished games."""
    out = new_options()
    if is_over(s):
        return int(ev.end_score(s, ev.PROVEN_BASE))
    if depth == 0:
        return int(ev.learned_score(s, w))
    n = options(s.copy(), out)
    values = [_minimax(child(s, int(code), new_options())[0], depth - 1, w) for code in out[:n]]
    return max(values) if decider(s) == 0 else min(values)


def test_the_learned_alpha_beta_equals_plain_minimax():
    rng = np.random.default_rng(8)
    w = rng.normal(0, 0.3, ev.N_WEIGHTS).astype(np.float32)
    positions = random_positions(400, seed=6)[::40] + [MIDGAME]
    for p in positions:
        for depth in (1, 2):
            search = CompiledDepthSearch(evaluator=ev.LEARNED, weights=w)
            assert search.value(p, depth) == _minimax(encode(p), depth, w), (p.cpn(), depth)


def test_a_finished_game_outranks_every_estimate_in_a_learned_search():
    """Final placements (R-16) where passing wins: a depth-1 learned search sees a sure
    win beyond every estimate, however the weights judge the other children."""
    found = 0
    for p in random_positions(20_000, seed=9):
        if p.phase != "L" or p.choice != "final-placement":
            continue
        sign = 1 if int(p.side) == 0 else -1  # the side decides a final placement
        passed = p.play("pass")
        margin = passed.result().cells[0] - passed.result().cells[1]
        if margin * sign <= 0:
            continue
        for fill in (-50.0, 50.0):
            w = np.full(ev.N_WEIGHTS, fill, np.float32)
            v = CompiledDepthSearch(evaluator=ev.LEARNED, weights=w).value(p, 1)
            assert v * sign >= ev.PROVEN_BASE, p.cpn()
        found += 1
        if found == 5:
            return
    pytest.fail(f"only {found} final placements where passing wins")


def test_mcts_with_learned_leaves_is_seeded_and_rates_every_first_decision():
    w = learned.shipped().array
    runs = []
    for _ in range(2):
        tree = Mcts(MIDGAME, seed=3, evaluator=ev.LEARNED, weights=w)
        tree.run(400)
        runs.append([(r.decision, r.visits, r.value) for r in tree.results()])
    assert runs[0] == runs[1]
    assert len(runs[0]) == len(MIDGAME.option_codes)
    assert all(-1 <= value <= 1 for _, _, value in runs[0])


def test_an_unknown_evaluator_or_foreign_weights_are_refused():
    for bad in (2, -1, True, "learned", 1.5):
        with pytest.raises(UnknownEvaluatorError, match="evaluator must be 0"):
            search_weights(bad)
    with pytest.raises(WeightsError, match="float32 of shape"):
        search_weights(ev.LEARNED, np.zeros(10, np.float32))
    with pytest.raises(WeightsError, match="float32 of shape"):
        CompiledDepthSearch(evaluator=1, weights=np.zeros(ev.N_WEIGHTS, np.float64))
    assert issubclass(UnknownEvaluatorError, CernunosError)
    assert issubclass(WeightsError, CernunosError)


# ---------------------------------------------------------------------- the weights file


def test_the_shipped_weights_load_with_their_version():
    shipped = learned.shipped()
    assert shipped.array.dtype == np.float32 and shipped.array.shape == (ev.N_WEIGHTS,)
    assert shipped.version == learned.version_of(shipped.array) == learned.VERSION
    assert shipped.version.startswith(ev.LAYOUT_ID + "-") and shipped.games > 0
    assert np.any(shipped.array != 0)


def test_saving_is_byte_reproducible_and_round_trips(tmp_path):
    w = np.random.default_rng(1).normal(0, 1, ev.N_WEIGHTS).astype(np.float32)
    a, b = tmp_path / "a.npz", tmp_path / "b.npz"
    assert save_weights(a, w, seed=4, games=9) == save_weights(b, w, seed=4, games=9)
    assert a.read_bytes() == b.read_bytes()
    back = load_weights(a)
    assert np.array_equal(back.array, w) and (back.seed, back.games) == (4, 9)


def _rewrite(path, **changes) -> None:
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files}
    arrays.update(changes)
    arrays = {k: v for k, v in arrays.items() if v is not None}
    with open(path, "wb") as f:
        np.savez(f, **arrays)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        ("missing", "cannot be read"),
        ("garbage", "cannot be read"),
        ("truncated", "cannot be read"),
        ("pickle", "cannot be read"),
        ("no-version", "lacks version"),
        ("layout", "is for layout 'ntuple-0'"),
        ("shape", "expected float32 of shape"),
        ("dtype", "expected float32 of shape"),
        ("nan", "not finite"),
        ("tampered", "is damaged"),
    ],
)
def test_a_damaged_or_foreign_weights_file_is_refused_clearly(tmp_path, damage, message):
    path = tmp_path / "w.npz"
    w = np.zeros(ev.N_WEIGHTS, np.float32)
    save_weights(path, w, seed=1, games=1)
    if damage == "missing":
        path = tmp_path / "absent.npz"
    elif damage == "garbage":
        path.write_bytes(b"not a zip at all" * 100)
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:300])
    elif damage == "pickle":
        _rewrite(path, weights=np.array([{"a": 1}], dtype=object))
    elif damage == "no-version":
        _rewrite(path, version=None)
    elif damage == "layout":
        _rewrite(path, layout=np.array("ntuple-0"))
    elif damage == "shape":
        _rewrite(path, weights=np.zeros(5, np.float32))
    elif damage == "dtype":
        _rewrite(path, weights=w.astype(np.float64))
    elif damage == "nan":
        bad = w.copy()
        bad[3] = np.nan
        _rewrite(path, weights=bad, version=np.array(learned.version_of(bad)))
    else:
        bad = w.copy()
        bad[7] = 0.25
        _rewrite(path, weights=bad)
    with pytest.raises(WeightsError, match=message):
        load_weights(path)


def test_a_huge_file_is_refused_before_reading(tmp_path, monkeypatch):
    path = tmp_path / "w.npz"
    save_weights(path, np.zeros(ev.N_WEIGHTS, np.float32), seed=1, games=1)
    monkeypatch.setattr(learned, "_MAX_FILE_BYTES", 100)
    with pytest.raises(WeightsError, match="at most 100 accepted"):
        load_weights(path)


def test_mcts_values_a_new_node_by_the_learned_value_for_the_root_decider():
    """One iteration per first decision: each child is made once and valued by the learned
    value (no playout), seen from the root's decider like every MCTS value."""
    w = np.random.default_rng(3).normal(0, 0.3, ev.N_WEIGHTS).astype(np.float32)
    weights = learned.Weights(w, "test", 0, 0)
    p = MIDGAME  # Purple decides
    n = len(p.option_codes)
    tree = Mcts(p, seed=1, evaluator=ev.LEARNED, weights=w)
    tree.run(n)
    results = tree.results()
    assert len(results) == n and all(r.visits == 1 for r in results)
    for r in results:
        c = p.child(r.decision.code)
        expected = -learned.green_value(c, weights)  # Purple's point of view
        assert r.value == pytest.approx(expected, abs=1e-9), r.decision
