"""Click -> board redrawn, in JupyterLab (a script, not a test): python benchmarks/widget_latency.py

Starts JupyterLab on loopback, opens a notebook with a board in Debian's Chromium and makes
20 placements by clicks. Each figure is the time from the click on a cell to the frame after
the page shows the new position (the kernel checked the click, updated the traits, and the
page redrew), measured in the page with performance.now().
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from browser.conftest import CHROMIUM, CHROMIUM_ARGS, Lab, make_notebook  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

KINDS = ["D", "D", "D", "W", "W", "S", "T", "T", "T", "T"]  # no effect asks a choice

MEASURE = """
([cell]) => new Promise((resolve) => {
  const root = document.querySelector(".cw-root");
  const before = root.dataset.cpn;
  const observer = new MutationObserver(() => {
    if (root.dataset.cpn !== before) {
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - t0));
    }
  });
  observer.observe(root, { attributes: true });
  const t0 = performance.now();
  root.querySelector(`[data-cell="${cell}"]`).click();
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


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        lab_gen = start_lab(Path(tmp))
        url, folder = next(lab_gen)
        make_notebook(
            folder,
            "bench.ipynb",
            "from cernunos_widget import CernunosWidget\nw = CernunosWidget()",
        )
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            lab = Lab(page, url)
            lab.open("bench.ipynb")
            lab.run(0)
            lab.widget()
            times = []
            placed = {"g": 0, "p": 0}
            for i in range(20):
                player = "g" if i % 4 < 2 else "p"  # two placements a turn
                kind = KINDS[placed[player]]
                placed[player] += 1
                page.locator(f'.cw-root [data-kind="{kind}"][data-player="{player}"]').click()
                page.locator(".cw-root .cw-cell.cw-target").first.wait_for()
                cell = page.locator(".cw-root .cw-cell.cw-target").first.get_attribute("data-cell")
                times.append(page.evaluate(MEASURE, [cell]))
            browser.close()
        next(lab_gen, None)
    times.sort()
    print(
        f"click -> board redrawn in JupyterLab, {len(times)} placements: "
        f"median {statistics.median(times):.1f} ms, p90 {times[int(0.9 * len(times))]:.1f} ms, "
        f"min {times[0]:.1f} ms, max {times[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
