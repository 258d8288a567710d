"""Fixtures for the other hosts: Jupyter Notebook 7 and marimo, each on loopback.

Like the JupyterLab fixture in conftest.py: a server in its own scratch folder (own
config/data/runtime dirs), its log kept, stopped at teardown. ``test_hosts.py`` imports them.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest

from browser.conftest import TOKEN, Lab, _free_port, make_notebook


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


@pytest.fixture(scope="session")
def notebook7_server(tmp_path_factory):
    """Jupyter Notebook 7 on 127.0.0.1 with a token, serving a scratch folder: (url, folder)."""
    tmp = tmp_path_factory.mktemp("nb7")
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
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    command = [
        sys.executable,
        "-m",
        "notebook",
        "--no-browser",
        "--allow-root",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={TOKEN}",
        f"--ServerApp.root_dir={root}",
    ]
    with server(command, f"{url}/api/status?token={TOKEN}", tmp / "notebook.log", env=env):
        yield url, root


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
