"""A self-contained HTML page of a board: the ES module, its CSS and its state inline.

The page needs no kernel, no CDN and no network: a small stand-in for the widget model
(``get``, ``set``, ``on``, ``off``, ``send``) feeds the same ``render`` function the notebook
uses, so the board draws and the stored variation tree can be walked.  Requests other than
navigation are answered with a notice that playing needs the notebook.  The embedded state
carries ``"static": true``, so the page disables, with a tooltip, what needs a kernel
(js/widget.js: ``kernelState``; js/offline.js).

:func:`to_html` takes a session or a game (what each node shows is computed by
:mod:`.session.page`, no widget needed); :meth:`.CernunosWidget.to_html` passes its own
exported state (:meth:`.CernunosWidget.state_for_export`), so this module does not import
the widget.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

from ..engine import CernunosError
from ..record.tree import Game
from ..session.core import Session
from ..session.page import export_state
from .assets import css, render_script
from .htmlsafe import escape_script_json


class StaticPageError(CernunosError):
    """Something that is not a session or a game given to :func:`to_html`."""


STATIC_NOTICE = (
    "This is a static page: walk the recorded tree with the moves or the arrow "
    "keys; playing needs the notebook."
)

_MODEL_SHIM = """
const state = JSON.parse(document.getElementById("cernunos-state").textContent);
const listeners = {};
const LOCAL = ["goto", "overlay"];  // done in the page itself
const emit = (event, ...args) => { for (const f of listeners[event] || []) f(...args); };
const model = {
  get: (name) => state[name],
  set: (name, value) => { state[name] = value; emit("change:" + name); },
  on: (event, f) => { (listeners[event] = listeners[event] || []).push(f); },
  off: (event, f) => { listeners[event] = (listeners[event] || []).filter((g) => g !== f); },
  save_changes: () => {},
  send: (request) => setTimeout(() => emit("msg:custom", LOCAL.includes(request.type)
    ? { reply: request.id, ok: true }
    : { reply: request.id, ok: false, message: NOTICE })),
};
render({ model, el: document.getElementById("cernunos") });
"""


def script_json(value: object) -> str:
    """``value`` as JSON that is inert inside a ``<script>`` element."""
    return escape_script_json(json.dumps(value, ensure_ascii=False))


def page_html(state: dict, title: str = "Cernunos") -> str:
    """The page for a widget's exported state, as a string."""
    module = render_script()
    state = {**state, "static": True}  # the page disables what needs a kernel
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>\n<style>\n{css()}\n</style></head>\n<body>\n"
        '<div id="cernunos"></div>\n'
        f'<script type="application/json" id="cernunos-state">{script_json(state)}</script>\n'
        f'<script type="module">\nconst NOTICE = {script_json(STATIC_NOTICE)};\n{module}\n'
        f"{_MODEL_SHIM}</script>\n"
        "</body></html>\n"
    )


def to_html(
    source: Session | Game,
    path: str | Path | None = None,
    title: str = "Cernunos",
    *,
    analyse: bool | float | None = None,
    engine: str = "auto",
) -> str:
    """The page of a session's board (or a game's, standing at the end of its main line)
    and its whole tree; written to ``path`` too when given.  ``analyse`` (True, or seconds
    a node): first analyse the main line with ``engine`` and review it
    (:func:`.session.mainline.analyse_main_line`, a progress bar in a notebook)."""
    from ..session.mainline import analyse_main_line, check_analyse

    seconds = check_analyse(analyse)
    if isinstance(source, Game):
        source = Session(source)
    if not isinstance(source, Session):
        raise StaticPageError(
            f"a static page shows a Session or a Game, not a {type(source).__name__}"
        )
    if seconds is not None:
        analyse_main_line(source, seconds, engine, progress=True)
    return save_page(export_state(source), path, title)


def save_page(state: dict, path: str | Path | None = None, title: str = "Cernunos") -> str:
    """:func:`page_html` of ``state``, written to ``path`` (UTF-8) when given."""
    html = page_html(state, title)
    if path is not None:
        Path(path).write_text(html, encoding="utf-8")
    return html
