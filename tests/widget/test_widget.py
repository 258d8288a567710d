"""The widget without a browser: requests as the page sends them, replies and patches as the
page receives them (tests/page_double.py keeps the page's store as widget.js does)."""

import json
import time

import pytest
from cpn_builder import FINAL_PLACEMENT, cpn
from page_double import Page

from cernunos_widget.engine import IllegalDecisionError, Position
from cernunos_widget.record.tree import Game
from cernunos_widget.solver.threads import available_cores
from cernunos_widget.widget.adapter import CernunosWidget


def test_initial_state_is_in_the_tree_trait():
    w = CernunosWidget()
    page = Page(w)
    assert w.current == 0 and list(page.store["nodes"]) == ["0"]
    view = page.view
    assert view["cpn"] == Position.start().cpn() and view["pending"] == "g chooses placement"
    assert view["reserves"]["g"]["T"] == 12 and view["option_count"] == 96
    assert view["decider"] == "g" and view["placer"] == "g"  # Green is Player 0: not falsy
    assert w.cpn == Position.start().cpn()


def test_constructors_take_a_position_a_cpn_or_a_game():
    text = cpn({"b1": "t"})
    assert CernunosWidget(cpn=text).cpn == text
    assert CernunosWidget(Position.from_cpn(text)).cpn == text
    w = CernunosWidget(game="B@b2 B@b3")
    assert w.cpn == ".,B,.,./.,.,.,./.,B,.,. p 2 0-0"  # opens at the end of the main line
    with pytest.raises(ValueError, match="at most one"):
        CernunosWidget(Position.start(), cpn=text)


def test_a_click_is_one_request_one_reply_with_only_the_new_node():
    w = CernunosWidget()
    page = Page(w)
    reply = page.play("B@b2")
    assert reply["ok"] and len(page.sent) == 1  # nothing else was sent
    patch = reply["patch"]
    assert set(patch["views"]) == {1} and set(patch["nodes"]) == {0, 1}  # new node + parent
    assert patch["current"] == 1
    assert w.cpn == cpn({"b2": "B"}, "g", "1") and page.view["cpn"] == w.cpn
    assert page.agrees()


def test_an_illegal_placement_changes_nothing_and_gives_the_engines_reason():
    w = CernunosWidget(cpn=cpn({"b2": "tt"}))
    page = Page(w)
    before = (w.game.export(), w.current, json.dumps(page.store, sort_keys=True))
    reply = page.play("T@b2")
    assert not reply["ok"] and "patch" not in reply
    assert reply["message"].startswith("Tree cannot go on b2:") and "power 1" in reply["message"]
    assert (w.game.export(), w.current, json.dumps(page.store, sort_keys=True)) == before
    assert w.message == reply["message"]
    with pytest.raises(IllegalDecisionError, match="Tree cannot go on b2"):
        w.play("T@b2")  # the same reason from Python
    # then the legal options (README: a refusal shows them): here the Tree's other cells
    others = " ".join(f"T@{c}" for c in ("a1", "b1", "c1", "d1", "a2", "c2", "d2", "a3", "b3"))
    assert reply["message"].endswith(f"(R-11); legal Tree placements: {others} T@c3 T@d3")


def test_a_kind_with_no_legal_placement_is_refused_with_every_legal_decision():
    w = CernunosWidget(cpn=cpn({"a1": "S"}))  # Green's only Squirrel is on the board
    with pytest.raises(IllegalDecisionError) as refused:
        w.play("S@b1")
    legal = w.position.legal_texts()
    assert str(refused.value) == (
        f"Squirrel cannot go on b1: Green has no Squirrel left in reserve; legal: {' '.join(legal)}"
    )
    assert "T@b1" in legal and not any(d.startswith("S@") for d in legal)


def test_boar_target_chosen_by_the_other_player_r27():
    w = CernunosWidget(cpn=cpn({"a1": "bT", "a2": "D"}))
    page = Page(w)
    page.play("C@b1")
    view = page.view
    assert view["pending"] == "p chooses boar-target" and view["cpn"] == ""
    assert view["prompt"] == "Purple chooses which token their Boar on a1 pushes"
    assert view["targets"] == ["b1", "a2"] and view["placer"] == ""
    reply = page.play("c3")
    assert not reply["ok"] and "illegal decision 'c3'" in reply["message"]
    page.play("b1")
    assert w.cpn == cpn({"a1": "Tb", "a2": "D", "c1": "C"}, "g", "1")


