"""Lessons: the rules taught by tiny exercises, in English and French (``docs/lessons.md``).

>>> from cernunos_widget import lessons
>>> first = lessons.load()[0]; ex = first.exercises[0]
>>> ex.cpn, ex.goal.text("fr"), ex.hint.decisions, ex.explanation("en")

Play them in a widget (``w.lesson("placing")``) or on a static page
(``cernunos_widget.widget.static.course_html``).
"""

from .course import Exercise, Hint, Lesson, LessonError, load, read
from .course import lesson as lesson
from .goals import Goal, GoalError, Text, Verdict, judge, judge_decisions

__all__ = [
    "Exercise",
    "Goal",
    "GoalError",
    "Hint",
    "Lesson",
    "LessonError",
    "Text",
    "Verdict",
    "judge",
    "judge_decisions",
    "lesson",
    "load",
    "read",
]
