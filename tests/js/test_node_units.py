"""The page's parts tested alone by Node's own test runner (tests/js/*.test.mjs), so that
pytest, the README's test command, runs them too."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from node_runner import node

HERE = Path(__file__).parent


def test_the_page_parts_pass_their_node_tests():
    files = sorted(HERE.glob("*.test.mjs"))
    assert len(files) >= 2
    out = subprocess.run(
        [node(), "--test", "--test-reporter=tap", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    counts = dict(re.findall(r"^# (pass|fail) (\d+)$", out.stdout, re.M))
    assert counts["fail"] == "0" and int(counts["pass"]) >= 20, out.stdout[-2000:]
