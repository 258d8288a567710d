"""The course: lessons read from ``lessons.json`` (both languages in one file), checked.

Each lesson teaches one idea (its ``rules``: R-n numbers) with a few exercises; an exercise
is a position (CPN), a goal (:mod:`.goals`), a hint (decisions that meet the goal and words)
and an explanation citing the rule. A damaged file raises :class:`LessonError` naming the
lesson, the exercise and the field.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..engine import CernunosError, Position
from ..engine.errors import clip
from ..engine.jsonfile import loads, read_regular
from .goals import LANGUAGES, Goal, GoalError, Text

COURSE_FILE = Path(__file__).with_name("lessons.json")
FORMAT = 1
MAX_FILE_BYTES = 1_000_000
MAX_TEXT = 600  # characters in one text
_NAME = re.compile(r"[a-z][a-z0-9-]{0,30}")
_RULE = re.compile(r"[RD]-\d{1,2}")


class LessonError(CernunosError):
    """A lessons file that cannot be read, or a lesson that does not exist."""


@dataclass(frozen=True)
class Hint:
    """Decisions (their texts, space-separated) that meet the goal, and words about them."""

    decisions: str
    text: Text


@dataclass(frozen=True)
class Exercise:
    """A position to play from, the goal to meet, a hint, and why (citing the rule)."""

    cpn: str
    goal: Goal
    hint: Hint
    explanation: Text

    @property
    def position(self) -> Position:
        return Position.from_cpn(self.cpn)

    def to_data(self) -> dict:
        return {
            "cpn": self.cpn,
            "goal": {**self.goal.to_data(), "text": dict(self.goal.text)},
            "hint": {"decisions": self.hint.decisions, "text": dict(self.hint.text)},
            "explanation": dict(self.explanation),
        }


@dataclass(frozen=True)
class Lesson:
    """One idea of the rules, taught by a few exercises."""

    name: str
    rules: tuple[str, ...]
    title: Text
    intro: Text
    exercises: tuple[Exercise, ...]

    def __len__(self) -> int:
        return len(self.exercises)

    def to_data(self) -> dict:
        return {
            "name": self.name,
            "rules": list(self.rules),
            "title": dict(self.title),
            "intro": dict(self.intro),
            "exercises": [e.to_data() for e in self.exercises],
        }


def _text(value: object, where: str) -> Text:
    if not isinstance(value, dict) or set(value) != set(LANGUAGES):
        raise LessonError(
            f"{where}: a text in each language ({', '.join(LANGUAGES)}), not {clip(value)}"
        )
    for language, words in value.items():
        if not isinstance(words, str) or not words.strip() or len(words) > MAX_TEXT:
            raise LessonError(
                f"{where}.{language}: a text of 1 to {MAX_TEXT} characters, not {clip(words)}"
            )
    return Text(value)


def _object(value: object, where: str, keys: set[str]) -> dict:
    if not isinstance(value, dict) or set(value) != keys:
        got = sorted(value) if isinstance(value, dict) else clip(value)
        raise LessonError(f"{where}: an object with {', '.join(sorted(keys))}, not {got}")
    return value


def _exercise(value: object, where: str) -> Exercise:
    f = _object(value, where, {"cpn", "goal", "hint", "explanation"})
    try:
        position = Position.from_cpn(f["cpn"]) if isinstance(f["cpn"], str) else None
    except CernunosError as error:
        raise LessonError(f"{where}.cpn: {error}") from None
    if position is None:
        raise LessonError(f"{where}.cpn: a CPN string, not {clip(f['cpn'])}")
    goal = f["goal"]
    if not isinstance(goal, dict) or "text" not in goal:
        raise LessonError(f"{where}.goal: an object with within, test and text, not {clip(goal)}")
    try:
        data = {k: v for k, v in goal.items() if k != "text"}
        parsed = Goal.from_data(data, _text(goal["text"], f"{where}.goal.text"), f"{where}.goal")
    except GoalError as error:
        raise LessonError(str(error)) from None
    hint = _object(f["hint"], f"{where}.hint", {"decisions", "text"})
    if not isinstance(hint["decisions"], str) or not hint["decisions"].split():
        raise LessonError(
            f"{where}.hint.decisions: decision texts (B@b2 c2 ...), not {clip(hint['decisions'])}"
        )
    return Exercise(
        position.cpn(),
        parsed,
        Hint(hint["decisions"], _text(hint["text"], f"{where}.hint.text")),
        _text(f["explanation"], f"{where}.explanation"),
    )


def _lesson(value: object, where: str) -> Lesson:
    f = _object(value, where, {"name", "rules", "title", "intro", "exercises"})
    name = f["name"]
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise LessonError(f"{where}.name: lowercase letters, digits and '-', not {clip(name)}")
    rules = f["rules"]
    if (
        not isinstance(rules, list)
        or not rules
        or not all(isinstance(r, str) and _RULE.fullmatch(r) for r in rules)
    ):
        raise LessonError(
            f"{where}.rules: a list of rule numbers (R-11, D-4 ...), not {clip(rules)}"
        )
    exercises = f["exercises"]
    if not isinstance(exercises, list) or not 1 <= len(exercises) <= 8:
        raise LessonError(f"{where}.exercises: a list of 1 to 8 exercises, not {clip(exercises)}")
    here = f"lesson {name!r}"
    return Lesson(
        name,
        tuple(rules),
        _text(f["title"], f"{here}.title"),
        _text(f["intro"], f"{here}.intro"),
        tuple(_exercise(e, f"{here} exercise {i + 1}") for i, e in enumerate(exercises)),
    )


def parse(data: object, source: str = "lessons") -> tuple[Lesson, ...]:
    """The lessons of a course's data (the JSON file's value); :class:`LessonError` if damaged."""
    if (
        not isinstance(data, dict)
        or data.get("format") != FORMAT
        or set(data) != {"format", "lessons"}
    ):
        raise LessonError(f'{source}: an object {{"format": {FORMAT}, "lessons": [...]}}')
    lessons = data["lessons"]
    if not isinstance(lessons, list) or not lessons:
        raise LessonError(f"{source}: lessons is a non-empty list")
    out = tuple(_lesson(value, f"{source}: lesson {i + 1}") for i, value in enumerate(lessons))
    names = [lesson.name for lesson in out]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise LessonError(f"{source}: lesson names appear twice: {', '.join(twice)}")
    return out


def read(path: str | Path) -> tuple[Lesson, ...]:
    """The lessons of a course file (UTF-8 JSON, at most 1 MB)."""
    path = Path(path)
    try:
        raw = read_regular(path, MAX_FILE_BYTES)
        if len(raw) > MAX_FILE_BYTES:
            raise LessonError(f"{path}: larger than {MAX_FILE_BYTES:,} bytes")
        data = loads(raw.decode("utf-8"))
    except OSError as error:
        raise LessonError(f"{path}: cannot be read ({error.strerror or error})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise LessonError(f"{path}: not UTF-8 JSON ({error})") from None
    return parse(data, str(path))


@lru_cache(maxsize=1)
def load() -> tuple[Lesson, ...]:
    """The package's course (``lessons.json``), read once."""
    return read(COURSE_FILE)


def lesson(name: str) -> Lesson:
    """The course's lesson ``name``; :class:`LessonError` naming the lessons there are."""
    for found in load():
        if found.name == name:
            return found
    names = ", ".join(found.name for found in load())
    raise LessonError(f"no lesson {clip(name)}: the lessons are {names}")
