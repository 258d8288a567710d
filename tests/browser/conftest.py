"""Real-browser fixtures: JupyterLab on loopback and Debian's Chromium driven by Playwright.

No browser is ever downloaded: Playwright starts /usr/bin/chromium (installed by
tests/install-browser.sh). If it is missing these tests fail, they are not skipped.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import expect

# A kernel round trip on a loaded 2-core machine can exceed Playwright's 5 s default:
# assertions wait longer (they return as soon as the condition holds).
expect.set_options(timeout=20_000)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TOKEN = "cernunos-test"
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run 'bash tests/install-browser.sh' first")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def server(command: list[str], ready_url: str, log_path: Path, **popen) -> Iterator[None]:
    """Run ``command`` until the block ends; wait (60 s at most) until ``ready_url`` answers."""
    log = open(log_path, "w")  # noqa: SIM115 - closed at teardown
    proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, **popen)
    deadline = time.time() + 60
    try:
        while True:
            try:
                urllib.request.urlopen(ready_url, timeout=2)
                break
            except OSError:
                if time.time() > deadline or proc.poll() is not None:
                    raise RuntimeError(log_path.read_text()) from None
                time.sleep(0.3)
        yield
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def jupyter_server(tmp: Path, module: str) -> Iterator[tuple[str, Path]]:
    """``python -m <module>`` (jupyterlab, notebook) on 127.0.0.1 with a token, its own
    config, data and settings in ``tmp``, serving ``tmp/nb``; yields (url, folder)."""
    root = tmp / "nb"
    root.mkdir()
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=f"{tmp}/cfg",
        JUPYTER_DATA_DIR=f"{tmp}/data",
        JUPYTER_RUNTIME_DIR=f"{tmp}/run",
        JUPYTERLAB_SETTINGS_DIR=f"{tmp}/settings",
        JUPYTERLAB_WORKSPACES_DIR=f"{tmp}/ws",
    )
    settings = tmp / "settings/@jupyterlab/apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        '{"fetchNews": "false", "checkForUpdates": false}'
    )
    widgets = tmp / "settings/@jupyter-widgets/jupyterlab-manager"
    widgets.mkdir(parents=True)  # "Save Widget State Automatically": boards reach the file
    (widgets / "plugin.jupyterlab-settings").write_text('{"saveState": true}')
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    command = [
        sys.executable,
        "-m",
        module,
        "--no-browser",
        "--allow-root",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={TOKEN}",
        f"--ServerApp.root_dir={root}",
        *(["--LabApp.expose_app_in_browser=True"] if module == "jupyterlab" else []),
    ]
    with server(command, f"{url}/api/status?token={TOKEN}", tmp / f"{module}.log", env=env):
        yield url, root


@pytest.fixture(scope="session")
def jupyter_lab(tmp_path_factory):
    """A JupyterLab server on 127.0.0.1 serving a scratch folder; yields (url, folder)."""
    yield from jupyter_server(tmp_path_factory.mktemp("jlab"), "jupyterlab")


class Lab:
    """One notebook open in JupyterLab, with helpers to run cells and read the kernel."""

    def __init__(self, page, url: str) -> None:
        self.page = page
        self.url = url

    def open(self, name: str) -> None:
        """Open notebook ``name`` in the page's JupyterLab (loaded once: ``lab_page``)."""
        self.page.evaluate(
            "name => window.jupyterapp.commands.execute('docmanager:open', {path: name})", name
        )
        self.page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
        self.wait_idle()

    def wait_idle(self) -> None:
        self.page.get_by_text("Kernel status: Idle").first.wait_for(
            state="attached", timeout=60_000
        )

    def cell(self, index: int):
        return self.page.locator(".jp-Notebook .jp-Cell").nth(index)

    def run(self, index: int) -> None:
        """Execute cell ``index`` and wait until its execution finished."""
        cell = self.cell(index)
        prompt = cell.locator(".jp-InputPrompt")
        before = prompt.inner_text().strip()
        for _attempt in range(6):  # the first keypress can come before the kernel is ready
            dialogs = self.page.locator(".jp-Dialog")
            if dialogs.count() and "Select Kernel" in dialogs.first.inner_text():
                # under load the kernel specs can come late: take the preselected Python 3
                dialogs.first.locator(".jp-mod-accept").click()
                dialogs.first.wait_for(state="detached")
            if dialogs.count():
                raise AssertionError(f"a JupyterLab dialog is open: {dialogs.all_inner_texts()}")
            cell.locator(".jp-InputArea-editor").click()
            self.page.keyboard.press("Shift+Enter")
            try:
                self.page.wait_for_function(
                    """([el, before]) => { const t = el.innerText.trim();
                         return t !== before && /\\[\\d+\\]/.test(t); }""",
                    arg=[prompt.element_handle(), before],
                    timeout=10_000,
                )
            except Exception:  # noqa: BLE001 - retried, then reported below
                continue
            errors = cell.locator(".jp-OutputArea-output[data-mime-type*='error']")
            if errors.count():
                raise AssertionError(f"cell {index} failed:\n{errors.first.inner_text()}")
            return
        raise AssertionError(f"cell {index} did not run; prompt stayed {prompt.inner_text()!r}")

    def kernel_state(self, index: int = 1) -> dict:
        """Run the probe cell (prints the widget's Python state as JSON) and read it."""
        self.run(index)
        text = self.cell(index).locator(".jp-OutputArea-output").last.inner_text()
        return json.loads(text)

    def kernel_state_until(self, holds, seconds: float = 10.0, index: int = 1) -> dict:
        """The probe's state (cell ``index``) once ``holds(state)`` is true (the page's
        message may reach the kernel after the probe cell is sent), or the last one read
        after ``seconds``."""
        deadline = time.monotonic() + seconds
        state = self.kernel_state(index)
        while not holds(state) and time.monotonic() < deadline:
            time.sleep(0.2)
            state = self.kernel_state(index)
        return state

    def widget(self):
        root = self.page.locator(".cw-root").first
        try:
            root.wait_for(timeout=30_000)
        except Exception as error:  # say what the cell showed instead of the widget
            shown = self.cell(0).locator(".jp-OutputArea").inner_text()
            raise AssertionError(f"no widget appeared; the cell shows:\n{shown}") from error
        return root


