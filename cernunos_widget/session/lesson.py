"""A course being played on a session: the exercise on the board, tries judged, progress.

:class:`LessonRun` sets an exercise's position up as the session's game, and after each
decision played judges the line from the root to the current node with the goal
(:func:`.lessons.judge`): solved, the exercise counts as done and the explanation is shown;
failed, the verdict says which part of the goal is not met and the board goes back to the
exercise's position for another try (the wrong try stays in the tree). Plain Python: the
widget calls it, and so may a script. ``js/course.js`` does the same in a page with no kernel.
"""

from __future__ import annotations

from ..i18n import refusal
from ..lessons import Lesson, LessonError, judge, load
from ..lessons.goals import LANGUAGES
from ..record.tree import Game
from .core import Session


class LessonRun:
    """Which lesson and exercise is on the board, the last verdict, what is solved."""

    def __init__(self, language: str = "en", lessons: tuple[Lesson, ...] | None = None) -> None:
        self.lessons = load() if lessons is None else lessons
        self.language = check_language(language)
        self.name = self.lessons[0].name
        self.exercise = 0
        self.verdict: dict | None = None
        self.solved: dict[str, list[int]] = {}

    @property
    def lesson(self) -> Lesson:
        return next(lesson for lesson in self.lessons if lesson.name == self.name)

    def open(self, session: Session, name: str, exercise: int = 0) -> None:
        """Set exercise ``exercise`` (0-based) of lesson ``name`` up on the board."""
        found = [lesson for lesson in self.lessons if lesson.name == name]
        if not found:
            names = ", ".join(lesson.name for lesson in self.lessons)
            raise refusal(LessonError, "lesson.error.unknown", name=repr(name), names=names)
        if not 0 <= exercise < len(found[0]):
            raise refusal(
                LessonError, "lesson.error.exercise", name=repr(name), count=len(found[0]),
                asked=exercise + 1,
            )  # fmt: skip
        self.name, self.exercise, self.verdict = name, exercise, None
        ex = found[0].exercises[exercise]
        session.replace_game(Game(ex.position))

    def next(self, session: Session) -> None:
        """The next exercise (or the next lesson's first; after the last, the first again)."""
        if self.exercise + 1 < len(self.lesson):
            return self.open(session, self.name, self.exercise + 1)
        names = [lesson.name for lesson in self.lessons]
        following = names[(names.index(self.name) + 1) % len(names)]
        return self.open(session, following, 0)

    def retry(self, session: Session) -> None:
        """Back to the exercise's position, the verdict cleared."""
        self.verdict = None
        session.goto(session.game.root)

    def judge(self, session: Session) -> dict | None:
        """Judge the line to the current node; a failed try sends the board back to the start."""
        game = session.game
        ex = self.lesson.exercises[self.exercise]
        root = game.root.position
        if not root.at_boundary or root.cpn() != ex.cpn:
            return None  # another game is on the board (set up or loaded meanwhile)
        line = [(node.position, node.events) for node in session.node.path()[1:]]
        verdict = judge(ex.goal, root, line)
        if verdict.status == "pending":
            self.verdict = None
            return None
        self.verdict = verdict.to_data()
        if verdict.status == "solved":
            done = self.solved.setdefault(self.name, [])
            if self.exercise not in done:
                done.append(self.exercise)
                done.sort()
        else:
            session.goto(game.root)
        return self.verdict

    def set_language(self, language: str) -> None:
        self.language = check_language(language)

    def state(self) -> dict:
        """What the page shows (its ``lesson`` trait): where, the verdict, the progress."""
        return {
            "name": self.name,
            "exercise": self.exercise,
            "verdict": self.verdict,
            "solved": {name: list(done) for name, done in self.solved.items()},
            "language": self.language,
        }

    def course(self) -> list[dict]:
        """The lessons' data, both languages (the page's ``course`` trait, sent once)."""
        return [lesson.to_data() for lesson in self.lessons]


def check_language(language: object) -> str:
    """``language`` if the lessons speak it; :class:`LessonError` otherwise."""
    if language not in LANGUAGES:
        raise LessonError(f"the lessons speak {' and '.join(LANGUAGES)}, not {language!r}")
    return language  # type: ignore[return-value]
