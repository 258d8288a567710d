"""How light and fast a static page is (issue #21 item 5), measured in Chromium.

One ``to_html`` page with one board and a game of at least 60 decisions, opened from disk
with every non-file request aborted: its size, its first paint (the browser's
first-contentful-paint), the time to draw the board, and clicks answered by the page's own
session (js/local.js) early and late in the game: from the click to the board's new
``data-cpn`` (the reply applied and the view drawn) and to the next frame. Also the size of
a page with three boards (one copy of the code).

    python benchmarks/static_page.py [--runs 5]

Goals: at most 300 KB, first paint under 200 ms, a click within one frame (16 ms).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from cernunos_widget.engine import Position
from cernunos_widget.record.tree import Game
from cernunos_widget.widget import static

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    game = long_game()
    folder = Path(tempfile.mkdtemp())
    path = folder / "board.html"
    html = static.to_html(game, path)
    print(f"game: {len(game.mainline())} decisions")
    print(f"page size: {len(html.encode()) / 1000:.1f} KB (goal <= 300 KB)")
    if hasattr(static, "boards_html"):  # not before pages played (for the "before" figures)
        three = static.boards_html([game, long_game(40), Game()])
        print(f"three boards on one page: {len(three.encode()) / 1000:.1f} KB")
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
