"""Fixtures for the other hosts: Jupyter Notebook 7 and marimo, each on loopback.

Like the JupyterLab fixture in conftest.py: a server in its own scratch folder (own
config/data/runtime dirs), its log kept, stopped at teardown. ``test_hosts.py`` imports them.
"""

from __future__ import annotations

import sys
from contextlib import ExitStack

import pytest

from browser.conftest import TOKEN, Lab, _free_port, jupyter_server, make_notebook, server


@pytest.fixture(scope="session")
def notebook7_server(tmp_path_factory):
    """Jupyter Notebook 7 on 127.0.0.1 with a token, serving a scratch folder: (url, folder)."""
    yield from jupyter_server(tmp_path_factory.mktemp("nb7"), "notebook")


class Notebook7(Lab):
    """One notebook open in Notebook 7 (same cells and outputs as JupyterLab, no status bar)."""

    def open(self, name: str) -> None:
        self.page.goto(f"{self.url}/notebooks/{name}?token={TOKEN}")
        self.page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
        self.wait_idle()

    def wait_idle(self) -> None:
        self.page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').first.wait_for(
            state="attached", timeout=60_000
        )


@pytest.fixture
def notebook7(notebook7_server, page, request):
    """Open a fresh notebook in Notebook 7: cell 0 ``setup`` + shows ``w``, cell 1 the probe."""
    url, folder = notebook7_server
    page.set_default_timeout(30_000)

    def open_with(setup: str, *extra: str) -> Notebook7:
        name = make_notebook(folder, f"{request.node.name}.ipynb", setup, *extra)
        nb = Notebook7(page, url)
        nb.open(name)
        nb.run(0)
        nb.widget()
        return nb

    return open_with


@pytest.fixture
def marimo_app(tmp_path):
    """``marimo run`` of an app's source (app mode: read-only, headless, no token) on
    127.0.0.1; yields a function ``source -> url``. The servers stop when the test ends."""
    with ExitStack() as servers:

        def start(source: str) -> str:
            app = tmp_path / f"app{_free_port()}.py"
            app.write_text(source)
            port = _free_port()
            url = f"http://127.0.0.1:{port}"
            command = [
                sys.executable, "-m", "marimo", "run", str(app),
                "--host", "127.0.0.1", "--port", str(port), "--headless", "--no-token",
                "--no-sandbox",
            ]  # fmt: skip
            log = app.with_suffix(".log")
            servers.enter_context(server(command, f"{url}/health", log, cwd=tmp_path))
            return url

        yield start