def test_fox_swap_partners_come_from_the_engine():
    w = CernunosWidget(cpn=cpn({"b1": "t", "a2": "D", "b2": "B"}))
    page = Page(w)
    page.play("X@a1")
    partners = page.view["swap_partners"]
    assert partners["b2"]["b1"] == partners["b1"]["b2"] == "b1~b2"  # the token, board order
    page.play(partners["b2"]["b1"])
    assert page.view["choice"] == "fox-order"
    page.play("b2")
    page.play("b2")
    assert w.cpn == cpn({"a1": "X", "b1": "B", "a2": "D", "b2": "t", "b3": "t"}, "g", "1")
    assert page.tokens()[-4:] == ["X@a1", "b1~b2", "b2", "b2"]
    assert page.agrees()


def test_growth_options_and_pass():
    w = CernunosWidget(cpn=cpn({"b1": "T", "a2": "T", "c2": "T"}, "g", "s", "7-0"))
    page = Page(w)
    assert page.view["grow"] == {
        "options": ["grow:b1,a2", "grow:b1,c2", "grow:a2,c2"],
        "count": 2,
        "trees": ["b1", "a2", "c2"],
    }
    page.play("grow:b1,c2")
    assert w.node.decision_text == "grow:b1,c2"
    w2 = CernunosWidget(cpn=FINAL_PLACEMENT)
    page2 = Page(w2)
    assert page2.view["can_pass"]
    page2.play("pass")
    assert page2.view["result"] == "green 7-1 1-1 11-0" and page2.view["pending"] == ""


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ({"type": "nonsense"}, "unknown request 'nonsense'"),
        ({"type": "delete", "node": True}, "node must be an integer, not True"),
        ({"type": "delete", "node": "3"}, "node must be an integer, not '3'"),
        ({"type": "delete", "node": 3.9}, "node must be an integer, not 3.9"),
        ({"type": "delete", "node": 99}, "no node #99"),
        ({"type": "comment", "node": 1, "text": None}, "text must be text, not None"),
        ({"type": "play", "node": 0, "decision": "  "}, "decision is empty"),
        ({"type": "play", "node": 0, "decision": "Q@z9"}, "Q@z9"),
        ({"type": "analyse", "node": 0, "seconds": 5, "multipv": 1e308}, "multipv must be"),
        ({"type": "analyse", "node": 0, "seconds": float("inf")}, "seconds must be > 0"),
        ({"type": "overlay", "on": 1}, "on must be true or false"),
        ({"type": "engine", "engine": "deep"}, "unknown engine 'deep'"),
        ({"type": "goto", "node": 0, "extra": 1}, "unexpected field(s) extra"),
        ({"type": "goto", "node": 0, "gen": 5}, "replaced by a new game"),
    ],
)
def test_bad_requests_are_refused_with_a_message_and_change_nothing(content, expected):
    w = CernunosWidget(game="B@b2 B@b3")
    page = Page(w)
    before = (w.game.export(), w.current, w.overlay, w.engine)
    reply = page.request(**content)
    assert not reply["ok"] and expected in reply["message"], reply
    assert "patch" not in reply and (w.game.export(), w.current, w.overlay, w.engine) == before


def test_messages_that_are_not_requests_still_get_one_reply():
    w = CernunosWidget()
    page = Page(w)
    w._on_page_message(w, "not a dict", [])
    w._on_page_message(w, {"id": [1], "type": "goto", "node": 0}, [])
    assert [m["ok"] for m in page.sent] == [False, False]
    assert "a request is a JSON object" in page.sent[0]["message"]
    assert page.sent[1]["reply"] is None and "request id" in page.sent[1]["message"]


