"""The widget without a browser: intents as the page sends them, traits as the page reads them."""

import pytest
from cpn_builder import FINAL_PLACEMENT, cpn

from cernunos_widget.engine import IllegalDecisionError, Position
from cernunos_widget.game import Game
from cernunos_widget.widget import CernunosWidget


def send(w: CernunosWidget, **content) -> None:
    """Deliver a message exactly as the page's model.send would (with its current node)."""
    content.setdefault("node", w.current)
    w._on_page_message(w, content, [])


def current_view(w: CernunosWidget) -> dict:
    return next(n for n in w.nodes if n["id"] == w.current)["view"]


def test_initial_state_is_in_traits():
    w = CernunosWidget()
    assert w.current == 0 and len(w.nodes) == 1
    view = current_view(w)
    assert view["cpn"] == Position.start().cpn() and view["pending"] == "g chooses placement"
    assert view["reserves"]["g"]["T"] == 12 and view["option_count"] == 96
    assert w.cpn == Position.start().cpn()


def test_constructors_take_a_position_a_cpn_or_a_game():
    text = cpn({"b1": "t"})
    assert CernunosWidget(cpn=text).cpn == text
    assert CernunosWidget(Position.from_cpn(text)).cpn == text
    w = CernunosWidget(game="B@b2 B@b3")
    assert w.cpn == ".,B,.,./.,.,.,./.,B,.,. p 2 0-0"  # opens at the end of the main line
    with pytest.raises(ValueError, match="at most one"):
        CernunosWidget(Position.start(), cpn=text)


def test_placing_by_clicks_kind_then_cell():
    w = CernunosWidget()
    send(w, type="kind", kind="B", player="g")
    assert w.selected_kind == "B"
    assert current_view(w)["placements"]["B"][0] == "a1"
    rev = w.revision
    send(w, type="cell", cell="b2")
    assert w.cpn == cpn({"b2": "B"}, "g", "1")
    assert w.selected_kind == "" and w.message == "" and w.revision > rev
    assert [n["token"] for n in w.nodes] == ["", "B@b2"]


def test_an_illegal_click_changes_nothing_and_says_why():
    w = CernunosWidget(cpn=cpn({"b2": "tt"}))
    send(w, type="kind", kind="T", player="g")
    before = (w.nodes, w.current)
    send(w, type="cell", cell="b2")
    assert (w.nodes, w.current) == before
    assert "Tree cannot go on b2" in w.message and "power 1" in w.message
    send(w, type="kind", kind="T", player="p")
    assert "Green's placement" in w.message and (w.nodes, w.current) == before


def test_clicking_a_cell_before_a_kind_asks_for_a_kind():
    w = CernunosWidget()
    send(w, type="cell", cell="a1")
    assert w.message == "First pick a token from Green's reserve." and len(w.nodes) == 1


def test_boar_target_and_r27_prompt_for_the_other_player():
    w = CernunosWidget(cpn=cpn({"a1": "bT", "a2": "D"}))
    w.play("C@b1")
    view = current_view(w)
    assert view["pending"] == "p chooses boar-target" and view["cpn"] == ""
    assert view["prompt"] == "Purple chooses which token their Boar on a1 pushes"
    assert view["targets"] == ["b1", "a2"]
    send(w, type="cell", cell="c3")
    assert "c3 is not a choice here" in w.message
    send(w, type="cell", cell="b1")
    assert w.cpn == cpn({"a1": "Tb", "a2": "D", "c1": "C"}, "g", "1")


def test_fox_swap_takes_two_clicks_then_the_order_one():
    w = CernunosWidget(cpn=cpn({"b1": "t", "a2": "D", "b2": "B"}))
    w.play("X@a1")
    send(w, type="cell", cell="b2")
    assert w.partial == ["b2"] and current_view(w)["choice"] == "fox-swap"
    send(w, type="cell", cell="b1")  # clicked in reverse board order: still b1~b2
    assert current_view(w)["choice"] == "fox-order" and w.partial == []
    send(w, type="cell", cell="b2")  # Purple's Tree first
    assert current_view(w)["choice"] == "boar-target"
    send(w, type="cell", cell="b2")
    assert w.cpn == cpn({"a1": "X", "b1": "B", "a2": "D", "b2": "t", "b3": "t"}, "g", "1")
    assert [n["token"] for n in w.nodes][-4:] == ["X@a1", "b1~b2", "b2", "b2"]


