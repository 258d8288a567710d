"""A study's practice chapter played by clicks (issue #33 item 3): in a study_html page from
file:// with every other request aborted, the page's own exact search plays Purple perfectly
in a small endgame (and says so), the goal is judged in the page: a wrong first decision
ends failed with the reason, Retry starts again, the winning line solves the chapter; the
same in JupyterLab through w.study, where the kernel plays and judges (its state read back).
Screenshots light and dark, English and French, narrow and wide."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from browser.clicks import final_click
from browser.test_looks import OVERFLOW
from cernunos_widget.engine import Position
from cernunos_widget.solver import Limit, solve
from cernunos_widget.widget.static import study_html

# Green to play and win (3 tokens left, R-8): T@c2 wins on Trees, T@c1 loses.
ENDGAME = "cTTDTT,Tx,C,dBwSwtt/BD,d,FbB,XW/tttsbb,f,.,WDTTT g 1 2-7"
WORDS = {"en": "Win on Trees", "fr": "Gagnez aux Arbres"}
# a tag's value: its quotes escaped
GOAL = json.dumps({"within": 4, "test": {"result": "win"}, "text": WORDS}).replace('"', '\\"')
STUDY = f"""[Chapter "Endgame"]
[Mode "practice"]
[Goal "{GOAL}"]
[CPN "{ENDGAME}"]
T@c2 {{The author's line: not shown in practice.}}

[Chapter "Free"]
B@b2
"""
PANEL = ".cw-root [data-study]"
FEEDBACK = ".cw-root [data-feedback]"


def click(page, decision: str) -> None:
    final_click(page, decision).click()


def best(cpn: str) -> str:
    return str(solve(Position.from_cpn(cpn), Limit(nodes=200_000), threads=1).pv[0])


def after_reply(page, before: str) -> str:
    """The CPN once the engine (Purple) has answered the student's decision from ``before``."""
    root = page.locator(".cw-root")
    expect(page.locator(".cw-root .cw-study-reply")).to_be_visible(timeout=20_000)
    expect(root).not_to_have_attribute("data-cpn", before)
    expect(root).to_have_attribute("data-pending", re.compile(r"^g"))  # Green to decide
    return root.get_attribute("data-cpn")


def practise_by_clicks(page, perfect: str) -> None:
    """Fail with T@c1, retry, win with T@c2: the page checked at each step."""
    root, panel, feedback = page.locator(".cw-root"), page.locator(PANEL), page.locator(FEEDBACK)
    expect(panel).to_have_attribute("data-mode", "practice", timeout=30_000)
    expect(feedback).to_contain_text("Goal: Win on Trees")
    expect(feedback).to_contain_text("You play Green against the engine.")
    moves = page.locator(".cw-root [data-movelist] [data-node]")
    expect(moves).to_have_count(1)  # the start alone: the author's line is not shown
    click(page, "T@c1")
    cpn = after_reply(page, ENDGAME)
    expect(feedback).to_contain_text("Purple played")
    expect(feedback).to_contain_text(f"({perfect})")
    click(page, Position.from_cpn(cpn).legal_texts()[0])
    expect(panel).to_have_attribute("data-verdict", "failed")
    expect(feedback).to_contain_text("Goal not met. You did not win")
    page.locator("[data-study-action=retry]").click()
    expect(root).to_have_attribute("data-cpn", ENDGAME)
    expect(panel).not_to_have_attribute("data-verdict", "failed")
    click(page, "T@c2")
    cpn = after_reply(page, ENDGAME)
    click(page, best(cpn))
    expect(panel).to_have_attribute("data-verdict", "solved")
    expect(feedback).to_contain_text("Goal met: chapter solved!")
    expect(page.locator("[data-chapter='0']")).to_have_attribute("data-solved", "")


def test_a_study_page_plays_practice_perfectly_offline(tmp_path, page, offline):
    path = tmp_path / "study.html"
    study_html(STUDY, path)
    page.goto(path.as_uri())
    practise_by_clicks(page, "perfect play")
    page.locator("[data-study-action=language]").click()
    feedback = page.locator(FEEDBACK)
    expect(feedback).to_contain_text("Objectif\u00a0: Gagnez aux Arbres")
    expect(feedback).to_contain_text("Objectif atteint")
    expect(feedback).to_contain_text("(jeu parfait)")
    assert offline == []


def test_practice_in_jupyterlab_is_played_and_judged_by_the_kernel(lab):
    nb = lab(
        f"from cernunos_widget import CernunosWidget\nSTUDY = {STUDY!r}\n"
        "w = CernunosWidget()\nw.study(STUDY)",
        "import json\nprint(json.dumps({'state': w.study_state, 'over': w.position.is_over}))",
    )
    practise_by_clicks(nb.page, "perfect play")
    state = nb.kernel_state_until(lambda s: s["state"].get("done"), index=2)
    assert state["over"] and state["state"]["solved"] == [0]
    assert state["state"]["verdict"]["status"] == "solved"
    assert state["state"]["reply"]["by"] == "perfect"


@pytest.mark.parametrize(
    ("width", "dark", "language"), [(390, False, "en"), (390, True, "fr"), (1280, True, "en"),
                                    (1280, False, "fr")],
)  # fmt: skip
def test_the_practice_panel_fits_narrow_and_wide_pages_in_both_themes(
    tmp_path, page, width, dark, language
):
    path = tmp_path / "study.html"
    study_html(STUDY, path, language=language)
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(path.as_uri())
    page.evaluate(f"document.body.setAttribute('data-jp-theme-light', '{str(not dark).lower()}')")
    expect(page.locator(PANEL)).to_have_attribute("data-mode", "practice", timeout=30_000)
    click(page, "T@c1")
    cpn = after_reply(page, ENDGAME)
    click(page, Position.from_cpn(cpn).legal_texts()[0])
    expect(page.locator(PANEL)).to_have_attribute("data-verdict", "failed")
    assert page.locator(".cw-root").evaluate(OVERFLOW) == []
    theme = "dark" if dark else "light"
    page.screenshot(path=str(tmp_path / f"practice-{width}-{theme}-{language}.png"))
