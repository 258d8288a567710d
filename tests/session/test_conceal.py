"""A hidden-moves chapter (``conceal``) through the widget's handler: what the page's move list
hides is the kernel's ``study_state["revealed"]`` (the main line's plies shown), moved on by a
page's play of the main line's next decision or a Reveal, never by the reader's own move
(tests/browser/test_conceal.py clicks the same in a page)."""

from __future__ import annotations

from cernunos_widget.widget.adapter import CernunosWidget

STUDY = """[Chapter "Hidden"]
[Mode "conceal"]
B@b2 B@b3 {Where now?} T@a1 (T@d1 {Too far.}) T@c1
"""


def test_a_page_reveals_by_playing_the_main_line_or_asking():
    w = CernunosWidget()
    w.study(STUDY)
    sent: list[dict] = []
    w.send = lambda content, buffers=None: sent.append(content)

    def ask(**request) -> dict:
        w._on_page_message(w, {**request, "gen": w.session.generation}, [])  # noqa: SLF001
        assert sent[-1]["ok"], sent[-1]["message"]
        return w.study_state

    assert w.study_state["revealed"] == 0 and w.current == 0
    assert w.study_state["authored"] == 6  # the author's nodes: ids 0 to 5
    assert ask(type="play", node=0, decision="B@b2")["revealed"] == 1 and w.current == 1
    assert ask(type="study", action="reveal")["revealed"] == 2 and w.current == 1
    assert ask(type="play", node=1, decision="B@d1")["revealed"] == 2  # the reader's own
    assert w.current == 6
    assert ask(type="goto", node=2)["revealed"] == 2
    assert ask(type="goto", node=3)["revealed"] == 3  # walking to it shows it too
    assert ask(type="study", action="reveal")["revealed"] == 4
    assert ask(type="study", action="reveal")["revealed"] == 4  # the main line's end
