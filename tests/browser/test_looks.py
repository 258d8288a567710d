"""The looks of the page (issue #10 item 6): Boar arrows, badges, zones, no clipping at narrow
widths, row numbers, the stack inspector, the legend, the toolbar and the result banner.

Most checks draw static pages (``to_html``: the same module and CSS, no kernel) in Chromium;
the banner is checked in JupyterLab after a click, with the kernel's state."""

from __future__ import annotations

import re

import pytest
from cpn_builder import FINAL_PLACEMENT
from cpn_builder import cpn as cpn_of
from playwright.sync_api import expect

from browser.clicks import live_preview
from cernunos_widget import CernunosWidget
from cernunos_widget.engine.zones import zone_table

BOARS = (  # Boars on all twelve cells, six per page (R-8 allows three per player)
    {"a1": "B", "b1": "B", "c1": "B", "d1": "b", "a2": "b", "b2": "b"},
    {"c2": "B", "d2": "B", "a3": "B", "b3": "b", "c3": "b", "d3": "b"},
)
POWERS = {"a1": "T", "b1": "D", "c2": "w", "d3": "t"}  # powers +1 (a1), -1 (b1) and 0
TALL = {"a3": "tTtTtTtTtTtT", "b2": "w", "a1": "B", "c2": "D"}


def show(page, tmp_path, cpn: str, width: int = 1000, dark: bool = False, overlay: bool = False):
    """A static page of a board at ``cpn``, ``width`` px wide, in the light or dark theme."""
    w = CernunosWidget(cpn=cpn)
    w.overlay = overlay
    path = live_preview(w, tmp_path / "board.html")
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(path.as_uri())
    page.evaluate(f"document.body.setAttribute('data-jp-theme-light', '{str(not dark).lower()}')")
    return page.locator(".cw-root")


def screen_direction(a: str, b: str) -> tuple[int, int]:
    """The sign of the step from cell ``a`` to cell ``b`` on screen (x right, y down)."""
    dx, dy = ord(b[0]) - ord(a[0]), int(a[1]) - int(b[1])
    return (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)


@pytest.mark.parametrize("boars", BOARS)
def test_boar_arrows_go_from_each_target_toward_its_destination(page, tmp_path, boars):
    show(page, tmp_path, cpn_of(boars))
    table = zone_table()["B"]
    for boar in boars:
        page.locator(f'.cw-root [data-cell="{boar}"]').hover()
        pushes = table[boar]["pushes"]
        arrows = page.locator(".cw-root .cw-push")
        expect(arrows).to_have_count(len(pushes))
        for target, dest, wraps in pushes:
            arrow = page.locator(f'.cw-root .cw-push[data-target="{target}"][data-dest="{dest}"]')
            lines = arrow.evaluate(
                "g => [...g.querySelectorAll('line')].map(l => ['x1','y1','x2','y2']"
                ".map(k => +l.getAttribute(k)))"
            )
            step = screen_direction(boar, target)  # a push goes on in the Boar's direction
            for x1, y1, x2, y2 in lines:
                assert ((x2 > x1) - (x2 < x1), (y2 > y1) - (y2 < y1)) == step, (boar, target)
            tip = arrow.evaluate(  # the last head's point: where the arrow ends
                "g => [...g.querySelectorAll('polygon')].pop().getAttribute('points')"
                ".split(' ')[0].split(',').map(Number)"
            )
            end_x, end_y = tip  # the arrow ends on the destination's cell
            assert int(end_x) == ord(dest[0]) - 97 and int(end_y) == 3 - int(dest[1])
            assert ("cw-wrap" in arrow.get_attribute("class")) == wraps
            assert len(lines) == (2 if wraps else 1)  # a wrap leaves by one edge, comes back


def colour(page, selector: str, prop: str) -> tuple[int, ...]:
    text = page.locator(selector).first.evaluate(f"e => getComputedStyle(e).{prop}")
    return tuple(int(float(v)) for v in text[text.index("(") + 1 : -1].split(",")[:3])


