"""Preparing the search engine (issue #35, item 5): what is said while it compiles."""

import pytest

from cernunos_widget.engine import CernunosError
from cernunos_widget.solver import prepare
from cernunos_widget.solver.compiled import loading


def test_the_estimate_is_the_reference_compile_times_at_the_pace_measured_here(monkeypatch):
    monkeypatch.setattr(loading, "cached", lambda steps=None: False)
    preparer = prepare._Preparer()
    monkeypatch.setattr(prepare, "_preparer", preparer)
    assert preparer.seconds_left(loading.steps_of("mcts")) == 7.5  # 4 + 1 + 2.5 s
    assert prepare.preparing_seconds("exact") == 14.5  # 4 + 1 + 5.5 + 4 s
    preparer.done.add("rules")
    preparer.compiled["rules"] = 8.0  # twice the reference machine's time here
    assert prepare.preparing_seconds("mcts") == 7.0  # (1 + 2.5) * 2
    assert prepare.notice("mcts") == (
        "preparing the search engine (compiling, about 7 s, once per install)"
    )
    preparer.done.update(("evaluation", "mcts"))
    assert prepare.preparing_seconds("mcts") == 0 and prepare.engine_ready("mcts")
    assert not prepare.engine_ready("alphabeta")


def test_an_unknown_search_is_refused_naming_the_searches():
    with pytest.raises(CernunosError, match="unknown search 'minimax': use one of mcts, alph"):
        prepare.prepare_engine(search="minimax")


def test_a_cache_numba_cannot_write_anywhere_falls_back_to_a_private_temporary_folder(
    monkeypatch, capsys
):
    from numba.core import config

    from cernunos_widget.solver.compiled import cachedir

    assert cachedir.ensure() is None  # (this checkout's cache is writable: nothing changes)
    assert capsys.readouterr().err == ""

    def no_locator(py_func):
        raise RuntimeError("cannot cache function '_probe': no locator available")

    monkeypatch.setattr(cachedir, "CompileResultCacheImpl", no_locator)
    monkeypatch.setattr(config, "CACHE_DIR", config.CACHE_DIR)  # restored after the test
    folder = cachedir.ensure()
    assert folder is not None and folder.is_dir() and str(folder) == config.CACHE_DIR
    assert "cernunos-numba-cache-" in folder.name
    err = capsys.readouterr().err
    assert "numba cannot write its cache" in err and "set NUMBA_CACHE_DIR" in err
