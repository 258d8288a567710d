"""The game review and the analysis as the session and the page get them (issue #10):
every main-line node evaluated through the session's cache, evaluations on the node records,
one point of view (Green's) everywhere, the best decision drawn from Python's data."""

from __future__ import annotations

import time

import pytest
from page_double import Page

from cernunos_widget.engine import Player, Position
from cernunos_widget.record.tree import Game
from cernunos_widget.session.core import Session, review_limits
from cernunos_widget.session.jobs import best_drawing, green_text, line_dict
from cernunos_widget.solver import Limit, solve
from cernunos_widget.solver.analyse import Info
from cernunos_widget.widget.adapter import CernunosWidget
from cernunos_widget.widget.protocol import RequestError, parse_request

ENDGAME = "WDFD,.,TD,./Cfdb,.,BSBX,TTTTTc/.,wsw,xTTT,tttbtt g 2 2-7"
LINE = "B@b2 B@b3 D@a1 W@d3 T@c1"
FAST = (Limit(nodes=1500),)  # deterministic and quick: the same searches on every run


def reviewed(session: Session, limit=FAST) -> dict:
    job = session.review(limit)
    assert job.wait(120)
    return session.review_state


def mainline(game: Game) -> list:
    return [game.root, *game.mainline()]


def test_every_main_line_node_is_evaluated_and_a_rereview_searches_nothing():
    s = Session(Game.parse(LINE))
    state = reviewed(s)
    nodes = mainline(s.game)
    assert state["status"] == "done" and state["searches"] == len(nodes)  # none is over
    for node in nodes:
        e = s.evaluation(node)
        assert -1 <= e["green"] <= 1 and e["quality"] == "nodes=1500"
    assert reviewed(s)["searches"] == 0  # the session's cache (by position) answers all
    s.replace_game(Game.parse(LINE))  # a new game, the same positions: still cached
    assert reviewed(s)["searches"] == 0 and s.evaluation(s.game.root) is not None


def test_a_transposed_line_searches_only_its_new_positions():
    s = Session(Game.parse("D@a1 W@d1 B@b2"))
    reviewed(s)
    s.replace_game(Game.parse("W@d1 D@a1 B@b2"))  # Green's two placements swapped
    assert reviewed(s)["searches"] == 1  # only the position after W@d1 is new


def test_the_review_marks_and_counts_by_decider_with_the_best_line():
    s = Session(Game(Position.from_cpn(ENDGAME)))
    s.play("T@b2")  # Green throws away a proven win (W@a1 or T@a1 win)
    s.play([str(d) for d in solve(s.position, Limit(time=30)).pv])
    state = reviewed(s, Limit(time=30))
    assert [(n.decision_text, n.mark) for n in s.game.mainline() if n.mark] == [("T@b2", "??")]
    assert state["counts"]["green"] == {"inaccuracy": 0, "mistake": 0, "blunder": 1}
    assert sum(state["counts"]["purple"].values()) == 0
    blunder = s.game.mainline()[0]
    e = s.evaluation(blunder)
    assert e["proven"] == "loss" and e["text"] == "Purple wins" and e["green"] == -1.0
    assert e["best"] in ("Tree a1", "Wolf a1") and e["line"][0] == e["best"]
    assert blunder.mark_text.startswith(
        "?? blunder by Green: 1. Tree b2, Green wins → Purple wins; best was 1. "
    )  # one value per position, the best with its own (#25 item 4)
    assert "rated" not in blunder.mark_text  # both proven: the outcomes say it
    assert s.evaluation(s.game.root)["text"] == "Green wins"


def test_evaluations_and_marks_reach_the_page_as_node_records():
    w = CernunosWidget(game=LINE)
    page = Page(w)
    assert page.request(type="review")["ok"]  # seconds null: the default passes
    w.cancel_analysis()
    w.analyse_game(FAST, wait=True)
    records = [page.store["nodes"][str(n.id)] for n in mainline(w.game)]
    assert [r["eval"] for r in records] == [w.session.evaluation(n) for n in mainline(w.game)]
    assert all(r["eval"]["text"] == green_text(r["eval"]["green"]) for r in records)
    assert page.store["review"]["status"] == "done" and "counts" in page.store["review"]
    assert page.agrees()
    streamed = [  # the nodes each evaluation changed, not the whole tree each time
        m["patch"]["nodes"] for m in page.sent
        if "patch" in m and any("eval" in r for r in m["patch"].get("nodes", {}).values())
    ]  # (coalesced: one patch per 0.1 s carries the nodes evaluated meanwhile, #35 item 2)
    assert {str(k) for nodes in streamed for k in nodes} == {str(n.id) for n in mainline(w.game)}
    assert sum(map(len, streamed)) <= 2 * len(records)  # a node, and the mark after it
    w.delete(w.game.mainline()[2])  # evaluations of deleted nodes go with them
    assert page.agrees() and len(w.session._evals) == 3


