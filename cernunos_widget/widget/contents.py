"""What a board shows, as the state a page draws (``static.board_html`` turns it into HTML).

:func:`board_state` is the one door: a game, a session, a widget, a lesson (the course,
opened there), puzzles (solved in order), a study (every chapter) or a state already
exported. Each kind of content is one branch of it, with its own ``*_state`` function here
(:func:`course_state`, :func:`puzzles_state`, :func:`study_state`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..engine import CernunosError, Position
from ..i18n import DEFAULT as DEFAULT_LANGUAGE
from ..i18n import check_language
from ..lessons import Lesson
from ..puzzles import Puzzle, PuzzleError, get
from ..puzzles.play import PuzzleRun
from ..record.tree import Game
from ..session.core import Session
from ..session.lesson import LessonRun
from ..session.page import export_state, settings
from ..session.study import StudyRun, load_study, study_data
from ..study import Study

CONTENTS = (
    "a Game, a Session, a CernunosWidget, a Lesson (the course, opened there), a list of "
    "Puzzles, a Study or a state dict (CernunosWidget.state_for_export(), course_state(), "
    "puzzles_state(), study_state())"
)


class StaticPageError(CernunosError):
    """Something a static page or an embedded board cannot show, or an option it cannot take."""


@runtime_checkable
class Exported(Protocol):
    """A board that exports its own state (a ``CernunosWidget``: this layer does not import it)."""

    language: str

    def state_for_export(self) -> dict: ...


def board_state(content: object, language: str | None = None) -> dict:
    """The state a page draws for ``content`` (see :data:`CONTENTS`), its words in
    ``language`` ("en" or "fr"; None: the content's own, English for a game, a lesson or
    puzzles). A session, a widget or a state keeps its language: another one asked for is
    a :class:`StaticPageError` (never a silent change)."""
    if language is not None:
        check_language(language)
    if isinstance(content, dict):
        spoken = ((content.get("tree") or {}).get("settings") or {}).get("language")
        _keeps(spoken, language, "this state")
        return content
    if isinstance(content, (Session, Game)):
        return export_state(session_of(content, language))
    if isinstance(content, Exported):
        _keeps(content.language, language, "this widget")
        return content.state_for_export()
    if isinstance(content, Lesson):
        return course_state(language or DEFAULT_LANGUAGE, content.name)
    if isinstance(content, Study):
        return study_state(content, language or DEFAULT_LANGUAGE)
    if isinstance(content, Puzzle):
        content = [content]
    if isinstance(content, Sequence) and content and all(isinstance(p, Puzzle) for p in content):
        return puzzles_state(list(content), 0, language or DEFAULT_LANGUAGE)
    raise StaticPageError(f"a board shows {CONTENTS}, not {_kind(content)}")


def _kind(content: object) -> str:
    if isinstance(content, Sequence) and not isinstance(content, str):
        return f"a {type(content).__name__} of {len(content)} items that are not all Puzzles"
    return f"a {type(content).__name__}"


def _keeps(spoken: str | None, language: str | None, what: str) -> None:
    if language is not None and spoken is not None and language != spoken:
        raise StaticPageError(
            f"{what} speaks {spoken!r}: its board keeps it (make it speak {language!r} first)"
        )


def session_of(source: Session | Game, language: str | None = None) -> Session:
    """The session of ``source``: a session as it is, a game's new one in ``language``
    (default: English)."""
    if language is not None:
        check_language(language)
    if isinstance(source, Game):
        source = Session(source, language or DEFAULT_LANGUAGE)
    if not isinstance(source, Session):
        raise StaticPageError(
            f"a static page shows a Session or a Game, not a {type(source).__name__}"
        )
    if language is not None and language != source.language:
        raise StaticPageError(
            f"this session speaks {source.language!r}: its page keeps it (Session(game, "
            f"language={language!r}) makes one that speaks {language!r})"
        )
    return source


def course_state(language: str = DEFAULT_LANGUAGE, lesson: str | None = None) -> dict:
    """The state of a board playing the course from ``lesson`` (default: the first), in
    ``language``: what ``course_html`` and a site's ``cernunos-lessons`` block draw."""
    run = LessonRun(language)
    session = Session(Game(), language)  # the board speaks the lessons' language too
    run.open(session, run.lessons[0].name if lesson is None else lesson, 0)
    return {**export_state(session), "course": run.course(), "lesson_state": run.state()}


def puzzles_state(
    puzzles: list[Puzzle], start: int | str = 0, language: str = DEFAULT_LANGUAGE
) -> dict:
    """The state of a board solving ``puzzles`` in order from ``start`` (an index or an id)
    in ``language``: what ``puzzles_html`` and a site's ``cernunos-puzzles`` block draw
    (the whole set rides along: the page takes the next puzzle itself)."""
    puzzles = list(puzzles)
    if not puzzles or not all(isinstance(p, Puzzle) for p in puzzles):
        raise PuzzleError("a puzzle page shows a non-empty list of puzzles")
    run = PuzzleRun(puzzles)
    run.go_to(puzzles.index(get(start, puzzles)))
    first = run.puzzle
    session = Session(Game(Position.from_cpn(first.cpn, first.rules)))
    session.display.set_language(language)
    state = export_state(session, settings(session.game.rules, language=language))
    state["tree"]["puzzle"] = run.state(whole_set=True)
    return state


def study_state(
    study: Study | str | os.PathLike, language: str = DEFAULT_LANGUAGE, chapter: int = 0
) -> dict:
    """The state of a board showing ``study`` (a Study, a ``.cgn`` path or a study's text)
    at ``chapter``, in ``language``, with each chapter's tree: what ``study_html`` and a
    site's ``cernunos-study`` block draw."""
    session = Session(Game(), check_language(language))
    run = StudyRun(load_study(study))
    run.open(session, chapter)
    return {
        **export_state(session),
        "study_data": study_data(run, trees=True),
        "study_state": run.state(session),
    }
