"""The calibrated scale: what an estimate means.

An estimate is the **expected result** for the player it is shown for: +1 a certain win,
-1 a certain loss, draws 0 (so 0.4 predicts, over many such positions, 70% of the points).
Each search has its own raw output: alpha-beta's heuristic score at its horizon (squashed
by :func:`.values.estimate` to -1 .. 1), MCTS's mean playout outcome.  A *curve* per
engine maps that raw number to the expected result.  The curves are fitted by
``benchmarks/calibrate.py`` on positions from games between strong bots, each continued
to the end (``tanh(a * raw + b)``; the learned methods' curves, fitted on one position a
game by ``benchmarks/calibration_check.py``, scale it by ``high`` above 0 and ``low``
below: :func:`fit_scaled_curve`; see ``docs/solver.md`` for the sets, the fits and the
held-out tables), and
shipped as package data (``calibration.json``) with a version; caches of estimates include
:data:`CALIBRATION_VERSION` in their keys.

The learned methods' raw outputs change meaning with the search's *effort*: the MCTS mean
falls as the tree grows, alpha-beta's score moves with the depth.  So they also have curves
per effort (:class:`EffortCurves`: MCTS nodes a tree, alpha-beta's completed depth), fitted
by ``benchmarks/calibration_efforts.py --write``; an estimate between two measured efforts
blends their curves (linearly in the logarithm of the effort), one below the first or
beyond the last takes the nearest curve.

Proven values are never calibrated: a proof is exact (+1 / 0 / -1, and the strong value).
"""

from __future__ import annotations

import bisect
import hashlib
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

CALIBRATION_PATH = Path(__file__).with_name("calibration.json")


@dataclass(frozen=True)
class Curve:
    """A strictly increasing piecewise-linear map from raw output to expected result.

    ``xs`` are raw values from -1 to 1 (increasing), ``ys`` the expected results there
    (increasing, within -1 .. 1); between knots the map is linear.
    """

    xs: tuple[float, ...]
    ys: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.xs) != len(self.ys) or len(self.xs) < 2:
            raise ValueError("a curve needs at least two knots, as many xs as ys")
        if self.xs[0] != -1.0 or self.xs[-1] != 1.0:
            raise ValueError("a curve's raw values must run from -1 to 1")
        for seq in (self.xs, self.ys):
            if any(seq[i + 1] <= seq[i] for i in range(len(seq) - 1)):
                raise ValueError("a curve's knots must be strictly increasing")
        if self.ys[0] < -1.0 or self.ys[-1] > 1.0:
            raise ValueError("a curve's expected results must lie within -1 .. 1")

    def __call__(self, raw: float) -> float:
        """The expected result for ``raw`` (clamped to -1 .. 1 first)."""
        x = min(1.0, max(-1.0, float(raw)))
        i = min(bisect.bisect_right(self.xs, x), len(self.xs) - 1)
        x0, x1, y0, y1 = self.xs[i - 1], self.xs[i], self.ys[i - 1], self.ys[i]
        return y0 + (y1 - y0) * (x - x0) / (x1 - x0)


def _curve_json(curve: Curve) -> dict:
    return {"xs": list(curve.xs), "ys": list(curve.ys)}


def _curve_of(data: dict) -> Curve:
    return Curve(tuple(data["xs"]), tuple(data["ys"]))


@dataclass(frozen=True)
class EffortCurves:
    """One method's curves at measured efforts (``unit``: ``"nodes"`` a tree for MCTS,
    ``"depth"`` for alpha-beta), efforts strictly increasing and positive."""

    unit: str
    efforts: tuple[float, ...]
    curves: tuple[Curve, ...]

    def __post_init__(self) -> None:
        if len(self.efforts) != len(self.curves) or not self.efforts:
            raise ValueError("effort curves need as many efforts as curves, at least one")
        if self.efforts[0] <= 0 or any(
            b <= a for a, b in zip(self.efforts, self.efforts[1:], strict=False)
        ):
            raise ValueError("efforts must be positive and strictly increasing")

    def __call__(self, raw: float, effort: float) -> float:
        """The expected result for ``raw`` at ``effort``: the curves of the two measured
        efforts around it blended linearly in log(effort); the nearest outside them."""
        efforts = self.efforts
        if effort <= efforts[0]:
            return self.curves[0](raw)
        if effort >= efforts[-1]:
            return self.curves[-1](raw)
        i = bisect.bisect_right(efforts, effort)
        t = math.log(effort / efforts[i - 1]) / math.log(efforts[i] / efforts[i - 1])
        return (1 - t) * self.curves[i - 1](raw) + t * self.curves[i](raw)

    def to_dict(self) -> dict:
        return {"unit": self.unit, "efforts": list(self.efforts),
                "curves": [_curve_json(c) for c in self.curves]}

    @classmethod
    def from_dict(cls, data: dict) -> EffortCurves:
        return cls(str(data["unit"]), tuple(float(e) for e in data["efforts"]),
                   tuple(_curve_of(c) for c in data["curves"]))


