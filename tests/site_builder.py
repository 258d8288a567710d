"""Build the documentation site as the README says (``python -m sphinx -b html docs site``),
into a folder of the tests' choosing, with ``-W``: any warning fails the build."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build_site(dest: Path) -> subprocess.CompletedProcess:
    """Run the README's build into ``dest`` (fresh: ``-E``), warnings as errors."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-E", "-q", "-b", "html", "docs", str(dest)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
