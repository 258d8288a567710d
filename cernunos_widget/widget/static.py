"""Boards in HTML that play without a kernel: a fragment for any page generator
(:func:`board_html`) and self-contained pages (:func:`to_html`, :func:`boards_html`,
:func:`course_html`).

A board needs no kernel, no CDN and no network: a small stand-in for the widget model
(``get``, ``set``, ``on``, ``off``, ``send``) feeds the same ``render`` function the notebook
uses. The embedded state carries ``"static": true``, so the page plays with its own session
(js/local.js: the rules mirror in js/rules/, checked against the engine) and disables, with a
tooltip, what needs a kernel (analysis, review, opening files); with ``playable=False`` the
page only walks the stored tree (``"playable": false``).

One path: every board in HTML is :func:`board_fragment` (a board's state and the element it
is drawn in) and every page carries :func:`page_code` once (the CSS and the code, with only
what its boards need: :class:`Needs`). The Sphinx extension, the Markdown extension
(MkDocs) and the pages here all go through them. What a board shows comes from
:func:`.contents.board_state`; :meth:`.CernunosWidget.to_html` passes its own exported state
(:meth:`.CernunosWidget.state_for_export`), so this module does not import the widget.
:func:`course_html` and :func:`study_html` make the pages of the lessons and of a study.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from ..i18n import LANGUAGES
from ..record.destination import destination, write_whole
from ..record.tree import Game
from ..session.core import Session
from ..session.packed import pack_state
from ..session.page import export_state
from ..study import Study
from ..version import __version__
from .assets import FEATURES, page_css, render_script
from .contents import StaticPageError, board_state, course_state, session_of, study_state
from .htmlsafe import escape_script_json

__all__ = [
    "Needs",
    "StaticPageError",
    "board_data",
    "board_fragment",
    "board_html",
    "boards_html",
    "course_html",
    "course_state",
    "page_code",
    "page_html",
    "study_html",
    "study_state",
    "to_html",
]

# The model a board without a kernel is drawn with: a stand-in for the widget model over its
# state. Its send is never called without a kernel: the page answers its own requests
# (js/widget.js). The page's boards and the MyST module (cernunos_widget.myst) use it.
STAND_IN = """
const cernunosModel = (state) => {
  const listeners = {};
  const emit = (event, ...args) => { for (const f of listeners[event] || []) f(...args); };
  return {
    get: (name) => state[name],
    set: (name, value) => { state[name] = value; emit("change:" + name); },
    on: (event, f) => { (listeners[event] = listeners[event] || []).push(f); },
    off: (event, f) => { listeners[event] = (listeners[event] || []).filter((g) => g !== f); },
    save_changes: () => {},
    send: () => {},
  };
};
"""

# Draws each board of the page (each <script data-cernunos-board> holds a board's state
# (:func:`board_data`), the element after it is where the board goes). A code draws the
# boards not drawn yet whose needs (data-needs: features and languages, :class:`Needs`) it
# carries, so a page where several fragments each bring their code draws each board once,
# with a code that has everything it needs. CARRIES (this code's needs) is set before it.
MODEL_SHIM = """
for (const data of document.querySelectorAll("script[data-cernunos-board]:not([data-drawn])")) {
  const el = data.nextElementSibling;
  if (!(el.dataset.needs || "").split(" ").every((need) => !need || CARRIES.has(need))) continue;
  data.setAttribute("data-drawn", "");
  render({ model: cernunosModel(JSON.parse(data.textContent)), el });
}
"""

# A board follows the site's dark theme through the widget's own dark colours: furo's and
# pydata's data-theme on <html> or <body> ("auto": the system's wish), Material for MkDocs'
# data-md-color-scheme ("slate" is its dark scheme). A page with none of them keeps its own.
THEME_SYNC = """
const cernunosDark = () => {
  const scheme = document.body.dataset.mdColorScheme;
  if (scheme) return scheme === "slate";
  const theme = document.body.dataset.theme || document.documentElement.dataset.theme;
  if (theme === "dark" || theme === "light") return theme === "dark";
  if (theme === "auto") return matchMedia("(prefers-color-scheme: dark)").matches;
  return null;
};
const cernunosSyncTheme = () => {
  const dark = cernunosDark();
  if (dark !== null) document.body.setAttribute("data-jp-theme-light", String(!dark));
};
cernunosSyncTheme();
for (const el of [document.body, document.documentElement]) {
  new MutationObserver(cernunosSyncTheme).observe(el, {
    attributeFilter: ["data-theme", "data-md-color-scheme"],
  });
}
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", cernunosSyncTheme);
"""

BOARD_CLASS = "cernunos-site-board"  # the element around a board's state and drawing
_EMBED_CSS = f".{BOARD_CLASS}{{margin:1em 0}}\n"
SIZE = re.compile(r"(?:\d{1,4}(?:\.\d{1,3})?)(?:px|em|rem|%|vw|ch)")


def script_json(value: object) -> str:
    """``value`` as JSON that is inert inside a ``<script>`` element."""
    return escape_script_json(json.dumps(value, ensure_ascii=False))


@dataclass(frozen=True)
class Needs:
    """What the code of a page must carry for its boards: the optional features
    (:data:`.assets.FEATURES`) and the catalogues of languages. Boards' needs add up
    (``a | b``); :meth:`of` reads a board's state."""

    features: frozenset[str] = frozenset()
    languages: frozenset[str] = frozenset()

    @classmethod
    def of(cls, state: dict) -> Needs:
        """The lessons where the board has a course, the studies where it shows a study (and
        then every language: their panels switch), the puzzles where it is in a puzzle, and
        its language."""
        tree = state.get("tree") or {}
        shown = {
            "lessons": bool(state.get("course")),
            "puzzles": bool(tree.get("puzzle")),
            "studies": bool(state.get("study_data")),
        }
        features = {name for name, there in shown.items() if there}
        spoken = {(tree.get("settings") or {}).get("language")} & set(LANGUAGES)
        switch = shown["lessons"] or shown["studies"]
        return cls(frozenset(features), frozenset(LANGUAGES) if switch else frozenset(spoken))

    @classmethod
    def everything(cls) -> Needs:
        """Every feature and language (a page whose boards are not known in advance)."""
        return cls(frozenset(FEATURES), frozenset(LANGUAGES))

    def __or__(self, other: Needs) -> Needs:
        return Needs(self.features | other.features, self.languages | other.languages)

    def words(self) -> str:
        """The needs as the page reads them (``data-needs``, the code's ``CARRIES``):
        features then languages, in their canonical order, separated by spaces."""
        ordered = [f for f in FEATURES if f in self.features]
        return " ".join(ordered + [lang for lang in LANGUAGES if lang in self.languages])