def test_python_play_back_forward_goto_and_branching():
    w = CernunosWidget()
    page = Page(w)
    end = w.play("B@b2 B@b3")
    assert w.node is end
    w.back()
    assert w.node.decision_text == "B@b2"
    w.play("D@a1")  # a different decision: a new variation
    assert w.game.export() == "B@b2 B@b3 (D@a1)"
    w.goto(end)
    assert w.cpn == ".,B,.,./.,.,.,./.,B,.,. p 2 0-0"
    w.back()
    w.forward()
    assert w.node is end
    with pytest.raises(IllegalDecisionError):
        w.play("T@a1 pass")  # atomic: nothing of a bad line is added
    assert w.game.export() == "B@b2 B@b3 (D@a1)"
    assert page.agrees()  # every Python call reached the page as a patch


def test_requests_carry_the_pages_node():
    w = CernunosWidget(game="B@b2 B@b3")
    page = Page(w)
    assert page.request(type="goto", node=1)["ok"] and w.node.decision_text == "B@b2"
    page.request(type="play", node=1, decision="D@a1")
    assert w.game.export() == "B@b2 B@b3 (D@a1)" and w.node.decision_text == "D@a1"


def test_promote_delete_and_comment():
    w = CernunosWidget(game="B@b2 B@b3 (D@a1)")
    page = Page(w)
    variation = w.game.root.children[0].children[1]
    page.request(type="goto", node=variation.id)
    page.request(type="promote")
    assert w.game.export() == "B@b2 D@a1 (B@b3)"
    page.request(type="comment", text="quiet")
    assert w.game.export() == "B@b2 D@a1 {quiet} (B@b3)" and w.node.comment == "quiet"
    reply = page.request(type="delete")
    assert w.game.export() == "B@b2 B@b3" and w.node.decision_text == "B@b2"
    assert reply["patch"]["removed"] == [variation.id]
    assert page.agrees()


def test_node_ids_are_stable_and_never_reused_within_a_game():
    w = CernunosWidget(game="B@b2 B@b3 (D@a1)")
    ids = {n.decision_text: n.id for n in w.game.nodes()}
    w.promote(ids["D@a1"])
    assert {n.decision_text: n.id for n in w.game.nodes()} == ids
    w.delete(ids["D@a1"])
    w.goto(ids["B@b2"])
    new = w.play("D@a1")
    assert new.id not in ids.values()


def test_the_overlay_and_engine_settings_go_both_ways():
    w = CernunosWidget()
    page = Page(w)
    reply = page.request(type="overlay", on=True)
    assert w.overlay and reply["patch"]["settings"]["overlay"] is True
    page.request(type="engine", engine="mcts")
    assert w.engine == "mcts"
    w.overlay = False  # from Python
    assert page.store["settings"] == {
        "overlay": False, "engine": "mcts", "language": "en", "threads": None,
        "cores": available_cores(),
    }


def test_views_mark_what_changed_and_narrate():
    w = CernunosWidget(cpn=cpn({"b3": "d"}))
    page = Page(w)
    page.play("B@b2")
    assert page.view["changed"] == ["b1", "b2", "b3"]
    assert page.view["events"][-1]["text"].endswith("from b3 to b1 (wrapping around).")


def test_power_overlay_data():
    w = CernunosWidget(cpn=cpn({"b2": "t", "a2": "d", "c2": "d", "a1": "W"}), overlay=True)
    page = Page(w)
    assert page.view["powers"]["b2"] == {
        "total": 1,
        "base": 0,
        "deer": ["a2", "c2"],
        "wolves": ["a1"],
        "text": "1 (base 0, +1 Deer a2, +1 Deer c2, -1 Wolf a1)",
    }
    assert "b2" not in page.view["coverable"]
    assert w.zones["W"]["a1"]["cells"] == ["b2", "c3"]  # the Wolf on a1
    assert w.zones["B"]["b1"]["pushes"] == [
        ["a1", "d1", True],
        ["c1", "d1", False],
        ["b2", "b3", False],
    ]