def test_green_text_signs_and_words():
    values = (0.31, -0.12, 0.0, -0.001)
    assert [green_text(v) for v in values] == ["+0.31", "\u22120.12", "0.00", "0.00"]
    assert [green_text(v, o) for v, o in ((1.0, "win"), (0.0, "draw"), (-1.0, "loss"))] == [
        "Green wins", "draw", "Purple wins",
    ]


def purple_to_move() -> Position:
    p = Position.start().play("B@b2").play("B@b3")
    assert p.decider == Player.PURPLE
    return p


def test_a_purple_to_move_line_is_shown_from_greens_side():
    p = purple_to_move()
    decision = p.legal_decisions()[0]
    good_for_purple = Info(decision, False, None, None, 0.31, [decision], 3, 100, 0.1)
    line = line_dict(p, good_for_purple)
    assert line["green"] == -0.31 and line["green_text"] == "\u22120.31"
    won = Info(decision, True, "win", 5, 1.0, [decision], 3, 100, 0.1)  # Purple's win
    line = line_dict(p, won)
    assert line["green"] == -1.0 and line["green_text"] == "Purple wins"
    assert line["text"] == "win proven"  # the solver's own words stay for the decider


def test_a_proven_purple_win_in_a_real_analysis_reads_purple_wins():
    s = Session(Game(Position.from_cpn(ENDGAME)))
    s.play("T@b2")
    s.play([str(d) for d in solve(s.position, Limit(time=30)).pv])
    node = next(n for n in s.game.mainline() if n.position.decider == Player.PURPLE)
    job = s.analyse(Limit(time=10), multipv=1, node=node)
    assert job.wait(30)
    best = s.analysis["lines"][0]
    assert best["proven"] and best["green"] == -1.0 and best["green_text"] == "Purple wins"


def test_the_best_decision_is_drawn_with_its_kind_and_effects():
    p = Position.start().play("B@b2")  # Green's second placement
    b3 = p.parse_decision("B@b3")
    line = line_dict(p, Info(b3, False, None, None, 0.1, [b3], 1, 10, 0.0))
    assert line["labels"] == ["Boar b3"]
    assert line["board"] == {  # the Boar on b3 pushes the Boar on b2 down to b1
        "ghost": {"letter": "B", "cell": "b3"},
        "arrows": [{"type": "push", "from": "b2", "to": "b1"}],
    }
    purple = purple_to_move()
    assert best_drawing(purple, ["D@a1"])["ghost"] == {"letter": "d", "cell": "a1"}
    endgame = Position.from_cpn(ENDGAME).play("T@b2")  # the Boar on c2 pushes c1 off the board
    wrapped = {"type": "push", "from": "c1", "to": "c3", "wrapped": True}  # wraps to c3
    assert best_drawing(endgame, ["B@c2", "c1", "B@b2"])["arrows"] == [wrapped]


def test_swap_and_crow_arrows_follow_the_effect_choices():
    g = Game.parse("S@b1 X@b2 T@b2 D@b3 F@d3 D@d3 S@d2 W@b2 D@b3 D@a1 D@a3 F@b2 T@b3 B@a3 B@a1")
    p = g.mainline()[-1].position
    fox = next(d for d in p.legal_decisions() if p.play(d).choice == "fox-swap")
    swap = p.play(fox).legal_decisions()[0]
    drawn = best_drawing(p, [fox, swap, "T@a1"])  # the next placement is not drawn
    a, b = swap.cells
    assert drawn["ghost"] == {"letter": "x", "cell": fox.cells[0]}  # Purple's Fox
    assert drawn["arrows"][0] == {"type": "swap", "from": a, "to": b}
    crow = Position.start().play("T@b2").play("D@b1")  # Purple's Crow on c2 raises b2
    assert best_drawing(crow, ["C@c2"])["arrows"] == [{"type": "raise", "from": "c2", "to": "b2"}]


