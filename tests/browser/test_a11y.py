"""Screen readers and keyboard (issue #10 item 7b, issue #25 item 7): axe-core's WCAG 2.0 and
2.1 A/AA rules in JupyterLab (light and dark, the position editor open) and in a static page,
text contrast in every theme, every control reachable by Tab with a visible focus, the board
one Tab stop with arrows inside (the WAI-ARIA grid pattern), and a decision made by keyboard
alone that reaches the kernel."""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from cpn_builder import cpn as cpn_of
from playwright.sync_api import expect

from browser.clicks import final_click, live_preview
from browser.test_puzzles import chosen, solve_by_clicks
from cernunos_widget import CernunosWidget, puzzles_html
from cernunos_widget.puzzles import load as load_puzzles
from cernunos_widget.widget.static import course_html

AXE_PACKAGE = "axe-core@4"
TALL = {"a3": "tTtTtTtTtTtT", "b2": "w", "a1": "B", "c2": "D"}  # 12 tokens, a Wolf on a dark cell
TALL_CPN = cpn_of(TALL)


@pytest.fixture(scope="session")
def axe_js() -> Path:
    """axe.min.js, installed once with npm into a cached folder (like embed.fetch_embed_assets),
    by one xdist worker at a time (a lock in the folder)."""
    cache = Path(os.environ.get("CERNUNOS_TEST_CACHE", Path.home() / ".cache" / "cernunos-widget"))
    script = cache / "axe" / "node_modules" / "axe-core" / "axe.min.js"
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / "axe.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not script.exists():
            _install_axe(cache)
    return script


def _install_axe(cache: Path) -> None:
    npm = shutil.which("npm")
    if npm is None:
        pytest.fail(f"npm is needed once to install {AXE_PACKAGE} for the accessibility tests")
    subprocess.run(
        [npm, "install", "--prefix", str(cache / "axe"), "--no-audit", "--no-fund", "--silent"]
        + [AXE_PACKAGE],
        check=True,
        timeout=600,
    )


WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_problems(page, axe: Path) -> list[str]:
    """The serious and critical WCAG 2.0 and 2.1 A/AA violations axe finds in the widget."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(axe))
    violations = page.evaluate(
        """async (tags) => {
          const result = await window.axe.run(document.querySelector('.cw-root'),
            { runOnly: { type: 'tag', values: tags } });
          return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) }));
        }""",
        WCAG_TAGS,
    )
    return [
        f"{v['impact']} {v['id']} ({v['help']}): {v['nodes']}"
        for v in violations
        if v["impact"] in ("serious", "critical")
    ]


LAB_BACKGROUND = {"true": "white", "false": "#111"}  # --jp-layout-color0 of Light and Dark


def set_lab_theme(page, name: str) -> None:
    """Switch JupyterLab's theme with its Settings menu (it is a saved setting)."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").click()
    page.locator(".lm-Menu-itemLabel", has_text="Theme").first.hover()
    page.locator(".lm-Menu-itemLabel", has_text=name).first.click()
    light = "false" if "Dark" in name else "true"
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", light)
    page.wait_for_function(  # the theme's stylesheet is swapped in after the attribute
        "(value) => getComputedStyle(document.body)"
        ".getPropertyValue('--jp-layout-color0').trim() === value",
        arg=LAB_BACKGROUND[light],
    )


