"""Balance statistics of a set of games, per configuration (Ludii's evaluation metrics).

``report(games)`` takes any iterable of finished games — :class:`~cernunos_widget.record.tree.Game`
trees (their main line; e.g. ``read_games(path)``) or bot records
(:class:`~cernunos_widget.solver.bots.GameRecord`) — or a mapping ``{name: games}``, and
gives, per configuration:

- **Green's score** (R-1: Green moves first), a win 1, a draw ½ (R-17), a loss 0, with a 95%
  Wilson score interval on that mean;
- the **draw** and **forfeit** (R-15) rates;
- the **game length** in decisions (every decision of RULES.md §6 that was written, effect
  choices included) and in turns (runs of decisions by the side to move, R-13; the final
  placement of R-16 is a turn of its own), as distributions;
- how often a placement hit the **64-activation cap** (R-28, D-9): the games are replayed
  with the engine (``Position.play_with_events``; a ``Game``'s nodes already hold those
  events) and a placement *hit* the cap when the engine emitted its ``cap`` event, i.e. an
  activation was due and did nothing because 64 had started;
- **occupation heatmaps**: for each cell (R-2), how many games ended with it occupied by
  Green, by Purple, or empty (R-4).

Configurations come from the games' headers (``Game.headers``: ``Green``, ``Purple``,
``Rules``) unless a mapping names them. ``BalanceReport.to_dict()`` is the JSON contract of
``cernunos balance --json`` (its keys are listed in ``docs/balance.md``).
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine import CernunosError, Decision, Player, Position
from ..engine.geometry import CELL_NAMES

JSON_VERSION = 1
Z95 = 1.959963984540054  # the two-sided 95% normal quantile


class BalanceError(CernunosError):
    """Input :func:`report` cannot read (not a game, an empty configuration name ...)."""


@dataclass(frozen=True)
class GameLine:
    """One game's main line: its decisions, the positions before each and at the end (when
    already known, else replayed), the events of each decision (when known), its headers."""

    start: Position
    decisions: tuple[Decision, ...]
    headers: Mapping[str, str]
    positions: tuple[Position, ...] | None = None  # len(decisions) + 1, start first
    events: tuple[tuple[Any, ...], ...] | None = None  # per decision

    def walk(self) -> tuple[Position, ...]:
        """The positions before each decision, then the last one (replayed if not known)."""
        if self.positions is not None:
            return self.positions
        out = [self.start]
        for decision in self.decisions:
            out.append(out[-1].play(decision))
        return tuple(out)


def game_line(game: Any) -> GameLine:
    """The main line of a ``Game`` (or anything with ``root`` and ``mainline()``) or of a
    bot's ``GameRecord`` (``start`` and ``decisions``); :class:`BalanceError` otherwise."""
    headers = dict(getattr(game, "headers", None) or {})
    if hasattr(game, "root") and hasattr(game, "mainline"):
        nodes = game.mainline()
        return GameLine(
            game.root.position,
            tuple(n.decision for n in nodes),
            headers,
            (game.root.position, *(n.position for n in nodes)),
            tuple(n.events for n in nodes),
        )
    if isinstance(getattr(game, "start", None), Position) and hasattr(game, "decisions"):
        return GameLine(game.start, tuple(game.decisions), headers)
    raise BalanceError(
        f"a {type(game).__name__} is not a game: expected a Game (e.g. from read_games) "
        "or a GameRecord (from play_game)"
    )


def configuration_name(headers: Mapping[str, str], default: str = "games") -> str:
    """``"greedy vs alphabeta:nodes=100"``, with ``", rules wolf-1"`` for a variant;
    ``default`` when the headers name neither player."""
    green, purple = headers.get("Green", "?"), headers.get("Purple", "?")
    name = f"{green} vs {purple}" if "Green" in headers or "Purple" in headers else default
    rules = headers.get("Rules", "")
    return f"{name}, rules {rules}" if rules and rules != "standard" else name


