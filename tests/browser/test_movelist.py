"""The move list and the command box in JupyterLab (issue #10): turn numbers, one element
per node, wrapping at any width, the current move kept in view, glyphs set in the page,
a game typed into the command box. Each test also reads the kernel."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from cernunos_widget.engine import Position

# the scripted benchmark game (effect choices included) with a variation at node 11
TREE = (
    "import sys; sys.path.insert(0, {tests!r})\n"
    "from browser.clicks import scripted_decisions\n"
    "from cernunos_widget import CernunosWidget\n"
    "w = CernunosWidget()\n"
    "w.play(' '.join(scripted_decisions()))\n"
    "w.goto(11); w.play('B@c1 T@a1'); w.goto(0)"
)
NODES = "import json; print(json.dumps(sorted(n.id for n in w.game.nodes())))"
# a late position whose game ends after 16 decisions (effect choices included)
LATE = "df,.,D,FD/.,twBxts,X,SW/Dbt,C,d,. p 1 1-1"
COMMANDS = ["C@b3", "c3", "b2 B@a2 b2", "W@a2 B@b3 b2 D@c2", "B@c1 c2 T@d3 W@c2", "B@b1 c1 T@a2"]
ENDED = (
    "import json; r = w.position.result()\n"
    "print(json.dumps({'over': r is not None, 'winner': r and r.winner.title,"
    " 'game': w.game.export(), 'glyph': w.node.glyph, 'current': w.current}))"
)


def tree_setup() -> str:
    from pathlib import Path

    return TREE.format(tests=str(Path(__file__).resolve().parents[1]))


def overflow(page) -> dict:
    """The move list's widths (scrollWidth > clientWidth means a horizontal overflow)."""
    return page.evaluate(
        """() => { const el = document.querySelector('.cw-root [data-movelist]');
             return {scroll: el.scrollWidth, client: el.clientWidth}; }"""
    )


IN_VIEW = """() => { const list = document.querySelector('.cw-root [data-movelist]');
     const root = list.closest('.cw-root');
     const e = list.querySelector(`[data-node="${root.dataset.current}"]`);
     const a = list.getBoundingClientRect(), b = e.getBoundingClientRect();
     return b.top >= a.top - 1 && b.bottom <= a.bottom + 1; }"""


def current_in_view(page) -> bool:
    """The current move is inside the list's box (waits up to 5 s for the list to scroll)."""
    try:
        page.wait_for_function(IN_VIEW, timeout=5_000)
    except Exception:  # noqa: BLE001 - reported as False
        return False
    return True


def test_turns_one_element_per_node_no_overflow_and_the_current_move_in_view(lab):
    nb = lab(tree_setup(), NODES)
    page, root = nb.page, nb.widget()
    nb.run(2)
    ids = json.loads(nb.cell(2).locator(".jp-OutputArea-output").last.inner_text())
    listed = page.evaluate(
        """() => [...document.querySelectorAll('.cw-root [data-movelist] [data-node]')]
             .map((e) => Number(e.dataset.node)).sort((a, b) => a - b)"""
    )
    assert listed == ids and len(ids) == 48  # root, 45 main-line decisions, a variation of 2
    turns = page.locator(".cw-root [data-movelist] .cw-moves > [data-turn]")
    numbers = [int(t) for t in turns.evaluate_all("(els) => els.map((e) => e.dataset.turn)")]
    assert numbers[:4] == [1, 2, 3, 4] and numbers == sorted(numbers)
    expect(turns.first).to_have_text("1.")
    variation = page.locator(".cw-root [data-movelist] .cw-variation")
    expect(variation).to_have_text("3… … Boar c1 4. Tree a1")  # Purple's second placement
    effect = page.locator('.cw-root [data-movelist] [data-node="17"]')  # a Fox's swap
    expect(effect).to_have_class("cw-move cw-effect cw-p")
    effect.hover()  # the title is written when first hovered
    assert "swaps" in effect.get_attribute("title")
    sizes = overflow(page)
    assert 0 < sizes["scroll"] <= sizes["client"] and sizes["client"] > 700, sizes
    root.evaluate("(el) => { el.style.maxWidth = '390px'; }")  # a phone-wide widget
    page.wait_for_function(  # the list has taken the narrower width
        "document.querySelector('.cw-root [data-movelist]').clientWidth < 390"
    )
    sizes = overflow(page)
    assert 0 < sizes["scroll"] <= sizes["client"] < 390, sizes
    root.evaluate("(el) => { el.style.maxWidth = ''; }")
    expect(root).to_have_attribute("data-current", "0")
    root.focus()
    page.keyboard.press("End")
    expect(root).to_have_attribute("data-current", "45")  # Purple's last move, in row 5
    assert current_in_view(page)
    page.keyboard.press("ArrowLeft")  # Green's Wolf d2, after 30 effect choices of turn 5
    expect(root).to_have_attribute("data-current", "44")
    assert current_in_view(page)
    scroll = page.evaluate("() => document.querySelector('.cw-root [data-movelist]').scrollTop")
    assert scroll > 0  # the list scrolled itself
    assert nb.kernel_state()["current"] == 44