def test_axe_reports_no_serious_issue_in_light_and_dark(lab, axe_js):
    nb = lab(f"from cernunos_widget import CernunosWidget\nw = CernunosWidget(cpn={TALL_CPN!r})")
    page, root = nb.page, nb.widget()
    page.locator(".cw-root [data-action=overlay]").click()  # power badges, coverable cells
    page.locator('.cw-root [data-kind="B"][data-player="g"]').click()  # targets lit
    page.locator('.cw-root [data-cell="d3"]').click()
    expect(root).to_have_attribute("data-pending", "g chooses placement")
    page.locator('.cw-root [data-cell="b2"]').hover()  # the Wolf's zone, the inspector
    state = nb.kernel_state()
    assert state["game"].endswith("B@d3") and state["overlay"] is True
    page.locator(".cw-root [data-action=back]").click()
    final_click(page, "T@d1").click()  # a variation, its move the current one (#35 item 7)
    current_move_in_a_variation(page)
    assert nb.kernel_state()["game"].endswith("B@d3 (T@d1)")
    try:
        for theme in ("JupyterLab Light", "JupyterLab Dark"):
            if theme != "JupyterLab Light":
                set_lab_theme(page, theme)
            page.locator('.cw-root [data-cell="b2"]').hover()
            assert page.locator(".cw-root .cw-zone").count() > 0
            assert axe_problems(page, axe_js) == [], theme
        page.locator(".cw-root [data-action=edit]").click()  # the position editor's grid
        expect(page.locator(".cw-root [data-role=editor]")).to_be_visible()
        assert axe_problems(page, axe_js) == [], "editor"
    finally:
        set_lab_theme(page, "JupyterLab Light")  # the setting outlives this notebook


def test_axe_reports_no_serious_issue_in_a_static_page(page, tmp_path, axe_js):
    w = CernunosWidget(cpn=TALL_CPN)
    w.play("B@d3")
    w.overlay = True
    path = tmp_path / "board.html"
    path.write_text(w.to_html(), encoding="utf-8")
    page.goto(path.as_uri())
    page.locator('.cw-root [data-kind="W"][data-player="g"]').click()  # targets lit
    expect(page.locator('.cw-root [data-cell="a2"]')).to_have_class(re.compile("cw-target"))
    assert page.locator(".cw-root [data-cell] .cw-stack").count() == 5  # named cells with letters
    assert axe_problems(page, axe_js) == []
    seen = (("time", "analysis-time"), ("depth", "analysis-depth"), ("threads", "analysis-threads"))
    for text, role in seen:  # seen labels
        label = page.locator(".cw-root label:visible", has=page.locator(f"[data-role={role}]"))
        expect(label).to_contain_text(text)
        expect(page.locator(f".cw-root [data-role={role}]")).to_have_accessible_name(text)
    page.locator(".cw-root [data-action=edit]").click()
    expect(page.locator(".cw-root [data-role=editor]")).to_be_visible()
    assert axe_problems(page, axe_js) == [], "editor"


def current_move_in_a_variation(page) -> None:
    """Wait until the move list's current move is inside a variation."""
    expect(page.locator(".cw-root .cw-variation .cw-move.cw-current")).to_have_count(1)


def board_page(page, tmp_path) -> None:
    w = CernunosWidget(game="B@b2 D@a1 W@d3")
    w.goto(1)
    w.play("D@c1")  # a variation, its move the current one
    page.goto(live_preview(w, tmp_path / "board.html").as_uri())


def course_page(page, tmp_path) -> None:
    course_html(tmp_path / "course.html", lesson="power")
    page.goto((tmp_path / "course.html").as_uri())
    page.locator("[data-lesson-exercise='2']").click()
    for token in ["W@b1", "T@a1"]:  # a wrong try (the board goes back), then a solution
        final_click(page, token).click()
    expect(page.locator("[data-role=lesson]")).to_have_attribute("data-verdict", "failed")
    for token in ["B@b2", "T@c2"]:
        final_click(page, token).click()


def puzzle_page(page, tmp_path) -> None:
    puzzle = chosen()
    puzzles_html(tmp_path / "puzzles.html", [puzzle, *load_puzzles()[:3]])  # with the picker
    page.goto((tmp_path / "puzzles.html").as_uri())
    solve_by_clicks(page, puzzle)
    page.locator(".cw-root").focus()
    page.keyboard.press("Home")  # solved: the board plays freely, a wrong try as a variation
    final_click(page, next(iter(puzzle.steps[0].refutations))).click()


