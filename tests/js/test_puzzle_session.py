"""Puzzle mode without a kernel (js/puzzle.js in js/local.js) against the kernel's judge:
make_puzzle_vectors.py has the widget answer `puzzle` requests on every committed puzzle,
then Node's test runner replays them on the page's session (puzzle.test.mjs)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from make_puzzle_vectors import write_vectors
from node_runner import node

CHECK = Path(__file__).parent / "puzzle.test.mjs"


def test_the_page_session_judges_every_try_as_the_kernel(tmp_path):
    counts = write_vectors(tmp_path)
    assert counts["requests"] >= 100, counts
    env = {**os.environ, "CERNUNOS_PUZZLE_VECTORS": str(tmp_path)}
    out = subprocess.run(
        [node(), "--test", "--test-reporter=tap", str(CHECK)],
        capture_output=True, text=True, timeout=600, env=env,
    )
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    assert re.search(rf"puzzle vectors: {counts['sequences']} sequences, .* 0 failing", out.stdout)
