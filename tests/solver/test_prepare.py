"""Preparing the search engine (issue #35, item 5): what is said while it compiles."""

import threading
import time

import pytest

from cernunos_widget.engine import CernunosError
from cernunos_widget.solver import prepare
from cernunos_widget.solver.compiled import elsewhere, loading


def test_the_estimate_is_the_reference_compile_times_at_the_pace_measured_here(monkeypatch):
    monkeypatch.setattr(loading, "cached", lambda steps=None: False)
    monkeypatch.setattr(elsewhere, "spare_core", lambda: False)
    preparer = prepare._Preparer()
    monkeypatch.setattr(prepare, "_preparer", preparer)
    assert preparer.seconds_left(loading.steps_of("mcts")) == 8.0  # 5 + 0.5 + 2.5 s
    assert prepare.preparing_seconds("exact") == 12.0  # 5 + 0.5 + 4.5 + 2 s
    # with a spare core, proof-number search compiles in a second process meanwhile
    monkeypatch.setattr(elsewhere, "spare_core", lambda: True)
    assert prepare.preparing_seconds("exact") == 10.0  # 5 + 0.5 + 4.5 s
    assert prepare.preparing_seconds("mcts") == 8.0  # nothing to compile at the same time
    preparer.done.add("rules")
    preparer.compiled["rules"] = 10.0  # twice the reference machine's time here
    assert prepare.preparing_seconds("mcts") == 6.0  # (0.5 + 2.5) * 2
    assert prepare.notice("mcts") == (
        "preparing the search engine (compiling, about 6 s, once per install)"
    )
    preparer.done.update(("evaluation", "mcts"))
    assert prepare.preparing_seconds("mcts") == 0 and prepare.engine_ready("mcts")
    assert not prepare.engine_ready("alphabeta")


class SecondProcess:
    """A stand-in for the second Python of ``elsewhere.start``: runs until ``code`` is set."""

    def __init__(self, step: str) -> None:
        self.step = step
        self.code: int | None = None

    def poll(self) -> int | None:
        return self.code

    def kill(self) -> None:
        self.code = -9

    def wait(self) -> int | None:
        return self.code


@pytest.fixture
def cold(monkeypatch):
    """A preparer on a cold cache whose steps only record that they ran here, and the
    second processes it starts."""
    ran: list[str] = []
    started: list[SecondProcess] = []
    monkeypatch.setattr(loading, "cached", lambda steps=None: False)
    monkeypatch.setattr(loading, "run", ran.append)
    monkeypatch.setattr(
        elsewhere, "start", lambda step: started.append(SecondProcess(step)) or started[-1]
    )
    return prepare._Preparer(), ran, started


def test_with_a_spare_core_proofs_compile_in_a_second_process_while_alphabeta_compiles(
    cold, monkeypatch
):
    preparer, ran, started = cold
    monkeypatch.setattr(elsewhere, "spare_core", lambda: True)
    preparer.request(loading.steps_of("exact"), first=True)
    assert preparer.wait(("rules", "evaluation", "alphabeta"), None, None)
    assert ran == ["rules", "evaluation", "alphabeta"]
    assert [p.step for p in started] == ["proofs"]  # started as alpha-beta began compiling
    time.sleep(0.2)
    assert "proofs" not in preparer.done  # waiting for the second process
    started[0].code = 0
    assert preparer.wait(("proofs",), None, None)
    assert ran[-1] == "proofs"  # then loaded here (from the cache it filled)
    assert sorted(preparer.compiled) == ["alphabeta", "evaluation", "rules"]  # (the pace)


def test_without_a_spare_core_every_step_compiles_here(cold, monkeypatch):
    preparer, ran, started = cold
    monkeypatch.setattr(elsewhere, "spare_core", lambda: False)
    preparer.request(loading.steps_of("exact"), first=True)
    assert preparer.wait(loading.steps_of("exact"), None, None)
    assert ran == ["rules", "evaluation", "alphabeta", "proofs"] and started == []


def test_a_second_process_that_never_ends_is_stopped_and_the_step_compiled_here(cold, monkeypatch):
    preparer, ran, started = cold
    monkeypatch.setattr(elsewhere, "spare_core", lambda: True)
    monkeypatch.setattr(prepare, "_SECOND_PROCESS_SECONDS", 0.3)
    preparer.request(loading.steps_of("exact"), first=True)
    gave_up = threading.Event()
    threading.Timer(10, gave_up.set).start()  # (a wait for ever fails the test instead)
    assert preparer.wait(loading.steps_of("exact"), gave_up, None)
    assert started[0].code == -9 and ran == ["rules", "evaluation", "alphabeta", "proofs"]


def test_closing_stops_the_second_process_and_leaves_its_step_undone(cold, monkeypatch):
    preparer, ran, started = cold
    monkeypatch.setattr(elsewhere, "spare_core", lambda: True)
    preparer.request(loading.steps_of("exact"), first=True)
    assert preparer.wait(("alphabeta",), None, None)
    preparer.close()  # (at exit)
    assert started[0].code == -9 and "proofs" not in preparer.done and "proofs" not in ran


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