def test_the_page_analyses_until_stopped_and_may_limit_the_depth():
    w = CernunosWidget(game="B@b2")
    page = Page(w)
    assert page.request(type="analyse", seconds=None)["ok"]
    time.sleep(1.5)
    assert w.analysis["status"] == "running" and w.analysis["limit"] == "until stopped"
    assert page.request(type="stop")["ok"]
    job = w.session._jobs["analysis"]
    assert job.wait(5) and w.analysis["status"] == "cancelled"
    assert page.request(type="analyse", seconds=None, depth=2)["ok"]
    assert w.session._jobs["analysis"].wait(30)
    assert w.analysis["status"] == "done" and w.analysis["limit"] == "depth 2"
    assert page.store["analysis"]["lines"][0]["depth"] <= 2 and page.agrees()
    job = w.analyse()  # from Python a finite default, so scripts return
    assert w.analysis["limit"] == "time 5"
    job.stop()


@pytest.mark.parametrize("depth", [0, 65, 2.5, True, "3"])
def test_a_bad_depth_is_refused(depth):
    with pytest.raises(RequestError, match="depth must be"):
        parse_request({"type": "analyse", "node": 0, "depth": depth})


def test_review_limits_put_a_coarse_pass_first():
    from cernunos_widget.session.review import COARSE, DEFAULT_LIMITS

    assert review_limits(None) == DEFAULT_LIMITS
    assert review_limits(Limit(time=3)) == (COARSE, Limit(time=3))
    assert review_limits(Limit(time=0.05)) == (Limit(time=0.05),)
    assert review_limits(FAST) == FAST


@pytest.mark.parametrize("limit", ["fast", Limit(), Limit(depth=3), [Limit(time=1), 2], []])
def test_a_review_with_a_bad_limit_is_refused_before_it_starts(limit):
    from cernunos_widget.session.review import ReviewError

    s = Session(Game.parse(LINE))
    with pytest.raises(ReviewError, match="Limit|bound|no limits"):
        s.review(limit)
    assert s.review_state == {} and not s.jobs


def test_a_mark_text_has_one_value_per_position_and_the_best_with_its_own():
    """#25 item 4: the value before, the value after (each position's own evaluation,
    the graph's), the best decision with its value, all from Green's side; the search
    before's judgement apart, as a cost for the decider."""
    from cernunos_widget.session.jobs import mark_text
    from cernunos_widget.session.page import NodeDisplay
    from cernunos_widget.session.review import Evaluation, NodeReview, Value

    game = Game.parse("B@b2 B@b3 D@a1")
    green, purple = game.mainline()[0], game.mainline()[2]
    reviewed = NodeReview(
        1, "B@b2", Player.GREEN, evaluation=Evaluation(Value(-0.3)), played=Value(-0.5),
        mark="??", best="T@a1", best_line=("T@a1", "B@b3"), before=Value(0.1),
    )
    assert mark_text(green, reviewed) == (
        "?? blunder by Green: 1. Boar b2, +0.10 → −0.30; best was 1. Tree a1, +0.10 "
        "(1. Tree a1 · Boar b3); the search before rated Boar b2 0.60 worse for Green"
    )
    by_purple = NodeReview(
        3, "D@a1", Player.PURPLE, evaluation=None, played=Value(0.25), mark="?",
        best="T@c1", best_line=("T@c1",), before=Value(0.0),
    )
    state = NodeDisplay().line_state(purple.parent)  # as the session numbers it
    text = mark_text(purple, by_purple, state)
    assert text == (  # Purple's turn 1 begins: "1…", values still Green's
        "? mistake by Purple: 1… Deer a1, 0.00 → not evaluated yet; best was 1… Tree c1, "
        "0.00 (1… Tree c1); the search before rated Deer a1 0.25 worse for Purple"
    )
    assert mark_text(green, reviewed, language="fr") == (  # issue #22: the review in French
        "?? gaffe de Vert\u00a0: 1. Sanglier b2, +0.10 → −0.30\u202f; le meilleur était "
        "1. Arbre a1, +0.10 (1. Arbre a1 · Sanglier b3)\u202f; la recherche d’avant jugeait "
        "Sanglier b2 moins bon de 0.60 pour Vert"
    )
