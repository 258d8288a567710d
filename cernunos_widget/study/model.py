"""A study and its chapters: :class:`Study` is a list of :class:`Chapter`, each a game tree
and how it plays.

A chapter's settings live in its game's tags (``record/tags.py``): ``[Chapter]`` its title,
``[Mode]``, ``[Student]``, ``[Goal]``; the attributes read and write those tags, each
checked, so what is saved is what was set and a study file reads back equal.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterable
from pathlib import Path

from ..engine import CernunosError, Player
from ..engine.errors import clip
from ..i18n import check_language
from ..lessons.goals import Goal
from ..puzzles import Puzzle
from ..puzzles import read as read_puzzles
from ..record import Game, format_game, read_games, write_games
from ..record.destination import shown
from ..record.tags import MODES, STUDENTS, goal_of, goal_tag, mode_of, student_of
from .puzzle_chapters import puzzle_game

__all__ = ["MODES", "Chapter", "Study", "StudyError"]

MAX_TITLE = 200  # characters of a chapter's title


class StudyError(CernunosError):
    """A study or chapter setting that is not one the study takes."""


class Chapter:
    """One game of a study and how it plays: ``title``, ``mode`` (one of :data:`MODES`),
    ``student`` (the side the reader plays in ``interactive`` and ``practice``; None: the
    player to decide at the start, :attr:`side`) and ``goal`` (``practice``'s success, a
    :class:`.lessons.Goal`)."""

    def __init__(
        self,
        game: Game,
        title: str | None = None,
        mode: str | None = None,
        student: Player | str | None = None,
        goal: Goal | dict | None = None,
    ) -> None:
        if not isinstance(game, Game):
            raise StudyError(f"a chapter holds a Game (cernunos_widget.record), not {clip(game)}")
        self.game = game
        for read in (mode_of, student_of, goal_of):  # the tags a game was made with
            try:
                read(game.headers)
            except CernunosError as e:
                raise StudyError(f"the game's tags: {e}") from None
        for name, value in (("title", title), ("mode", mode), ("student", student)):
            if value is not None:
                setattr(self, name, value)
        if goal is not None:
            self.goal = goal

    @property
    def title(self) -> str:
        """The chapter's title (``[Chapter]``); "" when it has none."""
        return self.game.headers.get("Chapter", "")

    @title.setter
    def title(self, title: str) -> None:
        if not isinstance(title, str) or len(title) > MAX_TITLE or any(c in title for c in "\r\n"):
            raise StudyError(
                f"a chapter's title is one line of at most {MAX_TITLE} characters, "
                f"not {clip(title)}"
            )
        self._set("Chapter", title or None)

    @property
    def mode(self) -> str:
        """How the chapter plays: normal, conceal, interactive or practice."""
        return mode_of(self.game.headers)

    @mode.setter
    def mode(self, mode: str) -> None:
        if mode not in MODES:
            raise StudyError(f"a chapter's mode is one of {', '.join(MODES)}, not {clip(mode)}")
        self._set("Mode", mode)

    @property
    def student(self) -> Player | None:
        """The side the reader plays (``[Student]``), or None."""
        return student_of(self.game.headers)

    @student.setter
    def student(self, student: Player | str | None) -> None:
        if isinstance(student, Player):
            student = student.title
        if student is not None and student not in STUDENTS:
            raise StudyError(
                f"a chapter's student is Green, Purple (or a Player) or None, not {clip(student)}"
            )
        self._set("Student", student)

    @property
    def side(self) -> Player:
        """The side the reader plays: the student, else the player to decide at the start."""
        return self.student if self.student is not None else self.game.root.position.decider

    @property
    def goal(self) -> Goal | None:
        """What ``practice`` asks (``[Goal]``), or None."""
        return goal_of(self.game.headers)

    @goal.setter
    def goal(self, goal: Goal | dict | None) -> None:
        if isinstance(goal, dict):  # written as given (a text left out stays out)
            tag = json.dumps(goal, ensure_ascii=False, separators=(",", ":"))
            try:
                goal_of({"Goal": tag})
            except CernunosError as e:
                raise StudyError(f"a chapter's goal: {e}") from None
        elif isinstance(goal, Goal):
            tag = goal_tag(goal)
        elif goal is None:
            tag = None
        else:
            raise StudyError(
                f"a chapter's goal is a Goal, its data (a dict) or None, not {clip(goal)}"
            )
        self._set("Goal", tag)

    def _set(self, tag: str, value: str | None) -> None:
        if value is None:
            self.game.headers.pop(tag, None)
        else:
            self.game.headers[tag] = value

    def to_data(self) -> dict:
        """The chapter as JSON data (a page's copy): its settings and its game text."""
        goal = self.goal
        return {
            "title": self.title,
            "mode": self.mode,
            "student": None if self.student is None else self.student.title,
            "side": self.side.title,
            "goal": None if goal is None else {**goal.to_data(), "text": dict(goal.text)},
            "game": self.game.export(),
        }

    def text(self) -> str:
        """The chapter as it is written in a study file."""
        return format_game(self.game)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chapter) and self.text() == other.text()

    __hash__ = None  # mutable

    def __repr__(self) -> str:
        return f"<Chapter {self.title!r} {self.mode}, {len(self.game.nodes()) - 1} decisions>"


