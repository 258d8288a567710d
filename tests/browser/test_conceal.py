"""A study's hidden-moves chapter (``conceal``, issue #33 item 3) in a study_html page from
file:// with every other request aborted: the move list hides the author's moves after the
part revealed; playing the main line's next decision by clicks shows it; Reveal shows
one decision more; the reader's own moves are shown, the author's still hidden. (The kernel's
side: tests/session/test_study.py and test_conceal_widget below in tests/session.)"""

from __future__ import annotations

from playwright.sync_api import expect

from browser.clicks import final_click
from cernunos_widget.widget.static import study_html

# Node ids as read: 0 the start, 1 B@b2, 2 B@b3, 3 T@a1, 4 T@d1 (a variation), 5 T@c1
STUDY = """[Chapter "Hidden"]
[Mode "conceal"]
B@b2 B@b3 {Where now?} T@a1 (T@d1 {Too far.}) T@c1
"""
SHOWN = ".cw-root [data-movelist] [data-node]:visible"


def node(page, node_id: int):
    return page.locator(f'.cw-root [data-movelist] [data-node="{node_id}"]')


def test_the_move_list_hides_the_next_moves_until_played_or_revealed(tmp_path, page, offline):
    path = tmp_path / "study.html"
    study_html(STUDY, path)
    page.goto(path.as_uri())
    panel = page.locator(".cw-root [data-study]")
    expect(panel).to_have_attribute("data-mode", "conceal", timeout=30_000)
    expect(page.locator(".cw-root [data-feedback]")).to_contain_text("The next moves are hidden")
    expect(page.locator(SHOWN)).to_have_count(1)  # the start alone
    for hidden in range(1, 6):
        expect(node(page, hidden)).to_be_hidden()
    final_click(page, "B@b2").click()  # the main line's next decision, played
    expect(node(page, 1)).to_be_visible()
    expect(page.locator(SHOWN)).to_have_count(2)
    page.locator("[data-study-action=reveal]").click()  # one decision more: B@b3
    expect(node(page, 2)).to_be_visible()
    expect(page.locator(SHOWN)).to_have_count(3)
    expect(node(page, 3)).to_be_hidden()  # T@a1 and its variation T@d1 stay hidden
    expect(node(page, 4)).to_be_hidden()
    final_click(page, "B@d1").click()  # the reader's own move: shown, the author's still not
    expect(node(page, 6)).to_be_visible()
    expect(page.locator(SHOWN)).to_have_count(4)
    expect(node(page, 3)).to_be_hidden()
    page.locator("[data-study-action=reveal]").click()
    expect(node(page, 3)).to_be_visible()
    expect(node(page, 4)).to_be_visible()  # the variation of a revealed decision
    expect(node(page, 5)).to_be_hidden()
    assert offline == []
