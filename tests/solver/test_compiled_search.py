"""The compiled searches (solver/compiled): same answers as the Python ones, limits, playouts.

Agreement with brute force on 220 endgames is in test_solver.py (both searchers run it).
"""

import random
import threading

import numpy as np
import pytest

from cernunos_widget.engine import Position
from cernunos_widget.solver.compiled.alphabeta import stable_order
from cernunos_widget.solver.compiled.convert import encode
from cernunos_widget.solver.compiled.playout import playout
from cernunos_widget.solver.compiled.rules import heuristic_score, new_options
from cernunos_widget.solver.compiled.searchers import CompiledDepthSearch, CompiledExactSearch
from cernunos_widget.solver.compiled.table import Table, state_hash
from cernunos_widget.solver.search import Budget, DepthSearch, SearchAborted

MIDGAME = Position.from_cpn(".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1")
HARD = Position.from_cpn("d,tdBD,c,wSTTT/bb,t,ttttttCT,sdtt/Ff,.,WtTTTTD,WXT p 1 3-1")


def random_positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        p = Position.start()
        for _ in range(rng.randrange(4, 50)):
            if p.is_over:
                break
            p = p.child(rng.choice(p.option_codes))
        if not p.is_over:
            found.append(p)
    return found


def test_depth_limited_values_agree_with_the_python_search():
    for p in random_positions(12, seed=3):
        for depth in (1, 2, 3):
            expected = DepthSearch().value(p, depth)
            assert CompiledDepthSearch().value(p, depth) == expected, (p, depth)


def test_children_are_ordered_as_a_stable_argsort_ties_in_listing_order():
    # alpha-beta orders a node's children with its own insertion sort (cheaper to compile
    # than numba's argsort): the order, ties included, must stay numpy's stable one
    rng = np.random.default_rng(5)
    for m in (0, 1, 2, 3, 7, 40):
        for spread in (2, 5, 1000):
            keys = rng.integers(-spread, spread, m + 3)  # (only the first m are sorted)
            expected = np.argsort(keys[:m], kind="mergesort")
            assert stable_order(keys, m).tolist() == expected.tolist()
    assert stable_order(np.array([3, 1, 3, 1, 2]), 5).tolist() == [1, 3, 4, 0, 2]


def test_distinct_positions_hash_apart():
    """Children of one position (mid-effect ones included) never share a hash."""
    for p in random_positions(30, seed=4):
        hashes = {int(state_hash(encode(p.child(c)))) for c in p.option_codes}
        children = {p.child(c) for c in p.option_codes}
        assert len(hashes) == len(children), p


def test_the_node_limit_is_exact_and_the_answer_honest():
    search = CompiledExactSearch(Budget(nodes=5_000), table_bits=16)
    with pytest.raises(SearchAborted):
        search.outcome(HARD)
    assert 5_000 <= search.budget.spent <= 5_001


def test_a_stop_event_ends_a_long_search_from_another_thread():
    stop = threading.Event()
    search = CompiledExactSearch(Budget(stop=stop), table_bits=16)
    threading.Timer(0.3, stop.set).start()
    with pytest.raises(SearchAborted):
        search.outcome(HARD)  # cannot be proven in minutes
    assert search.budget.spent > 0


def test_a_time_limit_ends_a_long_search():
    search = CompiledExactSearch(Budget(seconds=0.3), table_bits=16)
    with pytest.raises(SearchAborted):
        search.outcome(HARD)  # cannot be proven in minutes: only the deadline ends it
    assert search.budget.elapsed() >= 0.3  # and not before the deadline


def test_a_table_too_small_or_too_large_is_refused():
    with pytest.raises(ValueError, match="table bits must be from 10 to 28"):
        Table.create(40)


def test_playouts_are_seeded_and_bounded():
    out = new_options()
    s = encode(MIDGAME)
    first = playout(s, 1 << 30, np.array([42], np.uint64), out)
    again = playout(s, 1 << 30, np.array([42], np.uint64), out)
    assert first == again and first[0] and first[2] > 0
    finished, score, steps = playout(s, 0, np.array([42], np.uint64), out)
    assert (finished, score, steps) == (False, heuristic_score(s), 0)
    seen = {playout(s, 1 << 30, np.array([k], np.uint64), out)[1] for k in range(40)}
    assert len(seen) > 3  # different seeds, different games
