"""The lessons' goal mirror (js/goals.js) against the engine (lessons/goals.py):
make_lesson_vectors.py judges the course's tries (hints, wrong tries, pending prefixes) and
random goals on random positions into a temporary folder; Node's test runner checks the
mirror's verdicts, reasons word for word in both languages (lessons.test.mjs)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from make_lesson_vectors import write_vectors
from node_runner import node_test

HERE = Path(__file__).parent
CHECK = HERE / "lessons.test.mjs"
ALL_TESTS = ["all", "any", "cells", "empty", "event", "height", "owns", "phase", "power"]
ALL_TESTS += ["result", "top"]


def run_check(folder: Path) -> subprocess.CompletedProcess:
    return node_test(CHECK, "CERNUNOS_LESSON_VECTORS", folder)


@pytest.fixture(scope="module")
def vectors(tmp_path_factory) -> tuple[Path, dict]:
    folder = tmp_path_factory.mktemp("lessons")
    return folder, write_vectors(folder)


def test_the_vectors_cover_every_test_and_every_verdict(vectors):
    _, counts = vectors
    assert counts["tries"] >= 2000 and counts["starts"] >= 20, counts
    assert counts["solved"] >= 200 and counts["failed"] >= 500 and counts["pending"] >= 20, counts
    assert counts["tests"] == sorted(ALL_TESTS)


def test_the_mirror_judges_every_try_as_the_engine_does(vectors):
    folder, counts = vectors
    out = run_check(folder)
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    assert f"lesson vectors: {counts['tries']} tries, {counts['starts']} starts, 0 failing" in (
        out.stdout
    )


def test_a_wrong_verdict_names_the_try_and_what_differs(vectors, tmp_path):
    folder, _ = vectors
    data = json.loads((folder / "lessons.json").read_text(encoding="utf-8"))
    wrong = next(v for v in data["tries"] if v["status"] == "failed")
    wrong["reasons"][0]["fr"] += " (altered)"
    (tmp_path / "lessons.json").write_text(json.dumps(data), encoding="utf-8")
    out = run_check(tmp_path)
    assert out.returncode != 0
    assert wrong["source"] in out.stdout and "(altered)" in out.stdout
