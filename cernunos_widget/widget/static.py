"""Self-contained HTML pages of boards: the ES module, its CSS and the boards' states inline.

A page needs no kernel, no CDN and no network: a small stand-in for the widget model
(``get``, ``set``, ``on``, ``off``, ``send``) feeds the same ``render`` function the notebook
uses. The embedded state carries ``"static": true``, so the page plays with its own session
(js/local.js: the rules mirror in js/rules/, checked against the engine) and disables, with a
tooltip, what needs a kernel (analysis, review, opening files); with ``playable=False`` the
page only walks the stored tree (``"playable": false``).

:func:`to_html` takes a session or a game (what each node shows is computed by
:mod:`.session.page`, no widget needed); :meth:`.CernunosWidget.to_html` passes its own
exported state (:meth:`.CernunosWidget.state_for_export`), so this module does not import
the widget. :func:`boards_html` puts several boards on one page, sharing one copy of the code;
:func:`course_html` and :func:`study_html` make the pages of the lessons and of a study.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from html import escape
from pathlib import Path

from ..engine import CernunosError
from ..i18n import LANGUAGES, check_language
from ..record.destination import destination, replacing, stream
from ..record.tree import Game
from ..session.core import Session
from ..session.lesson import LessonRun
from ..session.packed import pack_state
from ..session.page import export_state
from ..session.study import StudyRun, load_study, study_data
from ..study import Study
from .assets import page_css, render_script
from .htmlsafe import escape_script_json


class StaticPageError(CernunosError):
    """Something that is not a session or a game given to :func:`to_html`."""


# One model stand-in per board (each <script data-cernunos-board> holds a board's state, the
# element after it is where the board goes). Its send is never called on a static page: the
# page answers its own requests (js/widget.js).
MODEL_SHIM = """
for (const data of document.querySelectorAll("script[data-cernunos-board]")) {
  const state = JSON.parse(data.textContent);
  const listeners = {};
  const emit = (event, ...args) => { for (const f of listeners[event] || []) f(...args); };
  const model = {
    get: (name) => state[name],
    set: (name, value) => { state[name] = value; emit("change:" + name); },
    on: (event, f) => { (listeners[event] = listeners[event] || []).push(f); },
    off: (event, f) => { listeners[event] = (listeners[event] || []).filter((g) => g !== f); },
    save_changes: () => {},
    send: () => {},
  };
  render({ model, el: data.nextElementSibling });
}
"""


def script_json(value: object) -> str:
    """``value`` as JSON that is inert inside a ``<script>`` element."""
    return escape_script_json(json.dumps(value, ensure_ascii=False))


def board_html(state: dict, playable: bool = True) -> str:
    """One board's state and the element it is drawn in (for :func:`page_html`'s body)."""
    # the hover zones are left to the page's rules mirror (js/derive.js zonesOf): 12 KB a board
    state = {k: v for k, v in state.items() if k != "zones"}
    state.update(static=True, playable=playable, tree=pack_state(state["tree"]))
    return (
        f'<script type="application/json" data-cernunos-board>{script_json(state)}</script>\n'
        '<div class="cernunos-board"></div>\n'
    )


def page_needs(boards: Sequence[dict]) -> tuple[list[str], list[str]]:
    """The features (:data:`.assets.FEATURES`) and languages the page of ``boards`` needs:
    the lessons where a board has a course, the studies where a board shows a study (and
    then every language: their panels switch), the puzzles where a board is in a puzzle,
    and each board's language."""
    lessons = any(state.get("course") for state in boards)
    puzzles = any((state.get("tree") or {}).get("puzzle") for state in boards)
    studies = any(state.get("study_data") for state in boards)
    features = ["lessons"] * lessons + ["puzzles"] * puzzles + ["studies"] * studies
    spoken = {((state.get("tree") or {}).get("settings") or {}).get("language") for state in boards}
    switch = lessons or studies
    languages = list(LANGUAGES) if switch else [lang for lang in LANGUAGES if lang in spoken]
    return features, languages


def page_html(states: dict | Sequence[dict], title: str = "Cernunos", playable: bool = True) -> str:
    """The page of one widget's exported state, or of several (one copy of the code, with
    only what its boards need: :func:`page_needs`)."""
    boards = [states] if isinstance(states, dict) else list(states)
    body = "".join(board_html(state, playable) for state in boards)
    features, languages = page_needs(boards)
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>\n<style>\n{page_css(features)}\n</style></head>\n"
        "<body>\n"
        f"{body}"
        f'<script type="module">\n{render_script(features, languages)}\n{MODEL_SHIM}</script>\n'
        "</body></html>\n"
    )


