"""The page's source: the ES module (its parts joined in order, no bundler) and its CSS."""

from __future__ import annotations

from pathlib import Path

JS = Path(__file__).parents[1] / "js"
# Each part defines plain functions; widget.js (last) defines render and the export.
PARTS = (
    "dom.js",
    "store.js",
    "board.js",
    "panel.js",
    "graph.js",
    "movelist.js",
    "command.js",
    "comment.js",
    "editor.js",
    "explorer.js",
    "offline.js",
    "widget.js",
)


def esm() -> str:
    """The widget's ES module (``export default { render }`` at its end)."""
    return "\n".join((JS / name).read_text(encoding="utf-8") for name in PARTS)


def css() -> str:
    return (JS / "widget.css").read_text(encoding="utf-8")