@pytest.mark.parametrize("kind", [board_page, course_page, puzzle_page], ids=lambda f: f.__name__)
def test_axe_is_clean_with_the_current_move_in_a_variation_on_every_page_kind(
    page, tmp_path, axe_js, kind
):
    """#35 item 7: white on the accent was dimmed to 4.29:1 inside a variation."""
    kind(page, tmp_path)
    current_move_in_a_variation(page)
    for light in ("true", "false"):
        page.evaluate(f"document.body.setAttribute('data-jp-theme-light', '{light}')")
        assert axe_problems(page, axe_js) == [], light


CONTRAST_JS = """(root) => {
  const rgba = (text) => { const m = (text.match(/[\\d.]+/g) || [0, 0, 0, 0]).map(Number);
    const k = text.startsWith('color(srgb') ? 255 : 1; // color-mix() computes to color(srgb ...)
    return [m[0] * k, m[1] * k, m[2] * k, m.length > 3 ? m[3] : 1]; };
  const lum = ([r, g, b]) => { const f = (c) => { c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const over = (top, below) => top.slice(0, 3).map((c, i) => c * top[3] + below[i] * (1 - top[3]));
  const background = (el) => { const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) { layers.push(c); if (c[3] === 1) break; } }
    let color = [255, 255, 255];
    for (const layer of layers.reverse()) color = over(layer, color);
    return color; };
  const worst = [];
  for (const el of root.querySelectorAll('*')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length || el.closest('[hidden], :disabled')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.clipPath === 'inset(50%)') continue;
    const bg = background(el);
    const fg = over(rgba(style.color), bg);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const text = el.textContent.trim().slice(0, 20);
    if (ratio < 4.5) worst.push(`${el.className || el.tagName} '${text}' ${ratio.toFixed(2)}`);
  }
  return worst;
}"""

THEMES = {
    "light": {"data-jp-theme-light": "true"},
    "dark": {"data-jp-theme-light": "false"},
    "high contrast": {
        "data-jp-theme-light": "false",
        "data-jp-theme-name": "JupyterLab Dark High Contrast",
    },
    "vscode dark": {"class": "vscode-dark"},
}


@pytest.mark.parametrize("theme", THEMES)
def test_text_contrast_is_at_least_4_5_in_every_theme(page, tmp_path, theme):
    w = CernunosWidget(cpn=cpn_of(TALL))
    w.play("B@d3")
    w.overlay = True
    page.goto(live_preview(w, tmp_path / "board.html").as_uri())
    for name, value in THEMES[theme].items():
        page.evaluate("([n, v]) => document.body.setAttribute(n, v)", [name, value])
    if theme != "light":  # the page behind the widget, as the host would paint it
        page.evaluate("document.body.style.background = '#111'")
    page.locator('[data-kind="D"][data-player="p"]').click()
    page.locator('[data-cell="a3"]').hover()
    root = page.locator(".cw-root")
    assert page.locator(".cw-root .cw-chip").count() == 12  # the inspector's text is checked too
    assert root.evaluate(CONTRAST_JS) == []


def focus_sequence(page, limit: int = 120) -> list[tuple[str, bool, str]]:
    """Tab from the widget's root until the focus leaves it: (a11y id, focus ring shown,
    cell name or "") of each element met, in order."""
    page.locator(".cw-root").focus()
    met = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        here = page.evaluate(
            """() => { const el = document.activeElement;
              if (!el || !el.closest('.cw-root')) return null;
              const s = getComputedStyle(el);
              const ring = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
              return [el.dataset.a11y || el.tagName, ring, el.dataset.cell || ''];
            }"""
        )
        if here is None:
            break
        met.append(tuple(here))
    return met


def focused(page, selector: str) -> bool:
    return page.evaluate("(s) => document.activeElement.matches(s)", selector)


