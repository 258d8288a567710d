"""Sphinx configuration of the documentation site.

Build it from the repository root: ``pip install -e ".[docs]" && python -m sphinx -b html
docs site``. Pages are MyST Markdown (the README, docs/*.md), the API reference comes from
the docstrings, the example notebooks are shown without running them (myst-nb, execution
off), and every board plays in the page (cernunos_widget.sphinx: the rules mirror, no kernel).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # document this checkout's package

from cernunos_widget.version import __version__  # noqa: E402

project = "cernunos-widget"
author = "the cernunos-widget authors"
copyright = "2026, the cernunos-widget authors"
version = release = __version__

extensions = [
    "myst_nb",  # MyST Markdown and notebooks
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "cernunos_widget.sphinx",
]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb", ".rst": "restructuredtext"}
exclude_patterns = [
    "_build", "examples/data", "examples/.ipynb_checkpoints",
    "examples/hosts",  # apps served by their hosts (README, the hosts table), not pages
    "examples/lite",  # a JupyterLite site's notebook and its build script (docs/widget.md)
]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
nb_execution_mode = "off"  # the notebooks are committed without outputs: shown as written

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
autosummary_generate = False

html_theme = "furo"
html_title = f"cernunos-widget {release}"
html_static_path: list[str] = []
html_show_sourcelink = False
html_copy_source = False  # the pages are the source; no _sources/ copies
