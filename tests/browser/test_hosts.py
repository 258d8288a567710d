"""The board in the other hosts (README, "Where it runs"): Jupyter Notebook 7 and marimo.

Each test plays decisions by clicks in Chromium and reads the kernel side: Notebook 7 through
the probe cell, marimo through a cell that re-runs on every page request (``mo.state`` set
from the widget's ``on_msg``). JupyterLab has its own files (test_core.py, test_lab.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
from playwright.sync_api import expect

from browser.clicks import final_click
from browser.conftest import PROBE
from browser.hosts import Notebook7, marimo_app, notebook7, notebook7_server  # noqa: F401
from cernunos_widget.engine import Position

CLICKED = ["B@b2", "D@a1", "W@d3"]  # Green's two placements, then Purple's first
FROM_PYTHON = "S@c1"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def cpn_after(tokens: list[str]) -> str:
    position = Position.start()
    for token in tokens:
        position = position.play(token)
    return position.cpn()


def play_by_clicks(page, root) -> None:
    """Pick the kind in the reserve, click the cell; each time wait for the kernel's reply."""
    for number, token in enumerate(CLICKED, start=1):
        final_click(page, token).click()
        expect(root).to_have_attribute("data-current", str(number))
        expect(root).to_have_attribute("data-cpn", cpn_after(CLICKED[:number]))


def test_notebook7_plays_by_clicks_and_the_kernel_follows(notebook7):  # noqa: F811
    nb = notebook7(
        "from cernunos_widget import CernunosWidget\nw = CernunosWidget()",
        f"w.play({FROM_PYTHON!r})",
    )
    page, root = nb.page, nb.widget()
    expect(root).to_have_attribute("data-cpn", cpn_after([]))
    play_by_clicks(page, root)
    state = nb.kernel_state()
    assert state["game"] == " ".join(CLICKED)
    assert state["cpn"] == cpn_after(CLICKED) and state["current"] == 3
    assert state["message"] == ""  # no click was refused
    nb.run(2)  # a change made from Python reaches the page as a patch
    expect(root).to_have_attribute("data-cpn", cpn_after([*CLICKED, FROM_PYTHON]))
    expect(page.locator('[data-movelist] [data-node="4"]')).to_have_count(1)


MARIMO_APP = """
import marimo

app = marimo.App()


@app.cell
def _():
    import json

    import marimo as mo

    from cernunos_widget import CernunosWidget

    w = CernunosWidget()
    get_requests, set_requests = mo.state(0)
    # each page request (a click the kernel answers) re-runs the cells that read the count
    w.on_msg(lambda *_: set_requests(lambda n: n + 1))


    def play_from_python(count):
        w.play("{FROM_PYTHON}")
        return count + 1


    python_play = mo.ui.button(value=0, label="play from Python", on_click=play_from_python)
    board = mo.ui.anywidget(w)
    mo.vstack([board, python_play])
    return get_requests, json, mo, python_play, w


@app.cell
def _(get_requests, json, mo, python_play, w):
    state = {
        "requests": get_requests(),
        "python": python_play.value,
        "cpn": w.cpn,
        "game": w.game.export(),
        "current": w.current,
        "message": w.message,
    }
    mo.Html(f"<pre data-probe>{json.dumps(state)}</pre>")
    return


if __name__ == "__main__":
    app.run()
""".replace("{FROM_PYTHON}", FROM_PYTHON)


def test_marimo_plays_by_clicks_and_a_cell_reacts(marimo_app, page):  # noqa: F811
    page.set_default_timeout(30_000)
    page.goto(marimo_app(MARIMO_APP))
    root = page.locator(".cw-root").first
    expect(root).to_have_attribute("data-cpn", cpn_after([]), timeout=60_000)
    probe = page.locator("[data-probe]").first

    def kernel_state(requests: int) -> dict:
        expect(probe).to_contain_text(f'"requests": {requests},')
        return json.loads(probe.inner_text())

    assert kernel_state(1)["current"] == 0  # the page's first request: a ping (kernel there?)
    play_by_clicks(page, root)  # custom messages page -> kernel, and the replies back
    state = kernel_state(1 + len(CLICKED))
    assert state["game"] == " ".join(CLICKED) and state["cpn"] == cpn_after(CLICKED)
    assert state["current"] == 3 and state["message"] == ""
    page.get_by_role("button", name="play from Python").click()
    # a kernel-side change outside any page request reaches the page as a patch
    expect(root).to_have_attribute("data-cpn", cpn_after([*CLICKED, FROM_PYTHON]))
    expect(root).to_have_attribute("data-current", "4")
    expect(probe).to_contain_text('"python": 1,')
    state = json.loads(probe.inner_text())
    assert state["game"] == " ".join([*CLICKED, FROM_PYTHON]) and state["requests"] == 4
    root.locator('[data-action="back"]').click()  # navigation: local first, the kernel follows
    expect(root).to_have_attribute("data-current", "3")
    assert kernel_state(5)["current"] == 3