@pytest.mark.parametrize("dark", [False, True])
def test_power_badges_are_not_in_the_players_colours(page, tmp_path, dark):
    show(page, tmp_path, cpn_of(POWERS), dark=dark, overlay=True)
    players = [colour(page, f".cw-root .cw-top.cw-{p}", "color") for p in "gp"]
    for sign in ("pos", "neg", "zero"):
        badge = colour(page, f".cw-root .cw-power-{sign}", "backgroundColor")
        for player in players:
            distance = sum((a - b) ** 2 for a, b in zip(badge, player, strict=True)) ** 0.5
            assert distance > 60, (sign, badge, player)  # the old green badge: 33


ZONE_CONTRAST = """root => {
  const rgb = (t) => t.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => { const f = (c) => { c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const zone = root.querySelector('.cw-zone');
  const image = getComputedStyle(zone, '::before').backgroundImage;
  const stripe = rgb(image.match(/rgba?\\([^)]*\\)/)[0]);
  const out = {};
  for (const shade of ['cw-light', 'cw-dark']) {
    const square = rgb(getComputedStyle(root.querySelector(shade === 'cw-dark' ? '.cw-cell.cw-dark'
      : '.cw-cell:not(.cw-dark)')).backgroundColor);
    const mixed = square.map((c, i) => stripe[i] * stripe[3] + c * (1 - stripe[3]));
    const [a, b] = [lum(mixed), lum(square)].sort((x, y) => y - x);
    out[shade] = (a + 0.05) / (b + 0.05);
  }
  return out;
}"""


@pytest.mark.parametrize("dark", [False, True])
def test_zones_stand_out_on_both_square_colours(page, tmp_path, dark):
    root = show(page, tmp_path, cpn_of(TALL), dark=dark)
    page.locator('.cw-root [data-cell="b2"]').hover()  # a Wolf on a dark square
    expect(page.locator(".cw-root .cw-zone")).to_have_count(4)  # a1, c1, a3, c3
    contrast = root.evaluate(ZONE_CONTRAST)
    assert min(contrast.values()) >= 1.5, contrast


OVERFLOW = """root => {
  const box = root.getBoundingClientRect();
  const out = [];
  if (document.scrollingElement.scrollWidth > window.innerWidth) out.push('page scrolls sideways');
  for (const el of root.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    const hidden = el.closest('[hidden]') || getComputedStyle(el).clipPath === 'inset(50%)';
    if (!r.width || hidden) continue;
    if (r.right > box.right + 0.5 || r.left < box.left - 0.5) out.push(`${el.className} out`);
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'hidden')
      out.push(`${el.className || el.tagName} clips its content`);
    const cell = el.parentElement && el.closest('[data-cell]');
    if (cell && cell !== el) { const c = cell.getBoundingClientRect();
      if (r.right > c.right + 0.5 || r.bottom > c.bottom + 0.5 || r.left < c.left - 0.5)
        out.push(`${el.className} leaves ${cell.dataset.cell}`); }
  }
  return out;
}"""


@pytest.mark.parametrize("width", [390, 252])
def test_nothing_is_clipped_at_narrow_widths(page, tmp_path, width):
    root = show(page, tmp_path, cpn_of(TALL), width=width, overlay=True)
    page.locator('.cw-root [data-kind="B"][data-player="g"]').click()
    page.locator('.cw-root [data-cell="a3"]').hover()  # the inspector lists 12 tokens
    assert root.evaluate(OVERFLOW) == []
    stack = page.locator('.cw-root [data-cell="a3"] .cw-stack')
    expect(stack).to_have_text("+7TtTtT")  # the top five, and how many are below
    for cell in ("d1", "d3"):
        assert page.locator(f'.cw-root [data-cell="{cell}"]').bounding_box()["width"] >= 40


def test_row_numbers_and_files_frame_the_board(page, tmp_path):
    show(page, tmp_path, cpn_of(TALL), width=600)
    ranks = page.locator(".cw-root .cw-ranks span")
    expect(ranks).to_have_text(["3", "2", "1"])
    for rank in ranks.all():
        middle = (lambda b: b["y"] + b["height"] / 2)(rank.bounding_box())
        cell = page.locator(f'.cw-root [data-cell="a{rank.inner_text()}"]').bounding_box()
        assert cell["y"] < middle < cell["y"] + cell["height"]
    expect(page.locator(".cw-root .cw-files span")).to_have_text(["a", "b", "c", "d"])


