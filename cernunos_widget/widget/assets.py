"""The page's source: its ES modules (``cernunos_widget/js``) linked into one, and its CSS."""

from __future__ import annotations

from pathlib import Path

from ..i18n import js_module
from .linker import Bundle, link

JS = Path(__file__).parents[1] / "js"
ENTRY = "widget.js"  # exports default { render }; imports the other parts


def bundle() -> Bundle:
    """The page's parts linked from ``widget.js``, read from disk now; the catalogues' part
    (``catalogues.js``) made from the catalogues themselves."""
    sources = {
        path.relative_to(JS).as_posix(): path.read_text(encoding="utf-8")
        for path in JS.rglob("*.js")
    }
    sources["catalogues.js"] = js_module()
    return link(sources, ENTRY)


def esm() -> str:
    """The widget's ES module (``export default { render }`` at its end)."""
    return bundle().module()


def render_script() -> str:
    """The page's code with ``render`` bound as a constant, for a static page's script."""
    linked = bundle()
    return f"{linked.code}const {{ render }} = {linked.entry}.default;\n"


def css() -> str:
    return (JS / "widget.css").read_text(encoding="utf-8")
