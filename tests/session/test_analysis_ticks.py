"""A long alpha-beta iteration keeps the analysis status ticking (issue #25 item 9): between
two results the shown lines keep their depth and values, their decisions and seconds grow."""

from __future__ import annotations

from cernunos_widget.session import Session
from cernunos_widget.session.throttle import Throttle
from cernunos_widget.solver import Limit


def test_the_status_ticks_between_two_depths():
    session = Session()
    session.throttle = lambda: Throttle(interval=0.0)  # every update sent: each tick is seen
    shown: list[dict] = []
    session.subscribe(lambda change: change.analysis and shown.append(change.analysis))
    session.analyse(Limit(depth=3), multipv=2, engine="alphabeta").wait()
    states = [s["lines"][0] for s in shown if s.get("lines")]
    assert shown[-1]["status"] == "done" and states[-1]["depth"] == 3
    ticks = [
        (before, after)
        for before, after in zip(states, states[1:], strict=False)
        if after["depth"] == before["depth"] and after["nodes"] > before["nodes"]
    ]
    assert ticks and {b["depth"] for b, _ in ticks} >= {2}  # the depth-3 search ticked at 2
    for before, after in ticks:  # the same line, searched further
        assert after["pv"] == before["pv"] and after["green"] == before["green"]
        assert after["seconds"] >= before["seconds"]
    nodes = [s["nodes"] for s in states]
    assert nodes == sorted(nodes)