def page_needs(boards: Sequence[dict]) -> tuple[list[str], list[str]]:
    """The features and languages (in their canonical order) the page of ``boards`` needs."""
    needs = Needs()
    for state in boards:
        needs |= Needs.of(state)
    return [f for f in FEATURES if f in needs.features], [
        lang for lang in LANGUAGES if lang in needs.languages
    ]


def board_data(state: dict, playable: bool = True) -> dict:
    """What a page without a kernel draws ``state`` from: the state marked ``static`` (the
    page plays with its own rules) and ``playable`` (False: the reader only walks), its tree
    packed, without the hover zones (left to the page's rules mirror, js/derive.js
    zonesOf: 12 KB a board)."""
    check_playable(playable)
    data = {k: v for k, v in state.items() if k != "zones"}
    data.update(static=True, playable=playable, tree=pack_state(state["tree"]))
    return data


def board_fragment(state: dict, playable: bool = True, size: str | None = None) -> str:
    """One board's element: its state (:func:`board_data`, inert JSON) and where it is
    drawn, ``size`` its largest width (a CSS length: ``480px``, ``30em``, ``80%``). Drawn by
    :func:`page_code`."""
    data = board_data(state, playable)
    style = f' style="max-width: {check_size(size)}"' if size is not None else ""
    return (
        f'<div class="{BOARD_CLASS}"{style}>\n'
        f'<script type="application/json" data-cernunos-board>{script_json(data)}</script>\n'
        f'<div class="cernunos-board" data-needs="{Needs.of(data).words()}"></div>\n'
        "</div>\n"
    )


