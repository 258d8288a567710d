"""A small MkDocs site (Material for MkDocs) with the Markdown extension, built as a user
would (``python -m mkdocs build``), for tests/test_markdown.py and the browser's test."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Offline from file://: no Google Fonts (font: false), pages as files (no directory URLs).
CONFIG = """site_name: Boards
use_directory_urls: false
theme:
  name: material
  font: false
  palette:
    - scheme: default
      toggle: {icon: material/brightness-7, name: Dark}
    - scheme: slate
      toggle: {icon: material/brightness-4, name: Light}
plugins:
  - search
markdown_extensions:
  - cernunos_widget.markdown
  - admonition
  - pymdownx.superfences
"""


def build_mkdocs(folder: Path, pages: dict[str, str]) -> subprocess.CompletedProcess:
    """Write ``pages`` (a path under docs/ -> its text) and mkdocs.yml in ``folder`` and
    build the site into ``folder/site``."""
    (folder / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    for name, text in pages.items():
        path = folder / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
