"""The board's notices (issue #35 item 7): a board a lesson or a puzzle just opened shows no
"replaced" notice; a notice about a position clears once Python moves the board on."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cernunos_widget.lessons import lesson
from cernunos_widget.puzzles import load as load_puzzles

MESSAGE = ".cw-root [data-role=message]"
NOTICE = "import json\nprint(json.dumps({'message': w.message, 'cpn': w.cpn}))"


@pytest.mark.parametrize(
    ("opening", "cpn"),
    [
        ("w.lesson('placing')", lesson("placing").exercises[0].cpn),
        ("w.puzzle(0)", load_puzzles()[0].cpn),
    ],
    ids=["lesson", "puzzle"],
)
def test_a_board_a_lesson_or_a_puzzle_just_opened_shows_no_notice(lab, opening, cpn):
    nb = lab(f"from cernunos_widget import CernunosWidget\nw = CernunosWidget()\n{opening}", NOTICE)
    page, root = nb.page, nb.widget()
    expect(root).to_have_attribute("data-cpn", cpn)
    # a request after the page's first one (its ping): once answered, the ping was too
    page.locator(".cw-root [data-action=overlay]").click()
    expect(root).to_have_attribute("data-overlay", "on")
    assert nb.kernel_state(2) == {"message": "", "cpn": cpn}  # no refusal sent to the page
    expect(page.locator(MESSAGE)).to_have_text("")


def test_notices_about_a_position_clear_when_python_moves_the_board(lab):
    setup = "from cernunos_widget import CernunosWidget\nw = CernunosWidget()"
    nb = lab(setup, NOTICE, "w.play('B@b2')")
    page, root = nb.page, nb.widget()
    message, command = page.locator(MESSAGE), page.locator(".cw-root .cw-command-error")
    page.locator('.cw-root [data-cell="a1"]').click()  # no kind picked: the page's notice
    expect(message).to_contain_text("First pick a token")
    box = page.locator(".cw-root [data-command]")
    box.fill("Z@a1")  # the kernel's refusal, under the command box
    box.press("Enter")
    expect(command).not_to_have_text("")
    nb.run(3)  # a move made from Python: both notices were about the position before it
    expect(root).to_have_attribute("data-current", "1")
    expect(message).to_have_text("")
    expect(command).to_have_text("")
    assert nb.kernel_state(2)["cpn"] == root.get_attribute("data-cpn")


def test_opening_a_mode_closes_the_previous_ones_panel(lab):
    nb = lab(
        "from cernunos_widget import CernunosWidget\nw = CernunosWidget()\nw.lesson('placing')",
        "import json\nprint(json.dumps({'lesson': w.lesson_state, 'puzzle': w.puzzle_state}))",
        "w.puzzle(0)",
        "w.lesson('placing')",
    )
    page, root = nb.page, nb.widget()
    lesson_panel = page.locator("[data-role=lesson]")
    puzzle_bar = page.locator("[data-role=puzzle]")
    expect(lesson_panel).to_be_visible()
    nb.run(3)
    expect(root).to_have_attribute("data-cpn", load_puzzles()[0].cpn)
    expect(puzzle_bar).to_be_visible()
    expect(lesson_panel).to_be_hidden()  # its Next would have thrown the puzzle away
    assert nb.kernel_state(2)["lesson"] == {}
    nb.run(4)
    expect(root).to_have_attribute("data-cpn", lesson("placing").exercises[0].cpn)
    expect(lesson_panel).to_be_visible()
    expect(puzzle_bar).to_be_hidden()
    assert nb.kernel_state(2)["puzzle"] is None
