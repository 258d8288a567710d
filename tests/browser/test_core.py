"""The widget's core in JupyterLab: small messages, updates in place, typing never lost,
two views in step, the tree in the saved notebook. Each test also reads the kernel."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from browser.clicks import FrameMeter, final_click, scripted_decisions

NEW = "from cernunos_widget import CernunosWidget\nw = CernunosWidget()"


def test_every_hook_takes_a_default_playwright_click(lab):
    nb = lab("from cernunos_widget import CernunosWidget\nw = CernunosWidget(game='B@b2 B@b3')")
    page, root = nb.page, nb.widget()
    expect(root).to_have_attribute("data-current", "2")
    page.locator('[data-movelist] [data-node="1"]').click()
    expect(root).to_have_attribute("data-current", "1")
    page.locator('.cw-root [data-kind="D"][data-player="g"]').click()
    expect(page.locator('.cw-root [data-kind="D"][data-player="g"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    page.locator('.cw-root [data-cell="a1"]').click()
    expect(root).to_have_attribute("data-current", "3")
    page.locator('.cw-root [data-action="back"]').click()
    expect(root).to_have_attribute("data-current", "1")
    page.locator('.cw-root [data-action="forward"]').click()
    expect(root).to_have_attribute("data-current", "2")  # the main line's B@b3
    page.locator('.cw-root [data-action="overlay"]').click()
    expect(root).to_have_attribute("data-overlay", "on")
    page.locator('[data-movelist] [data-node="3"]').click()
    page.locator('.cw-root [data-action="promote"]').click()
    expect(page.locator("[data-movelist] .cw-variation")).to_have_text("1. … Boar b3")
    page.locator('.cw-root [data-action="delete"]').click()
    expect(page.locator('[data-movelist] [data-node="3"]')).to_have_count(0)
    state = nb.kernel_state()
    assert state["game"] == "B@b2 B@b3" and state["overlay"] is True and state["current"] == 1
    page.locator('.cw-root [data-action="edit"]').click()
    page.locator(".cw-root [data-setup=cpn]").fill(".,.,.,./.,.,.,./T,.,.,. g 2 0-0")
    page.locator(".cw-root [data-setup=go]").click()
    expect(root).to_have_attribute("data-cpn", ".,.,.,./.,.,.,./T,.,.,. g 2 0-0")
    assert nb.kernel_state()["cpn"] == ".,.,.,./.,.,.,./T,.,.,. g 2 0-0"


def test_the_same_elements_survive_a_kernel_update(lab):
    nb = lab(NEW)
    page, root = nb.page, nb.widget()
    tag = """() => { for (const el of document.querySelectorAll(
        '.cw-root [data-cell], .cw-root [data-movelist], .cw-root [data-comment],'
        + '.cw-root [data-movelist] [data-node], .cw-root [data-kind]')) el.__kept = true; }"""
    page.evaluate(tag)
    page.locator('.cw-root [data-kind="B"][data-player="g"]').click()
    page.locator('.cw-root [data-cell="b2"]').click()
    expect(root).to_have_attribute("data-current", "1")
    lost = page.evaluate(
        """() => [...document.querySelectorAll('.cw-root [data-cell], .cw-root [data-movelist],'
             + '.cw-root [data-comment], .cw-root [data-movelist] [data-node="0"],'
             + '.cw-root [data-kind]')].filter((el) => !el.__kept).length"""
    )
    assert lost == 0
    assert nb.kernel_state()["current"] == 1


def test_typing_a_comment_while_hovering_the_board_keeps_every_character(lab):
    nb = lab(
        "from cernunos_widget import CernunosWidget\nw = CernunosWidget(game='B@b2 B@b3')",
        "import json; print(json.dumps({'comment': w.node.comment, 'node': w.current}))",
    )
    page = nb.page
    box = page.locator(".cw-root [data-comment]")
    box.click()
    page.keyboard.type("first half")
    for cell in ("b2", "b3", "a1", "d3"):  # hovers redraw zones, never the comment box
        page.locator(f'.cw-root [data-cell="{cell}"]').hover()
    assert page.evaluate("() => document.activeElement.dataset.comment !== undefined")
    page.keyboard.type(", second half")
    expect(box).to_have_value("first half, second half")
    page.locator('.cw-root [data-cell="a1"]').hover()
    page.keyboard.press("Tab")  # leaving the box sends the comment
    expect(page.locator("[data-movelist] .cw-comment")).to_have_text("first half, second half")
    nb.run(2)
    out = nb.cell(2).locator(".jp-OutputArea-output").last.inner_text()
    assert json.loads(out) == {"comment": "first half, second half", "node": 2}


def test_two_views_of_one_widget_stay_in_step(lab):
    nb = lab(NEW + "\ndisplay(w)", "w.play('B@b2')")
    page = nb.page
    nb.widget()
    roots = page.locator(".cw-root")
    expect(roots).to_have_count(2)
    first, second = roots.nth(0), roots.nth(1)
    first.locator('[data-kind="D"][data-player="g"]').click()
    first.locator('[data-cell="a1"]').click()
    expect(second).to_have_attribute("data-cpn", ".,.,.,./.,.,.,./D,.,.,. g 1 0-0")
    second.locator('[data-movelist] [data-node="0"]').click()  # navigation in the other view
    expect(first).to_have_attribute("data-current", "0")
    nb.run(2)  # from Python
    expect(first).to_have_attribute("data-current", "2")
    expect(second).to_have_attribute("data-current", "2")
    state = nb.kernel_state()
    assert state["game"] == "D@a1 (B@b2)" and state["current"] == 2


def test_the_saved_notebook_holds_the_tree_built_by_clicks(lab, jupyter_lab):
    nb = lab(NEW)
    page, root = nb.page, nb.widget()
    for token in ("B@b2", "B@b3"):
        final_click(page, token).click()
    expect(root).to_have_attribute("data-current", "2")
    nb.kernel_state()
    page.keyboard.press("Control+s")
    _, folder = jupyter_lab
    path = next(folder.glob("test_the_saved_notebook*.ipynb"))
    deadline = 0
    while deadline < 100:
        saved = json.loads(path.read_text())
        states = saved["metadata"].get("widgets", {})
        if states:
            break
        page.wait_for_timeout(200)
        deadline += 1
    models = states["application/vnd.jupyter.widget-state+json"]["state"].values()
    trees = [m["state"]["tree"] for m in models if "tree" in m["state"]]
    assert len(trees) == 1
    tokens = sorted(n["decision"] for n in trees[0]["nodes"].values())
    assert tokens == ["", "B@b2", "B@b3"] and trees[0]["current"] == 2


def test_bytes_per_click_stay_flat_along_a_game(lab, page):
    meter = FrameMeter(page)
    moves = scripted_decisions()
    nb = lab(
        NEW,
        f"w.play({' '.join(moves[1:19])!r})",
        f"w.play({' '.join(moves[20:39])!r})",
    )
    root = nb.widget()
    sizes = {}
    for decision, cell in ((1, None), (20, 2), (40, 3)):
        if cell is not None:
            nb.run(cell)
            expect(root).to_have_attribute("data-current", str(decision - 1))
            nb.wait_idle()
        target = final_click(page, moves[decision - 1])
        page.wait_for_timeout(300)
        meter.reset()
        target.click()
        expect(root).to_have_attribute("data-current", str(decision))
        sizes[decision] = meter.bytes
    state = nb.kernel_state()
    assert state["game"] == " ".join(moves[:40])
    assert sizes[40] <= 2 * sizes[1], sizes  # the benchmark gives the exact figures
    assert sizes[1] < 20_000, sizes
