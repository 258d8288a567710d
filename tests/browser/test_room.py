"""A board for a room (issue #25 items 4 and 5, measured on static ``to_html`` pages): big
cells in a big window, a presentation mode, the power breakdown under the board for the cell
under the pointer or the keyboard focus (the engine's words, R-9 and R-10), moves animated
unless the reader's system asks for less motion, and the smaller points (a chosen cell stays
orange under the pointer, coverable marks only what can be taken, push arrows clear of the
tokens, a comment box that grows)."""

from __future__ import annotations

import pytest
from cpn_builder import cpn as cpn_of
from playwright.sync_api import expect

from browser.clicks import live_preview
from cernunos_widget import CernunosWidget, puzzles, puzzles_html
from cernunos_widget.engine import Position
from cernunos_widget.lessons import lesson
from cernunos_widget.widget.static import course_html

# Powers with every kind of term: a2 stands on a Tree of its own and has Green's
# Deer b2 beside it, d3 stands on its own Wolf, Green's Wolf on b3 lowers c2 and d1; Purple's
# d3 (power 1) is the only opposing token Green cannot cover.
POWERS = {
    "a2": "TT",
    "b2": "D",
    "c2": "t",
    "d3": "ww",
    "d2": "B",
    "b3": "W",
    "c1": "dS",
    "a1": "x",
    "d1": "tt",
}
# A game whose steps show every motion: raise, push, swap, wrap, growth, burn.
GAME = str.split(
    "T@d2 C@d3 B@b1 B@d3 X@c3 d3 d3 T@b3 C@c3 b3 F@a2 F@c2 D@c1 D@a3 W@d2 grow:b3,d3 W@d3 "
    "W@b2 S@a3 D@c3 D@b1 D@a3 W@c3 X@b2 c1~a3 S@a3 B@c1 c2"
)
# step -> (the event, the ghosts sliding in, the cells whose top moves in, and how)
MOTIONS = {
    2: ("raise", [], {"d3": "cw-fx-drop", "d2": "cw-fx-rise"}),
    4: ("push", ["d1"], {"d3": "cw-fx-drop", "d1": "cw-fx-arrive", "d2": "cw-fx-grow"}),
    5: ("swap", ["d2", "d3"], {"c3": "cw-fx-drop", "d2": "cw-fx-arrive", "d3": "cw-fx-arrive"}),
    7: ("push around the edge", ["d1"], {"d1": "cw-fx-arrive"}),
    28: ("burn", ["c3"], {"c3": "cw-fx-arrive"}),
}


def show(page, tmp_path, widget, width=1800, height=1100):
    path = live_preview(widget, tmp_path / "board.html")
    page.set_viewport_size({"width": width, "height": height})
    page.goto(path.as_uri())
    return page.locator(".cw-root")


def cell_widths(page) -> list[float]:
    return page.eval_on_selector_all(
        ".cw-root [data-cell]", "cs => cs.map(c => c.getBoundingClientRect().width)"
    )


@pytest.mark.parametrize("dark", [False, True])
def test_cells_are_at_least_140px_in_a_1800_by_1100_window(page, tmp_path, dark):
    show(page, tmp_path, CernunosWidget(cpn=cpn_of(POWERS)))
    page.evaluate(f"document.body.setAttribute('data-jp-theme-light', '{str(not dark).lower()}')")
    widths = cell_widths(page)
    assert len(widths) == 12 and min(widths) >= 140, widths
    board = page.locator(".cw-root .cw-board").bounding_box()
    assert board["y"] + board["height"] <= 1100  # all of it in the window


def test_presentation_mode_by_button_and_key_and_escape_leaves(page, tmp_path):
    root = show(page, tmp_path, CernunosWidget(cpn=cpn_of(POWERS)), width=1400, height=900)
    normal = min(cell_widths(page))
    button = page.locator(".cw-root [data-action=present]")
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(root).to_have_attribute("data-present", "")
    expect(button).to_have_attribute("aria-pressed", "true")
    assert min(cell_widths(page)) > normal  # the board takes the window's height
    assert page.locator(".cw-root .cw-board").bounding_box()["height"] >= 0.65 * 900
    box = root.bounding_box()
    assert box["width"] >= 1400 - 1 and box["height"] >= 900 - 1
    expect(page.locator(".cw-root .cw-tree")).to_be_hidden()  # controls out of the way
    expect(page.locator(".cw-root [data-action=analyse]")).to_be_hidden()
    expect(page.locator(".cw-root [data-role=narration]")).to_be_visible()
    expect(page.locator(".cw-root [data-action=back]")).to_be_visible()
    page.keyboard.press("Escape")
    expect(root).not_to_have_attribute("data-present", "")
    expect(page.locator(".cw-root .cw-tree")).to_be_visible()
    assert min(cell_widths(page)) == pytest.approx(normal, abs=1)
    page.locator('.cw-root [data-cell="b2"]').focus()
    page.keyboard.press("p")  # the key, from a cell
    expect(root).to_have_attribute("data-present", "")
    page.keyboard.press("p")  # toggles
    expect(root).not_to_have_attribute("data-present", "")
    page.keyboard.press("p")
    expect(root).to_have_attribute("data-present", "")
    page.keyboard.press("Escape")
    expect(root).not_to_have_attribute("data-present", "")
    page.locator(".cw-root [data-command]").fill("p")  # typing a p is not the key
    expect(root).not_to_have_attribute("data-present", "")


