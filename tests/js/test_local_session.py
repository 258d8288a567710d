"""The page's own session (js/local.js, issue #21 item 3) against the kernel: the widget's
handler answers random request sequences (make_session_vectors.py), then Node's test runner
replays them on the page's session (local.test.mjs) and compares every reply, record and view."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

from make_session_vectors import write_vectors
from node_runner import node

from cernunos_widget.i18n import catalogue

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
    # the French boards' replies say each refusal of typed text and of the session in French
    said = " ".join(
        step["reply"]["message"]
        for line in (tmp_path / "session.jsonl").read_text(encoding="utf-8").splitlines()
        for step in json.loads(line)["steps"]
        if json.loads(line)["start"]["settings"]["language"] == "fr"
    )
    missing = [key for key in FRENCH_REFUSALS if _opening(key) not in said]
    assert missing == [], f"no French board's reply says {missing}"


# refusals the page shows (issue #22): each must come up in French in the vectors
FRENCH_REFUSALS = (
    "notation.cpn.bad", "notation.cpn.r8", "notation.cpn.fire_next", "notation.cpn.last_side",
    "notation.decision.not_cell", "notation.decision.bad_kind", "notation.decision.swap_same",
    "notation.decision.swap_order", "notation.decision.grow_order", "notation.decision.bad",
    "refusal.no_node", "refusal.root_delete", "refusal.glyph", "refusal.replaced",
    "refusal.no_line", "refusal.no_stored_line", "record.comment_surrogate",
)  # fmt: skip


def _opening(key: str) -> str:
    """The French text of ``key`` up to its first placeholder."""
    return catalogue("fr")[key].split("{")[0]