def page_code(needs: Needs | None = None) -> str:
    """What a page with boards carries once (anywhere in its body): the CSS and the code of
    ``needs`` (default: everything), and the stand-in that draws every board of the page.
    The code is inline: a module script loaded from a file is refused on ``file://``."""
    needs = Needs.everything() if needs is None else needs
    carried = needs | Needs(languages=frozenset({"en"}))  # English always: the mirror's words
    features = [f for f in FEATURES if f in needs.features]
    languages = [lang for lang in LANGUAGES if lang in needs.languages]
    return (
        f"<style>\n/* Cernunos board. cernunos-widget {__version__} */\n"
        f"{page_css(features)}\n{_EMBED_CSS}</style>\n"
        f'<script type="module">\n{render_script(features, languages)}\n'
        f"const CARRIES = new Set({script_json(carried.words().split())});\n"
        f"{STAND_IN}{MODEL_SHIM}\n{THEME_SYNC}</script>\n"
    )


def board_html(
    content: object,
    *,
    playable: bool = True,
    size: str | None = None,
    language: str | None = None,
    code: bool = True,
) -> str:
    """An HTML fragment that draws ``content`` as a board playing offline, for any page or
    site generator: a game, a session, a widget, a lesson (the course, opened there),
    puzzles (solved in order, judged by the stored proofs) or an exported state
    (:func:`.contents.board_state`). ``playable=False``: the reader only walks the tree;
    ``size``: the board's largest width (``480px``, ``30em``, ``80%``); ``language``: the
    words of a game's, a lesson's or puzzles' board ("en" or "fr").

    With ``code`` (the default) the fragment carries the page's code too (:func:`page_code`,
    only what this board needs): put it anywhere in a page's body. A page of several boards
    takes the code once: ``code=False`` for each board, and :func:`page_code` with the
    boards' :class:`Needs` added up (``Needs.of(board_state(content))``), or
    :func:`boards_html` for a whole page."""
    state = board_state(content, language)
    fragment = board_fragment(state, playable, size)
    return fragment + page_code(Needs.of(state)) if code else fragment


def page_html(states: dict | Sequence[dict], title: str = "Cernunos", playable: bool = True) -> str:
    """The page of one widget's exported state, or of several (one copy of the code, with
    only what its boards need: :class:`Needs`)."""
    boards = [states] if isinstance(states, dict) else list(states)
    needs = Needs()
    for state in boards:
        needs |= Needs.of(state)
    body = "".join(board_fragment(state, playable) for state in boards)
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title></head>\n<body>\n{body}{page_code(needs)}</body></html>\n"
    )


def check_size(size: object) -> str:
    """``size`` if it is a CSS length (``420px``, ``30em``, ``80%``); ValueError (which a
    document's option reader reports as such) otherwise."""
    value = size.strip() if isinstance(size, str) else ""
    if not SIZE.fullmatch(value):
        raise StaticPageError(f"size is a CSS length such as 420px, 30em or 80%, not {size!r}")
    return value


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
    session = session_of(source, language)
    if seconds is not None:
        analyse_main_line(session, seconds, engine, progress=True)
    return save_page(export_state(session), path, title, playable=playable)


def boards_html(
    sources: Sequence[object],
    path: str | Path | None = None,
    title: str = "Cernunos",
    *,
    playable: bool = True,
    language: str | None = None,
) -> str:
    """One page with several boards (what :func:`board_html` shows: games, sessions,
    widgets, lessons, puzzle lists, exported states), sharing one copy of the code; written
    to ``path`` too when given. ``language``: the games', lessons' and puzzles' boards speak
    it (a session's, a widget's and a state's keep theirs)."""
    if isinstance(sources, (str, dict, Game, Session)) or not isinstance(sources, Sequence):
        raise StaticPageError(
            f"boards_html takes a list of sessions, games or states, not a {type(sources).__name__}"
        )
    states = [board_state(s, None if isinstance(s, dict) else language) for s in sources]
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
        write_whole(destination(path, "the page"), html.encode("utf-8"))
    return html
