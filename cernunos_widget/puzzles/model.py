"""A puzzle as data: the position, its steps, each wrong try's proven refutation.

The stored shape (``puzzles.json``, a list of these objects; docs/puzzles.md)::

    {"id", "cpn", "rules" (absent: standard), "decider": "g"|"p", "tokens", "rating",
     "depth", "decoys", "themes": [...], "line": [the proof's decision tokens],
     "steps": [{"cpn": position before (null mid-effect), "play": token,
                "by": "decider"|"opponent",
                "refutations": {wrong token: {"result": "draw"|"loss",
                                              "line": [tokens after it]}}}]}

``refutations`` is on the decider's steps only.  The steps run from the puzzle's position
along ``line`` while the decider has exactly one winning decision (RULES.md R-27: a step is
one decision: a placement, a pass, an effect's choice).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import CernunosError, Decision, Player, Position
from ..engine.errors import clip
from ..i18n import text

RESULTS = ("draw", "loss")  # what a wrong try gives the decider
BY = ("decider", "opponent")


class PuzzleError(CernunosError):
    """A puzzle (or puzzle file) that is not of the stored shape, or names no puzzle."""


@dataclass(frozen=True)
class Refutation:
    """Why a wrong try fails: its proven result for the decider and a line proving it."""

    result: str  # 'draw' or 'loss'
    line: tuple[str, ...]  # the decisions after the wrong try, best play to the end


@dataclass(frozen=True)
class Step:
    """One decision of the solution, by the decider (with its refutations) or the opponent."""

    cpn: str | None  # the position before it; None in the middle of an effect (no CPN)
    play: str
    by: str  # 'decider' or 'opponent'
    refutations: dict[str, Refutation] = field(default_factory=dict)


@dataclass(frozen=True)
class Puzzle:
    """A position whose decider has exactly one decision keeping a proven win."""

    id: str
    cpn: str
    decider: str  # 'g' or 'p'
    tokens: int  # tokens left in both reserves
    rating: int
    depth: int  # the proof line's length, in decisions
    decoys: int  # other decisions a shallow search scores above the solution
    themes: tuple[str, ...]
    line: tuple[str, ...]
    steps: tuple[Step, ...]
    rules: str | None = None  # None: the standard rules

    @property
    def solution(self) -> str:
        """The key decision: the decider's first step."""
        return self.steps[0].play

    @property
    def position(self) -> Position:
        return Position.from_cpn(self.cpn, self.rules)

    @property
    def player(self) -> Player:
        return Player.from_letter(self.decider)

    def title(self, language: str = "en") -> str:
        """``Green to play and win`` (``Vert joue et gagne`` in French)."""
        player = text(f"player.{self.decider}", language)
        return text("puzzle.to_play", language, player=player)

    def to_dict(self) -> dict:
        out: dict = {"id": self.id, "cpn": self.cpn}
        if self.rules is not None:
            out["rules"] = self.rules
        out |= {
            "decider": self.decider,
            "tokens": self.tokens,
            "rating": self.rating,
            "depth": self.depth,
            "decoys": self.decoys,
            "themes": list(self.themes),
            "line": list(self.line),
            "steps": [_step_dict(s) for s in self.steps],
        }
        return out

    @classmethod
    def from_dict(cls, data: object) -> Puzzle:
        """The puzzle stored as ``data``; :class:`PuzzleError` naming what is wrong."""
        d = _mapping(data, "a puzzle")
        name = f"puzzle {clip(d.get('id'))}"
        steps = tuple(_step(s, name) for s in _list(d, "steps", name))
        puzzle = cls(
            id=_text(d, "id", name),
            cpn=_text(d, "cpn", name),
            decider=_choice(d, "decider", ("g", "p"), name),
            tokens=_int(d, "tokens", name),
            rating=_int(d, "rating", name),
            depth=_int(d, "depth", name),
            decoys=_int(d, "decoys", name),
            themes=tuple(_texts(d, "themes", name)),
            line=tuple(_texts(d, "line", name)),
            steps=steps,
            rules=_text(d, "rules", name) if "rules" in d else None,
        )
        if not steps or steps[0].by != "decider":
            raise PuzzleError(f"{name}: its first step is the decider's")
        return puzzle


def _step_dict(step: Step) -> dict:
    out: dict = {"cpn": step.cpn, "play": step.play, "by": step.by}
    if step.by == "decider":
        out["refutations"] = {
            k: {"result": r.result, "line": list(r.line)} for k, r in step.refutations.items()
        }
    return out


def _step(data: object, name: str) -> Step:
    d = _mapping(data, f"{name}: a step")
    cpn = d.get("cpn")
    if cpn is not None and not isinstance(cpn, str):
        raise PuzzleError(f"{name}: a step's cpn is a CPN string or null, not {clip(cpn)}")
    by = _choice(d, "by", BY, name)
    refutations: dict[str, Refutation] = {}
    if by == "decider":
        for token, r in _mapping(d.get("refutations"), f"{name}: refutations").items():
            r = _mapping(r, f"{name}: a refutation")
            refutations[token] = Refutation(
                _choice(r, "result", RESULTS, name), tuple(_texts(r, "line", name))
            )
    Decision.parse(_text(d, "play", name))  # a well-formed token, else DecisionSyntaxError
    return Step(cpn, d["play"], by, refutations)


def _mapping(value: object, what: str) -> dict:
    if not isinstance(value, dict):
        raise PuzzleError(f"{what} is a JSON object, not {clip(value)}")
    return value


def _list(d: dict, key: str, name: str) -> list:
    value = d.get(key)
    if not isinstance(value, list):
        raise PuzzleError(f"{name}: {key!r} is a list, not {clip(value)}")
    return value


def _texts(d: dict, key: str, name: str) -> list[str]:
    values = _list(d, key, name)
    if not all(isinstance(v, str) for v in values):
        raise PuzzleError(f"{name}: {key!r} is a list of strings, not {clip(values)}")
    return values


def _text(d: dict, key: str, name: str) -> str:
    value = d.get(key)
    if not isinstance(value, str) or not value:
        raise PuzzleError(f"{name}: {key!r} is a non-empty string, not {clip(value)}")
    return value


def _int(d: dict, key: str, name: str) -> int:
    value = d.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PuzzleError(f"{name}: {key!r} is an int from 0, not {clip(value)}")
    return value


def _choice(d: dict, key: str, accepted: tuple[str, ...], name: str) -> str:
    value = d.get(key)
    if value not in accepted:
        shown = " or ".join(repr(a) for a in accepted)
        raise PuzzleError(f"{name}: {key!r} is {shown}, not {clip(value)}")
    return value
