"""How light and fast a static page is (issue #21 item 5), measured in Chromium.

One ``to_html`` page with one board and a game of at least 60 decisions, opened from disk
with every non-file request aborted: its size, its first paint (the browser's
first-contentful-paint), the time to draw the board, and clicks answered by the page's own
session (js/local.js) early and late in the game: from the click to the board's new
``data-cpn`` (the reply applied and the view drawn) and to the next frame. Also the size of
a page with three boards (one copy of the code). ``--parts``: what the one-board page is
made of, in bytes: each linked part of its code (compacted, as in the page), its CSS and
its board's state (issue #35 item 1: a page pays for what it shows).

    python benchmarks/static_page.py [--runs 5] [--parts]

Goals: one board at most 250 KB, three at most 300 KB (tests/widget/test_page_budget.py
holds them), first paint under 200 ms, a click within one frame (16 ms).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from cernunos_widget.engine import Position
from cernunos_widget.record.tree import Game
from cernunos_widget.widget import static
from cernunos_widget.widget.assets import bundle, page_css
from cernunos_widget.widget.compact import compact_js

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]

# The time from a click to the board's next data-cpn, and to the frame after it.
_CLICK = """async ([cell]) => {
  const root = document.querySelector(".cw-root");
  const target = root.querySelector(`[data-cell="${cell}"]`);
  const changed = new Promise((done) => new MutationObserver((_, o) => { o.disconnect(); done(); })
    .observe(root, { attributes: true, attributeFilter: ["data-cpn", "data-pending"] }));
  const t0 = performance.now();
  target.click();
  await changed;
  const t1 = performance.now();
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  return [t1 - t0, performance.now() - t0];
}"""


def long_game(decisions: int = 60) -> Game:
    """A random game of at least ``decisions`` decisions (placements first, seeded)."""
    for seed in range(1000):
        rng, position, played = random.Random(seed), Position.start(), []
        while not position.is_over:
            text = rng.choice(position.legal_texts())
            played.append(text)
            position = position.play(text)
        if len(played) >= decisions:
            return Game.parse(" ".join(played))
    raise RuntimeError("no game that long")


def placement_cell(position: Position) -> tuple[str, str]:
    """A placement of the side to move: (kind letter, cell)."""
    for text in position.legal_texts():
        if "@" in text:
            kind, cell = text.split("@")
            return kind, cell
    raise RuntimeError("no placement here")


def _file_only(route) -> None:
    if route.request.url.startswith("file:"):
        route.continue_()
    else:
        route.abort()


# When the board first has its position drawn (the root's data-cpn), in the page's clock.
_DRAWN = """new MutationObserver((_, watch) => {
  if (document.querySelector(".cw-root[data-cpn]")) {
    window.drawnAt = performance.now();
    watch.disconnect();
  }
}).observe(document, { subtree: true, childList: true, attributes: true });"""


def measure(page, path: Path, game: Game) -> dict:
    page.add_init_script(_DRAWN)
    page.goto(path.as_uri())
    page.wait_for_selector(".cw-root[data-cpn]")
    paint = page.evaluate(
        "performance.getEntriesByType('paint').find(e => e.name === 'first-contentful-paint')"
        "?.startTime ?? null"
    )
    drawn = page.evaluate("window.drawnAt")
    clicks = {}
    if page.get_attribute(".cw-root", "data-playable") is None:
        return {"paint": paint, "drawn": drawn, "clicks": clicks}  # a page that only walks
    placing = [n for n in game.mainline() if n.position.choice == "placement"]
    for where, node in (("early", game.root), ("late", placing[-1])):
        page.evaluate(f"document.querySelector('[data-node=\"{node.id}\"]').click()")
        page.wait_for_selector(f'.cw-root[data-current="{node.id}"]')
        position = node.position
        kind, cell = placement_cell(position)
        page.click(f'.cw-root [data-kind="{kind}"][data-player="{position.side.letter}"]')
        clicks[where] = page.evaluate(_CLICK, [cell])
    return {"paint": paint, "drawn": drawn, "clicks": clicks}


def print_parts(html: str) -> None:
    """The page's bytes by part: each linked part of its code (compacted alone, as in the
    page), the CSS, the boards' states, and the rest (the page's own HTML and script)."""
    states = re.findall(r"<script [^>]*data-cernunos-board>(.*?)</script>", html)
    features, languages = static.page_needs([json.loads(state) for state in states])
    # the linker's parts: "// ---- name" then the part's "const __cw_..." (linker.py _wrap)
    code = bundle(features, languages).code
    pieces = re.split(r"^// ---- (\S+)\n(?=const __cw_)", code, flags=re.M)
    names, bodies = pieces[1::2], pieces[2::2]
    parts = {name: len(compact_js(body).encode()) for name, body in zip(names, bodies, strict=True)}
    css = len(page_css(features).encode())
    state = sum(len(s.encode()) for s in states)
    print(f"  features {features or 'none'}, languages {languages}")
    total = sum(parts.values())
    print(f"  code {total / 1000:.1f} KB in {len(parts)} parts, CSS {css / 1000:.1f} KB, ", end="")
    print(f"state {state / 1000:.1f} KB")
    for name, size in sorted(parts.items(), key=lambda item: -item[1]):
        print(f"    {size / 1000:6.1f} KB  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--parts", action="store_true", help="the one-board page's bytes by part")
    args = parser.parse_args()
    game = long_game()
    folder = Path(tempfile.mkdtemp())
    path = folder / "board.html"
    html = static.to_html(game, path)
    print(f"game: {len(game.mainline())} decisions")
    print(f"page size: {len(html.encode()) / 1000:.1f} KB (goal <= 250 KB)")
    if args.parts:
        print_parts(html)
    three = static.boards_html([game, long_game(40), Game()])
    print(f"three boards on one page: {len(three.encode()) / 1000:.1f} KB (goal <= 300 KB)")
    runs = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(args.runs):
            page = browser.new_page()
            page.route("**/*", _file_only)
            runs.append(measure(page, path, game))
            page.close()
        browser.close()

    def figure(values: list[float]) -> str:
        low, high = min(values), max(values)
        return f"median {statistics.median(values):6.1f} ms (min {low:.1f}, max {high:.1f})"

    paints = [r["paint"] for r in runs if r["paint"] is not None]
    print(f"first paint:          {figure(paints)} (goal < 200 ms)")
    print(f"board drawn by:       {figure([r['drawn'] for r in runs])}")
    for where in ("early", "late") if runs[0]["clicks"] else ():
        answered = figure([r["clicks"][where][0] for r in runs])
        print(f"click ({where}) -> cpn:  {answered} (goal < 16 ms)")
        print(f"click ({where}) -> frame: {figure([r['clicks'][where][1] for r in runs])}")


if __name__ == "__main__":
    main()
