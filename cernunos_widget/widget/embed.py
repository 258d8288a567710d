"""Notebooks with boards as static HTML that renders offline (no kernel, no CDN).

``nbconvert`` pages load require.js and the widget renderer from a CDN by default, and the
lab template loads MathJax from one too. :func:`export_notebook_html` writes the page with
local copies instead: ``require.js`` and ``embed-amd.js`` (from the npm packages
``requirejs`` and ``@jupyter-widgets/html-manager``, fetched once by
:func:`fetch_embed_assets`) and anywidget's own AMD build, all beside the page.

For one board, :meth:`CernunosWidget.to_html` is lighter: a single self-contained file.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import anywidget

from .htmlsafe import escape_script_json

NPM_PACKAGES = ("@jupyter-widgets/html-manager@1", "requirejs@2")
ASSETS = {
    "require.js": "node_modules/requirejs/require.js",
    "embed-amd.js": "node_modules/@jupyter-widgets/html-manager/dist/embed-amd.js",
}

_TEMPLATE = """{%- extends 'lab/index.html.j2' -%}
{%- block html_head_js_requirejs -%}
{{ super() }}
<script>requirejs.config({paths: {anywidget: "anywidget"}});</script>
{%- endblock html_head_js_requirejs -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
"""


class EmbedAssetsError(RuntimeError):
    """The offline renderer's files are missing and could not be fetched."""


class MissingExtraError(ImportError):
    """An optional dependency of notebook export is not installed."""


def _nbconvert():
    """nbformat, nbconvert and jinja2's DictLoader, imported on first use."""
    try:
        import nbformat
        from jinja2 import DictLoader
        from nbconvert import HTMLExporter
    except ImportError as error:
        raise MissingExtraError(
            f"exporting notebooks needs nbconvert and nbformat ({error.name} is missing): "
            'pip install "cernunos-widget[docs]"'
        ) from None
    return nbformat, DictLoader, HTMLExporter


def fetch_embed_assets(folder: str | Path) -> Path:
    """Put ``require.js`` and ``embed-amd.js`` in ``folder`` (``npm install`` once)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    if all((folder / name).exists() for name in ASSETS):
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise EmbedAssetsError(
            f"npm is needed once to fetch the offline widget renderer ({', '.join(NPM_PACKAGES)})"
        )
    subprocess.run(
        [
            npm,
            "install",
            "--prefix",
            str(folder),
            "--no-audit",
            "--no-fund",
            "--silent",
            *NPM_PACKAGES,
        ],
        check=True,
        timeout=600,
    )
    for name, source in ASSETS.items():
        shutil.copyfile(folder / source, folder / name)
    return folder


def export_notebook_html(notebook: str | Path, out_html: str | Path, assets: str | Path) -> Path:
    """Write an *executed* notebook (widget state saved) as HTML that works offline.

    The page's scripts (``require.js``, ``embed-amd.js``, ``anywidget.js``) are copied next
    to ``out_html`` from ``assets`` (see :func:`fetch_embed_assets`) and from anywidget.
    """
    out_html = Path(out_html)
    out_dir = out_html.parent
    out_dir.mkdir(parents=True, exist_ok=True)
    assets = Path(assets)
    for name in ASSETS:
        if not (assets / name).exists():
            raise EmbedAssetsError(f"{assets / name} is missing: call fetch_embed_assets first")
        shutil.copyfile(assets / name, out_dir / name)
    amd = Path(anywidget.__file__).parent / "nbextension" / "index.js"
    shutil.copyfile(amd, out_dir / "anywidget.js")
    nbformat, DictLoader, HTMLExporter = _nbconvert()
    nb = nbformat.read(str(notebook), as_version=4)
    if "widgets" not in nb.metadata:
        raise ValueError(
            f"{notebook} has no saved widget state: execute it first "
            "(for example with nbclient) so its boards can be redrawn"
        )
    exporter = HTMLExporter(
        template_file="cernunos.html.j2",
        extra_loaders=[DictLoader({"cernunos.html.j2": _TEMPLATE})],
        require_js_url="require.js",
        widget_renderer_url="embed-amd.js",
        filters={"escape_html_script": escape_script_json},  # nbconvert's escapes only '/'
    )
    body, _ = exporter.from_notebook_node(nb)
    out_html.write_text(body, encoding="utf-8")
    return out_html
