"""The rules mirror (js/rules/, issue #21 items 1-2) against the engine, decision for
decision: make_rules_vectors.py writes the vectors into a temporary folder and Node's test
runner checks the mirror against them (rules.test.mjs)."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from make_rules_vectors import VARIANTS, write_vectors
from node_runner import node, run_module

from cernunos_widget.engine import Position, Rules
from cernunos_widget.widget.linker import link

HERE = Path(__file__).parent
CHECK = HERE / "rules.test.mjs"


def run_check(folder: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "CERNUNOS_RULES_VECTORS": str(folder)}
    return subprocess.run(
        [node(), "--test", "--test-reporter=tap", str(CHECK)],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )


def test_the_mirror_plays_100000_engine_decisions_and_refuses_hostile_text(tmp_path):
    counts = write_vectors(tmp_path)
    assert counts["games"] >= 1000 and counts["decisions"] >= 100_000, counts
    assert counts["hostile"] >= 3000, counts
    out = run_check(tmp_path)
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    assert re.search(rf"rules vectors: {counts['games']} games, {counts['decisions']} ", out.stdout)
    assert re.search(rf"hostile vectors: {counts['hostile']}, 0 failing", out.stdout)


@pytest.fixture(scope="module")
def small_vectors(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("small")
    write_vectors(folder, seed=5, games=len(VARIANTS) * 3, decisions=0, hostile=100)
    return folder


def test_the_vectors_cover_every_variant_choice_and_the_forfeit(small_vectors):
    games = [json.loads(line) for line in (small_vectors / "games.jsonl").open()]
    assert {g["rules"] for g in games} >= {str(Rules.parse(v)) for v in VARIANTS}
    choices = {s["c"] for g in games for s in g["steps"]}
    assert choices >= {"placement", "boar-target", "fox-swap", "fox-order", "crow-cell"}
    results = [g["steps"][-1]["v"]["result"] if g["steps"] else g["start"]["result"] for g in games]
    assert "green forfeit" in results


def test_a_difference_names_the_game_the_decision_and_the_field(small_vectors, tmp_path):
    lines = (small_vectors / "games.jsonl").read_text().splitlines()
    game = json.loads(lines[-1])
    step = game["steps"][4]
    cell = next(iter(step["v"]["powers"]))
    step["v"]["powers"][cell]["text"] = "planted"
    (tmp_path / "games.jsonl").write_text(json.dumps(game) + "\n")
    (tmp_path / "hostile.json").write_text("[]")
    out = run_check(tmp_path)
    assert out.returncode != 0
    named = f"game {game['name']} (rules {game['rules']}), decision 5, field view.powers.{cell}"
    assert f'{named}.text: expected "planted", got ' in out.stdout, out.stdout


def test_the_mirror_links_as_the_page_parts_do(tmp_path):
    """widget/linker.py accepts the mirror's syntax (items 3-7 will link it into the page)."""
    folder = HERE.parents[1] / "cernunos_widget" / "js" / "rules"
    sources = {p.name: p.read_text(encoding="utf-8") for p in folder.glob("*.js")}
    (tmp_path / "rules.mjs").write_text(link(sources, "index.js").module(), encoding="utf-8")
    code = (
        'import { Position } from "./rules.mjs";\n'
        'const p = Position.start("wolf-1").play("X@b2");\n'
        "console.log(p.cpn(), p.legalTexts().length);\n"
    )
    expected = Position.start("wolf-1").play("X@b2")
    assert run_module(tmp_path, code).split() == [
        *expected.cpn().split(),
        str(len(expected.legal_texts())),
    ]
