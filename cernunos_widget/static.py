"""A self-contained HTML page of a widget: the ES module, its CSS and its saved state inline.

The page needs no kernel, no CDN and no network: a ten-line stand-in for the widget model
(``get``, ``set``, ``on``, ``off``, ``save_changes``, ``send``) feeds the same ``render``
function the notebook uses, so the board draws and the stored variation tree can be walked.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from .htmlsafe import escape_script_json

if TYPE_CHECKING:
    from .widget import CernunosWidget

_JS = Path(__file__).parent / "js"

STATIC_NOTICE = (
    "This is a static page: walk the recorded tree with the moves or the arrow "
    "keys; playing needs the notebook."
)

_MODEL_SHIM = """
const state = JSON.parse(document.getElementById("cernunos-state").textContent);
const listeners = {};
const model = {
  get: (name) => state[name],
  set: (name, value) => {
    state[name] = value;
    for (const f of listeners["change:" + name] || []) f();
  },
  on: (event, f) => { (listeners[event] = listeners[event] || []).push(f); },
  off: (event, f) => { listeners[event] = (listeners[event] || []).filter((g) => g !== f); },
  save_changes: () => {},
  send: () => model.set("message", NOTICE),
};
render({ model, el: document.getElementById("cernunos") });
"""


def page_html(widget: CernunosWidget, title: str = "Cernunos") -> str:
    """The page, as a string."""
    from .widget import state_json

    module = (_JS / "widget.js").read_text(encoding="utf-8")
    module = module.replace("export default { render };", "")
    css = (_JS / "widget.css").read_text(encoding="utf-8")
    state = escape_script_json(state_json(widget))
    notice = STATIC_NOTICE.replace('"', '\\"')
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title>\n<style>\n{css}\n</style></head>\n<body>\n"
        '<div id="cernunos"></div>\n'
        f'<script type="application/json" id="cernunos-state">{state}</script>\n'
        f'<script type="module">\nconst NOTICE = "{notice}";\n{module}\n{_MODEL_SHIM}</script>\n'
        "</body></html>\n"
    )
