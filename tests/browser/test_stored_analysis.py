"""A page written with ``to_html(analyse=...)`` in Chromium, offline: each main-line node
shows its stored analysis, a node off the main line says the page has none (issue #21)."""

from __future__ import annotations

from playwright.sync_api import expect

from cernunos_widget.session.view import pending_tag
from cernunos_widget.widget.adapter import CernunosWidget

GAME = "B@b2 B@b3 (D@a1) T@a1"


def test_a_page_carries_the_main_lines_analysis_and_says_where_it_has_none(tmp_path, page):
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    path = tmp_path / "board.html"
    w = CernunosWidget(game=GAME)
    w.to_html(path, analyse=0.05)
    after = w.position
    for decision in w.session.stored_analysis(w.node)["lines"][0]["pv"]:
        after = after.play(decision)
    page.goto(path.as_uri())
    panel = page.locator(".cw-root [data-role=analysis]")
    expect(panel).to_have_attribute("data-source", "stored", timeout=30_000)
    expect(panel.locator("[data-role=stored]")).to_contain_text("Stored analysis: depth")
    lines = panel.locator("[data-stored-line]")
    expect(lines.first).to_have_attribute("role", "button")
    lines.first.click()  # played offline, from its node, as the kernel would
    expect(page.locator(".cw-root")).to_have_attribute("data-pending", pending_tag(after))
    cpn = after.cpn() if after.at_boundary else ""
    expect(page.locator(".cw-root")).to_have_attribute("data-cpn", cpn)
    page.locator('.cw-root .cw-move:text-is("Deer a1")').click()  # a variation: not analysed
    expect(panel).to_have_attribute("data-source", "none")
    expect(panel.locator("[data-role=no-analysis]")).to_have_text(
        "No analysis of this position in this page."
    )
    page.keyboard.press("Home")
    expect(panel).to_have_attribute("data-source", "stored")
    assert errors == []


def test_a_stored_line_clicked_in_jupyterlab_plays_from_its_node(lab):
    """The kernel side: a node's stored line names the node in its ``line`` request."""
    nb = lab(
        "from cernunos_widget import CernunosWidget\n"
        "w = CernunosWidget(game='B@b2 B@b3')\n_ = w.to_html(analyse=0.05)"
    )
    page, root = nb.page, nb.widget()
    panel = page.locator(".cw-root [data-role=analysis]")
    expect(root).to_have_attribute("data-current", "2")
    expect(panel).to_have_attribute("data-source", "stored")  # the live analysis is empty
    line = panel.locator('[data-stored-line="0"]')
    expect(line).to_have_attribute("data-line-node", "2")
    nb.wait_idle()
    line.click()
    expect(root).not_to_have_attribute("data-current", "2")
    state = nb.kernel_state()
    assert state["game"].startswith("B@b2 B@b3 ") and state["message"] == ""