def test_presentation_mode_keeps_a_lessons_goal_and_hint_and_a_puzzles_task(page, tmp_path):
    """#35 item 7: a room sees what to find, and the Hint is there to press."""
    page.set_viewport_size({"width": 1400, "height": 900})
    course_html(tmp_path / "course.html", lesson="power")
    page.goto((tmp_path / "course.html").as_uri())
    root, goal = page.locator(".cw-root"), page.locator("[data-role=lesson-goal]")
    expect(goal).to_contain_text(lesson("power").exercises[0].goal.text("en"), timeout=30_000)
    root.focus()
    page.keyboard.press("p")
    expect(root).to_have_attribute("data-present", "")
    expect(goal).to_be_visible()
    page.locator("[data-lesson-action=hint]").click()
    expect(page.locator("[data-role=lesson-hint]")).to_be_visible()
    expect(page.locator("[data-lesson-action=next]")).to_be_visible()
    expect(page.locator("[data-role=lesson-pick]")).to_be_hidden()  # the rest steps aside
    assert root.bounding_box()["height"] >= 900 - 1
    puzzle = puzzles.load()[0]
    puzzles_html(tmp_path / "puzzles.html", [puzzle])
    page.goto((tmp_path / "puzzles.html").as_uri())
    expect(page.locator("[data-role=puzzle]")).to_have_attribute("data-puzzle-id", puzzle.id)
    page.locator(".cw-root [data-action=present]").click()
    expect(page.locator(".cw-root")).to_have_attribute("data-present", "")
    expect(page.locator("[data-role=puzzle-title]")).to_have_text(puzzle.title())
    expect(page.locator("[data-role=puzzle-status]")).to_be_visible()


def test_presentation_mode_fills_the_window_where_full_screen_is_refused(page, tmp_path):
    page.add_init_script(  # a host that refuses full screen (an iframe without the right)
        "Element.prototype.requestFullscreen = () => Promise.reject(new TypeError('refused'))"
    )
    root = show(page, tmp_path, CernunosWidget(cpn=cpn_of(POWERS)), width=1400, height=900)
    page.mouse.wheel(0, 200)
    page.locator(".cw-root [data-action=present]").click()
    expect(root).to_have_attribute("data-present", "")
    assert page.evaluate("document.fullscreenElement") is None
    box = root.bounding_box()
    assert (box["x"], box["y"], box["width"], box["height"]) == (0, 0, 1400, 900)
    page.keyboard.press("Escape")
    expect(root).not_to_have_attribute("data-present", "")


# A host whose full screen changes arrive late (as a real browser's do, after its animation):
# the page's own requests settle a while after the toggle that asked for them.
SLOW_FULL_SCREEN = """
(() => {
  let element = null;
  Object.defineProperty(Document.prototype, "fullscreenElement", { get: () => element });
  Object.defineProperty(Document.prototype, "fullscreenEnabled", { get: () => true });
  const settle = (next) => new Promise((done) => setTimeout(() => {
    element = next;
    document.dispatchEvent(new Event("fullscreenchange"));
    done();
  }, 400));
  Element.prototype.requestFullscreen = function () { return settle(this); };
  Document.prototype.exitFullscreen = () => settle(null);
  window.hostLeavesFullScreen = () => settle(null); // the reader's Escape, handled by the host
})();
"""


def test_toggling_faster_than_full_screen_settles_keeps_the_last_choice(page, tmp_path):
    page.add_init_script(SLOW_FULL_SCREEN)
    root = show(page, tmp_path, CernunosWidget(cpn=cpn_of(POWERS)), width=1400, height=900)
    page.locator('.cw-root [data-cell="b2"]').focus()
    page.keyboard.press("p")
    page.wait_for_function("document.fullscreenElement !== null")
    page.keyboard.press("p")  # off, then on again before the exit has settled
    page.keyboard.press("p")
    expect(root).to_have_attribute("data-present", "")
    page.wait_for_timeout(1000)  # every change the toggles asked for has settled
    expect(root).to_have_attribute("data-present", "")
    page.keyboard.press("p")  # off, then on before the exit settles, then off again
    page.keyboard.press("p")
    page.keyboard.press("p")
    page.wait_for_timeout(1000)
    expect(root).not_to_have_attribute("data-present", "")
    assert page.evaluate("document.fullscreenElement") is None  # not left in full screen
    page.keyboard.press("p")
    page.wait_for_function("document.fullscreenElement !== null")
    page.evaluate("hostLeavesFullScreen()")  # the host's own way out ends the mode too
    expect(root).not_to_have_attribute("data-present", "")


