"""Click -> board redrawn in each host (issue #34): the apps with a kernel (Voila, Panel,
Solara), a MkDocs site (Material) and a MyST site, whose boards play by the page's own rules,
and a JupyterLite site (examples/lite/build_site.py), whose kernel is Pyodide in the browser.

Starts each app's example (examples/hosts/) as tests/browser/test_apps.py does, or builds a
small MkDocs site as tests/mkdocs_site.py does and opens it from disk, or a MyST site's
content (tests/myst_site.py: MyST's build, drawn as its theme does) served on loopback, then
clicks
placements on the first board (the kind in the reserve, then the cell) and times, in the
page, from the cell's click to the root's new ``data-cpn`` (the answer drawn). Prints the
median and the range per host. Run: ``python benchmarks/host_latency.py [host ...]``."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from browser.conftest import CHROMIUM, CHROMIUM_ARGS, _free_port, server  # noqa: E402
from browser.test_apps import command  # noqa: E402
from mkdocs_site import build_mkdocs  # noqa: E402
from myst_site import anywidget_nodes, build_myst, serve, write_renderer  # noqa: E402

from cernunos_widget import myst  # noqa: E402

HOSTS = ("voila", "panel", "solara", "mkdocs", "myst", "lite")
LITE_SETUP = "%pip install cernunos-widget\nfrom cernunos_widget import *\nCernunosWidget()"

DECISIONS = ["B@b2", "D@a1", "W@d3", "T@c1", "S@a3", "D@b1"]
TIMED = """(root, cell) => new Promise((done) => {
  const before = root.getAttribute("data-cpn");
  const start = performance.now();
  new MutationObserver((_m, watcher) => {
    if (root.getAttribute("data-cpn") !== before) {
      watcher.disconnect();
      requestAnimationFrame(() => done(performance.now() - start));
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-cpn"] });
  root.querySelector(`[data-cell="${cell}"]`).click();
})"""


def clicks(page) -> list[float]:
    """Play ``DECISIONS`` by clicks on the page's first board; each click's time to redrawn."""
    root = page.locator(".cw-root").first
    times = []
    for decision in DECISIONS:
        kind, cell = decision.split("@")
        player = root.get_attribute("data-pending")[0]
        root.locator(f'[data-kind="{kind}"][data-player="{player}"]').click()
        times.append(root.evaluate(TIMED, cell))  # Panel's boards are in a shadow root
    return times


def one_board(browser, url: str) -> list[float]:
    """:func:`clicks` on the one board of the page at ``url``."""
    page = browser.new_page()
    page.goto(url)
    expect(page.locator(".cw-root")).to_have_count(1)
    times = clicks(page)
    page.close()
    return times


def measure_mkdocs(browser) -> list[float]:
    """A MkDocs site with one board, built and opened from disk (no server, no kernel)."""
    with tempfile.TemporaryDirectory() as tmp:
        done = build_mkdocs(Path(tmp), {"index.md": "# A board\n\n```cernunos\nB@b2\n```\n"})
        if done.returncode:
            raise SystemExit(done.stderr)
        return one_board(browser, (Path(tmp) / "site" / "index.html").as_uri())


def measure_myst(browser) -> list[float]:
    """A MyST page with one {anywidget} board, built by MyST and served on loopback."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        build_myst(folder, {"index.md": f"# A board\n\n{myst.directive('B@b2')}"})
        write_renderer(folder, anywidget_nodes(folder))
        with serve(folder) as url:
            return one_board(browser, f"{url}/index.html")


def measure_lite(browser) -> list[float]:
    """A JupyterLite site built offline, served on 127.0.0.1; the board shown in its console."""
    with tempfile.TemporaryDirectory() as tmp:
        built = subprocess.run([sys.executable, str(ROOT / "examples/lite/build_site.py"), tmp],
                               capture_output=True, text=True)
        if built.returncode:
            raise SystemExit(built.stdout[-2000:] + built.stderr[-2000:])
        port = _free_port()
        url = f"http://127.0.0.1:{port}"
        argv = [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", f"{tmp}/_output",
                str(port)]  # fmt: skip
        with server(argv, f"{url}/jupyter-lite.json", Path(tmp) / "log"):
            page = browser.new_page()
            page.goto(f"{url}/repl/index.html?kernel=python&code={quote(LITE_SETUP)}")
            root = page.locator(".cw-root").first
            expect(root).to_have_attribute("data-no-solver", "numba", timeout=180_000)
            times = clicks(page)
            page.close()
            return times


def measure(host: str, browser) -> list[float]:
    if host == "mkdocs":
        return measure_mkdocs(browser)
    if host == "lite":
        return measure_lite(browser)
    if host == "myst":
        return measure_myst(browser)
    port = _free_port()
    argv, path = command(host, port)
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp, server(argv, url + path, Path(tmp) / "log", cwd=tmp):
        page = browser.new_page()
        page.goto(url + path)
        root = page.locator(".cw-root").first
        expect(root.locator("[data-action=analyse]")).to_be_enabled(timeout=60_000)  # live
        times = clicks(page)
        page.close()
        return times


def main() -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for host in sys.argv[1:] or HOSTS:
            times = measure(host, browser)
            print(f"{host:7} click -> redrawn: median {statistics.median(times):.0f} ms "
                  f"({min(times):.0f}-{max(times):.0f}, {len(times)} clicks)")
        browser.close()


if __name__ == "__main__":
    main()