# ---------------------------------------------------------------------- one game


@dataclass(frozen=True)
class GameFacts:
    """What the report needs from one game."""

    finished: bool
    green_points: float  # 1, 0.5 or 0 (finished games only)
    forfeit: bool
    decisions: int
    turns: int
    capped_placements: int  # placements whose activations hit the R-28 cap
    cells: tuple[str, ...]  # per cell in board order: "g", "p" or "." at the end


def game_facts(line: GameLine) -> GameFacts:
    """Replay ``line`` with the engine and measure it (see the module docstring)."""
    position = line.start
    turns, capped, side = 0, 0, None
    for i, decision in enumerate(line.decisions):
        if position.side != side:  # a new turn (or the final placement, R-16)
            side, turns = position.side, turns + 1
        if line.events is not None and line.positions is not None:
            position, events = line.positions[i + 1], line.events[i]
        else:
            position, events = position.play_with_events(decision)
        capped += any(e.type == "cap" for e in events)  # R-28, D-9
    result = position.result()
    cells = tuple(
        "." if (who := position.occupant(c)) is None else who.letter for c in CELL_NAMES
    )
    if result is None:
        return GameFacts(False, 0.0, False, len(line.decisions), turns, capped, cells)
    points = 0.5 if result.winner is None else float(result.winner == Player.GREEN)
    return GameFacts(True, points, result.forfeit, len(line.decisions), turns, capped, cells)


# ---------------------------------------------------------------------- statistics