PROBE = (
    "import json\nprint(json.dumps({'cpn': w.cpn, 'game': w.game.export(), "
    "'current': w.current, 'choice': w.position.choice, 'overlay': w.overlay, "
    "'message': w.message, 'decision': w.node.decision_text, "
    "'analysis': w.analysis.get('status'), 'lines': len(w.analysis.get('lines', [])), "
    "'engine': w.engine, 'analysis_engine': w.analysis.get('engine')}))"
)


def make_notebook(folder: Path, name: str, setup: str, *extra: str) -> str:
    """Write a notebook: cell 0 builds and shows ``w``, cell 1 is the kernel-state probe,
    then the ``extra`` cells (cells 2, 3 ...)."""
    cells = [
        {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": s}
        for s in (setup + "\nw", PROBE, *extra)
    ]
    nb = {
        "cells": cells,
        "metadata": {"kernelspec": KERNELSPEC},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (folder / name).write_text(json.dumps(nb))
    return name


VIEWPORT = {"width": 1280, "height": 720}  # pytest-playwright's default


@pytest.fixture(scope="session")
def lab_page(jupyter_lab, browser, browser_context_args):
    """One JupyterLab page per worker, loaded once: each test opens its notebook in it
    (loading JupyterLab took about half of a short test's time)."""
    url, _ = jupyter_lab
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    page.goto(f"{url}/lab?token={TOKEN}&reset")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=60_000)
    page.locator("#jp-main-dock-panel").wait_for(timeout=60_000)
    yield page
    context.close()


def close_notebooks(page, url: str) -> None:
    """Close every open document (unsaved changes dropped) and shut down every kernel."""
    page.evaluate(
        """() => { const shell = window.jupyterapp.shell;
             for (const w of Array.from(shell.widgets("main"))) {
               if (w.context) w.context.model.dirty = false;
               w.dispose();
             } }"""
    )
    with urllib.request.urlopen(f"{url}/api/sessions?token={TOKEN}", timeout=10) as reply:
        sessions = json.load(reply)
    for session in sessions:
        request = urllib.request.Request(
            f"{url}/api/sessions/{session['id']}?token={TOKEN}", method="DELETE"
        )
        urllib.request.urlopen(request, timeout=10).close()


@pytest.fixture
def page(request):
    """pytest-playwright's page, except in a test of a notebook in JupyterLab (``lab``):
    the worker's JupyterLab page, at the default window size."""
    if "lab" in request.fixturenames:
        return request.getfixturevalue("lab_page")
    return request.getfixturevalue("context").new_page()


@pytest.fixture
def lab(jupyter_lab, lab_page, request):
    """A fresh notebook per test (a kernel per notebook, so no state leaks), opened in the
    worker's JupyterLab page once the previous test's notebooks and kernels are gone."""
    url, folder = jupyter_lab
    page = lab_page
    close_notebooks(page, url)
    page.set_viewport_size(VIEWPORT)
    page.set_default_timeout(30_000)

    def open_with(setup: str, *extra: str) -> Lab:
        name = make_notebook(
            folder, f"{request.node.name}.ipynb".replace("[", "_").replace("]", "_"), setup, *extra
        )
        lab = Lab(page, url)
        lab.open(name)
        lab.run(0)
        lab.widget()
        return lab

    yield open_with
    close_notebooks(page, url)


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
