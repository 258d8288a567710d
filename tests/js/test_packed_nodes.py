"""The page unpacks a whole tree's records exactly as the kernel packed them (#35 item 3):
store.js's storeOf (a ``tree`` trait) and applyPatch (a reset patch), run by Node, against
session/packed.py on seeded trees with annotations, evaluations, gaps in their ids, and a
root in the middle of an effect."""

from __future__ import annotations

import json
from pathlib import Path

from benchmark_scripts import benchmark_script
from node_runner import run_module

from cernunos_widget.engine import Position
from cernunos_widget.record.tree import Game
from cernunos_widget.session import page
from cernunos_widget.session.core import Session
from cernunos_widget.session.packed import pack_state

STORE = Path(__file__).resolve().parents[2] / "cernunos_widget" / "js" / "store.js"


def sessions() -> list[Session]:
    grow = benchmark_script("big_tree").grow
    out = []
    for seed, language in ((1, "en"), (2, "fr"), (3, "en")):
        s = Session(grow(150, seed=seed), language)
        for i, node in enumerate(s.game.nodes()):
            if i % 5 == 1:
                s.comment(f"note {i} «é»", node)
            if i % 9 == 2:
                s.annotate("!", node)
            if i % 8 == 3:
                node.mark, node.mark_text = "?", f"mistake {i}"
                s._evals[node.id] = {"green": -0.5, "proven": "loss", "text": "Purple wins"}
        s.delete(s.game.root.children[-1])  # gaps in the ids
        out.append(s)
    mid = Position.start()
    line = ("D@c2", "C@d1", "X@b3", "B@a2", "W@d3", "F@b2", "C@c2", "T@b3", "T@b1", "X@b1")
    for decision in line:
        mid = mid.play(decision)  # the Fox's swap pending: a root amid an effect
    game = Game(mid)
    game.root.play(mid.legal_texts()[0])
    return [*out, Session(game), Session()]


def test_store_js_unpacks_the_records_python_packed(tmp_path):
    states = [page.full_state(s) for s in sessions()]
    (tmp_path / "packed.json").write_text(json.dumps([pack_state(state) for state in states]))
    code = f"""
import {{ readFileSync }} from "node:fs";
import {{ applyPatch, storeOf }} from {json.dumps(STORE.as_uri())};
const states = JSON.parse(readFileSync({json.dumps(str(tmp_path / "packed.json"))}, "utf8"));
const out = states.map((state) => {{
  const trait = structuredClone(state);
  const fromTrait = storeOf({{ get: () => trait }});
  const store = {{ gen: 0, nodes: {{ 77: {{ id: 77 }} }}, views: {{}} }};
  applyPatch(store, {{ ...structuredClone(state), reset: true }});
  return {{ trait: fromTrait.nodes, reset: store.nodes, packed: "packed" in fromTrait }};
}});
console.log(JSON.stringify(out));
"""
    shown = json.loads(run_module(tmp_path, code))
    for state, got in zip(states, shown, strict=True):
        nodes = json.loads(json.dumps(state["nodes"]))  # keys as text, as in the page
        assert got["trait"] == nodes and got["reset"] == nodes and not got["packed"]