def test_inspector_shows_the_engines_power_breakdown_on_hover_and_focus(page, tmp_path):
    cpn = cpn_of(POWERS)
    show(page, tmp_path, CernunosWidget(cpn=cpn), width=1200)
    position = Position.from_cpn(cpn)
    inspector = page.locator(".cw-root [data-role=inspector]")
    line = inspector.locator("[data-role=power]")
    infos = [position.power(cell) for cell in POWERS]
    assert all(
        any(term(i) for i in infos)
        for term in (lambda i: i.base, lambda i: i.deer, lambda i: i.wolves)
    )
    for cell, info in zip(POWERS, infos, strict=True):
        page.locator(f'.cw-root [data-cell="{cell}"]').hover()  # the Power view is off
        expect(line).to_have_text(f"power {info}")
    page.mouse.move(0, 0)
    expect(line).to_have_count(0)
    page.locator('.cw-root [data-cell="c2"]').focus()  # the keyboard's cell
    expect(line).to_have_text(f"power {position.power('c2')}")
    page.locator('.cw-root [data-cell="b1"]').focus()  # an empty cell has no power
    expect(line).to_have_count(0)


def step_to(page, step: int) -> None:
    """The page at the start, then ``step`` decisions forward by the arrow key."""
    page.locator(".cw-root").focus()
    page.keyboard.press("Home")
    for _ in range(step):
        page.keyboard.press("ArrowRight")


MOTION_STATE = """root => ({
  ghosts: [...root.querySelectorAll('.cw-fx-slide')].map(g => g.dataset.fxCell),
  burns: [...root.querySelectorAll('.cw-fx-burn')].map(g => g.dataset.fxCell),
  tops: Object.fromEntries([...root.querySelectorAll('[data-cell] .cw-top')]
    .map(t => [t.closest('[data-cell]').dataset.cell,
      [...t.classList].find(c => c.startsWith('cw-fx-')) || ''])
    .filter(([, c]) => c)),
  running: [...root.querySelectorAll('.cw-fx, [data-cell] .cw-top')]
    .map(e => getComputedStyle(e).animationName).filter(n => n !== 'none'),
})"""


def test_moves_are_animated_from_the_views_events(page, tmp_path):
    widget = CernunosWidget()
    for decision in GAME:
        widget.play(decision)
    root = show(page, tmp_path, widget, width=1200, height=900)
    for step, (what, ghosts, tops) in MOTIONS.items():
        step_to(page, step)
        state = root.evaluate(MOTION_STATE)
        burns = ["b3"] * 4 if what == "burn" else []  # four Trees of b3 burn
        assert (sorted(state["ghosts"]), state["burns"], state["tops"]) == (ghosts, burns, tops), (
            what
        )
        assert len(state["running"]) == len(ghosts) + len(burns) + len(tops), what
    page.keyboard.press("ArrowLeft")  # a step back is not a move: nothing moves
    assert root.evaluate(MOTION_STATE)["running"] == []


def test_a_motion_plays_once(page, tmp_path):
    widget = CernunosWidget()
    for decision in GAME:
        widget.play(decision)
    root = show(page, tmp_path, widget, width=1200, height=900)
    step_to(page, 4)  # a push, a growth and a placement
    assert len(root.evaluate(MOTION_STATE)["running"]) == 4
    page.wait_for_function("document.getAnimations().every(a => a.playState === 'finished')")
    page.locator(".cw-root [data-action=overlay]").click()  # every cell drawn again
    expect(page.locator(".cw-root .cw-power").first).to_be_visible()
    assert root.evaluate(MOTION_STATE)["running"] == []  # not played again


@pytest.mark.parametrize("how", ["reduced motion", "motion=False"])
def test_no_motion_when_the_reader_asks_for_less(page, tmp_path, how):
    widget = CernunosWidget()
    for decision in GAME:
        widget.play(decision)
    if how == "reduced motion":
        page.emulate_media(reduced_motion="reduce")
    else:
        widget.motion = False
    root = show(page, tmp_path, widget, width=1200, height=900)
    for step in MOTIONS:
        step_to(page, step)
        state = root.evaluate(MOTION_STATE)
        assert state == {"ghosts": [], "burns": [], "tops": {}, "running": []}, step
    assert page.evaluate("document.getAnimations().length") == 0


