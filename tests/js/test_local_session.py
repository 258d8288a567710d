"""The page's own session (js/local.js, issue #21 item 3) against the kernel: the widget's
handler answers random request sequences (make_session_vectors.py), then Node's test runner
replays them on the page's session (local.test.mjs) and compares every reply, record and view."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from make_session_vectors import write_vectors
from node_runner import node

CHECK = Path(__file__).parent / "local.test.mjs"


def test_the_page_session_answers_every_request_as_the_kernel(tmp_path):
    counts = write_vectors(tmp_path)
    assert counts["requests"] >= 3000, counts
    env = {**os.environ, "CERNUNOS_SESSION_VECTORS": str(tmp_path)}
    out = subprocess.run(
        [node(), "--test", "--test-reporter=tap", str(CHECK)],
        capture_output=True, text=True, timeout=600, env=env,
    )
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    assert re.search(rf"session vectors: {counts['sequences']} sequences, .* 0 failing", out.stdout)