def test_stack_inspector_lists_the_whole_stack_on_hover_and_focus(page, tmp_path):
    show(page, tmp_path, cpn_of(TALL))
    inspector = page.locator(".cw-root [data-role=inspector]")
    expect(inspector).to_have_text("")
    page.locator('.cw-root [data-cell="a3"]').focus()  # keyboard users get it too
    expect(inspector.locator(".cw-chip")).to_have_text(list("tTtTtTtTtTtT"))
    expect(inspector).to_contain_text("12 tokens, bottom → top")
    a3 = page.locator('.cw-root [data-cell="a3"]')
    expect(a3).to_have_accessible_name(re.compile(r"^a3: Green Tree, Purple Tree"))
    assert a3.evaluate("(c) => c.textContent").count("Tree") == 12  # its name, in words
    page.locator('.cw-root [data-cell="b2"]').hover()
    expect(inspector.locator(".cw-chip")).to_have_count(1)
    expect(inspector).to_contain_text("-1 power to opposing tokens")


def test_legend_shows_the_highlights_in_use(page, tmp_path):
    show(page, tmp_path, cpn_of(TALL))
    keys = page.locator(".cw-root [data-role=legend] .cw-key:visible")
    expect(keys).to_have_text(["clickable", "chosen", "last change", "zone"])
    page.locator(".cw-root [data-action=overlay]").click()  # the Power view adds one style
    expect(keys).to_have_count(5)
    expect(keys.last).to_have_text("coverable")
    styles = page.evaluate(
        """() => ['target', 'picked', 'changed', 'zone', 'coverable'].map((k) => {
          const s = getComputedStyle(document.querySelector('.cw-sw-' + k));
          const a = getComputedStyle(document.querySelector('.cw-sw-' + k), '::after');
          return [s.boxShadow, s.backgroundImage, s.outlineStyle, a.borderBottomColor].join('|');
        })"""
    )
    assert len(set(styles)) == 5  # five different looks


def test_toolbar_buttons_have_icons_names_and_tooltips(page, tmp_path):
    root = show(page, tmp_path, cpn_of(TALL), width=390)
    buttons = page.locator(".cw-root [data-action]")
    assert buttons.count() >= 9
    for button in buttons.all():
        assert button.locator("svg.cw-tool-icon").count() == 1
        assert button.get_attribute("aria-label")
    page.locator(".cw-root [data-action=review]").hover()
    tip = page.locator(".cw-root .cw-tip")
    expect(tip).to_have_text("Evaluate every position of the main line and mark the mistakes")
    box, at = root.bounding_box(), tip.bounding_box()
    assert box["x"] <= at["x"] and at["x"] + at["width"] <= box["x"] + box["width"]
    page.mouse.move(0, 0)
    expect(tip).to_be_hidden()


def test_result_banner_after_the_last_decision(lab):
    nb = lab(
        f"from cernunos_widget import CernunosWidget\nw = CernunosWidget(cpn={FINAL_PLACEMENT!r})"
    )
    page = nb.page
    expect(page.locator(".cw-root .cw-banner")).to_have_count(0)
    page.locator('.cw-root [data-decision="pass"]').click()
    banner = page.locator(".cw-root .cw-banner")
    expect(banner.locator(".cw-banner-who")).to_have_text("Green wins")
    expect(banner.locator(".cw-banner-score")).to_have_text(
        "cells 7-1, Trees on top 1-1, burned 11-0"
    )
    green = page.locator('.cw-root [data-cell="d3"] .cw-top').evaluate(
        "e => getComputedStyle(e).color"
    )
    assert banner.evaluate("e => getComputedStyle(e).borderLeftColor") == green
    state = nb.kernel_state()
    assert state["choice"] is None and state["game"].endswith("pass")
