"""The position editor in JupyterLab (issue #10 item 5): a position set up by clicks is checked
live by the kernel (the engine's reason shown), set up, and played from; the CPN and the game
text are copied and pasted. Each step also reads the kernel's state."""

from __future__ import annotations

import re

from playwright.sync_api import expect

BOARD_CPN = ".,.,.,./.,.,.,./BBB,t,.,. p 2 0-0"


def test_set_up_a_position_by_clicks_and_play_from_it(lab):
    nb = lab("from cernunos_widget import CernunosWidget\nw = CernunosWidget(game='B@b2 B@b3')")
    page, root = nb.page, nb.widget()
    editor = page.locator(".cw-root [data-role=editor]")
    status = editor.locator("[data-edit-status]")
    cpn = editor.locator("[data-setup=cpn]")
    page.locator('.cw-root [data-action="edit"]').click()
    expect(editor).to_be_visible()
    expect(cpn).to_have_value(".,B,.,./.,.,.,./.,B,.,. p 2 0-0")  # it opens on the board
    expect(status).to_have_attribute("data-valid", "true")
    editor.locator("[data-edit=clear]").click()
    editor.locator('[data-edit-token="B"]').click()
    for _ in range(4):
        editor.locator('[data-edit-cell="a1"]').click()
    # four Green Boars: the kernel's reason, shown live; nothing changed in the kernel
    expect(status).to_have_attribute("data-valid", "false")
    expect(status).to_contain_text("breaks R-8: Green has 4 'B' tokens but owns only 3")
    state = nb.kernel_state()
    assert "Green has 4 'B' tokens" in state["message"] and state["game"] == "B@b2 B@b3"
    editor.locator('[data-edit-token="-"]').click()
    editor.locator('[data-edit-cell="a1"]').click()  # the remove tool pops the top
    editor.locator('[data-edit-token="t"]').click()
    editor.locator('[data-edit-cell="b1"]').click()
    editor.locator('[data-edit-field="side"]').select_option("p")
    expect(cpn).to_have_value(BOARD_CPN)
    expect(status).to_have_attribute("data-valid", "true")
    expect(editor.locator('[data-edit-cell="a1"]')).to_have_attribute(
        "title", "a1: Green Boar, Green Boar, Green Boar (bottom to top)"
    )
    # a refused set-up keeps what was typed and changes nothing
    cpn.fill("BBB,t g 2")
    editor.locator("[data-setup=go]").click()
    expect(status).to_contain_text("bad CPN")
    expect(cpn).to_have_value("BBB,t g 2")
    state = nb.kernel_state()
    assert state["game"] == "B@b2 B@b3" and "bad CPN" in state["message"]
    cpn.fill(BOARD_CPN)
    expect(editor.locator('[data-edit-cell="b1"]')).to_have_attribute(
        "title", "b1: Purple Tree (bottom to top)"
    )
    editor.locator("[data-setup=go]").click()
    expect(root).to_have_attribute("data-cpn", BOARD_CPN)
    expect(editor).to_be_hidden()
    assert nb.kernel_state()["cpn"] == BOARD_CPN
    page.locator('.cw-root [data-kind="D"][data-player="p"]').click()
    page.locator('.cw-root [data-cell="c1"]').click()
    expect(root).to_have_attribute("data-cpn", ".,.,.,./.,.,.,./BBB,t,d,. p 1 0-0")
    state = nb.kernel_state()
    assert state["game"] == f'[CPN "{BOARD_CPN}"] D@c1' and state["decision"] == "D@c1"
    # a live kernel answered (final: its ping's 4 s timeout no longer fires), so nothing is
    # disabled as on a static page
    expect(root).to_have_attribute("data-kernel-state", "live")
    expect(root).not_to_have_attribute("data-static", re.compile("."))
    expect(page.locator(".cw-root [data-action=promote]")).to_be_enabled()
    expect(page.locator(".cw-root [data-comment]")).to_be_enabled()


def test_copy_and_paste_the_game_text(lab):
    nb = lab(
        "from cernunos_widget import CernunosWidget\n"
        "w = CernunosWidget(game='B@b2 {a comment} B@b3 (D@a1)')"
    )
    page, root = nb.page, nb.widget()
    editor = page.locator(".cw-root [data-role=editor]")
    text = editor.locator("[data-edit-field=game]")
    game_status = editor.locator("[data-edit-game-status]")
    page.locator('.cw-root [data-action="edit"]').click()
    editor.locator("[data-edit=export]").click()
    expect(text).to_have_value("B@b2 {a comment} B@b3 (D@a1)")
    text.fill("B@b2 B@b3 Q@z9")  # refused: the text stays, the game too
    editor.locator("[data-edit=load]").click()
    expect(game_status).to_contain_text("Q@z9")
    expect(text).to_have_value("B@b2 B@b3 Q@z9")
    state = nb.kernel_state()
    assert state["game"] == "B@b2 {a comment} B@b3 (D@a1)" and "Q@z9" in state["message"]
    text.fill("D@a1 (D@b1) D@a2")
    editor.locator("[data-edit=load]").click()
    expect(root).to_have_attribute("data-cpn", ".,.,.,./D,.,.,./D,.,.,. p 2 0-0")
    expect(page.locator("[data-movelist] [data-node]")).to_have_count(4)
    expect(editor).to_be_hidden()
    assert nb.kernel_state()["game"] == "D@a1 (D@b1) D@a2"
