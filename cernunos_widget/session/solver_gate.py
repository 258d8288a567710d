"""Whether the solver can run in this Python: its compiled core needs numba and numpy, which
some hosts do not have (JupyterLite's Pyodide kernel: no numba for WebAssembly).

Without them the engine, the session and the board work as everywhere (the rules are plain
Python); what searches (analysis, the review, the engine's moves in a practice chapter, the
engine and thread settings) is refused with :class:`SolverUnavailableError` naming the missing
module, and the page disables those controls saying why and offers its own exact Hint in small
endgames (js/offline.js, js/hint.js; docs/widget.md, "JupyterLite").
"""

from __future__ import annotations

import importlib.util
from functools import cache

from ..engine import CernunosError
from ..i18n import refusal

SOLVER_MODULES = ("numba", "numpy")  # what cernunos_widget.solver imports from outside


class SolverUnavailableError(CernunosError):
    """A search asked for where the solver's compiled core cannot load (numba missing)."""


@cache
def missing_module() -> str | None:
    """The first module the solver needs that this Python does not have (None: none is
    missing). Looked up, not imported: the board starts without loading the solver."""
    for name in SOLVER_MODULES:
        if importlib.util.find_spec(name) is None:
            return name
    return None


def require_solver() -> None:
    """:class:`SolverUnavailableError` if the solver cannot load here, naming the module."""
    module = missing_module()
    if module is not None:
        raise refusal(SolverUnavailableError, "refusal.no_solver", module=module)
