"""Static pages in Chromium with the network cut: they render and walk the stored tree, and
both kinds (to_html, an nbconvert export) disable what needs a kernel, with a tooltip."""

from __future__ import annotations

import re

import nbclient
import nbformat
import pytest
from playwright.sync_api import expect

from cernunos_widget import lessons
from cernunos_widget.record.tree import Game
from cernunos_widget.widget.adapter import CernunosWidget
from cernunos_widget.widget.embed import export_notebook_html, fetch_embed_assets
from cernunos_widget.widget.static import board_html

GAME = "B@b2 B@b3 (D@a1) T@a1"
END = ".,B,.,./.,.,.,./t,B,.,. p 1 0-0"
AFTER_B2 = ".,.,.,./.,B,.,./.,.,.,. g 1 0-0"
VARIATION = ".,.,.,./.,B,.,./D,.,.,. p 2 0-0"


def walk_the_tree(page) -> None:
    root = page.locator(".cw-root").first
    expect(root).to_have_attribute("data-cpn", END, timeout=30_000)
    page.locator('.cw-root .cw-move:text-is("Boar b2")').click()
    expect(root).to_have_attribute("data-cpn", AFTER_B2)
    page.locator('.cw-root .cw-move:text-is("Deer a1")').click()
    expect(root).to_have_attribute("data-cpn", VARIATION)
    page.keyboard.press("ArrowUp")  # to the main line's B@b3
    expect(root).to_have_attribute("data-cpn", ".,B,.,./.,.,.,./.,B,.,. p 2 0-0")
    page.keyboard.press("End")
    expect(root).to_have_attribute("data-cpn", END)
    page.locator(".cw-root [data-action=overlay]").click()
    expect(page.locator('.cw-root [data-cell="b1"] .cw-power')).to_have_text("0")


SEARCH = [
    "[data-action=analyse]", "[data-action=stop]", "[data-action=review]", "[data-role=engine]",
    "[data-role=analysis-threads]",
]
PLAYING = [
    "[data-action=promote]",
    "[data-action=delete]",
    "[data-action=edit]",
    "[data-comment]",
    '[data-kind="T"][data-player="g"]',
    '[data-kind="W"][data-player="p"]',
]


def kernel_only_controls_are_disabled(page, playable: bool = True) -> None:
    """What needs a kernel is disabled and its tooltip says why: a search on a page that
    plays, playing too on a walk-only page; walking works on both."""
    root = page.locator(".cw-root").first
    expect(root).to_have_attribute("data-static", "true", timeout=30_000)
    for selector in SEARCH if playable else SEARCH + PLAYING:
        control = page.locator(f".cw-root {selector}").first
        expect(control).to_be_disabled()
        tip = "data-tip" if control.get_attribute("data-tip") is not None else "title"
        expect(control).to_have_attribute(tip, re.compile("needs a running kernel"))
    for action, what in (("analyse", "Analysis"), ("review", "Review")):
        page.locator(f".cw-root [data-action={action}]").hover()  # the tip seen says why
        expect(page.locator(".cw-root .cw-tip")).to_have_text(
            re.compile(f"^{what} needs a running kernel")
        )
        assert page.locator(f".cw-root [data-action={action}]").get_attribute("title") is None
    for selector in ("[data-action=back]", "[data-action=overlay]"):
        expect(page.locator(f".cw-root {selector}")).to_be_enabled()
    page.locator('.cw-root [data-cell="a3"]').click()
    if playable:  # the page plays: a cell alone is not a placement, as with a kernel
        expect(page.locator(".cw-root [data-action=promote]")).to_be_enabled()
        expect(page.locator(".cw-root [data-role=message]")).to_contain_text("First pick a token")
    else:
        expect(page.locator(".cw-root [data-role=message]")).to_contain_text("walk-only page")
    page.keyboard.press("End")  # in the board (a grid) End goes to the row's last cell
    expect(page.locator('.cw-root [data-cell="d3"]')).to_be_focused()
    expect(root).to_have_attribute("data-cpn", END)
    root.focus()  # out of the board, Home walks to the game's start
    page.keyboard.press("Home")
    expect(root).to_have_attribute("data-cpn", ".,.,.,./.,.,.,./.,.,.,. g 2 0-0")


