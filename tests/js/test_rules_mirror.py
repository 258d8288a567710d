"""The rules mirror (js/rules/, issue #21 items 1-2) against the engine, decision for
decision: make_rules_vectors.py writes the vectors into a temporary folder and Node's test
runner checks the mirror against them (rules.test.mjs); make_text_vectors.py writes game
trees with their texts, checked by text.test.mjs (the record's mirror: movetext.js,
gametext.js)."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from make_rules_vectors import VARIANTS, write_vectors
from make_text_vectors import write_text_vectors
from node_runner import node, run_module

from cernunos_widget.engine import Position, Rules
from cernunos_widget.widget.linker import link

HERE = Path(__file__).parent
CHECK = HERE / "rules.test.mjs"
TEXT_CHECK = HERE / "text.test.mjs"


def run_check(folder: Path, *checks: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "CERNUNOS_RULES_VECTORS": str(folder)}
    return subprocess.run(
        [node(), "--test", "--test-reporter=tap", *map(str, checks or (CHECK,))],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )


def test_the_mirror_plays_100000_engine_decisions_and_refuses_hostile_text(tmp_path):
    counts = write_vectors(tmp_path)
    assert counts["games"] >= 1000 and counts["decisions"] >= 100_000, counts
    assert counts["hostile"] >= 3000 and counts["moves"] >= 20_000, counts
    texts = write_text_vectors(tmp_path)
    assert texts["trees"] >= 300 and texts["refusals"] >= 100, texts
    out = run_check(tmp_path, CHECK, TEXT_CHECK)
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    games, decisions, moves = counts["games"], counts["decisions"], counts["moves"]
    checked = f"{games} games, {decisions} decisions ({moves} move records), 0 failing"
    assert f"rules vectors: {checked}" in out.stdout
    assert re.search(rf"hostile vectors: {counts['hostile']}, 0 failing", out.stdout)
    assert re.search(rf"tree vectors: {texts['trees']} trees, \d+ nodes, 0 failing", out.stdout)
    assert f"refusal vectors: {texts['refusals']}, 0 failing" in out.stdout


@pytest.fixture(scope="module")
def small_vectors(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("small")
    write_vectors(folder, seed=5, games=len(VARIANTS) * 3, decisions=0, hostile=100)
    write_text_vectors(folder, seed=5, trees=60, big=False)
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


def test_the_tree_vectors_cover_what_a_game_text_holds(small_vectors):
    trees = [json.loads(line) for line in (small_vectors / "trees.jsonl").open()]
    exports = [t["export"]["ok"] for t in trees if "ok" in t["export"]]
    for needle in ("(", "{", "\\}", "\\\\", "?!", "[CPN ", "[Rules ", '\\"'):
        assert any(needle in text for text in exports), needle
    cgn = [t for t in trees if "ok" in t["cgn"]]
    stale = [t for t in cgn if t["headers"].get("Result") not in (None, *_results(t))]
    assert stale, "no tree whose [Result] cgn_text corrects"
    assert any(len(t["cgn"]["ok"].splitlines()) > 8 for t in cgn)  # wrapped
    errors = {t["cgn"]["error"][0] for t in trees if "error" in t["cgn"]}
    assert errors == {"GameFileError"}


def _results(tree: dict) -> list[str]:
    return re.findall(r'^\[Result "([^"]*)"\]$', tree["cgn"]["ok"], re.M)


def test_a_tree_difference_names_the_tree_the_node_and_the_field(small_vectors, tmp_path):
    (tmp_path / "refusals.json").write_text("[]")

    def planted(change) -> tuple[dict, str]:
        lines = (small_vectors / "trees.jsonl").read_text().splitlines()
        tree = next(t for t in map(json.loads, lines) if len(t["nodes"]) > 5 and "ok" in t["cgn"])
        change(tree)
        (tmp_path / "trees.jsonl").write_text(json.dumps(tree) + "\n")
        out = run_check(tmp_path, TEXT_CHECK)
        assert out.returncode != 0
        return tree, out.stdout

    last = lambda tree: tree["nodes"][max(tree["nodes"], key=int)]  # noqa: E731
    tree, stdout = planted(lambda t: last(t)["move"].update(label="planted"))
    named = f"tree {tree['name']} (rules {tree['rules']}), node {last(tree)['id']}"
    assert f'{named}, field move.label: expected "planted", got ' in stdout, stdout
    tree, stdout = planted(lambda t: t["cgn"].update(ok=t["cgn"]["ok"].replace("\n", " ", 1)))
    named = f"tree {tree['name']} (rules {tree['rules']}), node -, field cgn: first difference"
    assert named in stdout, stdout


def test_the_mirror_links_as_the_page_parts_do(tmp_path):
    """widget/linker.py accepts the mirror's syntax; the mirror needs, besides its folder,
    only the page's words (i18n.js and the catalogues)."""
    js = HERE.parents[1] / "cernunos_widget" / "js"
    parts = [*(js / "rules").glob("*.js"), js / "i18n.js", js / "catalogues.js"]
    sources = {p.relative_to(js).as_posix(): p.read_text(encoding="utf-8") for p in parts}
    linked = link(sources, "rules/index.js").module()
    (tmp_path / "rules.mjs").write_text(linked, encoding="utf-8")
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
