"""The calibrated scale (issue #11, item 1): curves, the shipped fit, estimates on it."""

import json
import math
import random

import pytest
from benchmark_scripts import benchmark_script

from cernunos_widget.engine import Position
from cernunos_widget.solver import Limit, analyse
from cernunos_widget.solver.analyse import AUTO_ESTIMATES, ENGINES, METHODS, SEARCHES
from cernunos_widget.solver.calibration import (
    CALIBRATION_PATH,
    Calibration,
    Curve,
    calibrated,
    fit_curve,
    fit_scaled_curve,
    scaled_curve,
    shipped,
    tanh_curve,
)

MIDGAME = Position.from_cpn(".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1")


def test_a_fitted_curve_is_strictly_increasing_even_on_decreasing_data():
    rng = random.Random(1)
    pairs = [(x, 1.0 if rng.random() < 0.5 - x / 3 else -1.0)
             for x in (rng.uniform(-1, 1) for _ in range(500))]
    curve, a, _b = fit_curve(pairs)
    ys = [curve(-1 + k / 500) for k in range(1001)]
    assert a > 0 and all(y1 > y0 for y0, y1 in zip(ys, ys[1:], strict=False))
    assert curve(-7) == curve(-1) and curve(7) == curve(1)


def test_a_fit_finds_the_curve_the_results_were_drawn_from():
    """Results drawn with expectation tanh(1.5 raw - 0.2): the fit finds about that."""
    rng = random.Random(2)
    pairs = []
    for _ in range(20_000):
        x = rng.uniform(-1, 1)
        p_win = (1 + math.tanh(1.5 * x - 0.2)) / 2
        pairs.append((x, 1.0 if rng.random() < p_win else -1.0))
    curve, a, b = fit_curve(pairs)
    assert a == pytest.approx(1.5, abs=0.1) and b == pytest.approx(-0.2, abs=0.03)
    assert curve(0.5) == pytest.approx(math.tanh(a * 0.5 + b), abs=1e-6)
    assert tanh_curve(a, b) == curve


def test_a_scaled_fit_finds_how_confident_the_results_allow_on_each_side():
    """Results drawn with expectation tanh(2 raw + 0.1), times 0.55 where positive: a
    player who looks winning takes at most 77.5% of the points, one who looks losing
    loses as the curve says.  The scaled fit finds that; the two-parameter curve cannot
    follow both ends."""
    rng = random.Random(3)
    pairs = []
    for _ in range(20_000):
        x = rng.uniform(-1, 1)
        t = math.tanh(2 * x + 0.1)
        p_win = (1 + (0.55 * t if t > 0 else t)) / 2
        pairs.append((x, 1.0 if rng.random() < p_win else -1.0))
    curve, a, b, high, low = fit_scaled_curve(pairs)
    assert high == pytest.approx(0.55, abs=0.04) and low == pytest.approx(1.0, abs=0.06)
    assert a == pytest.approx(2, abs=0.3) and b == pytest.approx(0.1, abs=0.1)
    assert curve(0.5) == pytest.approx(high * math.tanh(a * 0.5 + b), abs=1e-3)
    assert scaled_curve(a, b, high, low) == curve
    ys = [curve(-1 + k / 500) for k in range(1001)]
    assert all(y1 > y0 for y0, y1 in zip(ys, ys[1:], strict=False))
    two = fit_curve(pairs)[0]
    assert two(1.0) > 0.65 > curve(1.0) and two(-1.0) > curve(-1.0) + 0.05
    with pytest.raises(ValueError, match="at least 20"):
        fit_scaled_curve([(0.0, 1.0)] * 5)


def test_curves_refuse_what_is_not_a_map_onto_the_scale():
    with pytest.raises(ValueError, match="at least 20"):
        fit_curve([(0.0, 1.0)] * 5)
    with pytest.raises(ValueError, match="strictly increasing"):
        Curve((-1.0, 0.5, 0.2, 1.0), (-1.0, 0.0, 0.1, 1.0))
    with pytest.raises(ValueError, match="from -1 to 1"):
        Curve((-0.5, 1.0), (-1.0, 1.0))
    with pytest.raises(ValueError, match="within -1"):
        Curve((-1.0, 1.0), (-1.5, 1.0))


