"""Cold start (issue #11, item 7): no search spends its time limit preparing the engine.

The cold tests run a fresh interpreter with an empty ``NUMBA_CACHE_DIR``, so numba
compiles the compiled core there (about half a minute each).
"""

import subprocess
import sys
import textwrap

# An endgame the exact search proves in a few hundred thousand decisions (well under a
# second): proven only if the search really ran; a search that lost its whole limit to
# compiling answers "estimate" (each first decision rated at a glance).
ENDGAME = "TC,Sw,XB,Dcd/WDTTTTT,.,BF,W/bw,Ddttttfd,bxB,st g 2 5-5"
NOTICE = "preparing the search engine"


def python(code: str, env: dict | None = None, timeout: float = 600) -> subprocess.CompletedProcess:
    import os

    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
    )


def test_play_legal_result_and_show_never_load_the_compiled_core():
    out = python(
        f"""
        import contextlib, io, sys
        from cernunos_widget.cli import main
        with contextlib.redirect_stdout(io.StringIO()):
            main(["play", "B@b2"])
            main(["legal", "--from", "{ENDGAME}"])
            main(["result", "{ENDGAME}"])
            main(["show", "{ENDGAME}"])
        print(sorted(m for m in sys.modules if m.split(".")[0] == "numba"
                     or m.startswith("cernunos_widget.solver")))
        """
    )
    assert (out.returncode, out.stdout, out.stderr) == (0, "[]\n", "")


def test_cold_cli_solve_says_it_prepares_on_stderr_then_searches(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "cernunos_widget", "solve", "--from", ENDGAME, "--time", "2"],
        capture_output=True,
        text=True,
        timeout=600,
        env={**__import__("os").environ, "NUMBA_CACHE_DIR": str(tmp_path)},
    )
    assert out.returncode == 0, out.stderr
    assert NOTICE in out.stderr
    assert out.stdout.startswith("loss proven : ") and out.stdout.count("\n") == 1


def test_cold_analyse_prepares_before_its_clock_and_searches_its_limit(tmp_path):
    out = python(
        f"""
        from cernunos_widget.engine import Position
        from cernunos_widget.solver import Limit, analyse, engine_cached, engine_ready
        print(engine_ready(), engine_cached())
        info = analyse(Position.from_cpn("{ENDGAME}"), Limit(time=2))[0]
        print(info.value_text(), len(info.pv) > 1, info.seconds < 2)
        print(engine_ready(), engine_cached())
        """,
        env={"NUMBA_CACHE_DIR": str(tmp_path)},
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["False False", "loss proven True True", "True True"]
    assert NOTICE in out.stderr


def test_warm_prepare_reports_progress_and_later_calls_return_at_once():
    out = python(
        """
        from cernunos_widget.solver import engine_cached, engine_ready, prepare_engine
        steps = []
        print(engine_ready(), engine_cached())
        prepare_engine(lambda done, total: steps.append((done, total)))
        prepare_engine(lambda done, total: steps.append("again"))
        print(engine_ready(), steps)
        from cernunos_widget.solver.compiled import loading
        print(len(loading._calls()))
        """
    )
    assert out.returncode == 0, out.stderr
    first, second, calls = out.stdout.splitlines()
    assert first == "False True"
    assert int(calls) >= 10  # one step per compiled entry point (a few share one)
    assert second == f"True {[(k, int(calls)) for k in range(1, int(calls) + 1)]}"
    assert out.stderr == ""  # a warm load says nothing


def test_warm_fast_load_gives_the_same_proofs_and_numba_still_compiles_new_code():
    # The fast load skips numba's registries (numba.np.arraymath among them); the
    # searches must still be right, and a later compilation must refresh them fully.
    out = python(
        f"""
        import sys
        import numpy as np
        from numba import njit
        from cernunos_widget.engine import Position
        from cernunos_widget.solver import prepare_engine, solve
        from cernunos_widget.solver.search import ExactSearch
        prepare_engine()
        print("numba.np.arraymath" in sys.modules)
        p = Position.from_cpn("{ENDGAME}")
        print(solve(p).score == ExactSearch().strong_value(p))
        print(njit(lambda a: np.dot(a, a) + np.sort(a)[0])(np.arange(3.0)))
        """
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["False", "True", "5.0"]


def test_a_budget_made_before_the_engine_is_ready_does_not_count_its_preparation(monkeypatch):
    # A caller that makes its Budget first (the widget's game analysis did): the compiled
    # search stops that clock while it prepares the engine.
    import time

    from cernunos_widget.solver.compiled import searchers
    from cernunos_widget.solver.search import Budget

    monkeypatch.setattr(searchers, "engine_ready", lambda: False)
    monkeypatch.setattr(searchers, "prepare_engine", lambda: time.sleep(1.0))
    budget = Budget(seconds=5)
    searchers.CompiledExactSearch(budget)
    assert budget.elapsed() < 1.0
    assert budget.deadline - budget.started == 5
