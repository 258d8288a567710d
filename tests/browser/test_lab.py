"""The widget in JupyterLab, driven by clicks in Chromium; every test also reads the kernel."""

from __future__ import annotations

import json
import re

from cpn_builder import FINAL_PLACEMENT, LAST_TREE
from cpn_builder import cpn as cpn_of
from playwright.sync_api import expect

START = ".,.,.,./.,.,.,./.,.,.,. g 2 0-0"


def has(css_class: str) -> re.Pattern:
    return re.compile(rf"(^|\s){css_class}(\s|$)")


def click_cell(page, cell: str) -> None:
    page.locator(f'.cw-root [data-cell="{cell}"]').click()


def test_place_tokens_by_clicks(lab):
    nb = lab("from cernunos_widget import CernunosWidget\nw = CernunosWidget()")
    page = nb.page
    root = nb.widget()
    expect(root).to_have_attribute("data-cpn", START)
    page.locator('.cw-root [data-kind="B"][data-player="g"]').click()
    expect(page.locator('.cw-root [data-cell="b2"]')).to_have_class(has("cw-target"))
    click_cell(page, "b2")
    expect(root).to_have_attribute("data-cpn", ".,.,.,./.,B,.,./.,.,.,. g 1 0-0")
    page.locator('.cw-root [data-kind="D"][data-player="g"]').click()
    click_cell(page, "a1")
    expect(root).to_have_attribute("data-cpn", ".,.,.,./.,B,.,./D,.,.,. p 2 0-0")
    state = nb.kernel_state()
    assert state["cpn"] == ".,.,.,./.,B,.,./D,.,.,. p 2 0-0"
    assert state["game"] == "B@b2 D@a1"


def place(page, kind: str, player: str, cell: str) -> None:
    page.locator(f'.cw-root [data-kind="{kind}"][data-player="{player}"]').click()
    picked = page.locator('.cw-root [data-kind][aria-pressed="true"]')
    expect(picked).to_have_attribute("data-kind", kind)
    click_cell(page, cell)


def widget_code(cpn: str) -> str:
    return f"from cernunos_widget import CernunosWidget\nw = CernunosWidget(cpn={cpn!r})"


def test_boar_push_chosen_by_the_other_player(lab):
    nb = lab(widget_code(cpn_of({"a1": "bT", "a2": "D"})))
    page, root = nb.page, nb.widget()
    place(page, "C", "g", "b1")
    expect(root).to_have_attribute("data-pending", "p chooses boar-target")
    expect(page.locator(".cw-root [data-role=prompt]")).to_have_text(
        "Purple chooses which token their Boar on a1 pushes"
    )
    state = nb.kernel_state()
    assert (state["choice"], state["cpn"]) == ("boar-target", "")
    click_cell(page, "b1")
    expected = cpn_of({"a1": "Tb", "a2": "D", "c1": "C"}, "g", "1")
    expect(root).to_have_attribute("data-cpn", expected)
    assert nb.kernel_state()["cpn"] == expected


def test_fox_swap_with_order_then_boar(lab):
    nb = lab(widget_code(cpn_of({"b1": "t", "a2": "D", "b2": "B"})))
    page, root = nb.page, nb.widget()
    place(page, "X", "g", "a1")
    expect(root).to_have_attribute("data-pending", "g chooses fox-swap")
    click_cell(page, "b2")
    expect(page.locator('.cw-root [data-cell="b2"]')).to_have_attribute("data-picked", "true")
    click_cell(page, "b1")
    expect(root).to_have_attribute("data-pending", "g chooses fox-order")
    click_cell(page, "b2")
    expect(root).to_have_attribute("data-pending", "g chooses boar-target")
    click_cell(page, "b2")
    expected = cpn_of({"a1": "X", "b1": "B", "a2": "D", "b2": "t", "b3": "t"}, "g", "1")
    expect(root).to_have_attribute("data-cpn", expected)
    state = nb.kernel_state()
    assert state["cpn"] == expected and state["game"].endswith("] X@a1 b1~b2 b2 b2")


