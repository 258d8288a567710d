"""Issue #23 item 5 in JupyterLab: the analysis panel shows the threads the search runs with
and its nodes per second, and its select asks the kernel for another count (``w.threads``).
Every step also reads the kernel."""

from __future__ import annotations

import re

from playwright.sync_api import expect

PROBE = (
    "import json\nprint(json.dumps({'threads': w.threads, "
    "'running': w.analysis.get('threads'), 'status': w.analysis.get('status')}))"
)


def test_the_panel_shows_threads_and_speed_and_its_select_sets_w_threads(lab):
    nb = lab(
        "from cernunos_widget import CernunosWidget\n"
        "w = CernunosWidget(game='B@b2 B@b3 D@a1')\nw.threads = 2",
        PROBE,
    )
    page = nb.page
    select = page.locator(".cw-root [data-role=analysis-threads]")
    expect(select).to_have_value("2")  # the kernel's setting reached the page
    assert nb.kernel_state(2)["threads"] == 2
    select.select_option("1")  # the page asks, the kernel decides
    state = nb.kernel_state_until(lambda s: s["threads"] == 1, index=2)
    assert state["threads"] == 1
    expect(select).to_have_value("1")
    page.locator(".cw-root [data-role=analysis-time]").select_option("5")
    page.locator(".cw-root [data-action=analyse]").click()
    speed = page.locator(".cw-root [data-role=analysis-speed]")
    expect(speed).to_have_text(re.compile(r"^1 thread · [\d.,]+[KM]? nodes/s$"), timeout=30_000)
    state = nb.kernel_state_until(lambda s: s["running"] == 1, index=2)
    assert state["running"] == 1  # the analysis the page started runs with w.threads
    expect(page.locator(".cw-root [data-role=analysis]")).to_have_attribute(
        "data-status", "done", timeout=30_000
    )
    select.select_option("")  # all cores
    state = nb.kernel_state_until(lambda s: s["threads"] is None, index=2)
    assert state["threads"] is None
    expect(select).to_have_value("")
