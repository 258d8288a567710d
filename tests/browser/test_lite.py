"""The board in JupyterLite (issue #34 item 5): a site built by examples/lite/build_site.py
(the Pyodide runtime from npm, every wheel from PyPI, this package's own wheel), served on
127.0.0.1, every other request aborted. In the site's console (the REPL app) the browser's
own Python installs the package with ``%pip``, shows a board, and then:

- clicks play decisions, an effect choice included, and the kernel's ``w`` follows the engine;
- ``w.play`` from Python reaches the page;
- analysis says it is unavailable (no numba in Pyodide) and its controls are disabled, the
  kernel refusing a search with the reason; the page's Hint solves a small endgame.
"""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser.conftest import _free_port, server
from browser.test_docsite import BOAR_BOARD, expect_engine, play
from cernunos_widget.engine import Position

BUILD = Path(__file__).resolve().parents[2] / "examples" / "lite" / "build_site.py"
SCOPE = ".cw-root"
# Purple to place, Green wins by one cell (tests/js/hint_ui.test.mjs's small endgame)
ENDGAME = "cWWT,SDbD,x,Tdwdstt/XwD,B,bf,b/CF,B,.,BdTTTT p 2 5-5"
SETUP = f"%pip install cernunos-widget\nfrom cernunos_widget import CernunosWidget\nw = CernunosWidget(cpn={BOAR_BOARD!r})\nw"  # noqa: E501
UNAVAILABLE = "the solver needs numba, which this Python does not have"


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory):
    """The site, built once for this module and served on a free local port: its URL."""
    folder = tmp_path_factory.mktemp("lite")
    built = subprocess.run([sys.executable, str(BUILD), str(folder)], capture_output=True,
                           text=True, timeout=600)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d",
               str(folder / "_output"), str(port)]  # fmt: skip
    with server(command, f"{url}/jupyter-lite.json", folder / "server.log"):
        yield url


@pytest.fixture
def console(lite_site, page):
    """The site's console, the network beyond 127.0.0.1 cut; the board shown by ``SETUP``.
    Yields (page, run, aborted): ``run(code)`` runs a cell in the console, returns its output."""
    aborted: list[str] = []

    def route(route):
        if urllib.parse.urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            aborted.append(route.request.url)
            route.abort()

    page.route("**/*", route)
    page.set_default_timeout(60_000)
    page.goto(f"{lite_site}/repl/index.html?kernel=python&code={urllib.parse.quote(SETUP)}")
    page.locator(f'{SCOPE} [data-cell="b2"]').wait_for(timeout=180_000)  # Pyodide starts

    def run(code: str) -> str:
        cells = page.locator(".jp-CodeConsole-content .jp-Cell")
        before = cells.count()
        page.locator(".jp-CodeConsole-input .cm-content").click()
        page.keyboard.insert_text(code)
        page.keyboard.press("Shift+Enter")
        expect(cells).to_have_count(before + 1)
        prompt = cells.last.locator(".jp-InputPrompt")
        expect(prompt).not_to_contain_text("*")
        expect(prompt).to_contain_text("[")
        return cells.last.locator(".jp-OutputArea").inner_text()

    yield page, run, aborted


def test_jupyterlite_plays_offline_says_analysis_is_unavailable_and_hints(console):
    page, run, aborted = console
    start = Position.from_cpn(BOAR_BOARD)
    expect_engine(page, SCOPE, start)
    boar = next(d for d in start.legal_texts() if start.play(d).choice == "boar-target")
    played, position = [boar], start.play(boar)  # the Boar's target: an effect choice
    while not position.at_boundary:
        played.append(position.legal_texts()[0])
        position = position.play(played[-1])
    end = play(page, SCOPE, start, played)
    held = json.loads(run("import json; print(json.dumps([w.cpn, w.game.export()]))"))
    assert held == [end.cpn(), f'[CPN "{BOAR_BOARD}"] ' + " ".join(played)]
    # from Python: the page follows
    after = end.legal_texts()[0]
    run(f"w.play({after!r})")
    expect_engine(page, SCOPE, end.play(after))
    # analysis: unavailable, saying why (one test: Pyodide takes about 15 s to start)
    root = page.locator(SCOPE).first
    expect(root).to_have_attribute("data-no-solver", "numba")
    analyse = page.locator(f"{SCOPE} [data-action=analyse]")
    expect(analyse).to_be_disabled()
    expect(analyse).to_have_attribute("data-tip", f"Analysis is unavailable here: {UNAVAILABLE}.")
    expect(page.locator(f"{SCOPE} [data-role=no-solver]")).to_contain_text(UNAVAILABLE)
    # the kernel refuses a search, saying why (not a traceback)
    said = run("try:\n    w.analyse()\nexcept Exception as e:\n    print(type(e).__name__, e)\n")
    assert said.startswith(f"SolverUnavailableError analysis is unavailable here: {UNAVAILABLE}")
    # a small endgame: the page's Hint solves it
    run(f"w.setup({ENDGAME!r})")
    expect_engine(page, SCOPE, Position.from_cpn(ENDGAME))
    page.locator(f"{SCOPE} [data-action=hint]").click()
    expect(page.locator(f"{SCOPE} [data-role=hint]")).to_contain_text("Green wins by 1 cell")
    assert aborted == []