BOARS = {
    "a1": "B",
    "b1": "B",
    "c1": "B",
    "d1": "b",
    "a2": "b",
    "b2": "b",
    "c2": "T",
    "d2": "tT",
    "a3": "W",
    "b3": "dD",
    "c3": "x",
    "d3": "S",
}
OVERLAP = """root => {
  const hit = [];
  const tops = [...root.querySelectorAll('[data-cell] .cw-top, [data-cell] .cw-stack')];
  for (const part of root.querySelectorAll('.cw-push line, .cw-push polygon')) {
    const a = part.getBoundingClientRect();
    for (const t of tops) { const b = t.getBoundingClientRect();
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        hit.push(t.closest('[data-cell]').dataset.cell); }
  }
  return hit;
}"""


@pytest.mark.parametrize("width", [390, 1200])
def test_push_arrows_cover_no_token(page, tmp_path, width):
    root = show(page, tmp_path, CernunosWidget(cpn=cpn_of(BOARS)), width=width, height=900)
    for boar in ("a1", "b1", "c1", "d1", "a2", "b2"):
        page.locator(f'.cw-root [data-cell="{boar}"]').hover()
        expect(page.locator(".cw-root .cw-push").first).to_be_attached()
        assert root.evaluate(OVERLAP) == [], boar


def test_a_chosen_tree_stays_orange_under_the_pointer(page, tmp_path):
    widget = CernunosWidget()
    for decision in GAME[:15]:  # Green chooses two of three Trees to grow
        widget.play(decision)
    show(page, tmp_path, widget, width=1200, height=900)
    ring = "e => getComputedStyle(e).boxShadow"
    tree = page.locator('.cw-root [data-cell="d1"]')
    other = page.locator('.cw-root [data-cell="b3"]')
    tree.click()  # the pointer stays on it
    expect(tree).to_have_attribute("data-picked", "true")
    other.hover()
    blue = other.evaluate(ring)
    tree.hover()
    orange = tree.evaluate(ring)
    assert blue != orange and "255, 160, 64" not in blue
    page.mouse.move(0, 0)
    assert tree.evaluate(ring) == orange  # the same look with or without the pointer


def test_coverable_marks_only_opposing_tokens(page, tmp_path):
    cpn = cpn_of(POWERS)
    widget = CernunosWidget(cpn=cpn, overlay=True)
    root = show(page, tmp_path, widget, width=1200, height=900)
    position = Position.from_cpn(cpn)
    anything, _ = position.coverable()
    opposing = sorted(
        c for c in anything if position.stack(c) and position.stack(c)[-1].owner != position.side
    )
    assert opposing and len(opposing) < len(anything)
    marked = root.evaluate(
        "r => [...r.querySelectorAll('.cw-coverable')].map(c => c.dataset.cell).sort()"
    )
    assert marked == opposing


def test_the_comment_box_grows_with_its_text(page, tmp_path):
    show(page, tmp_path, CernunosWidget(), width=1200, height=900)
    box = page.locator(".cw-root [data-comment]")
    empty = box.bounding_box()["height"]
    line = box.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)")
    assert empty >= 2 * line  # room for two lines at once
    box.fill("\n".join(f"line {i}" for i in range(6)))
    assert box.bounding_box()["height"] >= empty + 3 * line


def test_in_jupyterlab_a_move_by_the_kernel_moves_and_the_room_view_fills_the_window(lab):
    nb = lab(
        "from cernunos_widget import CernunosWidget\n"
        f"w = CernunosWidget(cpn={cpn_of({'b1': 't', 'a1': 'D'})!r})"
    )
    page, root = nb.page, nb.widget()
    page.locator('.cw-root [data-kind="B"][data-player="g"]').click()
    page.locator('.cw-root [data-cell="c1"]').click()  # the Boar pushes b1 to a1
    expect(root).to_have_attribute("data-cpn", ".,.,.,./.,.,.,./Dt,.,B,. g 1 0-0")
    state = root.evaluate(MOTION_STATE)
    assert state["ghosts"] == ["a1"] and state["tops"] == {"a1": "cw-fx-arrive", "c1": "cw-fx-drop"}
    page.locator(".cw-root [data-action=present]").click()
    expect(root).to_have_attribute("data-present", "")
    size = page.viewport_size
    box = root.bounding_box()  # out of the notebook's cell: the whole window
    assert (box["x"], box["y"]) == (0, 0)
    assert box["width"] >= size["width"] - 1 and box["height"] >= size["height"] - 1
    page.keyboard.press("Escape")
    expect(root).not_to_have_attribute("data-present", "")
