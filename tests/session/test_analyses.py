"""The analyses a session remembers, and the page that carries them (issue #21 item 4):
each analysed node keeps its finished analysis (bounded, forgotten with its node or game),
the page state and patches carry them, a stored line plays from its node, and
``to_html(analyse=...)`` analyses and reviews the main line before writing the page."""

from __future__ import annotations

import json
import math

import pytest
from page_double import Page, store_of

from cernunos_widget.record.tree import Game
from cernunos_widget.session import page
from cernunos_widget.session.analyses import KEPT, AnalysisMemory
from cernunos_widget.session.core import Change, NoAnalysisLineError, Session
from cernunos_widget.session.mainline import (
    DEFAULT_SECONDS,
    LINES,
    AnalyseOptionError,
    analyse_main_line,
    check_analyse,
)
from cernunos_widget.solver.analyse import Info
from cernunos_widget.widget.adapter import CernunosWidget
from cernunos_widget.widget.protocol import merge
from cernunos_widget.widget.static import to_html


def lines_analyser(count: int = 5, steps: int = 3, wait_for_stop: bool = False):
    """A fake analysis: ``count`` first decisions rated, best first, ``steps`` results
    (or, with ``wait_for_stop``, results until stopped)."""

    def run(position, limit, multipv, *, stop, engine):
        decisions = position.legal_decisions()[: min(count, multipv)]
        step = 0
        while step < steps or (wait_for_stop and not stop.is_set()):
            step += 1
            yield [
                Info(d, False, None, None, 0.5 - i / 10, [d], step, step * 10, 0.01)
                for i, d in enumerate(decisions)
            ]
            if stop.is_set():
                return

    return run


def analysed(session: Session, node=None, **kwargs) -> dict:
    job = session.analyse(node=node, analyser=lines_analyser(**kwargs))
    assert job is not None and job.wait(10)
    return session.analysis


def recorded(session: Session) -> list[Change]:
    changes: list[Change] = []
    session.subscribe(changes.append)
    return changes


def page_state(html: str) -> dict:
    state = json.loads(html.split("data-cernunos-board>")[1].split("</script>")[0])
    return {**state, "tree": store_of(state["tree"])}  # its records unpacked, as the page does


# ---------------------------------------------------------------------- remembering


def test_a_finished_analysis_is_remembered_by_its_node_and_sent_in_a_patch():
    s = Session(Game.parse("B@b2 B@b3"))
    changes = recorded(s)
    final = analysed(s, node=1)
    stored = s.analyses[1]
    assert set(stored) == set(KEPT) and stored["node"] == 1 and stored["status"] == "done"
    assert stored["lines"] == final["lines"] and len(stored["lines"]) == 3
    assert s.stored_analysis(1) == stored and s.stored_analysis(2) is None
    patches = [page.patch_of(s, c) for c in changes]
    sent = [p["analyses"] for p in patches if "analyses" in p]
    assert sent == [{1: stored}]  # once, when it ended (not while it streamed)
    assert page.full_state(s)["analyses"] == {1: stored}


def test_an_analysis_stopped_with_results_is_remembered_one_without_none():
    s = Session(Game.parse("B@b2"))
    job = s.analyse(analyser=lines_analyser(steps=1, wait_for_stop=True))
    job.stop()
    assert job.wait(10)
    assert s.analyses[1]["status"] == "cancelled" and s.analyses[1]["lines"]

    def empty(position, limit, multipv, *, stop, engine):
        return iter(())

    job = s.analyse(node=0, analyser=empty)
    assert job.wait(10) and s.analysis["status"] == "done" and not s.analysis["lines"]
    assert 0 not in s.analyses  # nothing to show: not remembered


def test_a_node_analysed_again_keeps_the_newer_analysis():
    s = Session(Game.parse("B@b2"))
    analysed(s, steps=1)
    analysed(s, steps=4)
    assert s.analyses[1]["lines"][0]["depth"] == 4


