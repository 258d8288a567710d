"""The calibrated scale: what an estimate means.

An estimate is the **expected result** for the player it is shown for: +1 a certain win,
-1 a certain loss, draws 0 (so 0.4 predicts, over many such positions, 70% of the points).
Each search has its own raw output: alpha-beta's heuristic score at its horizon (squashed
by :func:`.values.estimate` to -1 .. 1), MCTS's mean playout outcome.  A *curve* per
engine maps that raw number to the expected result.  The curves are fitted by
``benchmarks/calibrate.py`` on positions from games between strong bots, each continued
to the end (see ``docs/solver.md`` for the set, the fit and the held-out table), and
shipped as package data (``calibration.json``) with a version; caches of estimates include
:data:`CALIBRATION_VERSION` in their keys.

Proven values are never calibrated: a proof is exact (+1 / 0 / -1, and the strong value).
"""

from __future__ import annotations

import bisect
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

CALIBRATION_PATH = Path(__file__).with_name("calibration.json")
STEP = 1e-4  # the smallest rise between two knots: the curves are strictly increasing


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


@dataclass(frozen=True)
class Calibration:
    """The shipped curves, one per engine, with their version and how they were fitted."""

    version: str
    curves: dict[str, Curve]
    fit: dict  # the fit's settings and its held-out table (see benchmarks/calibrate.py)

    def expected(self, engine: str, raw: float) -> float:
        """The expected result for ``raw``, an unproven output of ``engine``'s search."""
        return self.curves[engine](raw)

    def to_json(self) -> str:
        data = {
            "version": self.version,
            "curves": {
                name: {"xs": list(c.xs), "ys": list(c.ys)} for name, c in self.curves.items()
            },
            "fit": self.fit,
        }
        return json.dumps(data, indent=1, sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Calibration:
        data = json.loads(text)
        curves = {
            name: Curve(tuple(c["xs"]), tuple(c["ys"])) for name, c in data["curves"].items()
        }
        return cls(str(data["version"]), curves, data.get("fit", {}))


@lru_cache(maxsize=1)
def shipped() -> Calibration:
    """The calibration shipped with the package."""
    return Calibration.from_json(CALIBRATION_PATH.read_text())


def calibrated(engine: str, raw: float) -> float:
    """The expected result (for the same player as ``raw``) of an unproven estimate."""
    return shipped().expected(engine, raw)


def calibration_version() -> str:
    """The shipped calibration's version (part of every cache key of estimates)."""
    return shipped().version


def fit_curve(pairs: list[tuple[float, float]], groups: int = 20) -> Curve:
    """A curve through ``pairs`` (raw, result): equal-count groups, then isotonic.

    The pairs are sorted by raw value and cut into ``groups`` groups of (nearly) equal
    size; each group gives a knot (mean raw, mean result); the pool-adjacent-violators
    algorithm makes the results non-decreasing (weighted by group size), a rise of at
    least :data:`STEP` makes them strictly increasing, and the ends are pinned to (-1, -1)
    and (1, 1) (a raw certainty stays one).
    """
    if len(pairs) < groups:
        raise ValueError(f"need at least {groups} pairs to fit a curve, not {len(pairs)}")
    ordered = sorted(pairs)
    size = len(ordered) / groups
    blocks: list[list[float]] = []  # [weight, mean raw, mean result]
    for g in range(groups):
        part = ordered[round(g * size) : round((g + 1) * size)]
        xs = [x for x, _ in part]
        ys = [y for _, y in part]
        blocks.append([len(part), sum(xs) / len(xs), sum(ys) / len(ys)])
    pooled: list[list[float]] = []  # [weight, weighted raw sum, weighted result sum, knots]
    for w, x, y in blocks:
        pooled.append([w, w * x, w * y, 1])
        while len(pooled) > 1 and pooled[-2][2] / pooled[-2][0] > pooled[-1][2] / pooled[-1][0]:
            last = pooled.pop()
            for k in range(4):
                pooled[-1][k] += last[k]
    knots_x, knots_y = [-1.0], [-1.0]
    for w, sx, sy, _ in pooled:
        x, y = sx / w, sy / w
        if x <= knots_x[-1] + STEP or x >= 1.0 - STEP:
            continue
        knots_x.append(x)
        knots_y.append(y)
    knots_x.append(1.0)
    knots_y.append(1.0)
    ys = _strictly_rising(knots_y)
    return Curve(tuple(round(x, 6) for x in knots_x), tuple(round(y, 6) for y in ys))


def _strictly_rising(ys: list[float]) -> list[float]:
    """``ys`` (ends -1 and 1) with every rise at least :data:`STEP`, inner knots kept inside."""
    out = list(ys)
    for i in range(1, len(out) - 1):
        out[i] = max(out[i], out[i - 1] + STEP)
    for i in range(len(out) - 2, 0, -1):
        out[i] = min(out[i], out[i + 1] - STEP)
    return out
