"""The ES module MyST's ``{anywidget}`` directive loads (:func:`module_code`) and its writer
(:func:`write_module`): the static page's board (:func:`.widget.assets.render_script`, every
feature and language; its CSS; :data:`.widget.static.STAND_IN`), one file, no import."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from ..engine import CernunosError
from ..i18n import LANGUAGES, text
from ..record.destination import destination, write_whole
from ..version import __version__
from ..widget.assets import page_css, render_script
from ..widget.static import STAND_IN

MODULE = "cernunos-board.mjs"  # the module's name beside a site's pages
HOST_CLASS = "cernunos-myst"  # the element around a board in MyST's shadow root
# The widget's dark colours hang on body[data-jp-theme-light="false"]: in a shadow root the
# board's own element (HOST_CLASS) stands for the body.
_BODY = re.compile(r"(?<![\w.#-])body(?=[\[.:])")

# What MyST calls: render({ model, el }). MyST's model (myst-theme's MystAnyModel) reads the
# directive's JSON; its off, save_changes and send throw, so the board gets the static page's
# stand-in over a copy of the body's board. The board follows MyST's theme (the class
# "dark" or "light" of <html>; else the system's wish) and is drawn in a <style>d element
# of its own inside el. Returns the cleanup MyST calls when the page goes.
MYST_RENDER = """
const cernunosDark = () => {
  const classes = document.documentElement.classList;
  if (classes.contains("dark") || classes.contains("light")) return classes.contains("dark");
  return matchMedia("(prefers-color-scheme: dark)").matches;
};
function renderMyst({ model, el }) {
  const style = document.createElement("style");
  style.textContent = CERNUNOS_CSS;
  const host = document.createElement("div");
  host.className = HOST_CLASS;
  el.append(style, host);
  const remove = () => { style.remove(); host.remove(); };
  const board = model.get("board");
  if (!board || typeof board !== "object" || !board.tree) {
    const lang = (document.documentElement.lang || "").slice(0, 2);
    host.textContent = NO_BOARD[lang] || NO_BOARD.en;
    host.setAttribute("data-cernunos-error", "");
    return remove;
  }
  const size = model.get("size");
  if (typeof size === "string") host.style.maxWidth = size;
  const follow = () => host.setAttribute("data-jp-theme-light", String(!cernunosDark()));
  follow();
  const watch = new MutationObserver(follow);
  watch.observe(document.documentElement, { attributeFilter: ["class"] });
  const dark = matchMedia("(prefers-color-scheme: dark)");
  dark.addEventListener("change", follow);
  const drawn = document.createElement("div");
  drawn.className = "cernunos-board";
  host.append(drawn);
  const stop = render({ model: cernunosModel(structuredClone(board)), el: drawn });
  return () => {
    watch.disconnect();
    dark.removeEventListener("change", follow);
    if (typeof stop === "function") stop();
    remove();
  };
}
export { renderMyst as render };
export default { render: renderMyst };
"""


class MystError(CernunosError):
    """A board MyST's ``{anywidget}`` directive cannot show, an option it cannot take, or a
    module that cannot be written."""


def module_code() -> str:
    """The ES module MyST's ``{anywidget}`` directive loads: every feature and language,
    the CSS inside, no import."""
    css = _BODY.sub(f":is(body,.{HOST_CLASS})", page_css())
    css += f".{HOST_CLASS}{{margin:1em 0}}\n"
    no_board = {language: text("myst.no_board", language) for language in LANGUAGES}
    return (
        f"// Cernunos board for MyST's {{anywidget}} directive. cernunos-widget {__version__}\n"
        f"// Written by cernunos_widget.myst.write_module: do not edit.\n"
        f"{render_script()}"
        f"const CERNUNOS_CSS = {json.dumps(css, ensure_ascii=False)};\n"
        f"const HOST_CLASS = {json.dumps(HOST_CLASS)};\n"
        f"const NO_BOARD = {json.dumps(no_board, ensure_ascii=False)};\n"
        f"{STAND_IN}{MYST_RENDER}"
    )


def write_module(folder: str | os.PathLike = ".", name: str = MODULE) -> Path:
    """Write :func:`module_code` as ``name`` in ``folder`` (a site's sources, beside its
    pages: ``{anywidget} ./cernunos-board.mjs``), replaced atomically; its path."""
    if not isinstance(name, str) or not name.endswith((".mjs", ".js")) or "/" in name:
        raise MystError(f"the module's name is a file name ending in .mjs or .js, not {name!r}")
    if not Path(folder).is_dir():
        raise MystError(f"cannot write the MyST module to {os.fspath(folder)}: not a folder")
    where = destination(Path(folder) / name, "the MyST module", MystError)
    write_whole(where, module_code().encode("utf-8"))
    return where.path
