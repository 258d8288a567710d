"""Game review and analysis in JupyterLab (issue #10): the evaluation graph, its points and
keys, analysis until stopped, the best decision drawn. Each test also reads the kernel."""

from __future__ import annotations

import json
import time

from playwright.sync_api import expect

ENDGAME = "WDFD,.,TD,./Cfdb,.,BSBX,TTTTTc/.,wsw,xTTT,tttbtt g 2 2-7"
# Green throws away a proven win with T@b2 (W@a1 or T@a1 win), then both play perfectly.
BLUNDER = (
    "from cernunos_widget import CernunosWidget\n"
    "from cernunos_widget.solver import Limit, solve\n"
    f"w = CernunosWidget(cpn={ENDGAME!r})\n"
    "w.play('T@b2')\n"
    "w.play(' '.join(str(d) for d in solve(w.position, Limit(time=30)).pv))\n"
    "w.goto(0)"
)
EVALS = (
    "import json\nline = [w.game.root, *w.game.mainline()]\n"
    "print(json.dumps({'nodes': len(line), 'ids': [n.id for n in line], "
    "'evaluated': sum(w.session.evaluation(n) is not None for n in line), "
    "'marked': [n.id for n in line if n.mark], 'review': w.review_status.get('status'), "
    "'texts': {n.id: w.session.evaluation(n)['text']"
    " for n, after in zip(line[1:], line[2:] + [None])"
    " if after is None or not w.session.display.move(after)['effect']}}))"
)


def output(nb, index: int) -> dict:
    nb.run(index)
    return json.loads(nb.cell(index).locator(".jp-OutputArea-output").last.inner_text())


def test_review_graph_points_clicks_and_keys(lab):
    nb = lab(BLUNDER, "w.analyse_game(Limit(time=5), wait=True)", EVALS)
    page, root = nb.page, nb.widget()
    nb.run(2)  # the review, waited for: one graph point per main-line node, root included
    kernel = output(nb, 3)
    assert kernel["review"] == "done" and kernel["evaluated"] == kernel["nodes"] == 9
    points = page.locator(".cw-root [data-eval-graph] [data-node]")
    expect(points).to_have_count(kernel["nodes"])
    assert points.evaluate_all("els => els.map(e => Number(e.dataset.node))") == kernel["ids"]
    expect(page.locator(".cw-root [data-eval-graph] .cw-pt-none")).to_have_count(0)
    expect(page.locator(".cw-root [data-eval-graph] [data-proven]")).to_have_count(9)
    blunder = page.locator('.cw-root [data-eval-graph] [data-mark="??"]')
    expect(blunder).to_have_count(1)
    assert kernel["marked"] == [1]
    expect(page.locator('.cw-root [data-counts="green"]')).to_contain_text("1\u202f??")
    expect(page.locator('.cw-root [data-role="counts-provisional"]')).to_have_count(0)
    # the finished review's values in the move list, after each decision (#25 item 4)
    values = page.locator(".cw-root [data-movelist] [data-eval]")
    expect(values).to_have_count(len(kernel["texts"]))  # after a decision's effect choices
    shown = values.evaluate_all("els => els.map(e => [e.dataset.eval, e.textContent.trim()])")
    assert shown == [[i, t] for i, t in kernel["texts"].items()]
    page.locator('.cw-root [data-eval-graph] [data-node="5"]').click()
    expect(root).to_have_attribute("data-current", "5")
    assert nb.kernel_state()["current"] == 5
    root.focus()
    page.keyboard.press("N")  # back to the previous marked decision
    expect(root).to_have_attribute("data-current", "1")
    expect(page.locator('.cw-root [data-role="best-was"]')).to_contain_text("best was")
    expect(page.locator('.cw-root [data-role="best-was"]')).to_contain_text("Purple wins")
    assert nb.kernel_state()["current"] == 1
    page.locator('.cw-root [data-eval-graph] [data-node="0"]').click()
    expect(root).to_have_attribute("data-current", "0")
    root.focus()
    page.keyboard.press("n")  # the next marked decision from the root
    expect(root).to_have_attribute("data-current", "1")
    assert nb.kernel_state()["current"] == 1  # (the goto's reply has arrived)
    root.focus()
    page.keyboard.press("n")  # none after it: stays, and says so
    expect(page.locator(".cw-root [data-role=message]")).to_contain_text("No later marked")
    expect(root).to_have_attribute("data-current", "1")


def test_the_review_button_draws_the_graph_while_it_refines(lab):
    setup = "from cernunos_widget import CernunosWidget\nw = CernunosWidget(game='B@b2 B@b3 D@a1')"
    nb = lab(setup, EVALS)
    page, root = nb.page, nb.widget()
    page.locator('.cw-root [data-action="review"]').click()
    expect(page.locator(".cw-root [data-eval-graph] [data-node]")).to_have_count(4)
    expect(page.locator(".cw-root [data-eval-graph] .cw-pt-none")).to_have_count(0)
    expect(page.locator(".cw-root [data-role=review]")).to_contain_text("Green's view")
    kernel = output(nb, 2)
    assert kernel["evaluated"] == 4 and kernel["nodes"] == 4
    page.locator('.cw-root [data-action="stop"]').click()  # the refinement passes stop
    expect(page.locator('.cw-root [data-action="review"]')).to_be_enabled()
    expect(root).to_have_attribute("data-current", "3")
    deadline = time.time() + 20
    while output(nb, 2)["review"] not in ("cancelled", "done") and time.time() < deadline:
        time.sleep(0.5)
    assert output(nb, 2)["review"] in ("cancelled", "done")


def test_analysis_runs_until_stopped_and_draws_the_best_decision(lab):
    nb = lab("from cernunos_widget import CernunosWidget\nw = CernunosWidget(game='B@b2')")
    page, root = nb.page, nb.widget()
    panel = page.locator(".cw-root [data-role=analysis]")
    assert page.locator(".cw-root [data-role=analysis-time]").input_value() == ""  # ∞
    page.locator('.cw-root [data-action="analyse"]').click()
    expect(panel).to_have_attribute("data-status", "running")
    ghost = page.locator(".cw-root [data-role=best-overlay] [data-ghost]")
    expect(ghost).to_be_visible()
    assert ghost.get_attribute("data-ghost") in list("TBDWSXCF")  # Green places (upper case)
    best = page.locator(".cw-root [data-line='0']")
    expect(panel).to_contain_text("Green's view: + is good for Green")
    assert best.inner_text().strip()[0] in "+\u22120"  # a signed value from Green's side
    time.sleep(6)  # longer than the Python default of 5 s: the page's runs on
    expect(panel).to_have_attribute("data-status", "running")
    state = nb.kernel_state()
    assert state["analysis"] == "running" and state["lines"] == 3
    page.locator('.cw-root [data-action="stop"]').click()
    expect(panel).to_have_attribute("data-status", "cancelled")
    assert nb.kernel_state()["analysis"] == "cancelled"
    expect(ghost).to_be_visible()  # the result so far stays shown
    expect(root).to_have_attribute("data-current", "1")