def test_a_glyph_set_in_the_page_reaches_the_kernel(lab):
    nb = lab(
        "from cernunos_widget import CernunosWidget\nw = CernunosWidget(game='B@b2 B@b3')", ENDED
    )
    page = nb.page
    button = page.locator('.cw-root [data-glyph="?!"]')
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(page.locator('.cw-root [data-movelist] [data-node="2"] .cw-glyph')).to_have_text("?!")
    nb.run(2)
    out = json.loads(nb.cell(2).locator(".jp-OutputArea-output").last.inner_text())
    assert out["glyph"] == "?!" and out["current"] == 2
    button.click()  # pressing the set glyph clears it
    expect(button).to_have_attribute("aria-pressed", "false")
    expect(page.locator('.cw-root [data-movelist] [data-node="2"] .cw-glyph')).to_have_count(0)
    nb.run(2)
    assert json.loads(nb.cell(2).locator(".jp-OutputArea-output").last.inner_text())["glyph"] == ""


def test_a_whole_game_typed_into_the_command_box(lab):
    nb = lab(f"from cernunos_widget import CernunosWidget\nw = CernunosWidget(cpn={LATE!r})", ENDED)
    page, root = nb.page, nb.widget()
    box = page.locator(".cw-root [data-command]")
    box.click()
    played = 0
    for command in COMMANDS:
        page.keyboard.type(command)
        page.keyboard.press("Enter")
        played += len(command.split())
        expect(root).to_have_attribute("data-current", str(played))
        expect(box).to_have_value("")  # a success clears the box
    nb.run(2)
    out = json.loads(nb.cell(2).locator(".jp-OutputArea-output").last.inner_text())
    assert out["over"] and out["winner"] == "Purple" and out["current"] == 16
    assert out["game"].endswith(" ".join(COMMANDS))


def test_a_refused_command_keeps_its_text_and_keys_only_edit_it(lab):
    nb = lab(f"from cernunos_widget import CernunosWidget\nw = CernunosWidget(cpn={LATE!r})")
    page, root = nb.page, nb.widget()
    box = page.locator(".cw-root [data-command]")
    box.click()
    page.keyboard.type("C@b3 d1")  # the Boar's target must be one of its targets
    page.keyboard.press("Enter")
    error = page.locator(".cw-root .cw-command-error")
    expect(error).to_contain_text("illegal decision 'd1'")
    expect(error).to_contain_text("legal: ")
    expect(box).to_have_value("C@b3 d1")
    expect(root).to_have_attribute("data-current", "0")  # all or nothing
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.type("nN")  # edits the text; the board does not move
    expect(box).to_have_value("C@b3 nNd1")
    expect(root).to_have_attribute("data-current", "0")
    state = nb.kernel_state()
    assert state["current"] == 0 and "illegal decision 'd1'" in state["message"]
    box.fill("C@c2")  # a well-formed placement the rules refuse: the reason, then the options
    box.press("Enter")
    legal = " ".join(d for d in Position.from_cpn(LATE).legal_texts() if d.startswith("C@"))
    expect(error).to_contain_text("Crow cannot go on c2: c2 is Green's Fox with power 1")
    expect(error).to_contain_text(f"(R-11); legal Crow placements: {legal}")
    state = nb.kernel_state()
    assert state["current"] == 0 and state["message"].endswith(f"legal Crow placements: {legal}")
