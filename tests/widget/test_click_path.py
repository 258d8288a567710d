"""One path per click (issue #20 item 4): a placement on a new node is checked for legality
once and its effects resolved once (R-18..R-26); the session, the tree, the move text and
the view reuse that one result. benchmarks/click_path.py prints the same counts."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from cpn_builder import cpn
from page_double import Page

from cernunos_widget.engine import IllegalDecisionError, board, effects
from cernunos_widget.engine.position import Position
from cernunos_widget.record.tree import Game
from cernunos_widget.session.core import Session
from cernunos_widget.widget.adapter import CernunosWidget


@pytest.fixture
def calls(monkeypatch) -> Counter:
    """Counts the engine's legality checks, resolves and coverable-cell computations."""
    counts: Counter = Counter()

    def counted(name, fn):
        def wrapper(*args, **kwargs):
            counts[name] += 1
            return fn(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(Position, "_code_of", counted("legality", Position._code_of))
    monkeypatch.setattr(Position, "_work", counted("resolve", Position._work))
    monkeypatch.setattr(board, "coverable_masks", counted("coverable", board.coverable_masks))
    monkeypatch.setattr(effects, "coverable_masks", counted("coverable", effects.coverable_masks))
    return counts


def test_one_click_on_a_new_node_checks_legality_once_and_resolves_once(calls):
    w = CernunosWidget()
    page = Page(w)
    calls.clear()
    reply = page.play("B@b2")
    assert reply["ok"] and set(reply["patch"]["views"]) == {1}
    assert calls["legality"] <= 1, f"{calls['legality']} legality checks for one click"
    assert calls["resolve"] <= 1, f"{calls['resolve']} resolves for one click"
    # the child's own options and its view's placements: one computation each
    assert calls["coverable"] <= 2, f"{calls['coverable']} coverable computations"
    view = reply["patch"]["views"][1]
    assert view["placements"]["B"] == view["coverable"] and "b2" in view["coverable"]
    assert len(json.dumps(reply)) < 2_500  # the reply stays as small as before (2,211 bytes)
    assert page.agrees()


def test_an_effect_choice_click_checks_once_and_its_move_text_uses_the_nodes_events(calls):
    w = CernunosWidget(cpn=cpn({"a1": "bT", "a2": "D"}))  # Purple's Boar on a1
    page = Page(w)
    page.play("C@b1")
    calls.clear()
    reply = page.play("b1")  # Purple chooses the Boar's target
    assert reply["ok"] and calls["legality"] == 1 and calls["resolve"] == 1
    node_id = reply["patch"]["current"]
    assert reply["patch"]["nodes"][node_id]["move"]["label"] == "push b1→c1"


def test_a_known_line_is_followed_without_checks_and_new_decisions_are_checked_once(calls):
    s = Session(Game.parse("B@b2 B@b3"))
    calls.clear()
    s.play("B@b2 B@b3", node=0)  # already in the tree: a child's decision was legal there
    assert calls["legality"] == calls["resolve"] == 0
    s.play("D@a1 D@b1")  # two new decisions: one check and one resolve each
    assert calls["legality"] == calls["resolve"] == 2
    assert s.game.export() == "B@b2 B@b3 D@a1 D@b1"


def test_a_line_refused_at_its_end_adds_nothing_and_gives_the_engines_reason():
    s = Session(Game(Position.from_cpn(cpn({"b2": "tt"}))))  # Purple's Tree, power 1
    before = (s.game.export(), s.node.id, s.game._next_id)
    with pytest.raises(IllegalDecisionError, match="Tree cannot go on b2: .*power 1"):
        s.play("D@d3 T@b2")  # the first decision is legal, the second is not
    assert (s.game.export(), s.node.id, s.game._next_id) == before