def test_a_deleted_node_and_a_replaced_game_forget_their_analyses():
    s = Session(Game.parse("B@b2 B@b3 D@a1"))
    for node in (1, 2, 3):
        analysed(s, node=node)
    changes = recorded(s)
    s.delete(2)  # 2 and 3 go
    assert set(s.analyses) == {1}
    patch = page.patch_of(s, changes[-1])
    assert patch["removed"] == [2, 3] and "analyses" not in patch  # removal says it
    s.replace_game(Game.parse("B@b2"))
    assert s.analyses == {} and page.full_state(s)["analyses"] == {}
    assert page.patch_of(s, changes[-1])["analyses"] == {}  # the reset's full state


def test_the_memory_keeps_the_last_nodes_analysed_and_says_which_it_forgot():
    memory = AnalysisMemory(size=2)
    assert memory.remember(1, {"a": 1}) == [] and memory.remember(2, {"a": 2}) == []
    assert memory.remember(1, {"a": 3}) == []  # analysed again: now the latest
    assert memory.remember(3, {"a": 4}) == [2]
    assert memory.to_dict() == {1: {"a": 3}, 3: {"a": 4}}

    s = Session(Game.parse("B@b2 B@b3 D@a1"))
    s._analyses.size = 2
    changes = recorded(s)
    for node in (1, 2, 3):
        analysed(s, node=node)
    assert set(s.analyses) == {2, 3}
    patch = page.patch_of(s, changes[-1])
    assert patch["analyses"][1] is None and patch["analyses"][3]["node"] == 3


def test_patches_merge_analyses_keeping_a_forgotten_one_and_dropping_a_removed_one():
    into = merge({}, {"analyses": {1: {"node": 1}, 2: {"node": 2}}})
    merge(into, {"analyses": {1: None}, "removed": [2]})
    assert into["analyses"] == {1: None}


def test_remember_analysis_may_keep_what_a_node_has():
    s = Session(Game.parse("B@b2"))
    first = {"status": "done", "lines": [{"pv": ["B@b3"]}], "limit": "time 1", "engine": "auto"}
    assert s.remember_analysis(1, first)
    assert not s.remember_analysis(1, {**first, "limit": "time 2"}, replace=False)
    assert s.analyses[1]["limit"] == "time 1"
    assert s.remember_analysis(1, {**first, "limit": "time 2"})
    assert s.analyses[1]["limit"] == "time 2"


# ---------------------------------------------------------------------- playing a stored line


def test_a_line_request_naming_a_node_plays_that_nodes_stored_line():
    w = CernunosWidget(game="B@b2 B@b3")
    p = Page(w)
    analysed(w.session, node=1)
    line = w.session.analyses[1]["lines"][1]
    analysed(w.session, node=0)  # the live analysis is now another node's
    assert p.store["analyses"]["1"] == json.loads(json.dumps(w.session.analyses[1]))
    assert p.agrees()
    reply = p.request(type="line", index=1, node=1)
    assert reply["ok"], reply
    assert w.node.parent.id == 1 and w.node.decision_text == line["pv"][0]
    reply = p.request(type="line", index=0)  # the old form: the latest analysis
    assert reply["ok"] and w.node.parent.id == 0
    reply = p.request(type="line", index=3, node=1)
    assert not reply["ok"] and "no line 3 in the stored analysis of node #1" in reply["message"]
    reply = p.request(type="line", index=0, node=2)
    assert not reply["ok"] and "there are 0" in reply["message"]
    reply = p.request(type="line", index=0, node=999)
    assert not reply["ok"] and "no node #999" in reply["message"]
    with pytest.raises(NoAnalysisLineError, match="node #2"):
        w.session.play_analysis_line(0, node=2)


# ---------------------------------------------------------------------- to_html(analyse=...)


@pytest.mark.parametrize(
    ("value", "expected"),
    [(None, None), (False, None), (True, DEFAULT_SECONDS), (2, 2.0), (0.05, 0.05)],
)
def test_the_analyse_option_takes_true_or_seconds(value, expected):
    assert check_analyse(value) == expected