def test_the_whole_tree_is_written_only_on_flush_never_on_a_click():
    w = CernunosWidget()
    page = Page(w)
    written = []
    w.observe(lambda change: written.append(change["new"]), "tree")
    page.play("B@b2")
    page.play("B@b3")
    assert written == []  # clicks send patches only
    w.flush()  # what the end of a cell does
    assert len(written) == 1 and len(written[0]["nodes"]) == 3
    w.flush()
    assert len(written) == 1  # nothing changed since
    assert w.get_state()["tree"]["current"] == 2  # a page asking for the state gets it fresh


def test_small_synced_traits_follow_the_board_whoever_moves_it():
    """node_id, current_cpn and revision (what marimo's mo.ui.anywidget(w).value shows):
    a click, a Python call and a new game all move them; an analysis does not."""
    w = CernunosWidget()
    page = Page(w)
    seen = []
    w.observe(lambda c: seen.append((c["name"], c["new"])), ["node_id", "current_cpn", "revision"])
    assert (w.node_id, w.current_cpn, w.revision) == (0, Position.start().cpn(), 0)
    page.play("B@b2")  # a click
    assert (w.node_id, w.current_cpn, w.revision) == (1, cpn({"b2": "B"}, "g", "1"), 1)
    w.play("B@b3")  # Python
    assert (w.node_id, w.revision) == (2, 2) and w.current_cpn == w.cpn
    w.back()
    assert (w.node_id, w.revision) == (1, 3)
    w.comment("the game changes, the node does not")
    assert (w.node_id, w.revision) == (1, 4)
    w.setup(cpn({"c1": "T"}))  # a new game: node 0 again
    assert (w.node_id, w.current_cpn, w.revision) == (0, cpn({"c1": "T"}), 5)
    assert [name for name, _ in seen].count("revision") == 5
    state = w.get_state()
    assert (state["node_id"], state["current_cpn"], state["revision"]) == (0, w.cpn, 5)
    from cernunos_widget.solver import Limit

    w.analyse(Limit(depth=1), wait=True)
    assert w.analysis["status"] == "done" and w.revision == 5  # not a change of the board


def test_replacing_the_game_resets_the_page_and_setup_returns_the_old_tree():
    w = CernunosWidget(game="B@b2 B@b3")
    page = Page(w)
    w.game = Game.parse("D@a1 D@b1")
    assert w.current == 2 and len(page.store["nodes"]) == 3 and page.store["gen"] == 1
    assert page.agrees()
    old = w.setup(cpn({"b1": "t"}))
    assert old.export() == "D@a1 D@b1" and w.cpn == cpn({"b1": "t"})
    reply = page.request(type="setup", cpn="not a cpn")
    assert not reply["ok"] and w.cpn == cpn({"b1": "t"})
    assert page.request(type="setup", cpn=cpn({"c1": "T"}))["ok"] and page.agrees()


def test_to_html_is_self_contained(tmp_path):
    w = CernunosWidget(game="B@b2 B@b3")
    html = w.to_html(tmp_path / "board.html")
    assert (tmp_path / "board.html").read_text() == html
    assert "function render(" in html and '"nodes"' in html
    assert "http://" not in html and "https://" not in html and "<script src" not in html


ENDGAME = "WDFD,.,TD,./Cfdb,.,BSBX,TTTTTc/.,wsw,xTTT,tttbtt g 2 2-7"


def test_widget_analysis_streams_proven_lines_and_plays_one():
    from cernunos_widget.solver import Limit

    w = CernunosWidget(cpn=ENDGAME)
    page = Page(w)
    w.analyse(Limit(time=30), multipv=2, wait=True)
    a = w.analysis
    assert a["status"] == "done" and a["node"] == 0 and len(a["lines"]) == 2
    best = a["lines"][0]
    assert best["proven"] and best["text"] == "win proven" and best["green"] == 1.0
    assert best["pv"][0] == best["decision"] and best["cells"] == [best["decision"][2:]]
    assert page.store["analysis"]["status"] == "done"
    reply = page.request(type="line", index=0)
    assert reply["ok"]
    end = w.node
    assert end.position.is_over and end.position.result().winner.letter == "g"
    assert w.game.export().split("] ")[1] == " ".join(best["pv"])


