"""The board where the solver cannot load (issue #34 item 5: JupyterLite's Pyodide has no
numba): the widget starts and plays with the engine alone, says analysis is unavailable
(the settings name the missing module, for the page: js/offline.js, js/panel.js, js/hint.js)
and refuses every search with :class:`SolverUnavailableError` naming it, never a traceback.

A fresh interpreter hides numba and numpy from every import (as a Python without them)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cernunos_widget.session import solver_gate
from cernunos_widget.session.solver_gate import SolverUnavailableError, require_solver

REPO = Path(__file__).resolve().parents[2]

# numba and numpy are not there: every finder answers "no such module" for them
HIDE = """
import sys
HIDDEN = {"numba", "numpy"}
class Hide:
    def __init__(self, inner):
        self.inner = inner
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in HIDDEN:
            return None
        return self.inner.find_spec(name, path, target)
    def __getattr__(self, name):
        return getattr(self.inner, name)
sys.meta_path[:] = [Hide(f) for f in sys.meta_path]
"""

# a page's session with the widget: play, the settings, each search request and Python's own
SCRIPT = """
import json, sys, threading
sys.path.insert(0, {tests!r})
from page_double import Page
from cernunos_widget import CernunosWidget
from cernunos_widget.engine import CernunosError
from cernunos_widget.session import practice

w = CernunosWidget(language={language!r})
page = Page(w)
out = {{"settings": page.store["settings"], "ping": page.request(type="ping")["ok"],
        "played": page.play("B@b2")["ok"], "cpn": w.cpn}}
out["alive"] = threading.active_count()  # Pyodide cannot start a thread: none was
for request in ({{"type": "analyse", "multipv": 3, "seconds": None, "depth": None}},
                {{"type": "review", "seconds": None}}, {{"type": "threads", "threads": 2}},
                {{"type": "engine", "engine": "mcts"}}):
    reply = page.request(**request)
    out[request["type"]] = [reply["ok"], reply["message"]]
calls = (("w.analyse", lambda: w.analyse()), ("w.engine", lambda: setattr(w, "engine", "mcts")),
         ("to_html", lambda: w.to_html(None, analyse=True)), ("w.analyse_game", w.analyse_game),
         ("practice", lambda: practice.reply(w.position)))
for name, call in calls:
    try:
        call()
        out[name] = "ran"
    except CernunosError as error:
        out[name] = type(error).__name__ + ": " + str(error)
out["page"] = len(w.to_html(None)) > 1000  # a static page needs no search
out["loaded"] = sorted(m for m in sys.modules if m.split(".")[0] in ("numba", "numpy")
                       or m.startswith("cernunos_widget.solver"))
print(json.dumps(out))
"""


def without_solver(tmp_path: Path, language: str = "en") -> dict:
    (tmp_path / "sitecustomize.py").write_text(HIDE, encoding="utf-8")
    code = SCRIPT.format(tests=str(REPO / "tests"), language=language)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(REPO)])}
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                         text=True, timeout=120, env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_without_numba_the_board_plays_says_so_and_refuses_every_search(tmp_path):
    out = without_solver(tmp_path)
    assert out["settings"]["solver"] == "numba" and out["settings"]["cores"] == 1
    assert out["ping"] is True and out["alive"] == 1  # a shown board warms up no search
    # the engine decides: a Boar on b2, its target to choose
    assert out["played"] is True and out["cpn"] == ".,.,.,./.,B,.,./.,.,.,. g 1 0-0"
    said = (
        "analysis is unavailable here: the solver needs numba, which this Python does not have"
        " (JupyterLite's Pyodide has none); the board plays, and its Hint solves small endgames"
    )
    for request in ("analyse", "review", "threads", "engine"):
        assert out[request] == [False, said], request
    for call in ("w.analyse", "w.engine", "to_html", "w.analyse_game", "practice"):
        assert out[call] == f"SolverUnavailableError: {said}", call
    assert out["page"] is True
    assert out["loaded"] == []  # nothing of the solver, numba or numpy was imported


def test_a_french_board_refuses_in_french(tmp_path):
    out = without_solver(tmp_path, "fr")
    assert out["analyse"] == [False, (
        "l’analyse n’est pas disponible ici\u00a0: le solveur a besoin de numba, que ce Python"
        " n’a pas (le Pyodide de JupyterLite n’en a pas)\u202f; le plateau joue, et son Indice"
        " résout les petites fins de partie"
    )]


def test_with_numba_the_settings_say_nothing_of_it():
    from cernunos_widget import CernunosWidget

    settings = CernunosWidget().tree["settings"]
    assert "solver" not in settings and settings["cores"] >= 1
    require_solver()  # no error


@pytest.mark.parametrize("hidden", ["numba", "numpy"])
def test_the_gate_names_the_first_missing_module(monkeypatch, hidden):
    real = solver_gate.importlib.util.find_spec
    monkeypatch.setattr(
        solver_gate.importlib.util, "find_spec", lambda name: None if name == hidden else real(name)
    )
    solver_gate.missing_module.cache_clear()
    try:
        assert solver_gate.missing_module() == hidden
        with pytest.raises(SolverUnavailableError, match=f"the solver needs {hidden},"):
            require_solver()
    finally:
        solver_gate.missing_module.cache_clear()