# The README's recipe: a cell that reads the board's value re-runs whoever moved the board.
MARIMO_FOLLOW = """
import marimo

app = marimo.App()


@app.cell
def _():
    import json

    import marimo as mo

    from cernunos_widget import CernunosWidget

    w = CernunosWidget()


    def play_from_python(count):
        w.play("{FROM_PYTHON}")
        return count + 1


    python_play = mo.ui.button(value=0, label="play from Python", on_click=play_from_python)
    board = mo.ui.anywidget(w)
    mo.vstack([board, python_play])
    return board, json, mo, w


@app.cell
def _(board, json, mo, w):
    v = board.value
    seen = {k: v.get(k) for k in ("node_id", "current_cpn", "revision")}
    mo.Html(f"<pre data-follow>{json.dumps({**seen, 'game': w.game.export()})}</pre>")
    return


if __name__ == "__main__":
    app.run()
""".replace("{FROM_PYTHON}", FROM_PYTHON)


def test_marimo_a_cell_reading_the_board_follows_clicks_and_python(marimo_app, page):  # noqa: F811
    page.set_default_timeout(30_000)
    page.goto(marimo_app(MARIMO_FOLLOW))
    root = page.locator(".cw-root").first
    expect(root).to_have_attribute("data-cpn", cpn_after([]), timeout=60_000)
    follow = page.locator("[data-follow]").first

    def seen(node: int) -> dict:
        expect(follow).to_contain_text(f'"node_id": {node},')
        return json.loads(follow.inner_text())

    play_by_clicks(page, root)  # page -> kernel: the cell re-runs with the kernel's node
    state = seen(len(CLICKED))
    assert state["current_cpn"] == cpn_after(CLICKED) and state["game"] == " ".join(CLICKED)
    message = root.locator("[data-role=message]")
    root.locator('[data-cell="a3"]').click()  # no kind picked: a notice about this position
    expect(message).to_contain_text("First pick a token")
    page.get_by_role("button", name="play from Python").click()  # kernel -> page and the cell
    expect(root).to_have_attribute("data-cpn", cpn_after([*CLICKED, FROM_PYTHON]))
    expect(message).to_have_text("")  # the notice went with its position (#35 item 7)
    state = seen(len(CLICKED) + 1)
    assert state["current_cpn"] == cpn_after([*CLICKED, FROM_PYTHON])
    assert state["game"] == " ".join([*CLICKED, FROM_PYTHON])
    root.locator('[data-action="back"]').click()  # navigation only: the node moves back
    state = seen(len(CLICKED))
    assert state["current_cpn"] == cpn_after(CLICKED)


def test_the_tour_opens_in_notebook7_and_its_analysis_board_proves(
    notebook7_server,  # noqa: F811
    page,
):
    """examples/tour.ipynb as committed (plus a probe cell at the end): every board shows,
    and Analyse on its last board proves the result, in the page and in the kernel."""
    url, folder = notebook7_server
    tour = nbformat.read(EXAMPLES / "tour.ipynb", as_version=4)
    boards = [c for c in tour.cells if c.source.startswith("CernunosWidget(")]
    probe = "w = _  # the last board\n" + PROBE  # its output, IPython's last result
    tour.cells.append(nbformat.v4.new_code_cell(probe))
    nbformat.write(tour, folder / "tour.ipynb")
    page.set_default_timeout(30_000)
    nb = Notebook7(page, url)
    nb.open("tour.ipynb")
    code = [i for i, c in enumerate(tour.cells) if c.cell_type == "code"]
    for index in code[:-1]:
        nb.run(index)
    roots = page.locator(".cw-root")
    expect(roots).to_have_count(len(boards))
    last = roots.nth(len(boards) - 1)
    last.locator('[data-action="analyse"]').click()
    expect(last.locator('[data-role="analysis"]')).to_have_attribute("data-status", "done")
    expect(last.locator(".cw-line.cw-proven")).to_have_count(3)
    state = nb.kernel_state(code[-1])
    assert state["analysis"] == "done" and state["lines"] == 3
    assert state["cpn"] == re.search(r"cpn='([^']+)'", boards[-1].source).group(1)
