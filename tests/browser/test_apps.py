"""The board in apps with a kernel (issue #34 item 1): Voila, Panel and Solara, each serving
examples/hosts/ with its own server on a free local port. Each app holds two boards, a
"from Python" button per board and, under each board, what the kernel holds
(``[data-kernel]``, updated by the widget's ``revision``). By clicks on the second board,
an effect choice included, the page and the kernel follow the engine; the first board's
button (``w.play`` in the kernel) reaches the page; the two boards stay separate. Requests
that leave the machine are aborted (the hosts' own CDN fonts among them)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser.conftest import _free_port, server
from browser.test_docsite import BOAR_BOARD, expect_engine, play
from cernunos_widget.engine import Position

HOSTS = Path(__file__).resolve().parents[2] / "examples" / "hosts"
FIRST, SECOND = ":nth-match(.cw-root, 1)", ":nth-match(.cw-root, 2)"


def command(host: str, port: int) -> tuple[list[str], str]:
    """The host's own server for its example, and the page to open."""
    python = sys.executable
    if host == "voila":
        return [python, "-m", "voila", str(HOSTS / "voila.ipynb"), "--no-browser",
                f"--port={port}", "--Voila.ip=127.0.0.1"], "/"
    if host == "panel":
        return [python, "-m", "panel", "serve", str(HOSTS / "panel_app.py"), "--port",
                str(port), "--address", "127.0.0.1",
                f"--allow-websocket-origin=127.0.0.1:{port}"], "/panel_app"
    return [python, "-m", "solara", "run", str(HOSTS / "solara_app.py"), "--port", str(port),
            "--host", "127.0.0.1", "--no-open", "--production"], "/"  # fmt: skip


@pytest.fixture
def app(request, tmp_path, page):
    """Start the host's server (stopped when the test ends); open its page, the network
    beyond 127.0.0.1 cut."""
    host = request.param
    port = _free_port()
    argv, path = command(host, port)
    url = f"http://127.0.0.1:{port}"
    aborted: list[str] = []

    def route(route):
        if route.request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:")):
            route.continue_()
        else:
            aborted.append(route.request.url)
            route.abort()

    with server(argv, url + path, tmp_path / f"{host}.log", cwd=tmp_path):
        page.set_default_timeout(60_000)
        page.route("**/*", route)
        page.goto(url + path)
        yield page, aborted


def kernel(page, index: int) -> dict:
    return json.loads(page.locator("[data-kernel]").nth(index).inner_text())


def expect_kernel(page, index: int, game: str, cpn: str) -> None:
    """The kernel's line under board ``index`` says ``game`` and ``cpn``."""
    held = page.locator("[data-kernel]").nth(index)
    expect(held).to_contain_text(json.dumps({"cpn": cpn, "game": game})[1:-1])


@pytest.mark.parametrize("app", ["voila", "panel", "solara"], indirect=True)
def test_an_app_plays_by_clicks_and_from_python_with_two_separate_boards(app):
    page, aborted = app
    expect(page.locator(".cw-root")).to_have_count(2)
    start, second = Position.start(), Position.from_cpn(BOAR_BOARD)
    expect_engine(page, FIRST, start)
    expect_engine(page, SECOND, second)
    expect(page.locator(f"{SECOND} [data-action=analyse]")).to_be_enabled()  # a kernel answers
    boar = next(d for d in second.legal_texts() if second.play(d).choice == "boar-target")
    played, position = [boar], second.play(boar)  # the Boar's target: an effect choice
    while not position.at_boundary:  # each choice by a click, to the decision's end
        played.append(position.legal_texts()[0])
        position = position.play(played[-1])
    end = play(page, SECOND, second, played)
    held = kernel(page, 1)
    assert held["cpn"] == end.cpn() and held["current"] == len(played) >= 2
    assert held["game"] == f'[CPN "{BOAR_BOARD}"] ' + " ".join(played)
    # the first board did not move, in the page or in the kernel
    expect_engine(page, FIRST, start)
    assert kernel(page, 0) == {"cpn": start.cpn(), "game": "", "current": 0}
    # a change made from Python (the app's button: w.play in the kernel) reaches the page
    page.get_by_text("Boar on b2 (from Python)").first.click()
    expect_engine(page, FIRST, start.play("B@b2"))
    expect_kernel(page, 0, "B@b2", start.play("B@b2").cpn())
    expect(page.locator(f'{FIRST} [data-movelist] [data-node="1"]')).to_have_count(1)
    assert kernel(page, 1) == held  # the second board's kernel side did not move
    assert all("127.0.0.1" not in url for url in aborted)
