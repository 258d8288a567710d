"""Click -> board redrawn, and bytes per click, in JupyterLab (a script, not a test).

    python benchmarks/widget_latency.py [--repeat 15]

Starts JupyterLab on loopback, opens a notebook with a board in Debian's Chromium and plays
the committed scripted game (benchmarks/scripted_game.txt). At its decisions 1, 20 and 40
(main-line nodes; 20 and 40 are effect choices) it makes the decision's last click
``--repeat`` times (deleting the new node in between, from the page) and measures:

- **click -> redrawn**: from the click to the frame after the page shows the new node
  (the kernel checked the decision, answered, and the page updated), with performance.now();
- **bytes per click**: the payload of every websocket frame the page received (kernel ->
  page) from the click until the page showed the new node.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from browser.clicks import FrameMeter, final_click, scripted_decisions  # noqa: E402
from browser.conftest import CHROMIUM, CHROMIUM_ARGS, Lab, make_notebook  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402

MEASURE = """
([selector]) => new Promise((resolve) => {
  const root = document.querySelector(".cw-root");
  const before = root.dataset.current;
  const observer = new MutationObserver(() => {
    if (root.dataset.current !== before) {
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - t0));
    }
  });
  observer.observe(root, { attributes: true });
  const t0 = performance.now();
  document.querySelector(selector).click();
})
"""


def start_lab(tmp: Path):
    """The browser tests' JupyterLab fixture, used as a plain generator."""
    from browser import conftest

    class Factory:
        def mktemp(self, name):
            path = tmp / name
            path.mkdir()
            return path

    return conftest.jupyter_lab.__wrapped__(Factory())


def selector_of(locator) -> str:
    """A CSS selector for the element a final_click locator points at."""
    return locator.evaluate(
        """(el) => el.dataset.cell !== undefined ? `.cw-root [data-cell="${el.dataset.cell}"]`
                 : `.cw-root [data-decision="${el.dataset.decision}"]`"""
    )


def measure(page, lab, meter, token: str, repeat: int) -> tuple[list[float], list[int]]:
    root = page.locator(".cw-root").first
    times, sizes = [], []
    for _ in range(repeat):
        before = root.get_attribute("data-current")
        selector = selector_of(final_click(page, token))
        page.wait_for_timeout(200)
        meter.reset()
        times.append(page.evaluate(MEASURE, [selector]))
        sizes.append(meter.bytes)
        page.locator('.cw-root [data-action="delete"]').click()  # back to where we were
        expect(root).to_have_attribute("data-current", before)
        lab.wait_idle()
    return times, sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    moves = scripted_decisions()
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        lab_gen = start_lab(Path(tmp))
        url, folder = next(lab_gen)
        make_notebook(
            folder,
            "bench.ipynb",
            "from cernunos_widget import CernunosWidget\nw = CernunosWidget()",
            f"w.play({' '.join(moves[:19])!r})",
            f"w.play({' '.join(moves[19:39])!r})",
        )
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            meter = FrameMeter(page)
            lab = Lab(page, url)
            lab.open("bench.ipynb")
            lab.run(0)
            lab.widget()
            for decision, cell in ((1, None), (20, 2), (40, 3)):
                if cell is not None:
                    lab.run(cell)
                    lab.wait_idle()
                results[decision] = measure(page, lab, meter, moves[decision - 1], args.repeat)
            browser.close()
        next(lab_gen, None)
    for decision, (times, sizes) in results.items():
        print(
            f"decision {decision:2} ({moves[decision - 1]}): click -> redrawn median "
            f"{statistics.median(times):.1f} ms (min {min(times):.1f}, max {max(times):.1f}); "
            f"bytes per click median {statistics.median(sizes):,.0f} "
            f"(min {min(sizes):,}, max {max(sizes):,})"
        )
    first, last = (statistics.median(results[d][1]) for d in (1, 40))
    print(f"bytes per click, decision 40 / decision 1: {last / first:.2f}")


if __name__ == "__main__":
    main()
