"""The page's hint search (js/rules/solve.js, issue #21 item 4) against the engine's exact
solver: make_hint_vectors.py solves small endgames with ``solver.solve`` into a temporary
folder and Node's test runner checks the mirror's search on each (hint.test.mjs)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from make_hint_vectors import FORFEIT_RULES, VARIANTS, write_vectors
from node_runner import node_test

from cernunos_widget.engine import Rules

HERE = Path(__file__).parent
CHECK = HERE / "hint.test.mjs"


def run_check(folder: Path) -> subprocess.CompletedProcess:
    return node_test(CHECK, "CERNUNOS_HINT_VECTORS", folder)


@pytest.fixture(scope="module")
def vectors(tmp_path_factory) -> tuple[Path, dict]:
    folder = tmp_path_factory.mktemp("hint")
    return folder, write_vectors(folder)


def test_the_vectors_cover_outcomes_variants_effects_and_forfeits(vectors):
    folder, counts = vectors
    assert counts["positions"] >= 150 and counts["at_most_3"] >= 20, counts
    assert counts["mid_effect"] >= 10 and counts["forfeits"] >= 8, counts
    assert all(counts["outcomes"][w] >= 3 for w in ("win", "draw", "loss")), counts
    saved = json.loads((folder / "hint.json").read_text())
    rules = {str(Rules.parse(v)) for v in VARIANTS + FORFEIT_RULES}
    assert {v["rules"] for v in saved} == rules
    assert {v["turn"] for v in saved} == {"g", "p"}
    assert all(v["tokens"] <= 6 for v in saved)


def test_the_hint_finds_the_engines_outcome_score_and_a_line_worth_it(vectors):
    folder, counts = vectors
    out = run_check(folder)
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    assert f"hint vectors: {counts['positions']} positions, 0 failing" in out.stdout


def test_a_wrong_answer_names_the_position_and_what_differs(vectors, tmp_path):
    folder, _ = vectors
    saved = json.loads((folder / "hint.json").read_text())
    planted = next(v for v in saved if v["outcome"] == "draw")
    planted["outcome"], planted["score"] = "win", 1
    (tmp_path / "hint.json").write_text(json.dumps([planted]))
    out = run_check(tmp_path)
    assert out.returncode != 0
    assert "hint vectors: 1 positions, 1 failing" in out.stdout
    named = rf"{planted['name']} \(rules [^)]*\).*outcome: expected win, got draw"
    assert re.search(named, out.stdout)
    assert "score: expected 1, got 0" in out.stdout
