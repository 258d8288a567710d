"""The page applies an analysis delta exactly as the kernel computed it (#20 item 5):
store.js's applyPatch, run by Node, against session/delta.py on random analysis states."""

from __future__ import annotations

import json
import random
from pathlib import Path

from node_runner import run_module

from cernunos_widget.session.delta import analysis_delta, compose

STORE = Path(__file__).resolve().parents[2] / "cernunos_widget" / "js" / "store.js"
PVS = ["B@b2 D@a1", "D@a1", "T@c3 T@d3 W@a1", "X@b2"]


SEQ = iter(range(1, 10**9))


def random_state(rng: random.Random, node: int = 3) -> dict:
    """A running analysis's state as the session numbers them; lines of two shapes."""
    lines = [
        {"pv": rng.choice(PVS).split(), "green": rng.choice([0.1, -0.2]), "nodes": rng.randrange(9)}
        for _ in range(rng.randrange(4))
    ]
    lines = [{**line, "depth": 3} if rng.random() < 0.2 else line for line in lines]
    extra = {"preparing": "loading"} if rng.random() < 0.3 else {}
    return {"node": node, "gen": 1, "seq": next(SEQ), "status": "running", "lines": lines,
            **extra}


def test_store_js_applies_deltas_as_python_computes_them(tmp_path):
    rng = random.Random(11)
    cases = []
    while len(cases) < 300:
        a, b, c = random_state(rng), random_state(rng), random_state(rng)
        ab, bc = analysis_delta(a, b), analysis_delta(b, c)
        if ab is not None:
            cases.append({"old": a, "delta": ab, "new": b})
            cases.append({"old": random_state(rng), "delta": ab, "new": None})  # missed one
        if ab is not None and bc is not None:
            cases.append({"old": a, "delta": compose(ab, bc), "new": c})  # a reply's two
    stale = random_state(rng)  # a delta for another node is not applied
    delta = None
    while delta is None:
        delta = analysis_delta(random_state(rng, 4), random_state(rng, 4))
    cases.append({"old": stale, "delta": delta, "new": stale})
    for case in cases:
        case["new"] = case["new"] or case["old"]  # another base: the page keeps what it shows
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    code = f"""
import {{ readFileSync }} from "node:fs";
import {{ applyPatch }} from {json.dumps(STORE.as_uri())};
const cases = JSON.parse(readFileSync({json.dumps(str(tmp_path / "cases.json"))}, "utf8"));
const out = cases.map(({{ old, delta }}) => {{
  const store = {{ gen: 1, nodes: {{}}, views: {{}}, analysis: old }};
  applyPatch(store, {{ gen: 1, analysis_delta: delta }});
  applyPatch(store, {{ gen: 1, analysis_delta: delta }});  // twice is harmless
  return store.analysis;
}});
console.log(JSON.stringify(out));
"""
    shown = json.loads(run_module(tmp_path, code))
    assert shown == [case["new"] for case in cases]