@pytest.mark.parametrize("value", [0, -1, math.nan, math.inf, 1e9, "fast", [1], "1"])
def test_a_bad_analyse_option_is_refused_saying_what_is_accepted(value):
    with pytest.raises(AnalyseOptionError, match="True .* a number of seconds a node"):
        check_analyse(value)
    w = CernunosWidget(game="B@b2")
    with pytest.raises(AnalyseOptionError):
        w.to_html(analyse=value)
    with pytest.raises(AnalyseOptionError):
        to_html(Game.parse("B@b2"), analyse=value)
    assert w.session.analyses == {} and w.session.review_state == {}  # nothing ran


def test_the_main_line_analysis_remembers_each_node_and_reviews_from_it():
    s = Session(Game.parse("B@b2 B@b3 (D@a1) T@c3"))
    s.goto(2)
    s.remember_analysis(2, {"status": "done", "lines": [{"pv": ["T@a1"]}], "limit": "mine"})
    seen = []
    searched = analyse_main_line(
        s, 0.05, progress=lambda done, total: seen.append((done, total)),
        analyser=lines_analyser(count=8),
    )
    mainline = [s.game.root, *s.game.mainline()]
    assert searched == len(mainline) == 4 and seen == [(i, 4) for i in range(1, 5)]
    assert set(s.analyses) == {n.id for n in mainline}  # not the variation D@a1
    assert s.analyses[2]["limit"] == "mine"  # the author's own analysis stays
    other = s.analyses[mainline[-1].id]
    assert other["limit"] == "time 0.05" and len(other["lines"]) == LINES
    assert s.review_state["status"] == "done" and s.review_state["searches"] == 0
    assert all(s.evaluation(n) is not None for n in mainline)


def test_to_html_with_analyse_carries_an_analysis_and_an_evaluation_for_each_main_line_node(
    tmp_path,
):
    """A real search, 0.05 s a node."""
    w = CernunosWidget(game="B@b2 B@b3 D@a1")
    assert page_state(w.to_html())["tree"]["analyses"] == {}  # without the option: as it was
    html = w.to_html(tmp_path / "board.html", analyse=0.05)
    assert (tmp_path / "board.html").read_text(encoding="utf-8") == html
    tree = page_state(html)["tree"]
    mainline = [str(n.id) for n in (w.game.root, *w.game.mainline())]
    assert sorted(tree["analyses"]) == mainline
    for node_id in mainline:
        analysis = tree["analyses"][node_id]
        assert analysis["status"] == "done" and analysis["lines"], node_id
        assert analysis["lines"][0]["pv"] and "green_text" in analysis["lines"][0]
        assert tree["nodes"][node_id]["eval"]["quality"] == "time=0.05"
    assert tree["review"]["status"] == "done" and tree["review"]["total"] == len(mainline)
    assert page_state(to_html(Game.parse("B@b2"), analyse=0.05))["tree"]["analyses"]["1"]


def test_the_main_line_analysis_keeps_the_best_lines_best_first_numbered_as_moves():
    """#25 item 2: a search listing its lines worst first (MCTS lists them by visits)
    leaves each node the best :data:`LINES`, best first, each with its move records."""

    def worst_first(position, limit, multipv, *, stop, engine):
        decisions = position.legal_decisions()[:8]
        yield [
            Info(d, False, None, None, -0.5 + i / 10, [d], 1, 10, 0.01)
            for i, d in enumerate(decisions)
        ]

    s = Session(Game.parse("B@b2 B@b3"))
    analyse_main_line(s, 0.05, analyser=worst_first)
    lines = s.analyses[s.game.mainline()[0].id]["lines"]  # Green to place again
    assert [line["green"] for line in lines] == pytest.approx([0.2, 0.1, 0.0])
    assert [m["turn"] for m in lines[0]["moves"]] == [""]  # Green's turn 1 goes on
    assert lines[0]["moves"][0]["label"] == lines[0]["labels"][0]
