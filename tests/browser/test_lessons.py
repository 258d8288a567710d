"""The lessons played by clicks (issue #22 item 2): on a static page of the course opened from
file:// with no network (the page's goal mirror judges), and in JupyterLab with a kernel
(the kernel judges; its ``lesson_state`` is read back). A wrong try is answered with what is
not met, in the lesson's language, and the board goes back to the exercise's start."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser.clicks import final_click
from browser.test_looks import OVERFLOW
from cernunos_widget.engine import Position
from cernunos_widget.lessons import lesson
from cernunos_widget.session.view import build_view
from cernunos_widget.widget.static import course_html

PANEL = ".cw-root [data-role=lesson]"


def play(page, decisions: str) -> None:
    for token in decisions.split():
        final_click(page, token).click()


def test_a_static_course_page_solves_an_exercise_after_a_wrong_try(tmp_path, page, offline):
    path = tmp_path / "lessons.html"
    course_html(path, lesson="power")
    page.goto(path.as_uri())
    panel = page.locator(PANEL)
    root = page.locator(".cw-root")
    expect(panel).to_have_attribute("data-lesson", "power", timeout=30_000)
    first = lesson("power").exercises[0]
    expect(root).to_have_attribute("data-cpn", first.cpn)
    # the exercise is the reader's: no engine, no annotations (widget.css, lesson mode)
    for quiet in ("[data-role=analysis]", "[data-action=analyse]", "[data-role=comment]"):
        expect(page.locator(quiet)).to_be_hidden()
    expect(page.locator("[data-action=present]")).to_be_visible()
    expect(page.locator("[data-role=lesson-goal]")).to_contain_text(first.goal.text("en"))
    # the third exercise, by its dot: two placements, a Wolf then the cover
    page.locator("[data-lesson-exercise='2']").click()
    third = lesson("power").exercises[2]
    expect(root).to_have_attribute("data-cpn", third.cpn)
    play(page, "W@b1 T@a1")  # a wrong try: c2 is still Purple's
    expect(panel).to_have_attribute("data-verdict", "failed")
    verdict = page.locator("[data-role=lesson-verdict]")
    expect(verdict).to_contain_text("c2 is not yours: Purple's Tree is on top.")
    expect(root).to_have_attribute("data-cpn", third.cpn)  # back at the start
    # the hint, then French: the verdict's reasons and the goal in French
    page.locator("[data-lesson-action=hint]").click()
    expect(page.locator("[data-role=lesson-hint]")).to_contain_text("W@b1 T@c2")
    # the panel's switch: one language per board, the board's prompt goes French with it
    page.locator("[data-lesson-action=language]").click()
    expect(panel).to_have_attribute("data-language", "fr")
    expect(root).to_have_attribute("lang", "fr")
    expect(page.locator(".cw-root [data-role=prompt]")).to_have_text(prompt_of(third.cpn, "fr"))
    expect(verdict).to_contain_text("c2 n’est pas à vous\u00a0: l’Arbre violet est au sommet.")
    expect(page.locator("[data-role=lesson-goal]")).to_contain_text(third.goal.text("fr"))
    # solved another way than the hint's: a Boar pushes c2's top away (R-20), then cover
    play(page, "B@b2 T@c2")
    expect(panel).to_have_attribute("data-verdict", "solved")
    expect(verdict).to_contain_text(third.explanation("fr"))
    expect(page.locator("[data-role=lesson-progress]")).to_have_text("1/4 réussis")
    page.locator("[data-lesson-action=next]").click()
    expect(panel).to_have_attribute("data-exercise", "3")
    expect(root).to_have_attribute("data-cpn", lesson("power").exercises[3].cpn)
    expect(page.locator("[data-lesson-exercise='2']")).to_have_class("cw-lesson-dot cw-done")
    assert offline == []


def prompt_of(cpn: str, language: str) -> str:
    """The prompt the board shows at ``cpn`` in ``language`` (session/view.py's)."""
    return build_view(Position.from_cpn(cpn), (), language)["prompt"]


def test_the_panels_switch_sets_the_boards_language_in_jupyterlab(lab):
    nb = lab(
        "from cernunos_widget import CernunosWidget\nw = CernunosWidget()\nw.lesson('placing')",
        "import json\nprint(json.dumps({'language': w.language, 'state': w.lesson_state}))",
        "w.language = 'fr'",
    )
    page = nb.page
    panel, root = page.locator(PANEL), page.locator(".cw-root")
    prompt = page.locator(".cw-root [data-role=prompt]")
    cpn = lesson("placing").exercises[0].cpn
    expect(panel).to_have_attribute("data-language", "en")
    expect(prompt).to_have_text(prompt_of(cpn, "en"))
    page.locator("[data-lesson-action=language]").click()
    expect(panel).to_have_attribute("data-language", "fr")
    expect(root).to_have_attribute("lang", "fr")
    expect(prompt).to_have_text(prompt_of(cpn, "fr"))
    expect(page.locator("[data-role=lesson-goal]")).to_contain_text(
        lesson("placing").exercises[0].goal.text("fr")
    )
    state = nb.kernel_state_until(lambda s: s["language"] == "fr", index=2)
    assert state["language"] == "fr" and state["state"]["language"] == "fr"  # the kernel's trait
    page.locator("[data-lesson-action=language]").click()  # and back
    expect(prompt).to_have_text(prompt_of(cpn, "en"))
    expect(panel).to_have_attribute("data-language", "en")
    state = nb.kernel_state_until(lambda s: s["language"] == "en", index=2)
    assert state["language"] == "en" and state["state"]["language"] == "en"
    nb.run(3)  # w.language = 'fr' from Python: the panel follows the board
    expect(prompt).to_have_text(prompt_of(cpn, "fr"))
    expect(panel).to_have_attribute("data-language", "fr")


def test_a_lesson_in_jupyterlab_is_judged_by_the_kernel(lab):
    nb = lab(
        "from cernunos_widget import CernunosWidget\nw = CernunosWidget()\nw.lesson('effects')",
        "import json\nprint(json.dumps({'state': w.lesson_state, 'cpn': w.cpn}))",
    )
    page = nb.page
    panel = page.locator(PANEL)
    expect(panel).to_have_attribute("data-lesson", "effects")
    effects = lesson("effects")
    page.locator("[data-lesson-exercise='1']").click()  # the Boar's wrap-around
    root = page.locator(".cw-root")
    expect(root).to_have_attribute("data-cpn", effects.exercises[1].cpn)
    play(page, "T@a1")  # a wrong try
    expect(panel).to_have_attribute("data-verdict", "failed")
    expect(page.locator("[data-role=lesson-verdict]")).to_contain_text(
        "d2 is empty: Purple's Tree is not on top of it."
    )
    state = nb.kernel_state_until(lambda s: s["state"]["verdict"] is not None, index=2)
    assert state["state"]["verdict"]["status"] == "failed"
    assert state["cpn"] == effects.exercises[1].cpn  # the kernel went back to the start
    play(page, "B@b2")
    expect(panel).to_have_attribute("data-verdict", "solved")
    state = nb.kernel_state_until(lambda s: s["state"]["solved"], index=2)
    assert state["state"]["solved"] == {"effects": [1]}
    assert state["state"]["verdict"]["status"] == "solved"


@pytest.mark.parametrize(("width", "dark"), [(390, False), (390, True), (1280, True)])
def test_the_lessons_panel_fits_narrow_and_wide_pages_in_both_themes(tmp_path, page, width, dark):
    path = tmp_path / "lessons.html"
    course_html(path, language="fr", lesson="scoring")  # the longest French texts
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(path.as_uri())
    page.evaluate(f"document.body.setAttribute('data-jp-theme-light', '{str(not dark).lower()}')")
    play(page, "pass")  # a wrong try: the reasons shown
    expect(page.locator(PANEL)).to_have_attribute("data-verdict", "failed")
    page.locator("[data-lesson-action=hint]").click()
    root = page.locator(".cw-root")
    assert root.evaluate(OVERFLOW) == []
    panel = page.locator(PANEL).bounding_box()
    board = page.locator(".cw-root .cw-board").first.bounding_box()
    assert panel["y"] + panel["height"] <= board["y"] + 1  # the goal above the board
    colours = page.locator("[data-role=lesson-verdict]").evaluate(
        "el => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]"
    )
    assert colours[0] != colours[1]