class Study:
    """Chapters, in order; a ``.cgn`` file (each game a chapter) read by :meth:`load` and
    written by :meth:`save`."""

    def __init__(self, chapters: Iterable[Chapter] = ()) -> None:
        self.chapters: list[Chapter] = list(chapters)
        for chapter in self.chapters:
            if not isinstance(chapter, Chapter):
                raise StudyError(f"a study's chapters are Chapter objects, not {clip(chapter)}")

    @classmethod
    def load(cls, source: str | os.PathLike) -> Study:
        """The study in a file (a path) or in a game text (a ``str`` that names no file).
        Raises :class:`.GameFileError` naming the line of what is wrong."""
        if isinstance(source, os.PathLike) or (isinstance(source, str) and _is_path(source)):
            if not Path(source).is_file():
                raise StudyError(f"no study file {shown(source)}")
            return cls.from_games(read_games(source))
        if not isinstance(source, str):
            raise StudyError(f"Study.load takes a path or a study's text, not {clip(source)}")
        return cls.from_games(read_games(io.StringIO(source)))

    @classmethod
    def from_games(
        cls, games: Iterable[Game], mode: str | None = None, student: Player | str | None = None
    ) -> Study:
        """A chapter per game (its tags say how it plays; ``mode`` and ``student``, when
        given, set every chapter's)."""
        return cls(Chapter(game, mode=mode, student=student) for game in games)

    @classmethod
    def from_puzzles(
        cls, puzzles: Iterable[Puzzle] | str | os.PathLike, language: str = "en"
    ) -> Study:
        """An ``interactive`` chapter per puzzle (Puzzle objects, or a puzzle file's path):
        the student is the puzzle's decider, the main line its solution, each wrong try a
        variation commented with its proven refutation, the title the puzzle's
        (``Green to play and win · rating 1045 · Deer``); words in ``language``
        (:mod:`.puzzle_chapters`)."""
        check_language(language)
        if isinstance(puzzles, (str, os.PathLike)):
            puzzles = read_puzzles(puzzles)
        elif isinstance(puzzles, Puzzle) or not isinstance(puzzles, Iterable):
            raise StudyError(f"from_puzzles takes puzzles or a puzzle file, not {clip(puzzles)}")
        games = []
        for puzzle in puzzles:
            if not isinstance(puzzle, Puzzle):
                raise StudyError(f"from_puzzles takes Puzzle objects, not {clip(puzzle)}")
            games.append(puzzle_game(puzzle, language))
        return cls.from_games(games)

    def save(self, path: str | os.PathLike) -> int:
        """Write the study to ``path`` (replaced atomically, as every file we write); the
        number of chapters written."""
        return write_games((chapter.game for chapter in self.chapters), path)

    def text(self) -> str:
        """The study as it is written in a file."""
        return "\n".join(chapter.text() for chapter in self.chapters)

    def to_data(self) -> list[dict]:
        """Each chapter's :meth:`Chapter.to_data`."""
        return [chapter.to_data() for chapter in self.chapters]

    def __len__(self) -> int:
        return len(self.chapters)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Study) and self.chapters == other.chapters

    __hash__ = None  # mutable

    def __repr__(self) -> str:
        return f"<Study of {len(self.chapters)} chapter(s)>"


def _is_path(text: str) -> bool:
    """Whether ``text`` is a path rather than a game text: one line naming a file, or
    ending with ``.cgn``."""
    if "\n" in text or len(text) > 4096:
        return False
    if text.lower().endswith(".cgn"):
        return True
    try:
        return Path(text).is_file()
    except (OSError, ValueError):
        return False