def test_the_shipped_calibration_round_trips_and_has_a_curve_per_engine():
    calibration = shipped()
    assert set(calibration.curves) == set(METHODS)
    assert Calibration.from_json(calibration.to_json()) == calibration
    assert json.loads(CALIBRATION_PATH.read_text())["version"] == calibration.version
    for curve in calibration.curves.values():
        ys = [curve(-1 + k / 200) for k in range(401)]
        assert all(b > a for a, b in zip(ys, ys[1:], strict=False))


@pytest.mark.parametrize("method", METHODS)
def test_the_shipped_curves_are_the_fits_of_the_committed_samples(method):
    """Refitted from the committed samples: the same curves, the same held-out table."""
    calibrate = benchmark_script("calibrate")
    fit = shipped().fit
    report = fit["report"][method]
    if "independent" in report:  # fitted on one position per game: calibration_check.py
        check = benchmark_script("calibration_check")
        rows = check.rows_of(method, report["independent"]["games"])
        assert len(rows) == report["independent"]["positions"] >= check.MIN_POSITIONS
        curve, *shape = fit_scaled_curve([(x, r) for _, _, x, r in rows])
        assert shape == report["shipped"] and curve == shipped().curves[method]
        return
    if not report.get("fitted", True):
        assert method != AUTO_ESTIMATES and method.endswith("-learned")
        pytest.skip(f"{method}: no calibration samples yet (its raw output is shown)")
    rows = calibrate.load(fit["games"])
    assert len(rows) == fit["positions"] >= 2000
    even, odd = calibrate.halves(rows, method)
    curve, a, b = fit_curve(even)
    assert [a, b] == report["fit_even"]
    bins, ece = calibrate.table([(curve(x), r) for x, r in odd])
    assert bins == report["held_out_table"] and ece == pytest.approx(report["ece_odd"], abs=1e-4)
    assert ece < report["ece_raw_odd"]  # closer to the results than the raw output
    assert shipped().curves[method] == tanh_curve(*report["shipped"])
    assert fit_curve(even + odd)[0] == shipped().curves[method]


def test_the_default_is_calibrated_on_independent_games_within_the_goal():
    """Issue #11, item 1: at least 2,000 positions, one per strong game, each predicted by
    a curve fitted on other games (cross-validated), ECE at most 0.05."""
    check = benchmark_script("calibration_check")
    summary = shipped().fit["independent_check"]
    assert AUTO_ESTIMATES in summary["methods"]
    games = shipped().fit["report"][AUTO_ESTIMATES]["independent"]["games"]
    rows = [row for row in check.load(games) if row[1] in summary["methods"]]
    assert len(rows) == summary["positions"] >= 2000
    bins, ece = check.table(check.cross_validated(rows))
    assert (bins, round(ece, 4)) == (summary["table"], summary["ece_cross_validated"])
    raw = check.table([(x, r) for _, _, x, r in rows])[1]
    assert ece <= 0.05 < round(raw, 4) == summary["ece_raw"]  # closer than the raw output


def test_the_api_reports_estimates_on_the_calibrated_scale_and_names_its_method():
    expected = {"auto": AUTO_ESTIMATES, **{e: pair[0] for e, pair in SEARCHES.items()}}
    for engine in (*METHODS, *ENGINES):
        for info in analyse(MIDGAME, Limit(time=1.0), multipv=3, engine=engine):
            assert not info.proven and info.raw is not None
            assert info.engine == expected.get(engine, engine)
            assert info.estimate == calibrated(info.engine, info.raw, info.effort)


def test_the_learned_curves_were_fitted_with_the_shipped_weights():
    """New weights need new curves (``benchmarks/calibrate.py --method mcts-learned``)."""
    from cernunos_widget.solver import learned

    assert shipped().fit["weights"] == learned.version()