@dataclass(frozen=True)
class Calibration:
    """The shipped curves, one per engine (and per effort for some), with their version
    and how they were fitted."""

    version: str
    curves: dict[str, Curve]
    fit: dict  # the fit's settings and its held-out table (see benchmarks/calibrate.py)
    efforts: dict[str, EffortCurves] = field(default_factory=dict)

    def expected(self, engine: str, raw: float, effort: float | None = None) -> float:
        """The expected result for ``raw``, an unproven output of ``engine``'s search at
        ``effort`` (its nodes a tree or depth; None or a method without curves per
        effort: its one curve)."""
        if effort is not None and engine in self.efforts:
            return self.efforts[engine](raw, effort)
        return self.curves[engine](raw)

    def to_json(self) -> str:
        data = {
            "version": self.version,
            "curves": {name: _curve_json(c) for name, c in self.curves.items()},
            "efforts": {name: e.to_dict() for name, e in self.efforts.items()},
            "fit": self.fit,
        }
        return json.dumps(data, indent=1, sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Calibration:
        data = json.loads(text)
        curves = {name: _curve_of(c) for name, c in data["curves"].items()}
        efforts = {name: EffortCurves.from_dict(e)
                   for name, e in data.get("efforts", {}).items()}
        return cls(str(data["version"]), curves, data.get("fit", {}), efforts)


def version_of(curves: dict[str, Curve], efforts: dict[str, EffortCurves]) -> str:
    """A calibration's version: a hash of its curves (changes whenever one does)."""
    body = {n: [c.xs, c.ys] for n, c in curves.items()}
    if efforts:  # calibrations without curves per effort keep their old versions
        body["efforts"] = {n: e.to_dict() for n, e in efforts.items()}
    return "1." + hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:8]


@lru_cache(maxsize=1)
def shipped() -> Calibration:
    """The calibration shipped with the package."""
    return Calibration.from_json(CALIBRATION_PATH.read_text())


def calibrated(engine: str, raw: float, effort: float | None = None) -> float:
    """The expected result (for the same player as ``raw``) of an unproven estimate of
    ``engine``'s search at ``effort`` (:meth:`Calibration.expected`)."""
    return shipped().expected(engine, raw, effort)


def calibration_version() -> str:
    """The shipped calibration's version (part of every cache key of estimates)."""
    return shipped().version


KNOTS = 41  # knots of a fitted curve, evenly spaced from -1 to 1
SLOPES = np.linspace(0.05, 4.0, 80)  # the fit's grid of a (a > 0: strictly increasing)
SHIFTS = np.linspace(-0.5, 0.5, 101)  # ... and of b


def fit_curve(pairs: list[tuple[float, float]]) -> tuple[Curve, float, float]:
    """The curve ``tanh(a * raw + b)`` closest to ``pairs`` (raw, result) in mean squared
    error (the Brier score), over a grid of ``a`` and ``b``; and ``a``, ``b``.

    Two parameters, not one per bin: results of positions from the same game are
    correlated, and a curve with a knot per bin follows that noise (measured in
    ``docs/solver.md``).  The curve is stored as :data:`KNOTS` knots.
    """
    x, y = _arrays(pairs)
    yy = float((y * y).sum())
    errors = np.empty((len(SLOPES), len(SHIFTS)))
    for i, rows, p, product in _grid(x, SLOPES, SHIFTS):
        # mean((p - y)**2) expanded: no difference array to build and square
        pp = np.multiply(p, p, out=product).sum(axis=1)
        errors[i, rows] = (pp - 2 * np.multiply(p, y, out=product).sum(axis=1) + yy) / len(x)
    i, j = np.unravel_index(int(np.argmin(errors)), errors.shape)
    a, b = float(SLOPES[i]), float(SHIFTS[j])
    return tanh_curve(a, b), a, b


def _arrays(pairs: list[tuple[float, float]]) -> tuple[np.ndarray, np.ndarray]:
    """The raw outputs and the results of ``pairs``; at least 20 pairs to fit a curve."""
    if len(pairs) < 20:
        raise ValueError(f"need at least 20 pairs to fit a curve, not {len(pairs)}")
    return (np.array([p[0] for p in pairs], np.float64),
            np.array([p[1] for p in pairs], np.float64))


GRID_BLOCK = 1 << 16  # predictions computed at a time: a few blocks stay in the CPU's cache