def test_crow_cell_and_illegal_click_message(lab):
    nb = lab(widget_code(cpn_of({"a1": "T", "c1": "t"})))
    page, root = nb.page, nb.widget()
    place(page, "C", "g", "b1")
    expect(root).to_have_attribute("data-pending", "g chooses crow-cell")
    click_cell(page, "d3")  # not a choice: nothing changes, the page says why
    expect(page.locator(".cw-root [data-role=message]")).to_contain_text("illegal decision 'd3'")
    assert nb.kernel_state()["choice"] == "crow-cell"
    click_cell(page, "c1")
    expected = cpn_of({"a1": "T", "b1": "C", "c1": "tt"}, "g", "1")
    expect(root).to_have_attribute("data-cpn", expected)
    assert nb.kernel_state()["cpn"] == expected


def test_pass_ends_the_game(lab):
    nb = lab(widget_code(FINAL_PLACEMENT))
    page, root = nb.page, nb.widget()
    page.locator('.cw-root [data-decision="pass"]').click()
    expect(root).to_have_attribute("data-cpn", cpn_of({**LAST_TREE, "d3": "T"}, "g", "#", "11-0"))
    expect(root).to_have_attribute("data-pending", "")
    expect(page.locator(".cw-root [data-role=prompt]")).to_contain_text("Green wins")
    state = nb.kernel_state()
    assert state["choice"] is None and state["game"].endswith("pass")


def test_power_overlay_and_zones(lab):
    nb = lab(widget_code(cpn_of({"b2": "t", "a2": "d", "c2": "d", "a1": "W"})))
    page, root = nb.page, nb.widget()
    expect(page.locator(".cw-root .cw-power")).to_have_count(0)
    page.locator(".cw-root [data-action=overlay]").click()
    expect(root).to_have_attribute("data-overlay", "on")
    expect(page.locator(".cw-root [data-action=overlay]")).to_have_attribute("aria-pressed", "true")
    badge = page.locator('.cw-root [data-cell="b2"] .cw-power')
    expect(badge).to_have_text("1")
    expect(badge).to_have_attribute("title", "power 1 (base 0, +1 Deer a2, +1 Deer c2, -1 Wolf a1)")
    page.locator('.cw-root [data-cell="a1"]').hover()  # the Wolf's zone: b2 and c3
    expect(page.locator(".cw-root .cw-zone")).to_have_count(2)
    expect(page.locator('.cw-root [data-cell="c3"]')).to_have_class(has("cw-zone"))
    assert nb.kernel_state()["overlay"] is True


def test_branch_from_an_earlier_node_and_navigate_with_keys(lab):
    nb = lab(
        "from cernunos_widget import CernunosWidget\nw = CernunosWidget(game='B@b2 B@b3 T@a1')"
    )
    page, root = nb.page, nb.widget()
    page.locator('.cw-root .cw-move:text-is("Boar b2")').click()
    expect(root).to_have_attribute("data-cpn", ".,.,.,./.,B,.,./.,.,.,. g 1 0-0")
    place(page, "D", "g", "a1")
    expect(root).to_have_attribute("data-cpn", ".,.,.,./.,B,.,./D,.,.,. p 2 0-0")
    expect(page.locator(".cw-root .cw-variation")).to_have_text("1. … Deer a1")
    assert nb.kernel_state()["game"] == "B@b2 B@b3 (D@a1) T@a1"
    root.focus()
    page.keyboard.press("ArrowUp")  # to the main line's B@b3
    expect(root).to_have_attribute("data-cpn", ".,B,.,./.,.,.,./.,B,.,. p 2 0-0")
    page.keyboard.press("End")
    expect(root).to_have_attribute("data-cpn", ".,B,.,./.,.,.,./t,B,.,. p 1 0-0")
    page.keyboard.press("Home")
    expect(root).to_have_attribute("data-cpn", START)
    page.keyboard.press("ArrowRight")
    expect(root).to_have_attribute("data-cpn", ".,.,.,./.,B,.,./.,.,.,. g 1 0-0")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")  # undo by key
    expect(root).to_have_attribute("data-cpn", ".,.,.,./.,B,.,./.,.,.,. g 1 0-0")
    state = nb.kernel_state()
    assert state["decision"] == "B@b2" and state["cpn"] == ".,.,.,./.,B,.,./.,.,.,. g 1 0-0"
    page.locator(".cw-root [data-action=back]").click()  # undo by button
    expect(root).to_have_attribute("data-cpn", START)
    assert nb.kernel_state()["current"] == 0


