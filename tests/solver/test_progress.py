"""Alpha-beta tells how far it is between two results (issue #25 item 9): a status can
tick during a long iteration (decisions and seconds so far), not stall at the last depth."""

from __future__ import annotations

from cernunos_widget.engine import Position
from cernunos_widget.solver import Limit, analysis


def test_alphabeta_reports_progress_after_every_first_decision_of_each_iteration():
    position = Position.start()
    events: list[tuple] = []
    for infos in analysis(
        position,
        Limit(depth=3),
        2,
        engine="alphabeta",
        progress=lambda nodes, seconds: events.append(("progress", nodes, seconds)),
    ):
        events.append(("result", infos[0].nodes, infos[0].seconds))
    results = [i for i, e in enumerate(events) if e[0] == "result"]
    assert len(results) == 3  # depths 1, 2 and 3
    first_decisions = len(position.option_codes)
    starts = [-1, *results[:-1]]
    for start, end in zip(starts, results, strict=True):
        reports = events[start + 1 : end]
        assert len(reports) >= first_decisions  # one at least per first decision searched
        nodes = [n for _, n, _ in reports]
        seconds = [s for _, _, s in reports]
        assert nodes == sorted(nodes) and seconds == sorted(seconds)
        assert nodes[-1] <= events[end][1] and seconds[-1] <= events[end][2]
    # the last iteration's reports climb from the previous result's count to its own
    last = events[results[1] + 1 : results[2]]
    assert last[0][1] >= events[results[1]][1] and last[-1][1] > last[0][1]