def wilson_interval(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a mean ``score`` in [0, 1] over ``n`` games (draws ½)."""
    if n <= 0:
        raise BalanceError("an interval needs at least one game")
    if not 0.0 <= score <= 1.0:
        raise BalanceError(f"a score is between 0 and 1, not {score!r}")
    z2 = z * z
    centre = (score + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(score * (1 - score) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _distribution(values: list[int]) -> dict[str, Any]:
    if not values:
        return {"mean": None, "median": None, "min": None, "max": None, "histogram": {}}
    return {
        "mean": statistics.fmean(values),
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
        "histogram": {str(k): v for k, v in sorted(Counter(values).items())},
    }


@dataclass
class ConfigStats:
    """The statistics of one configuration (see the module docstring)."""

    name: str
    facts: list[GameFacts] = field(default_factory=list)

    @property
    def finished(self) -> list[GameFacts]:
        return [f for f in self.facts if f.finished]

    @property
    def games(self) -> int:
        return len(self.finished)

    @property
    def green_score(self) -> float | None:
        done = self.finished
        return statistics.fmean(f.green_points for f in done) if done else None

    @property
    def interval(self) -> tuple[float, float] | None:
        score = self.green_score
        return None if score is None else wilson_interval(score, self.games)

    def to_dict(self) -> dict[str, Any]:
        done = self.finished
        n = len(done)
        outcomes = Counter(f.green_points for f in done)
        capped_games = sum(1 for f in self.facts if f.capped_placements)
        heat = {c: {"g": 0, "p": 0, ".": 0} for c in CELL_NAMES}
        for f in done:
            for cell, who in zip(CELL_NAMES, f.cells, strict=True):
                heat[cell][who] += 1
        interval = self.interval
        return {
            "name": self.name,
            "games": n,
            "unfinished": len(self.facts) - n,
            "green_wins": outcomes[1.0],
            "draws": outcomes[0.5],
            "purple_wins": outcomes[0.0],
            "forfeits": sum(f.forfeit for f in done),
            "green_score": self.green_score,
            "green_score_95": list(interval) if interval else None,
            "draw_rate": outcomes[0.5] / n if n else None,
            "forfeit_rate": sum(f.forfeit for f in done) / n if n else None,
            "decisions": _distribution([f.decisions for f in self.facts]),
            "turns": _distribution([f.turns for f in self.facts]),
            "cap_games": capped_games,
            "cap_placements": sum(f.capped_placements for f in self.facts),
            "cap_rate": capped_games / len(self.facts) if self.facts else None,
            "cells": {c: [heat[c]["g"], heat[c]["p"], heat[c]["."]] for c in CELL_NAMES},
        }


@dataclass
class BalanceReport:
    """Statistics per configuration, in the order the configurations were first seen."""

    configurations: list[ConfigStats]

    def __getitem__(self, name: str) -> ConfigStats:
        for c in self.configurations:
            if c.name == name:
                return c
        names = ", ".join(repr(c.name) for c in self.configurations)
        raise KeyError(f"no configuration {name!r}: there are {names}")

    def to_dict(self) -> dict[str, Any]:
        """The JSON contract (``docs/balance.md``)."""
        return {
            "version": JSON_VERSION,
            "cells": list(CELL_NAMES),
            "configurations": [c.to_dict() for c in self.configurations],
        }

    def text(self) -> str:
        """A table for people, then each configuration's heatmap of Green's cells."""
        rows = [
            f"{'configuration':<40} {'games':>6} {'Green score (95%)':>22} {'draws':>6} "
            f"{'forfeits':>8} {'decisions':>9} {'turns':>6} {'cap':>5}"
        ]
        for c in self.configurations:
            d = c.to_dict()
            if d["games"]:
                lo, hi = d["green_score_95"]
                score = f"{d['green_score']:.3f} [{lo:.3f}, {hi:.3f}]"
                draws, forfeits = f"{d['draw_rate']:.1%}", f"{d['forfeit_rate']:.1%}"
            else:
                score, draws, forfeits = "-", "-", "-"
            rows.append(
                f"{_cut(c.name, 40):<40} {d['games']:>6} {score:>22} {draws:>6} {forfeits:>8} "
                f"{_mean(d['decisions']):>9} {_mean(d['turns']):>6} {d['cap_games']:>5}"
            )
        rows.append("")
        rows.append("Cells occupied by Green / by Purple at the end (% of games), row 3 on top:")
        for c in self.configurations:
            d = c.to_dict()
            rows.append(f"  {c.name}")
            n = d["games"] or 1
            for r in "321":
                cells = [d["cells"][f"{col}{r}"] for col in "abcd"]
                rows.append(
                    f"    {r}  "
                    + "  ".join(f"{100 * g / n:3.0f}/{100 * p / n:<3.0f}" for g, p, _ in cells)
                )
            rows.append("        " + "".join(f"{col:<9}" for col in "abcd"))
        return "\n".join(row.rstrip() for row in rows)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _mean(dist: dict[str, Any]) -> str:
    return "-" if dist["mean"] is None else f"{dist['mean']:.1f}"


def _check_name(name: object) -> None:
    if not isinstance(name, str) or not name:
        raise BalanceError(f"a configuration name is non-empty text, not {name!r}")


class Accumulator:
    """Builds a report one game at a time (:func:`report` uses it)."""

    def __init__(self) -> None:
        self._configs: dict[str, ConfigStats] = {}

    def add(self, game: Any, name: str | None = None, default: str = "games") -> None:
        """Count ``game`` in configuration ``name`` (default: from its headers, or
        ``default`` when they name no player)."""
        if name is not None:
            _check_name(name)
        line = game_line(game)
        key = name if name is not None else configuration_name(line.headers, default)
        self._configs.setdefault(key, ConfigStats(key)).facts.append(game_facts(line))

    def report(self) -> BalanceReport:
        return BalanceReport(list(self._configs.values()))


def report(games: Iterable[Any] | Mapping[str, Iterable[Any]]) -> BalanceReport:
    """The balance report of ``games`` (streamed: one game in memory at a time), or of
    ``{configuration name: games}``."""
    acc = Accumulator()
    if isinstance(games, Mapping):
        for name, group in games.items():
            _check_name(name)
            for game in group:
                acc.add(game, name)
    else:
        for game in games:
            acc.add(game)
    return acc.report()
