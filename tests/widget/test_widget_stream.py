"""The analysis stream as the page gets it (#20 item 5): the whole state once, then only
what changed; the page's store ends equal to the kernel's, the final result last."""

from __future__ import annotations

import json

from page_double import Page

from cernunos_widget import CernunosWidget
from cernunos_widget.session.throttle import Throttle
from cernunos_widget.solver.analyse import Info
from cernunos_widget.widget.protocol import merge


def stepped_analyser(steps: list[list[tuple[str, float, int]]]):
    """A fake analysis yielding ``steps`` (per line: pv text, estimate, nodes)."""

    def run(position, limit, multipv, *, stop, engine):
        for step in steps:
            infos = []
            for pv, value, nodes in step:
                decisions, p = [], position
                for token in pv.split():
                    decisions.append(p.parse_decision(token))
                    p = p.play(token)
                infos.append(Info(decisions[0], False, None, None, value, decisions, 2, nodes, 0.1))
            yield infos

    return run


def every_update_sent(w: CernunosWidget) -> None:
    """Give ``w`` a throttle whose clock moves a second per reading: every update goes out."""
    ticks = iter(range(10**6))
    w.session.throttle = lambda: Throttle(clock=lambda: float(next(ticks)))


def analysis_patches(page: Page) -> list[dict]:
    return [m["patch"] for m in page.sent if "analysis" in m.get("patch", {})
            or "analysis_delta" in m.get("patch", {})]


def test_after_the_whole_state_the_page_gets_only_what_changed():
    w = CernunosWidget(game="B@b2")
    every_update_sent(w)
    page = Page(w)
    steps = [
        [("B@b3 D@a1", 0.10, 100), ("D@a1 D@b1", 0.05, 100)],
        [("B@b3 D@a1", 0.12, 900), ("D@a1 D@b1", 0.05, 900)],  # the same lines, new numbers
        [("D@a1 D@b1", 0.20, 2000), ("B@b3 D@a1", 0.12, 2000)],  # they swap
    ]
    assert w.session.analyse(analyser=stepped_analyser(steps)).wait(10)
    patches = analysis_patches(page)
    assert "analysis" in patches[0] and all("analysis" not in p for p in patches[1:-1])
    deltas = [p["analysis_delta"] for p in patches[1:-1]]
    assert len(deltas) == len(steps)  # every step; the final goes whole (a page that
    assert patches[-1]["analysis"]["status"] == "done"  # missed a delta catches up there)
    numbers_only = deltas[1]["lines"]
    assert numbers_only["1"] == {"nodes": 900}
    assert numbers_only["0"]["green"] == 0.12 and numbers_only["0"]["green_text"] == "+0.12"
    assert not {"pv", "labels", "board", "decision"} & set(numbers_only["0"])
    assert page.agrees() and page.store["analysis"]["lines"][0]["pv"] == ["D@a1", "D@b1"]
    full = len(json.dumps(w.analysis))
    assert len(json.dumps(deltas[1])) < full / 3  # new numbers: small beside the whole


def test_a_real_analysis_reaches_the_page_whole_and_ends_with_the_final_state():
    from cernunos_widget.solver import Limit

    w = CernunosWidget(game="B@b2 B@b3")
    page = Page(w)
    w.analyse(Limit(nodes=20_000), multipv=3, wait=True)
    patches = analysis_patches(page)
    last = patches[-1].get("analysis_delta") or patches[-1]["analysis"]
    assert (last.get("set") or last).get("status") == "done"
    assert page.agrees() and len(page.store["analysis"]["lines"]) == 3


def test_a_reply_merges_a_delta_into_the_state_it_carries_or_after_a_delta():
    base = {"node": 1, "gen": 0, "seq": 7, "status": "running", "lines": []}
    delta = {"node": 1, "gen": 0, "base": 7, "set": {"seq": 8, "depth": 2}, "unset": [],
             "lines": {}, "count": 0}
    merged = merge(merge({}, {"analysis": base}), {"analysis_delta": delta})
    assert merged == {"analysis": {**base, "seq": 8, "depth": 2}}
    more = {**delta, "base": 8, "set": {"seq": 9, "limit": "time 2"}}
    both = merge(merge({}, {"analysis_delta": delta}), {"analysis_delta": more})
    assert both["analysis_delta"]["set"] == {"seq": 9, "depth": 2, "limit": "time 2"}
    assert both["analysis_delta"]["base"] == 7  # the composed delta continues the first's
    assert merge(both, {"analysis": base}) == {"analysis": base}  # the whole state wins
