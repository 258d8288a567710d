"""A study played by clicks (issue #33): a study_html page of a study file written here,
opened from file:// with every other request aborted (the page's own gamebook judges), and
the same study in JupyterLab through w.study (the kernel judges; its state is read back).
In the interactive chapter Purple is the student: the board plays Green's decisions, a wrong
try that starts a commented variation shows the author's comment and leaves the board as it
was, the right decision is accepted and Green's reply is played by the board, and the chapter
ends solved. A study written in the widget (played, commented, its mode set in the panel) is
saved and read back equal."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from browser.clicks import final_click
from browser.test_looks import OVERFLOW
from cernunos_widget.engine import Position
from cernunos_widget.study import Study
from cernunos_widget.widget.static import study_html

STUDY = """[Chapter "Opening"]
B@b2 B@b3 {A normal chapter: analyse freely.} T@a1 T@d1

[Chapter "Gamebook"]
[Mode "interactive"]
[Student "Purple"]
B@b2 B@b3 {[%hint A corner is safe.] Where does Purple's first Tree go?} T@a1 {Right: the corner.}
(T@d3 {No: the Boar on b3 pushes it off the board's edge.}) T@c1 T@c3 {Green answers.} T@d3
{Purple again: one more Tree.} T@a3 {And the corners are Purple's.}
"""
PANEL = ".cw-root [data-study]"
FEEDBACK = ".cw-root [data-feedback]"



def _played(decisions: str) -> str:
    position = Position.start()
    for decision in decisions.split():
        position = position.play(decision)
    return position.cpn()


def play(page, decisions: str) -> None:
    for token in decisions.split():
        final_click(page, token).click()


def solve_by_clicks(page) -> None:
    """The gamebook of chapter 1 played by clicks, checking the page at each step."""
    root, panel = page.locator(".cw-root"), page.locator(PANEL)
    feedback = page.locator(FEEDBACK)
    page.locator("[data-chapter='1'] button").click()
    expect(panel).to_have_attribute("data-mode", "interactive")
    question = _played("B@b2 B@b3")
    expect(root).to_have_attribute("data-cpn", question)  # Green's two, played by the board
    expect(feedback).to_contain_text("Where does Purple's first Tree go?")
    expect(page.locator(".cw-root [data-movelist]")).to_be_hidden()  # the answers stay hidden
    page.locator("[data-study-action=hint]").click()
    expect(page.locator("[data-role=study-hint]")).to_have_text("A corner is safe.")
    play(page, "T@d3")  # the wrong try: the author's variation answers it
    expect(feedback).to_contain_text("No: the Boar on b3 pushes it off the board's edge.")
    expect(panel).to_have_attribute("data-feedback-kind", "answer")
    expect(root).to_have_attribute("data-cpn", question)  # the board as it was
    play(page, "T@a1")
    expect(feedback).to_contain_text("Right: T@a1.")
    play(page, "T@c1")
    # Green's reply, played by the board: T@c3 then T@d3, with no click
    expect(root).to_have_attribute("data-cpn", _played("B@b2 B@b3 T@a1 T@c1 T@c3 T@d3"))
    expect(feedback).to_contain_text("Purple again: one more Tree.")
    play(page, "T@a3")
    expect(page.locator("[data-chapter='1']")).to_have_attribute("data-solved", "")
    expect(feedback).to_contain_text("Solved! Wrong tries: 1.")
    expect(page.locator("[data-chapter='0']")).not_to_have_attribute("data-solved", "")


def test_a_study_page_plays_the_gamebook_offline_and_keeps_the_progress(tmp_path, page, offline):
    source = tmp_path / "study.cgn"
    source.write_text(STUDY, encoding="utf-8")
    path = tmp_path / "study.html"
    study_html(source, path)
    page.goto(path.as_uri())
    panel = page.locator(PANEL)
    expect(panel).to_have_attribute("data-mode", "normal", timeout=30_000)
    entries = page.locator(".cw-root [data-chapter]")
    expect(entries).to_have_count(2)
    expect(entries.nth(1)).to_have_attribute("data-mode", "interactive")
    expect(page.locator(".cw-study-edit")).to_be_hidden()  # a page's reader does not edit
    solve_by_clicks(page)
    page.reload()  # the progress stays in the page's storage
    expect(page.locator("[data-chapter='1']")).to_have_attribute("data-solved", "", timeout=30_000)
    page.locator("[data-study-action=language]").click()
    expect(panel).to_have_attribute("data-language", "fr")
    expect(page.locator("[data-chapter='1'] .cw-study-mode")).to_have_text("Interactif")
    assert offline == []


PROBE = (
    "import json\nprint(json.dumps({'state': w.study_state, 'cpn': w.cpn, "
    "'author': w.current_study.chapters[1].game.export() == "
    "Study.load(STUDY).chapters[1].game.export()}))"
)


def test_the_gamebook_in_jupyterlab_is_judged_by_the_kernel(lab, tmp_path):
    nb = lab(
        f"from cernunos_widget import CernunosWidget\nfrom cernunos_widget.study import Study\n"
        f"STUDY = {STUDY!r}\nw = CernunosWidget()\nw.study(STUDY)",
        PROBE,
    )
    solve_by_clicks(nb.page)
    state = nb.kernel_state_until(lambda s: s["state"].get("done"), index=2)
    assert state["state"]["done"] and state["state"]["solved"] == [1]
    assert state["state"]["wrong"] == 1 and state["state"]["chapter"] == 1
    assert state["cpn"] == _played("B@b2 B@b3 T@a1 T@c1 T@c3 T@d3 T@a3")
    assert state["author"]  # the wrong try left the author's tree as it was


def test_a_study_written_in_the_widget_is_saved_and_reads_back_equal(lab, tmp_path):
    path = tmp_path / "mine.cgn"
    nb = lab(
        "from cernunos_widget import CernunosWidget\nfrom cernunos_widget.study import Study\n"
        "w = CernunosWidget()\nw.study('[Chapter \"Mine\"] B@b2')",
        "import json\nprint(json.dumps({'mode': w.study_state.get('mode'), "
        "'student': w.study_data['chapters'][0]['student']}))",
        f"w.save_study({str(path)!r})\nimport json\nsaved = Study.load({str(path)!r})\n"
        "print(json.dumps({'equal': saved == w.current_study, 'text': saved.text()}))",
    )
    page = nb.page
    play(page, "B@b3")
    expect(page.locator(".cw-root")).to_have_attribute("data-cpn", _played("B@b2 B@b3"))
    box = page.locator(".cw-root [data-comment]")
    box.fill("Purple to play: where?")
    box.blur()
    page.locator(".cw-study-edit summary").click()
    page.locator("[data-study-field=mode]").select_option("interactive")
    expect(page.locator(PANEL)).to_have_attribute("data-mode", "interactive")
    page.locator("[data-study-field=student]").select_option("Purple")
    expect(page.locator("[data-study-field=student]")).to_have_value("Purple")
    state = nb.kernel_state_until(lambda s: s["student"] == "Purple", index=2)
    assert state == {"mode": "interactive", "student": "Purple"}
    nb.run(3)
    saved = json.loads(nb.cell(3).locator(".jp-OutputArea-output").last.inner_text())
    assert saved["equal"]
    assert '[Mode "interactive"]' in saved["text"] and '[Student "Purple"]' in saved["text"]
    assert "B@b3 {Purple to play: where?}" in saved["text"]
    again = Study.load(path)
    assert again.chapters[0].mode == "interactive" and again.chapters[0].title == "Mine"


@pytest.mark.parametrize(
    ("width", "dark", "language"), [(390, False, "en"), (390, True, "fr"), (1280, True, "en")]
)
def test_the_study_panel_fits_narrow_and_wide_pages_in_both_themes(
    tmp_path, page, width, dark, language
):
    path = tmp_path / "study.html"
    study_html(Study.load(STUDY), path, language=language, chapter=1)
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(path.as_uri())
    page.evaluate(f"document.body.setAttribute('data-jp-theme-light', '{str(not dark).lower()}')")
    expect(page.locator(FEEDBACK)).to_contain_text("Purple", timeout=30_000)
    play(page, "T@d3")
    expect(page.locator(PANEL)).to_have_attribute("data-feedback-kind", "answer")
    root = page.locator(".cw-root")
    assert root.evaluate(OVERFLOW) == []
    panel = page.locator(PANEL).bounding_box()
    board = page.locator(".cw-root .cw-board").first.bounding_box()
    assert panel["y"] + panel["height"] <= board["y"] + 1  # the question above the board
    page.screenshot(path=str(tmp_path / f"study-{width}-{language}.png"))
