"""The lessons' goal language: a condition on the position a try reaches, judged by the engine.

A goal is data (``docs/lessons.md``)::

    {"within": 1, "test": {"owns": "c2"}}

``within`` counts *steps*: a step is a placement with every effect it set off, or a growth
choice (R-13, R-14); a step ends when the position is back between placements (it has a
CPN again). After each step the test is read on the position reached (and the events of the
whole try): met, the exercise is solved; not met after ``within`` steps (or at the end of
the game), the try failed, and the verdict says in plain words, in English and French,
which part of the test is not met. "You" is the player to decide at the exercise's start.

Tests (each a one-key object): ``owns`` a cell; ``empty`` a cell; ``top`` {cell, token} (a
CPN letter: case is the owner); ``power`` {cell, at_least | at_most} (R-9, R-10); ``height`` {cell,
at_least}; ``cells`` {at_least} (the cells you occupy, R-17); ``event`` a type (push, swap,
raise, burn, grow); ``phase`` "L" (the final placement began, R-16); ``result`` "win" or
"forfeit" (R-15, R-17); ``all`` / ``any`` [tests]. ``js/goals.js`` mirrors this
module (checked against vectors it writes: tests/js/make_lesson_vectors.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..engine import CELL_NAMES, CernunosError, Event, Player, Position
from ..engine.errors import clip
from ..engine.tokens import KIND_LETTERS
from ..i18n import LANGUAGES, Message, text

EVENT_TYPES = ("push", "swap", "raise", "burn", "grow")
MAX_STEPS = 8  # a goal judged after at most this many steps
MAX_DEPTH = 4  # all/any nested at most so deep


class GoalError(CernunosError):
    """A goal that is not one of the goal language's forms (``docs/lessons.md``)."""


class Text(dict):
    """A text in each language: ``Text(en=..., fr=...)``; ``text("fr")`` picks one."""

    def __call__(self, language: str = "en") -> str:
        if language not in LANGUAGES:
            raise GoalError(f"unknown language {clip(language)}: use one of {', '.join(LANGUAGES)}")
        return self[language]


# ---------------------------------------------------------------------- words
# The reasons' sentences are the catalogues' "lesson.reason.*" (cernunos_widget/i18n).


def say(key: str, **params: object) -> Text:
    """The reason ``key`` in each language; a :class:`Text` parameter gives its own language's
    words, a :class:`Message` is put in the same language."""
    return Text(
        {
            language: text(
                f"lesson.reason.{key}",
                language,
                **{k: v[language] if isinstance(v, Text) else v for k, v in params.items()},
            )
            for language in LANGUAGES
        }
    )


def token_words(letter: str) -> Message:
    """A token named from its CPN letter: "Purple's Wolf", "le Loup violet"."""
    kind = Message(f"lesson.the_kind.{letter.upper()}")
    return Message(f"lesson.token.{'g' if letter.isupper() else 'p'}", {"kind": kind})


# ---------------------------------------------------------------------- the language


def _cell(value: object, where: str) -> str:
    if not isinstance(value, str) or value not in CELL_NAMES:
        raise GoalError(f"{where}: the cell is one of a1 ... d3, not {clip(value)}")
    return value


def _count(value: object, where: str, low: int = -64, high: int = 64) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise GoalError(f"{where}: a whole number from {low} to {high}, not {clip(value)}")
    return value


def _fields(value: object, where: str, required: set, optional: set = frozenset()) -> dict:
    if not isinstance(value, dict):
        raise GoalError(f"{where}: an object with {', '.join(sorted(required))}, not {clip(value)}")
    keys = set(value)
    if not required <= keys or not keys <= required | optional:
        accepted = ", ".join(sorted(required) + [f"{k} (optional)" for k in sorted(optional)])
        raise GoalError(f"{where}: the fields are {accepted}, not {', '.join(sorted(keys))}")
    return value


