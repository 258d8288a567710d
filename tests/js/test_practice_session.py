"""A study's practice chapters in a page with no kernel (js/practice.js, js/studyplay.js)
against the kernel's (session/practice.py through the widget's handler):
make_practice_vectors.py records random sequences of the reader's plays, the engine's replies,
retries and chapters opened, and small endgames with every decision's exact value, into a
temporary folder; Node's test runner replays them on the page's session (practice.test.mjs)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from make_practice_vectors import write_vectors
from node_runner import node_test

CHECK = Path(__file__).parent / "practice.test.mjs"


def run_check(folder: Path) -> subprocess.CompletedProcess:
    return node_test(CHECK, "CERNUNOS_PRACTICE_VECTORS", folder)


@pytest.fixture(scope="module")
def vectors(tmp_path_factory) -> tuple[Path, dict]:
    folder = tmp_path_factory.mktemp("practice")
    return folder, write_vectors(folder)


def test_the_pages_practice_answers_and_plays_as_the_kernel_does(vectors):
    folder, counts = vectors
    assert counts["requests"] >= 400 and counts["refused"] >= 20, counts
    assert counts["solved"] >= 10 and counts["failed"] >= 10, counts
    assert counts["perfect"] >= 20 and counts["search"] >= 5 and counts["endgames"] >= 25, counts
    out = run_check(folder)
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    assert (
        f"practice vectors: {counts['sequences']} sequences, {counts['requests']} requests, "
        "0 failing" in out.stdout
    )
    assert f"endgame vectors: {counts['endgames']} positions, 0 failing" in out.stdout


def test_a_different_verdict_or_a_worse_reply_is_named(vectors, tmp_path):
    folder, _ = vectors
    lines = (folder / "practice.jsonl").read_text(encoding="utf-8").splitlines()
    vector = json.loads(lines[0])
    verdicts = [s["answer"]["study_state"].get("verdict") for s in vector["steps"]]
    verdict = next(v for v in verdicts if v and v["reasons"])
    verdict["reasons"][0]["fr"] += " (faux)"
    (tmp_path / "practice.jsonl").write_text(json.dumps(vector) + "\n", encoding="utf-8")
    endgames = json.loads((folder / "endgames.json").read_text(encoding="utf-8"))
    first = next(e for e in endgames if len(set(e["values"].values())) > 1)
    first["values"] = {text: -value for text, value in first["values"].items()}  # the worst best
    (tmp_path / "endgames.json").write_text(json.dumps([first]), encoding="utf-8")
    out = run_check(tmp_path)
    assert out.returncode != 0
    assert "sequence 0: request" in out.stdout and "verdict.reasons[0].fr" in out.stdout
    assert "endgame 0 " in out.stdout