def test_growth_choice_by_clicking_trees():
    w = CernunosWidget(cpn=cpn({"b1": "T", "a2": "T", "c2": "T"}, "g", "s", "7-0"))
    assert current_view(w)["grow"] == {
        "options": ["grow:b1,a2", "grow:b1,c2", "grow:a2,c2"],
        "count": 2,
        "trees": ["b1", "a2", "c2"],
    }
    send(w, type="cell", cell="c2")
    assert w.partial == ["c2"] and "1 more" in w.message
    send(w, type="cell", cell="b1")
    assert w.node.token == "grow:b1,c2"


def test_pass_button():
    w = CernunosWidget(cpn=FINAL_PLACEMENT)
    assert current_view(w)["can_pass"]
    send(w, type="decision", token="pass")
    assert current_view(w)["result"] == "green 7-1 1-1 11-0" and current_view(w)["pending"] == ""


def test_bad_messages_become_messages_not_tracebacks():
    w = CernunosWidget()
    send(w, type="nonsense")
    assert "unknown intent" in w.message
    send(w, type="decision", token="Q@z9")
    assert "bad placement" in w.message
    w._on_page_message(w, "not a dict", [])
    assert "unexpected message" in w.message


def test_python_play_back_forward_goto_and_branching():
    w = CernunosWidget()
    end = w.play("B@b2 B@b3")
    assert w.node is end
    w.back()
    assert w.node.token == "B@b2"
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


def test_the_page_navigates_by_setting_current():
    w = CernunosWidget(game="B@b2 B@b3")
    assert w.synced == w.current == 2
    w.current = 1  # what the page's arrow keys do
    assert w.node.token == "B@b2" and w.synced == 1
    send(w, type="kind", kind="D", player="g")
    send(w, type="cell", cell="a1")
    assert w.game.export() == "B@b2 B@b3 (D@a1)"


def test_a_message_carries_the_pages_node():
    w = CernunosWidget(game="B@b2 B@b3")
    send(w, type="kind", kind="D", player="g", node=1)  # the page was on node 1
    send(w, type="cell", cell="a1", node=1)
    assert w.game.export() == "B@b2 B@b3 (D@a1)"


def test_promote_delete_and_comment_intents():
    w = CernunosWidget(game="B@b2 B@b3 (D@a1)")
    variation = w.game.root.children[0].children[1]
    w.goto(variation)
    send(w, type="promote")
    assert w.game.export() == "B@b2 D@a1 (B@b3)"
    send(w, type="comment", text="quiet")
    assert w.game.export() == "B@b2 D@a1 {quiet} (B@b3)"
    send(w, type="delete")
    assert w.game.export() == "B@b2 B@b3" and w.node.token == "B@b2"


def test_views_mark_what_changed_and_narrate():
    w = CernunosWidget(cpn=cpn({"b3": "d"}))
    w.play("B@b2")
    view = current_view(w)
    assert view["changed"] == ["b1", "b2", "b3"]
    assert view["events"][-1]["text"].endswith("from b3 to b1 (wrapping around).")


def test_power_overlay_data():
    w = CernunosWidget(cpn=cpn({"b2": "t", "a2": "d", "c2": "d", "a1": "W"}), overlay=True)
    power = current_view(w)["powers"]["b2"]
    assert power == {
        "total": 1,
        "base": 0,
        "deer": ["a2", "c2"],
        "wolves": ["a1"],
        "text": "1 (base 0, +1 Deer a2, +1 Deer c2, -1 Wolf a1)",
    }
    assert "b2" not in current_view(w)["coverable"]
    assert w.zones["W"]["a1"]["cells"] == ["b2", "c3"]  # the Wolf on a1
    assert w.zones["B"]["b1"]["pushes"] == [
        ["a1", "d1", True],
        ["c1", "d1", False],
        ["b2", "b3", False],
    ]


