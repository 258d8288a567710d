"""Simplified ABDADA (alphabeta.py): the threads of a search mark the children they are
in, and each puts off a younger child another thread marked, searching it last."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest
from test_threads import helpers_at_once  # noqa: F401 (a fixture; tests/solver is on the path)

from cernunos_widget.engine import Position
from cernunos_widget.solver import prepare_engine
from cernunos_widget.solver.compiled import searchers
from cernunos_widget.solver.compiled.alphabeta import (
    ABORTED,
    DEFER_DEPTH,
    NODES,
    PUT_OFF,
    STOP,
    new_ctl,
    new_pool,
    search,
)
from cernunos_widget.solver.compiled.convert import encode, option_codes
from cernunos_widget.solver.compiled.evaluation import HANDWRITTEN
from cernunos_widget.solver.compiled.rules import child, new_options
from cernunos_widget.solver.compiled.searchers import CompiledDepthSearch
from cernunos_widget.solver.compiled.table import Table, state_hash
from cernunos_widget.solver.learned import search_weights
from cernunos_widget.solver.search import Budget
from cernunos_widget.solver.values import INFINITY

MIDGAME = Position.from_cpn(".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1")
HARD = Position.from_cpn("d,tdBD,c,wSTTT/bb,t,ttttttCT,sdtt/Ff,.,WtTTTTD,WXT p 1 3-1")
DEPTH = DEFER_DEPTH + 2  # the root's children and grandchildren are marked


def searched(s: np.ndarray, busy: np.ndarray) -> tuple[int, np.ndarray]:
    """(value, ctl) of a depth-DEPTH search of ``s`` in this thread, marking in ``busy``."""
    prepare_engine()
    table = Table.create(16)
    ctl, weights = new_ctl(1 << 40), search_weights(HANDWRITTEN, None)
    v = search(
        s, DEPTH, -INFINITY, INFINITY, 0, *table, ctl, new_pool(), HANDWRITTEN, weights, busy
    )
    return int(v), ctl


def root_children(s: np.ndarray) -> list[np.ndarray]:
    out = new_options()
    return [child(s, code, out)[0] for code in option_codes(s)]


def test_children_marked_by_another_thread_are_put_off_and_still_searched():
    """Every child of the root marked busy (as if another thread were in it): all but
    the one searched first are put off, and searched after; the value is the one of a
    search without marks, and the search leaves no mark behind (its own, and the others'
    it searched too, are taken off)."""
    s = encode(MIDGAME)
    alone, alone_ctl = searched(s, np.zeros(1, np.uint64))
    busy = np.zeros(1 << 20, np.uint64)
    children = root_children(s)
    for c in children:
        h = state_hash(c)
        busy[h & np.uint64(busy.size - 1)] = h
    assert np.count_nonzero(busy) > 2
    value, ctl = searched(s, busy)
    assert value == alone
    assert ctl[PUT_OFF] >= len(children) - 1  # (and deeper, any state marked here)
    assert alone_ctl[PUT_OFF] == 0
    assert not busy.any()


def test_without_marks_the_order_and_the_work_are_those_of_one_thread():
    """Marks only put off: a search whose children nobody else is in applies exactly the
    decisions of a search without the shared marks."""
    s = encode(MIDGAME)
    alone, alone_ctl = searched(s, np.zeros(1, np.uint64))
    value, ctl = searched(s, np.zeros(1 << 12, np.uint64))
    assert (value, ctl[NODES], ctl[PUT_OFF]) == (alone, alone_ctl[NODES], 0)


@pytest.mark.usefixtures("helpers_at_once")
def test_two_threads_share_their_marks():
    """The main search and its helper see each other's marks: both put children off (in
    one thread, marks never put a child off: a search's marks are its own ancestors)."""
    search = CompiledDepthSearch(threads=2)
    for depth in range(1, 10):
        search.value(HARD, depth)
    assert search.runner.put_off > 0
    assert search.runner.helpers_put_off > 0


def test_one_thread_has_no_marks():
    """In one thread nothing is marked (the shared marks are one empty slot)."""
    search = CompiledDepthSearch(threads=1)
    search.value(HARD, 8)
    assert search.runner.busy.size == 1
    assert search.runner.put_off == 0


@pytest.mark.usefixtures("helpers_at_once")
def test_a_helper_that_finishes_first_answers(monkeypatch):
    """The main search held back (it waits for its stop flag): the helper's value is the
    answer, the main search is stopped, and the value is the one of one thread."""
    search = CompiledDepthSearch(Budget(seconds=10), threads=2)
    main_ctl = search.runner.ctl
    real_search = searchers.search

    def held_back(s, depth, alpha, beta, ply, *rest):
        ctl = rest[6]
        if ctl is main_ctl and threading.current_thread().name == "cernunos-search":
            waited = time.perf_counter() + 20  # (a broken helper must not hang the suite)
            while not ctl[STOP] and time.perf_counter() < waited:
                time.sleep(0.001)
            ctl[ABORTED] = 1
            return 0
        return real_search(s, depth, alpha, beta, ply, *rest)

    monkeypatch.setattr(searchers, "search", held_back)
    value = search.value(HARD, 6)
    assert search.budget.elapsed() < 5  # not the time limit: the helper's answer
    monkeypatch.setattr(searchers, "search", real_search)
    assert value == CompiledDepthSearch(threads=1).value(HARD, 6)
