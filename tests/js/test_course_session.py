"""The lessons in a page with no kernel (js/course.js) against the kernel's (session/lesson.py
through the widget's handler): make_course_vectors.py records random sequences of the lessons
panel's requests and of plays (right tries, wrong tries, refusals) into a temporary folder;
Node's test runner replays them on the page's session (course.test.mjs)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from make_course_vectors import write_vectors
from node_runner import node_test

HERE = Path(__file__).parent
CHECK = HERE / "course.test.mjs"


def run_check(folder: Path) -> subprocess.CompletedProcess:
    return node_test(CHECK, "CERNUNOS_COURSE_VECTORS", folder)


@pytest.fixture(scope="module")
def vectors(tmp_path_factory) -> tuple[Path, dict]:
    folder = tmp_path_factory.mktemp("course")
    return folder, write_vectors(folder)


def test_the_pages_lessons_answer_as_the_kernel_does(vectors):
    folder, counts = vectors
    assert counts["requests"] >= 800 and counts["solved"] >= 50, counts
    assert counts["failed"] >= 100 and counts["refused"] >= 20, counts
    out = run_check(folder)
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    assert (
        f"course vectors: {counts['sequences']} sequences, {counts['requests']} requests, 0 failing"
        in out.stdout
    )


def test_a_different_answer_names_the_sequence_and_the_field(vectors, tmp_path):
    folder, _ = vectors
    lines = (folder / "course.jsonl").read_text(encoding="utf-8").splitlines()
    vector = json.loads(lines[0])
    step = next(s for s in vector["steps"] if s["answer"]["lesson_state"]["verdict"])
    step["answer"]["lesson_state"]["verdict"]["steps"] += 7
    (tmp_path / "course.jsonl").write_text(json.dumps(vector) + "\n", encoding="utf-8")
    out = run_check(tmp_path)
    assert out.returncode != 0
    assert "sequence 0: request" in out.stdout and "lesson_state.verdict.steps" in out.stdout
