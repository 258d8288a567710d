"""Issue #25 item 1 in JupyterLab: the page's Analyse (until stopped) follows the board, as
lichess's does; a timed analysis from Python keeps its node and the page says so, with a
button going there. Every step also reads the kernel."""

from __future__ import annotations

from playwright.sync_api import expect

FOLLOW = (
    "import json\nprint(json.dumps({'node': w.analysis.get('node'), "
    "'status': w.analysis.get('status'), 'follow': w.analysis.get('follow', False), "
    "'current': w.current, 'lines': len(w.analysis.get('lines', []))}))"
)
TIMED = "from cernunos_widget.solver import Limit\nw.goto(2)\njob = w.analyse(Limit(time=60))"


def test_the_analysis_follows_the_board_and_a_timed_one_keeps_its_node(lab):
    nb = lab(
        "from cernunos_widget import CernunosWidget\nw = CernunosWidget(game='B@b2 B@b3 D@a1')",
        FOLLOW,
        TIMED,
    )
    page, root = nb.page, nb.widget()
    panel = page.locator(".cw-root [data-role=analysis]")
    heading = page.locator(".cw-root [data-role=analysis-node]")
    analyse = page.locator(".cw-root [data-action=analyse]")
    stop = page.locator(".cw-root [data-action=stop]")
    analyse.click()  # the default time is ∞: until stopped
    expect(panel).to_have_attribute("data-status", "running")
    expect(heading).to_have_text("Analysing the position after 1… Deer a1 · follows the board")
    expect(page.locator(".cw-root .cw-line").first).to_be_visible(timeout=30_000)
    root.focus()
    page.keyboard.press("ArrowLeft")  # the board moves: the analysis restarts there
    expect(heading).to_have_text("Analysing the position after 1. Boar b3 · follows the board")
    expect(panel).to_have_attribute("data-status", "running")
    expect(analyse).to_be_disabled()
    expect(stop).to_be_enabled()
    expect(page.locator(".cw-root .cw-line").first).to_be_visible(timeout=30_000)
    state = nb.kernel_state_until(lambda s: s["lines"] > 0, 30.0, index=2)
    assert (state["node"], state["current"], state["status"]) == (2, 2, "running")
    assert state["follow"] is True
    stop.click()  # Stop: nothing follows any more
    expect(panel).to_have_attribute("data-status", "cancelled")
    root.focus()  # the Stop button, now disabled, had the focus
    page.keyboard.press("ArrowLeft")
    expect(heading).to_have_count(0)
    state = nb.kernel_state_until(lambda s: s["current"] == 1, index=2)
    assert (state["node"], state["current"], state["status"]) == (2, 1, "cancelled")

    nb.run(3)  # from Python, timed, on node 2: it keeps its node
    root.focus()
    page.keyboard.press("Home")
    elsewhere = page.locator(".cw-root [data-role=analysis-elsewhere]")
    expect(elsewhere).to_contain_text("Analysing the position after 1. Boar b3 (time 60)")
    expect(analyse).to_be_enabled()  # Analyse here would replace it
    state = nb.kernel_state_until(lambda s: s["current"] == 0, index=2)  # Home reached it
    assert (state["node"], state["current"], state["status"]) == (2, 0, "running")
    assert state["follow"] is False
    page.locator(".cw-root [data-role=go-analysed]").click()  # go there
    expect(heading).to_contain_text("Analysing the position after 1. Boar b3")
    expect(elsewhere).to_have_count(0)
    state = nb.kernel_state_until(lambda s: s["current"] == 2, index=2)
    assert (state["node"], state["current"], state["status"]) == (2, 2, "running")
    stop.click()
    expect(panel).to_have_attribute("data-status", "cancelled")