def check_test(test: object, where: str = "test", depth: int = 0) -> dict:
    """``test`` if it is a test of the goal language; :class:`GoalError` naming what is wrong."""
    if not isinstance(test, dict) or len(test) != 1:
        got = sorted(test) if isinstance(test, dict) else clip(test)
        raise GoalError(
            f"{where}: a test is an object with one key ({', '.join(TESTS)}), not {got}"
        )
    (name, value), = test.items()  # fmt: skip
    here = f"{where}.{name}"
    if name in ("owns", "empty"):
        _cell(value, here)
    elif name == "top":
        f = _fields(value, here, {"cell", "token"})
        _cell(f["cell"], here)
        if (
            not isinstance(f["token"], str)
            or len(f["token"]) != 1
            or f["token"].upper() not in KIND_LETTERS
        ):
            raise GoalError(f"{here}: the token is a CPN letter (TBDWSXCF, lowercase for Purple), "
                            f"not {clip(f['token'])}")  # fmt: skip
    elif name == "power":
        f = _fields(value, here, {"cell"}, {"at_least", "at_most"})
        _cell(f["cell"], here)
        if ("at_least" in f) == ("at_most" in f):
            raise GoalError(f"{here}: give one of at_least and at_most")
        _count(f.get("at_least", f.get("at_most")), here)
    elif name in ("height", "cells"):
        f = _fields(value, here, {"cell", "at_least"} if name == "height" else {"at_least"})
        if name == "height":
            _cell(f["cell"], here)
        _count(f["at_least"], here, 1, 64 if name == "height" else 12)
    elif name == "event":
        if value not in EVENT_TYPES:
            raise GoalError(f"{here}: one of {', '.join(EVENT_TYPES)}, not {clip(value)}")
    elif name == "phase":
        if value != "L":
            raise GoalError(f'{here}: "L" (the final placement, R-16), not {clip(value)}')
    elif name == "result":
        if value not in ("win", "forfeit"):
            raise GoalError(f'{here}: "win" or "forfeit", not {clip(value)}')
    elif name in ("all", "any"):
        if depth >= MAX_DEPTH:
            raise GoalError(f"{here}: all/any nested more than {MAX_DEPTH} deep")
        if not isinstance(value, list) or not 1 <= len(value) <= 8:
            raise GoalError(f"{here}: a list of 1 to 8 tests, not {clip(value)}")
        for i, part in enumerate(value):
            check_test(part, f"{here}[{i}]", depth + 1)
    else:
        raise GoalError(f"{where}: unknown test {clip(name)}: use one of {', '.join(TESTS)}")
    return test


TESTS = (
    "owns",
    "empty",
    "top",
    "power",
    "height",
    "cells",
    "event",
    "phase",
    "result",
    "all",
    "any",
)


@dataclass(frozen=True)
class Goal:
    """A test judged after each step of a try, for at most ``within`` steps."""

    within: int
    test: dict
    text: Text

    @classmethod
    def from_data(cls, data: object, text: Text, where: str = "goal") -> Goal:
        f = _fields(data, where, {"within", "test"})
        within = _count(f["within"], f"{where}.within", 1, MAX_STEPS)
        return cls(within, check_test(f["test"], f"{where}.test"), text)

    def to_data(self) -> dict:
        return {"within": self.within, "test": self.test}


@dataclass(frozen=True)
class Verdict:
    """How a try stands: ``status`` solved, failed or pending; ``steps`` completed;
    ``reasons`` (a failed try: what is not met, each a :class:`Text`)."""

    status: str
    steps: int
    reasons: tuple[Text, ...] = ()

    def to_data(self) -> dict:
        return {
            "status": self.status,
            "steps": self.steps,
            "reasons": [dict(r) for r in self.reasons],
        }


# ---------------------------------------------------------------------- judging