def test_every_control_by_tab_with_visible_focus_and_a_decision_by_keyboard(lab):
    nb = lab(
        "from cernunos_widget import CernunosWidget\n"
        f"w = CernunosWidget(cpn={cpn_of({'a1': 'bT', 'a2': 'D'})!r})\nw.play('T@d3')"
    )
    page, root = nb.page, nb.widget()
    controls = page.evaluate(
        """() => { const out = [];
          document.querySelectorAll('.cw-root button:not(:disabled), .cw-root select, '
            + '.cw-root textarea, .cw-root [role=button][tabindex="0"]').forEach((el, i) => {
            if (el.getClientRects().length && el.getAttribute('tabindex') !== '-1') {
              el.dataset.a11y = 'c' + i; out.push('c' + i); } });
          return out; }"""
    )
    assert len(controls) > 20  # a cell, the reserves, the toolbar, the move list, the comment
    met = focus_sequence(page)
    reached = {name for name, _, _ in met}
    assert set(controls) <= reached, sorted(set(controls) - reached)
    assert [name for name, ring, _ in met if not ring] == []  # every focused control shows it
    # The board is one Tab stop (the grid pattern), first after the root; the reserves next.
    assert [cell for _, _, cell in met if cell] == ["a3"] and met[0][2] == "a3"
    crow = page.locator(".cw-root [data-kind=C][data-player=g]").get_attribute("data-a11y")
    reserve = page.evaluate(
        "[...document.querySelectorAll('.cw-root .cw-reserve.cw-g button:not(:disabled)')]"
        ".map((b) => b.dataset.a11y)"
    )
    assert [name for name, _, _ in met][1 : 1 + len(reserve)] == reserve
    tabs_to_crow = 1 + [name for name, _, _ in met].index(crow)
    assert tabs_to_crow == 1 + reserve.index(crow) + 1  # was 19 with a Tab stop per cell
    # A decision by keyboard alone: Green's Crow on b1 makes Purple's Boar on a1 push.
    page.locator(".cw-root").focus()
    for _ in range(tabs_to_crow):
        page.keyboard.press("Tab")
    assert focused(page, "[data-kind=C][data-player=g]")
    page.keyboard.press("Enter")
    expect(page.locator('.cw-root [data-kind="C"][data-player="g"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    for _ in range(1 + reserve.index(crow)):  # back to the board's Tab stop: a3
        page.keyboard.press("Shift+Tab")
    assert focused(page, "[data-cell=a3][tabindex='0']")
    current = root.get_attribute("data-current")
    for key in ("ArrowDown", "ArrowDown", "ArrowDown", "End"):  # a3 a2 a1 a1 d1
        page.keyboard.press(key)
    assert focused(page, "[data-cell=d1][tabindex='0']")
    page.keyboard.press("Home")  # a1: the row's start, not the game's
    page.keyboard.press("ArrowRight")
    assert focused(page, "[data-cell=b1][tabindex='0']")
    assert page.locator(".cw-root [data-cell][tabindex='0']").count() == 1  # a roving tabindex
    assert root.get_attribute("data-current") == current  # arrows in the board move the focus
    expect(page.locator(".cw-root [data-role=inspector]")).to_contain_text("b1")
    page.keyboard.press("Space")
    expect(root).to_have_attribute("data-pending", "p chooses boar-target")
    page.keyboard.press("Enter")  # still on b1: Purple's Boar pushes the Crow
    expect(root).to_have_attribute("data-pending", "p chooses placement")
    narration = page.locator(".cw-root [data-role=narration]")
    expect(narration).to_have_attribute("aria-live", "polite")
    expect(narration).to_contain_text("Boar on a1 pushes")
    state = nb.kernel_state()
    assert state["game"].endswith("T@d3 C@b1 b1") and state["choice"] == "placement"
    page.locator('.cw-root [data-action="overlay"]').focus()  # focus out of the board:
    page.keyboard.press("ArrowLeft")  # arrows walk the tree
    expect(root).to_have_attribute("data-pending", "p chooses boar-target")
    assert nb.kernel_state()["choice"] == "boar-target"
    page.locator(".cw-root").focus()
    page.keyboard.press("End")
    expect(root).to_have_attribute("data-pending", "p chooses placement")
    assert nb.kernel_state()["choice"] == "placement"
