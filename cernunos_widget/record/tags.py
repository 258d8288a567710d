"""The tags a study's chapters carry (issue #33): ``[Chapter]``, ``[Mode]``, ``[Student]``,
``[Goal]``, read and checked with every game's tags, so a bad value is refused where it is
written (a :class:`.GameFileError` naming the line, in a file).

- ``[Chapter "title"]``: any text;
- ``[Mode "normal" | "conceal" | "interactive" | "practice"]``: how the chapter plays
  (``normal`` when absent);
- ``[Student "Green" | "Purple"]``: the side the reader plays in ``interactive`` and
  ``practice`` (absent: the player to decide at the start);
- ``[Goal "<JSON>"]``: the lessons' goal (:mod:`..lessons.goals`) as JSON,
  ``{"within": 3, "test": {"owns": "c2"}, "text": {"en": "...", "fr": "..."}}``;
  ``text`` may be one string for both languages, or left out.

A game without these tags reads as before.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from ..engine import CernunosError, Player
from ..engine.errors import clip
from ..engine.jsonfile import loads
from ..i18n import LANGUAGES, Message, text
from ..lessons.goals import Goal, Text
from .text import GameTextError

MODES = ("normal", "conceal", "interactive", "practice")
STUDENTS = {player.title: player for player in Player}
MAX_GOAL = 4000  # characters of a [Goal] tag's JSON
MAX_GOAL_TEXT = 600  # characters of its text, in one language


def check_tags(headers: Mapping[str, str], where: Mapping[str, int]) -> None:
    """Refuse a study tag whose value is not one the tag takes: a :class:`GameTextError`
    at the tag (``where``: each tag's offset in the game text), in the catalogues' words."""
    for name, read in (("Mode", mode_of), ("Student", student_of), ("Goal", goal_of)):
        if name in headers:
            try:
                read(headers)
            except CernunosError as e:
                words = Message(
                    f"record.tag_{name.lower()}", {"value": clip(headers[name]), "reason": str(e)}
                )
                raise GameTextError(words.text(), where.get(name)).said(words) from None


def mode_of(headers: Mapping[str, str]) -> str:
    """The chapter's mode: ``[Mode]``, or ``normal``."""
    mode = headers.get("Mode", "normal")
    if mode not in MODES:
        raise GameTextError(f"a mode is {', '.join(MODES)}")
    return mode


def student_of(headers: Mapping[str, str]) -> Player | None:
    """The side ``[Student]`` names, or None."""
    if "Student" not in headers:
        return None
    student = STUDENTS.get(headers["Student"])
    if student is None:
        raise GameTextError(f"the student is {' or '.join(STUDENTS)}")
    return student


def goal_of(headers: Mapping[str, str]) -> Goal | None:
    """The goal ``[Goal]`` holds, or None."""
    raw = headers.get("Goal")
    if raw is None:
        return None
    if len(raw) > MAX_GOAL:
        raise GameTextError(f"more than {MAX_GOAL} characters")
    try:
        data = loads(raw)
    except json.JSONDecodeError as e:
        raise GameTextError(f"not JSON: {e.msg} at character {e.pos + 1}") from None
    if not isinstance(data, dict):
        raise GameTextError("not a JSON object")
    fields = {k: v for k, v in data.items() if k != "text"}
    return Goal.from_data(fields, _goal_text(data.get("text")), "goal")


def goal_tag(goal: Goal) -> str:
    """The ``[Goal]`` value of ``goal`` (its text included)."""
    data = {**goal.to_data(), "text": dict(goal.text)}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _goal_text(value: object) -> Text:
    if value is None:
        return Text({language: text("record.goal", language) for language in LANGUAGES})
    if isinstance(value, str):
        value = dict.fromkeys(LANGUAGES, value)
    if not isinstance(value, dict) or set(value) != set(LANGUAGES):
        languages = ", ".join(LANGUAGES)
        raise GameTextError(f"a goal's text is a string or one in each language ({languages})")
    for words in value.values():
        if not isinstance(words, str) or not words.strip() or len(words) > MAX_GOAL_TEXT:
            raise GameTextError(f"a goal's text has 1 to {MAX_GOAL_TEXT} characters")
    return Text(value)
