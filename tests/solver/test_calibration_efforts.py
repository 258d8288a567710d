"""Curves per effort (issue #23, calibration): a learned method's raw output read at the
effort its search spent (MCTS nodes a tree, alpha-beta's depth)."""

import math
import random

import pytest
from benchmark_scripts import benchmark_script

from cernunos_widget.engine import Position
from cernunos_widget.solver import Limit, analyse, analysis
from cernunos_widget.solver.calibration import (
    Calibration,
    EffortCurves,
    calibrated,
    fit_scaled_curve,
    scaled_curve,
    shipped,
    version_of,
)

MIDGAME = Position.from_cpn(".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1")
LOW, HIGH = scaled_curve(2.0, 0.3, 0.6, 0.9), scaled_curve(1.0, -0.5, 0.8, 0.7)


def test_an_effort_between_two_measured_ones_blends_their_curves_in_log_effort():
    curves = EffortCurves("nodes", (1_000.0, 100_000.0), (LOW, HIGH))
    for raw in (-0.7, 0.0, 0.25, 0.9):
        assert curves(raw, 1_000) == LOW(raw) and curves(raw, 100_000) == HIGH(raw)
        assert curves(raw, 10) == LOW(raw) and curves(raw, 10**9) == HIGH(raw)  # nearest
        assert curves(raw, 10_000) == pytest.approx((LOW(raw) + HIGH(raw)) / 2)  # log middle
        assert curves(raw, 3_000) == pytest.approx(
            LOW(raw) + (HIGH(raw) - LOW(raw)) * math.log(3) / math.log(100))
    values = [curves(-1 + k / 100, 5_000) for k in range(201)]
    assert all(b > a for a, b in zip(values, values[1:], strict=False))  # still increasing


def test_effort_curves_refuse_efforts_that_cannot_be_blended():
    for efforts, curves in [((), ()), ((1.0,), (LOW, HIGH)), ((0.0, 2.0), (LOW, HIGH)),
                            ((5.0, 5.0), (LOW, HIGH)), ((6.0, 5.0), (LOW, HIGH))]:
        with pytest.raises(ValueError, match="effort"):
            EffortCurves("depth", efforts, curves)


def test_a_calibration_with_curves_per_effort_round_trips_and_has_its_own_version():
    one, other = scaled_curve(1.5, 0.0, 0.7, 0.7), scaled_curve(3.0, 0.1, 0.5, 0.9)
    base = {"m": one, "n": other}
    efforts = {"m": EffortCurves("depth", (1.0, 4.0), (LOW, HIGH))}
    calibration = Calibration(version_of(base, efforts), base, {}, efforts)
    assert Calibration.from_json(calibration.to_json()) == calibration
    assert calibration.expected("m", 0.3) == one(0.3) != LOW(0.3)  # no effort: one curve
    assert calibration.expected("m", 0.3, 4) == HIGH(0.3)
    assert calibration.expected("n", -0.2, 4) == other(-0.2)  # no curves per effort
    other = {"m": EffortCurves("depth", (1.0, 5.0), (LOW, HIGH))}
    assert len({version_of(base, {}), version_of(base, efforts), version_of(base, other)}) == 3
    old = shipped()
    assert version_of(old.curves, old.efforts) == old.version


def test_a_scaled_fit_of_results_that_jump_at_zero_is_a_curve():
    """Steep data pushes the fit towards a saturated tanh whose knots, scaled down, round
    to equal values: the fit takes the best curve that is one, instead of failing."""
    rng = random.Random(4)
    pairs = [(x, 0.3 if x > 0 else -0.64) for x in (rng.uniform(-1, 1) for _ in range(400))]
    curve, a, _b, high, low = fit_scaled_curve(pairs)
    assert a >= 5 and high == pytest.approx(0.3, abs=0.02) and low == pytest.approx(0.64, abs=0.03)
    assert curve(0.5) == pytest.approx(high, abs=2e-3)
    assert curve(-0.5) == pytest.approx(-low, abs=2e-3)


@pytest.mark.parametrize("method", ["mcts-learned", "alphabeta-learned"])
def test_the_shipped_curves_per_effort_are_the_fits_of_the_committed_outputs(method):
    """Refitted from ``benchmarks/data/calibration_efforts.txt``: the same curves, each
    within the ECE goal (cross-validated) at its effort, or, where fewer positions reach
    that effort, within what perfectly calibrated predictions would show on so few
    results (the 95th percentile of the floor)."""
    efforts = benchmark_script("calibration_efforts")
    check = benchmark_script("calibration_check")
    summary = shipped().fit["efforts"]
    data = efforts.load(summary["games"])[method]
    shipped_curves = shipped().efforts[method]
    assert shipped_curves.unit == efforts.UNITS[method]
    assert list(shipped_curves.efforts) == efforts.fitted_efforts(data)
    for effort, curve in zip(shipped_curves.efforts, shipped_curves.curves, strict=True):
        rows = data[effort]
        refit, *shape = fit_scaled_curve([(x, r) for _, _, x, r in rows])
        recorded = summary["methods"][method]["efforts"][f"{effort:.0f}"]
        assert refit == curve and [round(v, 4) for v in shape] == recorded["shipped"]
        predictions = check.cross_validated(rows)
        ece = check.table(predictions)[1]
        assert round(ece, 4) == recorded["ece_cross_validated"]
        assert ece <= max(0.05, check.floor([p for p, _ in predictions])[1])


def test_the_curves_per_effort_were_fitted_with_the_shipped_weights():
    """New weights need new curves per effort (``benchmarks/calibration_efforts.py``)."""
    from cernunos_widget.solver import learned

    assert shipped().fit["efforts"]["weights"] == learned.version()


def test_analysis_reports_the_effort_its_estimate_was_calibrated_at():
    """MCTS: nodes a tree (two trees share the nodes); alpha-beta: the depth."""
    measured = shipped().efforts["mcts-learned"].efforts
    for threads in (1, 2):
        info = analyse(MIDGAME, Limit(nodes=300_000), engine="mcts", threads=threads)[0]
        assert info.effort == pytest.approx(info.nodes / threads)
        assert measured[0] < info.effort < measured[-1]  # between two measured curves
        assert info.estimate == calibrated("mcts-learned", info.raw, info.effort)
        assert info.estimate != calibrated("mcts-learned", info.raw)  # the effort matters
    depths = []
    for infos in analysis(MIDGAME, Limit(depth=4), engine="alphabeta", threads=1):
        info = infos[0]
        assert info.effort == info.depth
        assert info.estimate == calibrated("alphabeta-learned", info.raw, info.depth)
        depths.append(info.depth)
    assert depths == [1, 2, 3, 4]