def test_widget_analysis_can_be_stopped_and_reports_over():
    from cernunos_widget.solver import Limit

    w = CernunosWidget()
    page = Page(w)
    job = w.analyse(Limit(time=600))
    assert w.analysis["status"] == "running" and job.is_alive()
    assert page.request(type="stop")["ok"]
    assert job.wait(5) and w.analysis["status"] == "cancelled"
    over = CernunosWidget(cpn=cpn({"a1": "T"}, "g", "#"))
    assert over.analyse() is None and over.analysis["status"] == "over"
    with pytest.raises(ValueError, match="no analysis line 0"):
        over.play_analysis_line(0)


def test_the_engine_selector_and_an_mcts_analysis():
    from cernunos_widget.solver import Limit
    from cernunos_widget.solver.analyse import UnknownEngineError

    w = CernunosWidget()
    w.engine = "mcts"
    w.analyse(Limit(time=1), multipv=2, wait=True)
    a = w.analysis
    assert a["engine"] == "mcts" and a["status"] == "done" and len(a["lines"]) == 2
    assert all(line["nodes"] > 0 and w.position.is_legal(line["decision"]) for line in a["lines"])
    w.analyse(Limit(depth=1), wait=True, engine="alphabeta")  # a call may choose its own
    assert w.analysis["engine"] == "alphabeta" and w.engine == "mcts"
    with pytest.raises(UnknownEngineError, match="use one of alphabeta, mcts"):
        w.analyse(engine="deep")
    with pytest.raises(UnknownEngineError):
        w.engine = "deep"
    assert w.engine == "mcts"


def test_analyse_the_game_marks_the_decision_that_threw_away_a_win():
    from cernunos_widget.solver import Limit, solve

    w = CernunosWidget(cpn=ENDGAME)  # Green wins with W@a1 or T@a1; T@b2 loses
    page = Page(w)
    w.play("T@b2")
    w.play(" ".join(str(d) for d in solve(w.position, Limit(time=30)).pv))
    w.analyse_game(Limit(time=30), wait=True)
    marks = [(n.decision_text, n.mark) for n in w.game.mainline() if n.mark]
    assert marks == [("T@b2", "??")]
    assert w.review_status["status"] == "done"
    node = next(n for n in page.store["nodes"].values() if n["decision"] == "T@b2")
    assert node["mark_text"].startswith(
        "?? blunder by Green: 1. Tree b2, Green wins → Purple wins; best"
    )
    assert page.agrees()


def test_an_old_analysis_never_shows_on_a_replaced_game():
    from cernunos_widget.solver import Limit
    from cernunos_widget.widget.protocol import RequestError

    w = CernunosWidget(game="B@b2 B@b3 D@a1 D@b1")
    page = Page(w)
    w.analyse(Limit(nodes=2000), wait=True)
    assert w.analysis["node"] == 4 and w.analysis["lines"]
    w.game = "T@a1 T@b1 T@c1 T@d1"  # node 4 exists in the new game too
    assert w.analysis == {} and page.store["analysis"] == {}
    with pytest.raises(RequestError, match="no analysis line 0"):
        w.play_analysis_line(0)
    assert w.game.export() == "T@a1 T@b1 T@c1 T@d1"


def test_a_board_shown_starts_preparing_the_search_its_first_analysis_runs(monkeypatch):
    # The page pings when it is shown (js/widget.js): the kernel queues the search engine,
    # the search an Analyse there would run first, and returns at once.
    import cernunos_widget.solver as solver

    queued: list = []
    monkeypatch.setattr(solver, "warm_up", lambda search=None: queued.append(search))
    endgame = "TC,Sw,XB,Dcd/WDTTTTT,.,BF,W/bw,Ddttttfd,bxB,st g 2 5-5"  # 6 tokens left
    for cpn_text, search in ((None, "mcts"), (endgame, "exact")):
        w = CernunosWidget(cpn=cpn_text)
        page = Page(w)
        queued.clear()
        assert page.request(type="ping")["ok"]
        deadline = time.monotonic() + 5  # (queued from a thread: the reply does not wait)
        while len(queued) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert queued == [None, search]  # all of it, then (first) what Analyse needs here