def test_to_html_page_works_offline(tmp_path, page, offline):
    path = tmp_path / "board.html"
    CernunosWidget(game=GAME).to_html(path)
    page.goto(path.as_uri())
    walk_the_tree(page)
    kernel_only_controls_are_disabled(page)
    assert offline == []


def test_a_walk_only_to_html_page_only_walks(tmp_path, page, offline):
    path = tmp_path / "board.html"
    CernunosWidget(game=GAME).to_html(path, playable=False)
    page.goto(path.as_uri())
    walk_the_tree(page)
    kernel_only_controls_are_disabled(page, playable=False)
    assert offline == []


def test_a_phone_lays_the_to_html_page_out_at_its_own_width(tmp_path, browser):
    """The viewport tag: without it a phone lays the page out 980 px wide and shrinks it."""
    path = tmp_path / "board.html"
    CernunosWidget(game=GAME).to_html(path)
    context = browser.new_context(viewport={"width": 390, "height": 800}, is_mobile=True)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(path.as_uri())
    expect(page.locator(".cw-root")).to_have_attribute("data-cpn", END)
    assert page.evaluate("document.documentElement.clientWidth") == 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
    assert requests == [path.as_uri()]
    context.close()


def test_executed_notebook_exported_to_html_works_offline(tmp_path, page, offline):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    first, last = GAME.rsplit(" ", 1)
    nb.cells = [
        nbformat.v4.new_code_cell(
            f"from cernunos_widget import CernunosWidget\nw = CernunosWidget(game={first!r})\nw"
        ),
        nbformat.v4.new_code_cell(f"w.play({last!r})"),  # reaches the saved state at cell end
    ]
    nbclient.NotebookClient(nb, kernel_name="python3", timeout=120).execute()
    notebook = tmp_path / "board.ipynb"
    nbformat.write(nb, notebook)
    assets = fetch_embed_assets(tmp_path / "assets")
    html = export_notebook_html(notebook, tmp_path / "site" / "board.html", assets)
    assert not re.search(r"""src=["']https?://""", html.read_text())
    page.goto(html.as_uri())
    walk_the_tree(page)
    kernel_only_controls_are_disabled(page)
    assert offline == []


HOSTILE_COMMENTS = [
    "<!--<script>",  # issue #8: this blanked the page (the state script never closed)
    "</script><script>document.title='owned'</script>",
    "<!-- </script> --> & &amp; ]]> <![CDATA[",
    "line\nbreak\ttab \u2028\u2029 \\} \"quoted\" 'single'",
]


@pytest.mark.parametrize("comment", HOSTILE_COMMENTS)
def test_hostile_comments_leave_the_static_page_whole(tmp_path, page, offline, comment):
    w = CernunosWidget(game=GAME)
    w.comment(comment, w.game.mainline()[0])  # on B@b2
    path = tmp_path / "board.html"
    w.to_html(path)
    page.goto(path.as_uri())
    walk_the_tree(page)  # the page renders and the tree can be walked
    shown = page.evaluate(
        """(text) => [...document.querySelectorAll(".cw-root *")].some(
             (e) => e.textContent === text || e.value === text || e.title === text)""",
        comment,
    )
    assert shown, "the comment is not shown exactly"
    assert page.title() == "Cernunos" and offline == []


def test_fragments_each_with_their_code_draw_each_board_once(tmp_path, page, offline):
    """board_html's fragments (issue #34 item 4) dropped into any page: a game's and the
    course's, each with its code (a generator that does not know its page's other boards);
    each board is drawn once, plays, and the lessons' code reached the second."""
    fragments = board_html(Game.parse(GAME)) + "<p>Between the boards.</p>\n"
    fragments += board_html(lessons.lesson("power"), size="420px")
    path = tmp_path / "fragments.html"
    path.write_text(f"<!doctype html><meta charset=utf-8><body>{fragments}</body>", "utf-8")
    page.goto(path.as_uri())
    roots = page.locator(".cw-root")
    expect(roots).to_have_count(2)
    expect(roots.first).to_have_attribute("data-cpn", END)
    page.wait_for_timeout(300)  # both modules ran: still one board each
    expect(roots).to_have_count(2)
    expect(roots.nth(1).locator('[data-role="lesson"]')).to_have_attribute("data-lesson", "power")
    roots.first.locator('.cw-move:text-is("Boar b2")').click()
    expect(roots.first).to_have_attribute("data-cpn", AFTER_B2)
    assert offline == []