def test_analyse_then_cancel_keeps_the_kernel_responsive(lab):
    nb = lab("from cernunos_widget import CernunosWidget\nw = CernunosWidget()")
    page, root = nb.page, nb.widget()
    panel = page.locator(".cw-root [data-role=analysis]")
    page.locator(".cw-root [data-action=analyse]").click()
    expect(panel).to_have_attribute("data-status", "running")
    expect(page.locator(".cw-root .cw-line").first).to_be_visible(timeout=20_000)  # streamed
    page.locator(".cw-root [data-action=stop]").click()
    expect(panel).to_have_attribute("data-status", "cancelled")
    state = nb.kernel_state()  # the kernel runs a cell: it is idle and responsive
    assert state["analysis"] == "cancelled" and state["cpn"] == START
    nb.wait_idle()
    page.locator(".cw-root .cw-line").first.click()  # a best line becomes a variation
    expect(root).not_to_have_attribute("data-cpn", START)
    assert nb.kernel_state()["game"] != ""


LINES = (
    "import json\nprint(json.dumps([[l['green_text'], [m['label'] for m in l['moves']]]"
    " for l in w.analysis['lines']]))"
)


def shown_lines(page) -> list[list]:
    """Each line the panel shows: its value, and its decisions' labels (a decision made
    by the other player is prefixed with their name, panel.js lineHtml)."""
    lines = []
    for line in page.locator(".cw-root .cw-line").all():
        labels = [t.split(": ", 1)[-1] for t in line.locator("[data-player]").all_inner_texts()]
        lines.append([line.locator("b").inner_text().strip(), labels])
    return lines


def test_a_streamed_analysis_shows_the_kernels_final_lines(lab):
    """Updates after the first carry only what changed (#20 item 5): the page, with no cell
    run meanwhile (no full write of the tree), ends showing exactly the kernel's lines."""
    nb = lab("from cernunos_widget import CernunosWidget\nw = CernunosWidget(game='B@b2')", LINES)
    page = nb.page
    page.locator(".cw-root [data-role=analysis-time]").select_option("5")
    page.locator(".cw-root [data-action=analyse]").click()
    panel = page.locator(".cw-root [data-role=analysis]")
    expect(panel).to_have_attribute("data-status", "running")
    expect(panel).to_have_attribute("data-status", "done", timeout=30_000)
    shown = shown_lines(page)
    expect(page.locator(".cw-root [data-action=analyse]")).to_be_enabled()
    nb.run(2)
    kernel = json.loads(nb.cell(2).locator(".jp-OutputArea-output").last.inner_text())
    assert len(kernel) == 3 and shown == kernel


def test_choose_mcts_then_analyse(lab):
    nb = lab("from cernunos_widget import CernunosWidget\nw = CernunosWidget()")
    page = nb.page
    page.locator(".cw-root [data-role=engine]").select_option("mcts")
    expect(page.locator(".cw-root [data-role=engine]")).to_have_value("mcts")
    state = nb.kernel_state_until(lambda s: s["engine"] == "mcts")
    assert state["engine"] == "mcts"  # the choice reached the kernel
    nb.wait_idle()
    page.locator(".cw-root [data-action=analyse]").click()
    expect(page.locator(".cw-root .cw-line").first).to_be_visible(timeout=20_000)
    page.locator(".cw-root [data-action=stop]").click()
    panel = page.locator(".cw-root [data-role=analysis]")
    expect(panel).to_have_attribute("data-status", "cancelled")
    state = nb.kernel_state()
    assert state["analysis_engine"] == "mcts" and state["lines"] > 0
