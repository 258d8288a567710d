"""The opening explorer's panel in JupyterLab: it lists the current node's decisions from
the games, and a click on one plays it in the kernel (explorer.js, w.explorer)."""

from __future__ import annotations

from playwright.sync_api import expect

SETUP = """
from cernunos_widget import CernunosWidget
from cernunos_widget.tools.explorer import Explorer
from cernunos_widget.record.tree import Game
from cernunos_widget.solver.bots import RandomBot, play_game
games = []
for s, opening in enumerate(["T@a1 T@b1"] * 3 + ["B@b2 D@c2"] * 2):
    g = Game()
    n = g.root
    for t in opening.split():
        n = n.play(t)
    for d in play_game(RandomBot(s), RandomBot(s + 50), start=n.position).decisions:
        n = n.play(d)
    games.append(g)
w = CernunosWidget()
w.explorer = Explorer.build(games)
"""


def test_the_explorer_panel_lists_decisions_and_a_click_plays_one(lab):
    nb = lab(SETUP)
    page, root = nb.page, nb.widget()
    panel = page.locator(".cw-root [data-explorer]")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("5 games")
    rows = panel.locator("[data-explorer-decision]")
    expect(rows).to_have_count(2)
    first = rows.first
    expect(first).to_have_attribute("data-explorer-decision", "T@a1")  # 3 games, then B@b2
    expect(first).to_contain_text("Tree a1")
    first.click()
    expect(root).to_have_attribute("data-cpn", ".,.,.,./.,.,.,./T,.,.,. g 1 0-0")
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_attribute("data-explorer-decision", "T@b1")
    state = nb.kernel_state()
    assert (state["decision"], state["game"]) == ("T@a1", "T@a1")