def unmet(test: dict, position: Position, events: Sequence[Event], you: Player) -> list[Text]:
    """What of ``test`` the position (and the try's ``events``) does not meet; [] if met."""
    (name, value), = test.items()  # fmt: skip
    if name == "owns":
        top = position.top(value)
        if top is None:
            return [say("owns_empty", cell=value)]
        return (
            []
            if top.owner == you
            else [say("owns_theirs", cell=value, token=token_words(top.letter))]
        )
    if name == "empty":
        top = position.top(value)
        return [] if top is None else [say("not_empty", cell=value, token=token_words(top.letter))]
    if name == "top":
        top, wanted = position.top(value["cell"]), token_words(value["token"])
        if top is None:
            return [say("top_empty", cell=value["cell"], wanted=wanted)]
        if top.letter == value["token"]:
            return []
        return [say("top_other", cell=value["cell"], token=token_words(top.letter), wanted=wanted)]
    if name == "power":
        info = position.power(value["cell"])
        if info is None:
            return [say("power_empty", cell=value["cell"])]
        low, high = value.get("at_least"), value.get("at_most")
        if (low is not None and info.total < low) or (high is not None and info.total > high):
            key, n = ("power_at_least", low) if low is not None else ("power_at_most", high)
            token = token_words(info.token.letter)
            return [say(key, token=token, cell=value["cell"], value=info.total, n=n)]
        return []
    if name == "height":
        height = len(position.stack(value["cell"]))
        ok = height >= value["at_least"]
        return [] if ok else [say("height", cell=value["cell"], value=height, n=value["at_least"])]
    if name == "cells":
        mine = sum(position.occupant(c) == you for c in CELL_NAMES)
        return [] if mine >= value["at_least"] else [say("cells", value=mine, n=value["at_least"])]
    if name == "event":
        return [] if any(e.type == value for e in events) else [say(f"event_{value}")]
    if name == "phase":
        return [] if position.phase == value else [say("phase_L")]
    if name == "result":
        return _result_unmet(value, position, you)
    parts = [unmet(t, position, events, you) for t in value]
    if name == "all":
        return [reason for part in parts for reason in part]
    if all(parts):
        joined = {lang: " ".join(r[lang] for part in parts for r in part) for lang in LANGUAGES}
        return [say("none", parts=Text(joined))]
    return []


def _result_unmet(value: str, position: Position, you: Player) -> list[Text]:
    result = position.result()
    if result is None:
        return [say("not_over")]
    if value == "forfeit":
        return [] if result.forfeit and result.winner == you else [say("no_forfeit")]
    if result.winner == you:
        return []
    if result.forfeit:
        return [say("lost_forfeit")]
    return [say("not_won", mine=result.cells[you], theirs=result.cells[1 - you])]


def judge(
    goal: Goal,
    start: Position,
    line: Iterable[tuple[Position, Sequence[Event]]],
    you: Player | None = None,
) -> Verdict:
    """The verdict on a try: ``line`` is each decision's resulting position and events, from
    ``start`` (the exercise's position) on; "you" is ``you`` (default: the player to decide
    at the start; a study's practice chapter names its student)."""
    if you is None:
        you = start.decider
    events: list[Event] = []
    steps = 0
    for position, caused in line:
        events.extend(caused)
        if not (position.at_boundary or position.is_over):
            continue
        steps += 1
        reasons = unmet(goal.test, position, events, you)
        if not reasons:
            return Verdict("solved", steps)
        if steps >= goal.within or position.is_over:
            return Verdict("failed", steps, tuple(reasons))
    return Verdict("pending", steps)


def judge_decisions(goal: Goal, start: Position, decisions: Iterable[str]) -> Verdict:
    """:func:`judge` of the decisions' texts played from ``start`` (an illegal one raises)."""

    def line():
        position = start
        for decision in decisions:
            step = position.step(decision)
            position = step.position
            yield step.position, step.events

    return judge(goal, start, line())


def met_at_start(goal: Goal, start: Position) -> bool:
    """Whether the exercise's own position already meets its goal's test (it must not)."""
    return not unmet(goal.test, start, (), start.decider)
