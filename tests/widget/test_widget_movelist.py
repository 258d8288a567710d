"""The move list's data (issue #10): move text in node records, annotation glyphs from
Python and by request (tests/page_double.py stands in for the page)."""

from __future__ import annotations

import pytest
from browser.clicks import scripted_decisions
from cpn_builder import cpn
from page_double import Page

from cernunos_widget.record.movetext import move_entries
from cernunos_widget.session.core import GLYPHS, Session, SessionError, UnknownNodeError
from cernunos_widget.widget.adapter import CernunosWidget
from cernunos_widget.widget.protocol import RequestError

# a Crow pushed by Purple's Boar: an effect choice made by the other player
BOAR_CPN = cpn({"a1": "bT", "a2": "D"})


def expected_move(node) -> dict:
    """What movetext.move_entries says of the last decision of the node's path (R-13)."""
    entries = move_entries(node.path())
    last = entries[-1]
    return {
        "turn": last.turn,
        "number": int(next(e.turn for e in reversed(entries) if e.turn)[:-1]),
        "player": last.player,
        "decider": last.decider,
        "choice": last.choice,
        "effect": last.effect,
        "label": last.label,
    }


class TestMoveText:
    def test_every_record_carries_its_move_text_numbered_along_its_path(self):
        w = CernunosWidget()
        page = Page(w)
        decisions = scripted_decisions()
        w.play(" ".join(decisions[:30]))
        w.goto(11)
        w.play("B@c1")  # a variation from mid-game: numbered along its own path
        w.goto(20)
        w.play(" ".join(decisions[20:24]))  # back on the main line (no new nodes)
        records = page.store["nodes"]
        assert records["0"]["move"] is None  # the root: no decision led to it
        for node in w.game.root.walk():
            if node.parent is not None:
                assert records[str(node.id)]["move"] == expected_move(node), node.id
        branch = w.game.node(31)
        assert branch.decision_text == "B@c1" and records["31"]["move"]["turn"] == ""
        assert records["31"]["move"]["number"] == 3 and records["31"]["move"]["player"] == "p"
        assert any(r["move"] and r["move"]["effect"] for r in records.values())

    def test_an_effect_choice_says_who_chose_it_r27(self):
        w = CernunosWidget(cpn=BOAR_CPN)
        page = Page(w)
        page.play("C@b1")
        reply = page.play("b1")
        move = reply["patch"]["nodes"][2]["move"]
        assert move["effect"] and move["choice"] == "boar-target"
        assert (move["player"], move["decider"]) == ("g", "p")
        assert move["label"] == "push b1→c1" and "narration" not in move  # in the view
        assert page.store["nodes"]["1"]["move"]["turn"] == "1."
        assert page.agrees()

    def test_records_stay_right_after_deletion_and_a_new_game(self):
        w = CernunosWidget()
        page = Page(w)
        page.play("B@b2")
        page.play("B@b3")
        page.request(type="delete", node=1)
        page.play("T@a1")  # a new node after the deletion
        assert page.store["nodes"][str(w.current)]["move"]["label"] == "Tree a1"
        assert page.agrees()
        page.request(type="setup", cpn=cpn({"b1": "t"}, "p", "1"))
        page.play("D@a1")
        move = page.store["nodes"][str(w.current)]["move"]
        assert move["turn"] == "1…" and move["label"] == "Deer a1"  # a line starts at 1
        while w.current < 3:  # ids restart in a new game: node 3 is a new node now
            page.play(w.position.legal_texts()[0])
        assert page.store["nodes"]["3"]["move"] == expected_move(w.node)
        assert page.agrees()


class TestAnnotate:
    def test_from_python_every_glyph_then_clear(self):
        w = CernunosWidget(game="B@b2 B@b3")
        page = Page(w)
        for glyph in GLYPHS:
            w.annotate(glyph)
            assert w.node.glyph == glyph and page.store["nodes"]["2"]["glyph"] == glyph
        w.annotate("!", node=1)
        assert w.game.node(1).glyph == "!" and page.store["nodes"]["1"]["glyph"] == "!"
        w.annotate("")
        assert w.node.glyph == "" and page.store["nodes"]["2"]["glyph"] == ""
        assert page.agrees()

    @pytest.mark.parametrize("glyph", ["!!", "?!?", " !", "good", 1, None])
    def test_anything_else_is_refused_naming_the_glyphs(self, glyph):
        s = Session()
        s.play("B@b2")
        with pytest.raises(SessionError, match=r"use '!', '\?!', '\?', '\?\?' or '' to clear"):
            s.annotate(glyph)
        assert s.node.glyph == ""

    def test_an_unknown_node_is_refused(self):
        with pytest.raises(UnknownNodeError, match="no node #9"):
            Session().annotate("!", node=9)

    def test_by_request_only_that_node_is_resent(self):
        w = CernunosWidget(game="B@b2 B@b3")
        page = Page(w)
        reply = page.request(type="annotate", node=1, glyph="?!")
        assert reply["ok"] and set(reply["patch"]["nodes"]) == {1}
        assert "views" not in reply["patch"] and "current" not in reply["patch"]
        assert w.game.node(1).glyph == "?!" and w.current == 2  # annotating does not move
        assert page.agrees()

    @pytest.mark.parametrize(
        ("fields", "message"),
        [
            ({"glyph": "!!"}, "unknown annotation glyph '!!': use '!', '?!', '?', '??'"),
            ({"glyph": 3}, "glyph must be text"),
            ({"glyph": "!" * 9}, "glyph is too long"),
            ({}, "needs the field 'glyph'"),
            ({"glyph": "!", "node": 77}, "no node #77"),
        ],
    )
    def test_bad_requests_change_nothing(self, fields, message):
        w = CernunosWidget(game="B@b2")
        page = Page(w)
        reply = page.request(type="annotate", **{"node": 1, **fields})
        assert not reply["ok"] and message in reply["message"] and "patch" not in reply
        assert w.node.glyph == "" and page.agrees()

    def test_the_review_mark_is_kept_apart(self):
        w = CernunosWidget(game="B@b2")
        w.node.mark, w.node.mark_text = "??", "threw away a win"
        w.annotate("!")
        record = w._full_state()["nodes"][1]
        assert (record["glyph"], record["mark"]) == ("!", "??")

    def test_the_request_type_is_in_the_schema(self):
        from cernunos_widget.widget.protocol import parse_request

        assert parse_request({"type": "annotate", "node": 0, "glyph": ""}).fields["glyph"] == ""
        with pytest.raises(RequestError, match="unexpected field"):
            parse_request({"type": "annotate", "node": 0, "glyph": "!", "x": 1})


class TestCommandBox:
    """What the command box sends: one play request with every token typed."""

    def test_several_tokens_mid_effect_included_are_one_request_branching(self):
        w = CernunosWidget(cpn=BOAR_CPN)
        page = Page(w)
        page.play("D@c3")
        page.request(type="goto", node=0)
        reply = page.play("C@b1 b1")  # a placement and the pending Boar target
        assert reply["ok"] and w.current == 3 and w.game.export().endswith(" D@c3 (C@b1 b1)")
        assert reply["patch"]["nodes"][3]["move"]["label"] == "push b1→c1"
        assert page.agrees()

    def test_all_or_nothing_with_the_legal_options(self):
        w = CernunosWidget(cpn=BOAR_CPN)
        page = Page(w)
        reply = page.play("C@b1 d1")
        assert not reply["ok"] and "patch" not in reply
        assert "illegal decision 'd1'" in reply["message"] and "legal: b1 a2" in reply["message"]
        assert w.current == 0 and w.game.root.children == []
