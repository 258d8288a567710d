"""A small MyST project whose pages use the board through MyST's ``{anywidget}`` directive,
built by MyST's own command line (``myst build --site``, from the ``mystmd`` package of the
test extra), and a page that draws what MyST built as its theme does: for tests/test_myst.py's
browser test (tests/browser/test_myst.py).

Offline, ``myst build`` builds the pages' content (``_build/site/content/*.json``: each
``{anywidget}`` block as a node with its ``model`` and its module copied to
``_build/site/public``), then stops: it asks api.mystmd.org for the site's theme (exit 1,
``getaddrinfo ENOTFOUND``). :data:`RENDERER` stands for that theme: it draws each node as
myst-theme's ``AnyWidgetRenderer`` (packages/anywidget) does: ``import(node.esm)``, a
``MystAnyModel`` over ``node.model`` (``get``, ``set``, ``on``; ``off``, ``save_changes``
and ``send`` throw), ``initialize`` if there, then ``render({ model, el })`` with ``el`` a
``<div>`` in an open shadow root; MyST's dark mode is the class ``dark`` of ``<html>``.
"""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from cernunos_widget import myst
from cernunos_widget.widget.htmlsafe import escape_script_json

CONFIG = """version: 1
project:
  title: Boards
site:
  template: book-theme
"""

RENDERER = """<!doctype html>
<html lang="en" class="light"><head><meta charset="utf-8"><title>MyST boards</title></head>
<body>
<main id="page"></main>
<script type="module">
class MystAnyModel {
  #state; #target = new EventTarget();
  constructor(state) { this.#state = state; }
  get(name) { return this.#state[name]; }
  set(key, value) {
    this.#state[key] = value;
    this.#target.dispatchEvent(new CustomEvent(`change:${key}`, { detail: value }));
    this.#target.dispatchEvent(new CustomEvent("change", { detail: value }));
  }
  on(name, cb) { this.#target.addEventListener(name, cb); }
  off() { throw new Error("MystAnyModel.off not implemented yet."); }
  save_changes() { throw new Error("MystAnyModel.save_changes not implemented yet."); }
  send() { throw new Error("MystAnyModel.send not implemented yet."); }
  get widget_manager() { throw new Error("MystAnyModel.widget_manager does not exist."); }
}
const NODES = __NODES__;
window.mystCleanups = [];
for (const node of NODES) {
  const rootEl = document.createElement("div");
  rootEl.className = "relative w-full";
  rootEl.dataset.node = node.id;
  document.getElementById("page").append(rootEl);
  const widget = (await import(node.esm)).default;
  const model = new MystAnyModel(node.model);
  await widget.initialize?.({ model });
  rootEl.className = "myst-anywidget";
  const shadowRoot = rootEl.attachShadow({ mode: "open" });
  const widgetRoot = document.createElement("div");
  widgetRoot.className = "myst-anywidget";
  widgetRoot.style.position = "relative";
  shadowRoot.replaceChildren(widgetRoot);
  window.mystCleanups.push(await widget.render?.({ model, el: widgetRoot }));
}
document.body.dataset.rendered = String(NODES.length);
</script>
</body></html>
"""


def build_myst(folder: Path, pages: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run ``myst build --site`` in ``folder``: a project already there (``pages`` None), or
    ``pages`` (name -> MyST Markdown) written there first with myst.yml and the module."""
    executable = shutil.which("myst")
    if executable is None:
        raise AssertionError("MyST's command line is missing: pip install -e '.[test]' (mystmd)")
    if pages is not None:
        (folder / "myst.yml").write_text(CONFIG, encoding="utf-8")
        for name, text in pages.items():
            (folder / name).write_text(text, encoding="utf-8")
        myst.write_module(folder)
    return subprocess.run(
        [executable, "build", "--site"],
        cwd=folder, capture_output=True, text=True, timeout=180,
    )


def anywidget_nodes(folder: Path, page: str = "index") -> list[dict]:
    """The ``anywidget`` nodes of a built page's content, in the page's order."""
    content = json.loads((folder / "_build/site/content" / f"{page}.json").read_text("utf-8"))
    found: list[dict] = []

    def walk(node: dict) -> None:
        if node.get("type") == "anywidget":
            found.append(node)
        for child in node.get("children", []):
            walk(child)

    walk(content["mdast"])
    return found


def write_renderer(folder: Path, nodes: list[dict]) -> Path:
    """The page that draws ``nodes`` as MyST's theme does, in the built site's public folder
    (where MyST copied the module: ``node.esm`` is ``/cernunos-board-<hash>.mjs``)."""
    path = folder / "_build/site/public/index.html"
    html = RENDERER.replace("__NODES__", escape_script_json(json.dumps(nodes)))
    path.write_text(html, encoding="utf-8")
    return path


class _QuietHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript"}

    def log_message(self, *args) -> None:
        pass


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """The built site's public folder served on loopback (modules are not imported from
    ``file://``) until the block ends: its URL."""
    public = folder / "_build/site/public"
    handler = functools.partial(_QuietHandler, directory=str(public))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
