"""Static pages in Chromium with the network cut: they render and walk the stored tree."""

from __future__ import annotations

import re

import nbclient
import nbformat
import pytest
from playwright.sync_api import expect

from cernunos_widget.embed import export_notebook_html, fetch_embed_assets
from cernunos_widget.widget import CernunosWidget

GAME = "B@b2 B@b3 (D@a1) T@a1"
END = ".,B,.,./.,.,.,./t,B,.,. p 1 0-0"
AFTER_B2 = ".,.,.,./.,B,.,./.,.,.,. g 1 0-0"
VARIATION = ".,.,.,./.,B,.,./D,.,.,. p 2 0-0"


@pytest.fixture
def offline(page):
    """Block every request that leaves the file system; collect failures and errors."""
    problems: list[str] = []
    page.on("requestfailed", lambda r: problems.append(f"failed request {r.url}"))
    page.on("pageerror", lambda e: problems.append(f"page error {e}"))

    def route(route):
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            problems.append(f"network request {route.request.url}")
            route.abort()

    page.route("**/*", route)
    return problems


def walk_the_tree(page) -> None:
    root = page.locator(".cw-root").first
    expect(root).to_have_attribute("data-cpn", END, timeout=30_000)
    page.locator('.cw-root .cw-move:text-is("Boar b2")').click()
    expect(root).to_have_attribute("data-cpn", AFTER_B2)
    page.locator('.cw-root .cw-move:text-is("Deer a1")').click()
    expect(root).to_have_attribute("data-cpn", VARIATION)
    page.keyboard.press("ArrowUp")  # to the main line's B@b3
    expect(root).to_have_attribute("data-cpn", ".,B,.,./.,.,.,./.,B,.,. p 2 0-0")
    page.keyboard.press("End")
    expect(root).to_have_attribute("data-cpn", END)
    page.locator(".cw-root [data-action=overlay]").click()
    expect(page.locator('.cw-root [data-cell="b1"] .cw-power')).to_have_text("0")


def test_to_html_page_works_offline(tmp_path, page, offline):
    path = tmp_path / "board.html"
    CernunosWidget(game=GAME).to_html(path)
    page.goto(path.as_uri())
    walk_the_tree(page)
    page.locator('.cw-root [data-kind="T"][data-player="p"]').click()
    page.locator('.cw-root [data-cell="a3"]').click()  # playing needs a kernel: it says so
    expect(page.locator(".cw-root [data-role=message]")).to_contain_text("static page")
    assert offline == []


def test_executed_notebook_exported_to_html_works_offline(tmp_path, page, offline):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    first, last = GAME.rsplit(" ", 1)
    nb.cells = [
        nbformat.v4.new_code_cell(
            f"from cernunos_widget import CernunosWidget\nw = CernunosWidget(game={first!r})\nw"
        ),
        nbformat.v4.new_code_cell(f"w.play({last!r})"),  # reaches the saved state at cell end
    ]
    nbclient.NotebookClient(nb, kernel_name="python3", timeout=120).execute()
    notebook = tmp_path / "board.ipynb"
    nbformat.write(nb, notebook)
    assets = fetch_embed_assets(tmp_path / "assets")
    html = export_notebook_html(notebook, tmp_path / "site" / "board.html", assets)
    assert not re.search(r"""src=["']https?://""", html.read_text())
    page.goto(html.as_uri())
    walk_the_tree(page)
    assert offline == []