def _grid(x: np.ndarray, slopes: np.ndarray, shifts: np.ndarray) -> Iterator[tuple]:
    """The predictions ``tanh(a * x + b)`` over the grid, a block of shifts at a time:
    the slope's index, the shifts' slice, their predictions (a row per shift) and a
    scratch array of the same shape.  The arrays are reused: read each before the next."""
    rows = max(1, GRID_BLOCK // len(x))
    p, scratch = np.empty((rows, len(x))), np.empty((rows, len(x)))
    for i, a in enumerate(slopes):
        ax = a * x
        for start in range(0, len(shifts), rows):
            block = slice(start, min(start + rows, len(shifts)))
            n = block.stop - block.start
            np.tanh(np.add(ax, shifts[block, None], out=p[:n]), out=p[:n])
            yield i, block, p[:n], scratch[:n]


# The curves fitted on independent games (``benchmarks/calibration_check.py``) take two more
# parameters: ``tanh(a * raw + b)`` times ``high`` where it is positive, ``low`` where it is
# negative, the most confident estimates being ``high`` and ``-low``.
WIDE_SLOPES = np.linspace(0.1, 8.0, 80)
WIDE_SHIFTS = np.linspace(-1.5, 1.5, 301)
MIN_SCALE = 0.3


def _least_squares_scale(pp: np.ndarray, py: np.ndarray) -> np.ndarray:
    """The factor (within MIN_SCALE..1) that brings predictions ``p`` closest to ``y``,
    from their sums ``pp`` (of p * p) and ``py`` (of p * y)."""
    return np.clip(py / np.maximum(pp, 1e-12), MIN_SCALE, 1.0)


def fit_scaled_curve(
    pairs: list[tuple[float, float]],
) -> tuple[Curve, float, float, float, float]:
    """The curve :func:`scaled_curve` closest to ``pairs`` in mean squared error: ``a`` and
    ``b`` over a grid, ``high`` and ``low`` (from :data:`MIN_SCALE` to 1) the exact least
    squares for each, rounded to 0.01; and ``a``, ``b``, ``high``, ``low``.  The best of the
    grid whose knots still increase strictly once rounded (a nearly flat or saturated
    curve's do not).

    For independent positions only: one result a game leaves no correlated noise for the
    extra parameters to follow (``docs/solver.md``, *the scaled curves*)."""
    x, y = _arrays(pairs)
    yy = float((y * y).sum())
    errors, highs, lows = (np.empty((len(WIDE_SLOPES), len(WIDE_SHIFTS))) for _ in range(3))
    part = np.empty((max(1, GRID_BLOCK // len(x)), len(x)))  # the positive or negative part

    for i, rows, p, product in _grid(x, WIDE_SLOPES, WIDE_SHIFTS):
        uu, uy = _sums(np.maximum(p, 0.0, out=part[: len(p)]), y, product)
        dd, dy = _sums(np.minimum(p, 0.0, out=part[: len(p)]), y, product)
        high, low = _least_squares_scale(uu, uy), _least_squares_scale(dd, dy)
        highs[i, rows], lows[i, rows] = high, low
        # mean((high * up + low * down - y)**2) from the sums (up * down is 0)
        errors[i, rows] = (high * high * uu + low * low * dd - 2 * (high * uy + low * dy)
                           + yy) / len(x)
    # the best first; a nearly flat or saturated curve whose knots round to equal values
    # is no curve: the next best is taken
    for k in np.argsort(errors, axis=None, kind="stable"):
        i, j = divmod(int(k), len(WIDE_SHIFTS))
        a, b = float(WIDE_SLOPES[i]), float(WIDE_SHIFTS[j])
        high, low = round(float(highs[i][j]), 2), round(float(lows[i][j]), 2)
        try:
            return scaled_curve(a, b, high, low), a, b, high, low
        except ValueError:
            continue
    raise ValueError("no scaled curve fits these pairs")  # not reached: a = 0.1, b = 0 fits


def _sums(q: np.ndarray, y: np.ndarray, product: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row of ``q``: the sums of q * q and of q * y (``product``: scratch, q's shape)."""
    return (np.multiply(q, q, out=product).sum(axis=1),
            np.multiply(q, y, out=product).sum(axis=1))


def scaled_curve(a: float, b: float, high: float, low: float) -> Curve:
    """``tanh(a * raw + b)`` times ``high`` where positive, ``low`` where not, as knots."""
    xs = np.linspace(-1.0, 1.0, KNOTS)
    t = np.tanh(a * xs + b)
    return Curve(tuple(round(float(v), 6) for v in xs),
                 tuple(round(float(v), 6) for v in np.where(t > 0, high * t, low * t)))


def tanh_curve(a: float, b: float) -> Curve:
    """``tanh(a * raw + b)`` as knots (``a`` > 0)."""
    xs = np.linspace(-1.0, 1.0, KNOTS)
    return Curve(tuple(round(float(v), 6) for v in xs),
                 tuple(round(float(v), 6) for v in np.tanh(a * xs + b)))
