"""A study in a page with no kernel (js/studyplay.js) against the kernel's (session/study.py
through the widget's handler): make_study_vectors.py records random sequences of the study
panel's requests and of plays (the main line's decisions, variations' answers, "also good"
ones, wrong tries, the board's replies, refusals) into a temporary folder; Node's test
runner replays them on the page's session (study.test.mjs)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from make_study_vectors import write_vectors
from node_runner import node_test

CHECK = Path(__file__).parent / "study.test.mjs"


def run_check(folder: Path) -> subprocess.CompletedProcess:
    return node_test(CHECK, "CERNUNOS_STUDY_VECTORS", folder)


@pytest.fixture(scope="module")
def vectors(tmp_path_factory) -> tuple[Path, dict]:
    folder = tmp_path_factory.mktemp("study")
    return folder, write_vectors(folder)


def steps(folder: Path) -> list[dict]:
    lines = (folder / "study.jsonl").read_text(encoding="utf-8").splitlines()
    return [step for line in lines for step in json.loads(line)["steps"]]


def test_the_pages_studies_answer_as_the_kernel_does(vectors):
    folder, counts = vectors
    assert counts["requests"] >= 900 and counts["solved"] >= 5, counts
    assert counts["right"] >= 100 and counts["wrong"] >= 50 and counts["answer"] >= 10, counts
    assert counts["good"] >= 3 and counts["refused"] >= 20, counts
    shown = [s for s in steps(folder) if s["answer"]["study_state"].get("revealed", 0) > 0]
    edits = [
        s for s in steps(folder)
        if s["answer"]["study_state"]["mode"] == "normal" and s["request"]["type"] == "play"
    ]  # fmt: skip
    assert len(shown) >= 20 and len(edits) >= 20
    out = run_check(folder)
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    assert (
        f"study vectors: {counts['sequences']} sequences, {counts['requests']} requests, 0 failing"
        in out.stdout
    )


def test_a_different_answer_names_the_sequence_and_the_field(vectors, tmp_path):
    folder, _ = vectors
    lines = (folder / "study.jsonl").read_text(encoding="utf-8").splitlines()
    vector = json.loads(lines[0])
    step = next(s for s in vector["steps"] if s["answer"]["study_state"].get("wrong"))
    step["answer"]["study_state"]["wrong"] += 7
    (tmp_path / "study.jsonl").write_text(json.dumps(vector) + "\n", encoding="utf-8")
    out = run_check(tmp_path)
    assert out.returncode != 0
    assert "sequence 0: request" in out.stdout and "study_state.wrong" in out.stdout
