"""MyST / Jupyter Book 2 (issue #34 item 3): the example project
(examples/hosts/myst_project.py: ``{anywidget}`` blocks written by ``cernunos_widget.myst``)
is built by MyST's own command line; what it built (each block's module and JSON model) is
drawn as MyST's theme draws it (tests/myst_site.py: a shadow root, MyST's model) and served
over HTTP on loopback, every other request aborted. The boards play by clicks, an effect
choice included, as the engine does; the course's exercise is judged in the page; they
follow MyST's dark mode; the keyboard focus follows the move list inside the shadow root;
presentation mode takes and leaves full screen there; MyST's cleanup removes them."""

from __future__ import annotations

import json
import runpy
import subprocess
import sys
from pathlib import Path

import pytest
from myst_site import anywidget_nodes, build_myst, serve, write_renderer
from playwright.sync_api import expect

from browser.test_docsite import expect_engine, line_from, play, play_the_boar
from cernunos_widget import lessons, myst
from cernunos_widget.engine import Position
from cernunos_widget.record import Game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "hosts" / "myst_project.py"
_example = runpy.run_path(str(EXAMPLE))
BOAR_BOARD, GAME, BOARDS = _example["BOAR_BOARD"], _example["GAME"], _example["BOARDS"]


@pytest.fixture(scope="module")
def myst_site(tmp_path_factory):
    """The site MyST built, drawn by the theme's stand-in, served on loopback: its URL."""
    folder = tmp_path_factory.mktemp("myst")
    written = subprocess.run(
        [sys.executable, str(EXAMPLE), str(folder)], capture_output=True, text=True, timeout=120
    )
    assert written.returncode == 0, written.stderr
    done = build_myst(folder)
    nodes = anywidget_nodes(folder)  # built offline; the theme's download fails after it
    assert len(nodes) == len(BOARDS), done.stdout[-2000:] + done.stderr[-2000:]
    for node, board in zip(nodes, BOARDS, strict=True):
        expected = myst.model(**board)
        assert node["model"] == json.loads(json.dumps(expected))  # read back by MyST
        assert node["esm"].startswith("/cernunos-board-") and node["esm"].endswith(".mjs")
    write_renderer(folder, nodes)
    with serve(folder) as url:
        yield url


@pytest.fixture
def site_page(page, myst_site):
    """The page at the site's URL, requests beyond it aborted; what went wrong is listed."""
    problems: list[str] = []
    page.on("requestfailed", lambda r: problems.append(f"failed request {r.url}"))
    page.on("pageerror", lambda e: problems.append(f"page error {e}"))
    page.on("console", lambda m: m.type == "error" and problems.append(f"console {m.text}"))

    def route(route):
        if route.request.url.startswith(myst_site + "/"):
            route.continue_()
        else:
            problems.append(f"network request {route.request.url}")
            route.abort()

    page.route("**/*", route)
    page.goto(f"{myst_site}/index.html")
    expect(page.locator("body")).to_have_attribute("data-rendered", str(len(BOARDS)))
    expect(page.locator(".cw-root")).to_have_count(len(BOARDS))  # inside the shadow roots
    page.problems = problems
    return page


def test_a_board_plays_an_effect_choice_by_clicks_as_the_engine(site_page):
    page = site_page
    play_the_boar(page, ":nth-match(.cw-root, 1)", seed=5)
    # the other board did not move: it opened after the game's first two decisions, in French
    second = ":nth-match(.cw-root, 2)"
    expect_engine(page, second, Game.parse(GAME).mainline()[1].position)
    expect(page.locator(f"{second} [data-role=narration]")).to_contain_text("Vert")
    width = page.locator(":nth-match(.cernunos-myst, 1)").evaluate("(el) => el.offsetWidth")
    assert 0 < width <= 480
    assert page.problems == []


def test_the_course_s_first_exercise_is_solved_by_clicks_judged_in_the_page(site_page):
    page = site_page
    scope = ":nth-match(.cw-root, 3)"
    panel = page.locator(f"{scope} [data-role=lesson]")
    first = lessons.load()[0]
    expect(panel).to_have_attribute("data-lesson", first.name)
    exercise = first.exercises[0]
    start = Position.from_cpn(exercise.cpn)
    expect_engine(page, scope, start)
    play(page, scope, start, exercise.hint.decisions.split())
    expect(panel).to_have_attribute("data-verdict", "solved")
    verdict = page.locator(f"{scope} [data-role=lesson-verdict]")
    expect(verdict).to_contain_text(exercise.explanation("en"))
    assert page.problems == []


def test_the_boards_follow_myst_s_dark_mode(site_page):
    page = site_page
    root = page.locator(":nth-match(.cw-root, 1)")
    host = page.locator(":nth-match(.cernunos-myst, 1)")
    background = "(el) => getComputedStyle(el).backgroundColor"
    expect(host).to_have_attribute("data-jp-theme-light", "true")
    light = root.evaluate(background)
    page.evaluate("document.documentElement.classList.replace('light', 'dark')")
    expect(host).to_have_attribute("data-jp-theme-light", "false")
    assert root.evaluate(background) != light
    page.evaluate("document.documentElement.classList.replace('dark', 'light')")
    expect(host).to_have_attribute("data-jp-theme-light", "true")
    assert root.evaluate(background) == light
    assert page.problems == []


def test_the_focus_follows_the_move_list_inside_the_shadow_root(site_page):
    page = site_page
    scope = ":nth-match(.cw-root, 2)"
    root = page.locator(scope)
    line = Game.parse(GAME).mainline()
    current = root.get_attribute("data-current")
    assert current == str(line[1].id)
    page.locator(f'{scope} [data-movelist] [data-node="{current}"]').focus()
    page.keyboard.press("ArrowLeft")  # walks the tree; the focus follows the current move
    expect(root).to_have_attribute("data-current", str(line[0].id))
    focused = page.evaluate(
        "document.querySelectorAll('.myst-anywidget')[1].shadowRoot.activeElement.dataset.node"
    )
    assert focused == str(line[0].id)
    assert page.problems == []


def test_myst_s_cleanup_removes_a_board_and_leaves_the_other_playing(site_page):
    page = site_page
    page.evaluate("window.mystCleanups[0]()")  # MyST calls it when the page goes
    expect(page.locator(".cw-root")).to_have_count(len(BOARDS) - 1)
    expect(page.locator(".cernunos-myst")).to_have_count(len(BOARDS) - 1)
    start = Game.parse(GAME).mainline()[1].position
    play(page, ".cw-root", start, line_from(start, 2, seed=1))
    assert page.problems == []


def test_presentation_mode_takes_and_leaves_full_screen_from_the_shadow_root(site_page):
    page = site_page
    scope = ":nth-match(.cw-root, 2)"
    root = page.locator(scope)
    shadow = "document.querySelectorAll('.myst-anywidget')[1].shadowRoot"
    button = page.locator(f"{scope} [data-action=present]")
    button.click()
    expect(root).to_have_attribute("data-present", "")
    page.wait_for_function(f"{shadow}.fullscreenElement?.classList.contains('cw-root')")
    button.click()  # leaves full screen too (the document's fullscreenElement is the host)
    expect(root).not_to_have_attribute("data-present", "")
    page.wait_for_function("document.fullscreenElement === null")
    button.click()
    page.wait_for_function(f"{shadow}.fullscreenElement !== null")
    page.keyboard.press("Escape")
    expect(root).not_to_have_attribute("data-present", "")
    page.wait_for_function("document.fullscreenElement === null")
    assert page.problems == []
