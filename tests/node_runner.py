"""Node.js for the tests of the page's modules (tests/js, tests/widget/test_assets.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest


def node() -> str:
    """The ``node`` executable (Node 20 or later), or the test fails saying it is needed."""
    path = shutil.which("node")
    if path is None:
        pytest.fail("Node.js 20 or later is needed to test the page's modules (node on PATH)")
    return path


def run_module(folder: Path, code: str) -> str:
    """Run ``code`` as an ES module in ``folder`` (it may import files there); its stdout."""
    script = folder / "run.mjs"
    script.write_text(code, encoding="utf-8")
    out = subprocess.run([node(), str(script)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout


def node_test(check: Path, variable: str, folder: Path) -> subprocess.CompletedProcess:
    """Run the Node check ``check`` (``node --test``, TAP) with ``variable`` naming the
    vectors' ``folder``; its completed process (the caller asserts on it)."""
    return subprocess.run(
        [node(), "--test", "--test-reporter=tap", str(check)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, variable: str(folder)},
    )