def test_to_html_is_self_contained(tmp_path):
    w = CernunosWidget(game="B@b2 B@b3")
    html = w.to_html(tmp_path / "board.html")
    assert (tmp_path / "board.html").read_text() == html
    assert "function render(" in html and '"nodes"' in html
    assert "http://" not in html and "https://" not in html and "<script src" not in html


def test_game_setter_accepts_text():
    w = CernunosWidget()
    w.game = Game.parse("D@a1 D@b1")
    assert w.current == 0 and len(w.nodes) == 3


ENDGAME = "WDFD,.,TD,./Cfdb,.,BSBX,TTTTTc/.,wsw,xTTT,tttbtt g 2 2-7"


def test_widget_analysis_streams_proven_lines_and_plays_one():
    from cernunos_widget.solver import Limit

    w = CernunosWidget(cpn=ENDGAME)
    w.analyse(Limit(time=30), multipv=2, wait=True)
    a = w.analysis
    assert a["status"] == "done" and a["node"] == 0 and len(a["lines"]) == 2
    best = a["lines"][0]
    assert best["proven"] and best["text"] == "win proven" and best["green"] == 1.0
    assert best["pv"][0] == best["decision"] and best["cells"] == [best["decision"][2:]]
    end = w.play_analysis_line(0)
    assert end.position.is_over and end.position.result().winner.letter == "g"
    assert w.game.export().split("] ")[1] == " ".join(best["pv"])


def test_widget_analysis_can_be_cancelled_and_reports_errors_as_status():
    from cernunos_widget.solver import Limit

    w = CernunosWidget()
    thread = w.analyse(Limit(time=600))
    assert w.analysis["status"] == "running" and thread.is_alive()
    send(w, type="cancel")
    assert not thread.is_alive() and w.analysis["status"] == "cancelled"
    over = CernunosWidget(cpn=cpn({"a1": "T"}, "g", "#"))
    assert over.analyse() is None and over.analysis["status"] == "over"
    with pytest.raises(ValueError, match="no analysis line 0"):
        over.play_analysis_line(0)


def test_the_engine_selector_and_an_mcts_analysis():
    from cernunos_widget.solver import Limit
    from cernunos_widget.solver.analyse import UnknownEngineError

    w = CernunosWidget()
    send(w, type="engine", engine="deep")
    assert w.engine == "alphabeta" and "unknown engine 'deep'" in w.message
    send(w, type="engine", engine="mcts")
    assert w.engine == "mcts"
    w.analyse(Limit(time=1), multipv=2, wait=True)
    a = w.analysis
    assert a["engine"] == "mcts" and a["status"] == "done" and len(a["lines"]) == 2
    assert all(line["nodes"] > 0 and w.position.is_legal(line["decision"]) for line in a["lines"])
    w.analyse(Limit(depth=1), wait=True, engine="alphabeta")  # a call may choose its own
    assert w.analysis["engine"] == "alphabeta" and w.engine == "mcts"
    with pytest.raises(UnknownEngineError, match="use one of alphabeta, mcts"):
        w.analyse(engine="deep")


def test_analyse_the_game_marks_the_decision_that_threw_away_a_win():
    from cernunos_widget.solver import Limit, solve

    w = CernunosWidget(cpn=ENDGAME)  # Green wins with W@a1 or T@a1; T@b2 loses
    w.play("T@b2")
    w.play(" ".join(str(d) for d in solve(w.position, Limit(time=30)).pv))
    w.analyse_game(Limit(time=30), wait=True)
    marks = [(n.token, n.mark) for n in w.game.mainline() if n.mark]
    assert marks == [("T@b2", "??")]
    assert w.analysis["status"] == "game: done, 1 mistake(s) marked"
    node = next(n for n in w.nodes if n["token"] == "T@b2")
    assert node["mark_text"] == "throws away a win: now a loss"
