"""Cold start (issue #11, item 7; issue #35, item 5): no search spends its time limit
preparing the engine, and each search compiles only its own part of the compiled core.

The cold tests run a fresh interpreter with a cold ``NUMBA_CACHE_DIR`` (:func:`cold_cache`),
so numba compiles there what the search needs (MCTS about 8 s, the exact search about 12 s).
"""

import re
import subprocess
import sys
import textwrap

import pytest

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


@pytest.fixture(scope="module")
def cold_cache(tmp_path_factory):
    """One numba cache, empty at first, for this module's cold tests (one worker runs them,
    in order): the first compiles the rules and the evaluation every search needs, and
    MCTS; the next finds those and compiles only the exact search's own steps."""
    return tmp_path_factory.mktemp("numba-cache")


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


def test_cold_cli_solve_compiles_only_mcts_says_so_on_stderr_then_searches(cold_cache):
    # From the start, engine="auto" runs MCTS: only its steps are compiled (the cheapest
    # cold start); a search that lost its limit to compiling would answer one decision.
    out = subprocess.run(
        [sys.executable, "-m", "cernunos_widget", "solve", "--time", "2"],
        capture_output=True,
        text=True,
        timeout=600,
        env={**__import__("os").environ, "NUMBA_CACHE_DIR": str(cold_cache)},
    )
    assert out.returncode == 0, out.stderr
    assert re.fullmatch(
        r"cernunos: preparing the search engine \(compiling, about \d+ s, once per install\)"
        r"\.\.\.\n",
        out.stderr,
    )
    assert re.fullmatch(r"estimate -?\d\.\d\d : \S+( \S+)+\n", out.stdout)


def test_cold_analyse_prepares_before_its_clock_and_searches_its_limit(cold_cache):
    # With a spare core (said so here: the test machine is busy), proof-number search is
    # compiled by a second process while alpha-beta compiles here, then loaded from the
    # cache it filled (compiled/elsewhere.py).
    out = python(
        f"""
        from cernunos_widget.engine import Position
        from cernunos_widget.solver import Limit, analyse, engine_cached, engine_ready
        from cernunos_widget.solver.compiled import elsewhere, loading
        elsewhere.spare_core = lambda: True
        cached_when_run, run = {{}}, loading.run
        def watched(step):
            cached_when_run[step] = loading.cached((step,))
            run(step)
        loading.run = watched
        print(engine_ready("exact"), engine_cached("exact"))
        info = analyse(Position.from_cpn("{ENDGAME}"), Limit(time=2))[0]
        print(info.value_text(), len(info.pv) > 1, info.seconds < 2)
        print(engine_ready("exact"), engine_cached("exact"), engine_ready("mcts"))
        print(cached_when_run["alphabeta"], cached_when_run["proofs"])
        """,
        env={"NUMBA_CACHE_DIR": str(cold_cache)},
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines == ["False False", "loss proven True True", "True True False", "False True"]
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
        """
    )
    assert out.returncode == 0, out.stderr
    first, second = out.stdout.splitlines()
    assert first == "False True"
    assert second == f"True {[(k, 5) for k in range(1, 6)]}"  # one call for each step
    assert out.stderr == ""  # a warm load says nothing


# What each search loads (warm: the functions Python calls; numba loads each with the code
# it calls, so no other function is compiled or loaded).
RULES = ["rules.child_into", "rules.options", "evaluation.features"]
ENTRY_POINTS = {
    "mcts": RULES + ["mcts_tree.init_root", "mcts_tree.iterate", "mcts_tree.principal_line"],
    "alphabeta": RULES + ["alphabeta.search", "table.lookup", "rules.is_over"],
}
ENTRY_POINTS["exact"] = ENTRY_POINTS["alphabeta"] + [
    "proofnumbers.prove",
    "evaluation.leaf_score",
]


def test_each_search_loads_only_its_own_part_of_the_compiled_core():
    out = python(
        """
        import gc
        from numba.core.registry import CPUDispatcher
        from cernunos_widget.solver import engine_ready, prepare_engine

        def loaded():
            return sorted(
                f.py_func.__module__.rsplit(".", 1)[1] + "." + f.__name__
                for f in gc.get_objects()
                if isinstance(f, CPUDispatcher) and f.overloads
                and f.py_func.__module__.startswith("cernunos_widget.solver.compiled")
            )

        for search in ("mcts", "alphabeta", "exact"):
            prepare_engine(search=search)
            print(search, engine_ready("mcts"), engine_ready("exact"), loaded())
        """
    )
    assert out.returncode == 0, out.stderr
    mcts, alphabeta, exact = (line.split(" ", 3) for line in out.stdout.splitlines())
    assert mcts == ["mcts", "True", "False", str(sorted(ENTRY_POINTS["mcts"]))]
    both = sorted(set(ENTRY_POINTS["mcts"] + ENTRY_POINTS["alphabeta"]))
    assert alphabeta == ["alphabeta", "True", "False", str(both)]
    every = sorted(set(ENTRY_POINTS["mcts"] + ENTRY_POINTS["exact"]))
    assert exact == ["exact", "True", "True", str(every)]


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

    monkeypatch.setattr(searchers, "engine_ready", lambda search: False)
    monkeypatch.setattr(searchers, "prepare_engine", lambda search: time.sleep(1.0))
    budget = Budget(seconds=5)
    searchers.CompiledExactSearch(budget)
    assert budget.elapsed() < 1.0
    assert budget.deadline - budget.started == 5
