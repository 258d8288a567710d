"""A search's memory grows with the cores, not the threads asked for (issue #36 item 9):
threads beyond the cores are not made; a lack of memory is :class:`SearchMemoryError`."""

from __future__ import annotations

import errno
import importlib
import mmap

import numpy as np
import pytest

from cernunos_widget.engine import Position
from cernunos_widget.session import Session
from cernunos_widget.solver import (
    MAX_THREADS,
    Limit,
    SearchMemoryError,
    analysis,
    available_cores,
    search_threads,
)
from cernunos_widget.solver.compiled import alphabeta, proofnumbers, table
from cernunos_widget.solver.compiled.searchers import CompiledDepthSearch, CompiledExactSearch

analyse_module = importlib.import_module("cernunos_widget.solver.analyse")  # (not the function)
MIDGAME = Position.from_cpn(".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1")


def test_a_search_runs_at_most_one_thread_a_core():
    cores = available_cores()
    assert search_threads(MAX_THREADS) == cores and search_threads(1) == 1
    for search in (CompiledExactSearch(threads=MAX_THREADS), CompiledDepthSearch(threads=256)):
        assert search.runner.threads == cores
        assert len(search.runner.helper_pools) == cores - 1  # one buffer pool a helper


def test_an_mcts_analysis_grows_one_tree_a_core(monkeypatch):
    made = []
    real = analyse_module.Mcts

    def counted(*args, **kwargs):
        made.append(kwargs["memory_mb"])
        return real(*args, **kwargs)

    monkeypatch.setattr(analyse_module, "Mcts", counted)
    next(analysis(MIDGAME, Limit(nodes=500), engine="mcts", memory_mb=64, threads=MAX_THREADS))
    assert len(made) == available_cores() and sum(made) == pytest.approx(64)


def test_the_session_shows_the_threads_the_search_runs():
    def fake(position, limit, multipv, *, stop, engine, **options):
        yield []

    s = Session()
    assert s.analyse(analyser=fake, threads=MAX_THREADS).wait(10)
    assert s.analysis["threads"] == available_cores()


def refuse_mmap(*args, **kwargs):
    raise OSError(errno.ENOMEM, "Cannot allocate memory")


def refuse_numpy(*args, **kwargs):
    raise MemoryError("Unable to allocate 8.02 MiB for an array with shape (1026, 1025)")


def test_a_table_the_system_refuses_is_a_search_memory_error(monkeypatch):
    monkeypatch.setattr(table, "_spares", {})  # no kept table: a new mapping is asked for
    monkeypatch.setattr(mmap, "mmap", refuse_mmap)
    with pytest.raises(SearchMemoryError, match=r"the search table \(56.0 MiB\).*fewer threads"):
        table.Table.create(21)
    with pytest.raises(SearchMemoryError, match="the proof table"):
        proofnumbers.ProofTable.create(21)


def test_buffers_numpy_cannot_allocate_are_a_search_memory_error(monkeypatch):
    monkeypatch.setattr(np, "empty", refuse_numpy)
    with pytest.raises(SearchMemoryError, match="a search thread's buffers") as raised:
        alphabeta.new_pool()
    assert "Unable to allocate" not in str(raised.value)


def test_another_os_error_is_not_called_a_lack_of_memory(monkeypatch):
    def denied(*args, **kwargs):
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(table, "_spares", {})
    monkeypatch.setattr(mmap, "mmap", denied)
    with pytest.raises(PermissionError):
        table.Table.create(21)


def test_the_widget_says_the_search_lacked_memory(monkeypatch):
    from cernunos_widget import CernunosWidget
    from cernunos_widget.solver import prepare_engine

    prepare_engine()  # (compiled before the system starts refusing memory)
    monkeypatch.setattr(table, "_spares", {})
    monkeypatch.setattr(mmap, "mmap", refuse_mmap)
    w = CernunosWidget(game="B@b2 B@b3")
    job = w.analyse(Limit(depth=2), engine="alphabeta", threads=1)
    assert job.wait(60)
    status = w.analysis["status"]
    assert status.startswith("error: not enough memory for the search table"), status