def to_html(
    source: Session | Game,
    path: str | Path | None = None,
    title: str = "Cernunos",
    *,
    analyse: bool | float | None = None,
    engine: str = "auto",
    playable: bool = True,
    language: str | None = None,
) -> str:
    """The page of a session's board (or a game's, standing at the end of its main line)
    and its whole tree; written to ``path`` too when given.  ``analyse`` (True, or seconds
    a node): first analyse the main line with ``engine`` and review it
    (:func:`.session.mainline.analyse_main_line`, a progress bar in a notebook).
    ``playable=False``: the reader only walks the tree. ``language``: a game's page speaks
    it (``"en"``, ``"fr"``); a session's page speaks the session's."""
    from ..session.mainline import analyse_main_line, check_analyse

    seconds = check_analyse(analyse)
    check_playable(playable)
    session = _session(source, language)
    if seconds is not None:
        analyse_main_line(session, seconds, engine, progress=True)
    return save_page(export_state(session), path, title, playable=playable)


def boards_html(
    sources: Sequence[Session | Game | dict],
    path: str | Path | None = None,
    title: str = "Cernunos",
    *,
    playable: bool = True,
    language: str | None = None,
) -> str:
    """One page with several boards (sessions, games, or widgets' exported states), sharing
    one copy of the code; written to ``path`` too when given. ``language``: the games' boards
    speak it (a session's and a state's keep theirs)."""
    if isinstance(sources, (str, dict, Game, Session)) or not isinstance(sources, Sequence):
        raise StaticPageError(
            f"boards_html takes a list of sessions, games or states, not a {type(sources).__name__}"
        )
    states = [s if isinstance(s, dict) else export_state(_session(s, language)) for s in sources]
    return save_page(states, path, title, playable=playable)


def course_html(
    path: str | Path | None = None,
    *,
    language: str = "en",
    lesson: str | None = None,
    title: str = "Cernunos: lessons",
) -> str:
    """A page of the whole course (``cernunos_widget.lessons``) that plays offline: the
    lessons panel, starting at ``lesson`` (default: the first), in ``language`` ("en" or
    "fr", switchable in the page); each try judged by the page's goal mirror (js/goals.js).
    A teacher hands it to students: no kernel, no network."""
    return save_page(course_state(language, lesson), path, title)


def course_state(language: str = "en", lesson: str | None = None) -> dict:
    """The state of a board playing the course from ``lesson`` (default: the first), in
    ``language``: what :func:`course_html` and a site's ``cernunos-lessons`` directive draw."""
    run = LessonRun(language)
    session = Session(Game(), language)  # the board speaks the lessons' language too
    run.open(session, run.lessons[0].name if lesson is None else lesson, 0)
    return {**export_state(session), "course": run.course(), "lesson_state": run.state()}


def study_html(
    study: Study | str | os.PathLike,
    path: str | Path | None = None,
    *,
    language: str = "en",
    chapter: int = 0,
    title: str | None = None,
) -> str:
    """A page that plays every chapter of ``study`` (a :class:`.study.Study`, a ``.cgn``
    path or a study's text) without a kernel, from ``chapter`` (0-based), in ``language``
    ("en" or "fr", switchable in the page): the study panel, each chapter in its mode, an
    interactive chapter's tries judged by the page's mirror of the gamebook
    (js/studyplay.js). The reader's progress stays in the page (its browser storage where
    it may be used); nothing is sent anywhere. Written to ``path`` too when given."""
    state = study_state(study, language, chapter)
    first = state["study_data"]["chapters"][0]["title"]
    return save_page(state, path, title or first or "Cernunos: study")


def study_state(
    study: Study | str | os.PathLike, language: str = "en", chapter: int = 0
) -> dict:
    """The state of a board showing ``study`` at ``chapter``, in ``language``, with each
    chapter's tree (what :func:`study_html` draws, and a site's embed)."""
    session = Session(Game(), check_language(language))
    run = StudyRun(load_study(study))
    run.open(session, chapter)
    return {
        **export_state(session),
        "study_data": study_data(run, trees=True),
        "study_state": run.state(session),
    }


def _session(source: Session | Game, language: str | None = None) -> Session:
    if language is not None:
        check_language(language)
    if isinstance(source, Game):
        source = Session(source, language or "en")
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


def check_playable(playable: object) -> bool:
    """``playable`` if it is True or False; :class:`StaticPageError` otherwise."""
    if not isinstance(playable, bool):
        raise StaticPageError(f"playable is True or False, not {playable!r}")
    return playable


def save_page(
    states: dict | Sequence[dict],
    path: str | Path | None = None,
    title: str = "Cernunos",
    *,
    playable: bool = True,
) -> str:
    """:func:`page_html` of ``states``, written to ``path`` (UTF-8, replaced atomically;
    a FIFO or a device is written as a stream) when given."""
    html = page_html(states, title, check_playable(playable))
    if path is not None:
        where = destination(path, "the page")
        data = html.encode("utf-8")
        if where.stream:
            with stream(where) as out:
                out.write(data)
        else:
            with replacing(where, append=False) as (out, _separator):
                out.write(data)
    return html
