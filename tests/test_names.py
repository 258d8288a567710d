"""One name per idea (issue #20 item 9, docs/architecture.md "Names"): the renamed public
names work under their new spelling, and the old spelling still works but warns."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cernunos_widget.engine import Position
from cernunos_widget.record.tree import Game
from cernunos_widget.session.core import Job
from cernunos_widget.session.jobs import best_drawing
from cernunos_widget.session.view import build_view

PACKAGE = Path(__file__).resolve().parents[1] / "cernunos_widget"


def _old_name_warns(obj, old: str, new: str, *, call: bool = False):
    """``obj.old`` (called if ``call``), checking that it warns and names ``new``."""
    with pytest.warns(DeprecationWarning, match=rf"\.{old} is deprecated: use .*\.{new}$"):
        value = getattr(obj, old)
        return value() if call else value


def test_legal_tokens_is_legal_texts_and_warns():
    p = Position.start()  # any of 8 kinds on any of 12 cells
    assert p.legal_texts()[:2] == ("T@a1", "T@b1") and len(p.legal_texts()) == 96
    assert p.legal_texts() == tuple(str(d) for d in p.legal_decisions())  # RULES.md §6
    assert _old_name_warns(p, "legal_tokens", "legal_texts", call=True) == p.legal_texts()


def test_event_kind_is_its_type_and_warns():
    _, events = Position.start().play("B@b2").play_with_events("B@b3")
    assert [e.type for e in events][:3] == ["place", "activate", "push"]
    assert _old_name_warns(events[2], "kind", "type") == "push"


def test_game_node_token_is_its_decision_text_and_warns():
    node = Game.parse("B@b2 B@b3").mainline()[-1]
    assert node.decision_text == "B@b3"
    assert _old_name_warns(node, "token", "decision_text") == "B@b3"


def test_job_kind_is_its_task_and_warns():
    job = Job("review", 0, None)
    assert job.task == "review" and "review" in repr(job)
    assert _old_name_warns(job, "kind", "task") == "review"


def test_the_page_protocol_names_event_types_and_decisions():
    """Events and arrows carry ``type`` (an event type), node records ``decision`` (its
    text); ``kind`` is left for a token's kind only."""
    p = Position.start().play("B@b2")
    after, events = p.play_with_events("B@b3")
    assert {tuple(e) for e in build_view(after, events)["events"]} == {("type", "text", "cells")}
    arrows = best_drawing(p, ["B@b3"])["arrows"]  # the Boar on b3 pushes b2 to b1
    assert arrows == [{"type": "push", "from": "b2", "to": "b1"}]


def test_the_page_reads_event_types_not_kinds():
    """The page's parts read ``.type`` of events and arrows and ``.decision`` of a node
    record, never the old ``.kind`` / ``.token`` of them."""
    js = "\n".join(f.read_text() for f in sorted((PACKAGE / "js").rglob("*.js")))
    assert not re.search(r"\b(e|ev|event|arrow)\.kind\b", js)
    assert not re.search(r"\bn\.token\b|\[\"token\"\]", js)
    assert "arrow.type" in js and "e.type" in js
