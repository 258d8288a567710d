"""MCTS memory bound (issue #8 item 3): a tree of at most ``memory_mb`` MiB, freed at once.

The tree is compact node arrays (``solver/compiled/mcts_tree.py``); when they are full the
search goes on (playouts and visits grow, nodes do not).  Values are for the root's decider
(R-27: whoever makes the choice).
"""

import gc
import importlib
import math
import threading
import weakref

import numpy as np
import pytest

from cernunos_widget import cli
from cernunos_widget.engine import CernunosError, Player, Position
from cernunos_widget.engine.decisions import decision_of
from cernunos_widget.solver import Limit, MctsBot, analyse, analysis, mcts_search
from cernunos_widget.solver.compiled.mcts_tree import NODE_BYTES, estimate
from cernunos_widget.solver.compiled.searchers import CompiledExactSearch
from cernunos_widget.solver.mcts import MAX_MEMORY_MB, Mcts, MemoryBudgetError, node_capacity
from cernunos_widget.solver.search import Budget
from cernunos_widget.solver.values import FORFEIT_SCORE
from cernunos_widget.solver.values import estimate as python_estimate

MIDGAME = Position.from_cpn(".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1")
# Purple to move wins, but only 5 of its 16 placements do, and none ends the game at once.
FORCED_WIN = Position.from_cpn("S,ttwttT,bTTTT,cttttt/XDB,DDttb,d,dB/TxWTT,CW,tFwd,f p 1 1-0")
TINY_MB = 0.01  # 349 nodes


def test_the_node_count_stops_at_the_budget_while_the_search_goes_on():
    tree = Mcts(MIDGAME, seed=1, memory_mb=TINY_MB)
    assert tree.capacity == int(TINY_MB * 2**20) // NODE_BYTES == 349
    tree.run(playouts=2_000)
    assert tree.nodes == tree.capacity  # full
    visits = tree.root.visits
    first = {code: child.visits for code, child in tree.root.children.items()}
    assert tree.run(playouts=1_000)
    assert tree.nodes == tree.capacity  # no node added ...
    assert tree.playouts == 3_000 and tree.root.visits == visits + 1_000  # ... but it searched on
    later = {code: child.visits for code, child in tree.root.children.items()}
    assert later.keys() == first.keys() and sum(later.values()) == sum(first.values()) + 1_000
    results = tree.results()
    assert sum(r.visits for r in results) == 3_000
    assert all(-1 <= r.value <= 1 and r.pv[0] == r.decision for r in results)


def test_the_budget_always_holds_the_root_and_every_first_decision():
    width = len(MIDGAME.option_codes)
    assert node_capacity(1e-9, width) == 1 + width
    assert node_capacity(1, width) == 2**20 // NODE_BYTES
    tree = mcts_search(MIDGAME, playouts=3 * width, seed=2, memory_mb=1e-9)
    assert tree.nodes == tree.capacity == 1 + width
    assert {r.decision.code for r in tree.results()} == set(MIDGAME.option_codes)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_small_tree_still_finds_a_forced_win(seed):
    tree = Mcts(FORCED_WIN, seed=seed, memory_mb=0.05)  # 1747 nodes
    assert tree.run(playouts=30_000)  # it ends proven, before the playouts run out
    assert tree.root.proven == -1  # Purple (the decider) wins, in Green's point of view
    assert tree.nodes <= tree.capacity
    best = tree.results()[0]
    assert best.proven == 1 and best.value == 1.0
    truth = CompiledExactSearch().outcome(FORCED_WIN.play(best.decision))
    assert truth < 0  # the chosen placement really wins for Purple
    assert FORCED_WIN.decider == Player.PURPLE


def test_a_seeded_search_is_reproducible_however_it_is_sliced():
    def summary(tree):
        return [(r.decision, r.visits, r.value, r.proven, r.pv) for r in tree.results()]

    whole = Mcts(MIDGAME, seed=5, memory_mb=TINY_MB)
    whole.run(playouts=1_500)
    sliced = Mcts(MIDGAME, seed=5, memory_mb=TINY_MB)
    for _ in range(3):
        sliced.run(playouts=500)
    assert summary(whole) == summary(sliced)
    other = Mcts(MIDGAME, seed=6, memory_mb=TINY_MB)
    other.run(playouts=1_500)
    assert summary(other) != summary(whole)


def test_each_line_follows_the_most_visited_children():
    tree = mcts_search(MIDGAME, playouts=3_000, seed=4)
    for result in tree.results():
        node, line = tree.root.children[result.decision.code], [result.decision]
        while node.children and len(line) < 13:  # the decision and 12 more
            code, node = max(node.children.items(), key=lambda kv: kv[1].visits)
            line.append(decision_of(code))
        assert result.pv == line
    assert max(len(r.pv) for r in tree.results()) > 3


def test_a_node_limit_stops_the_search():
    budget = Budget(nodes=3_000)
    tree = Mcts(MIDGAME, seed=1, budget=budget)
    assert tree.run() is False
    assert 3_000 <= budget.spent < 3_000 + 500  # at most one playout beyond the limit
    assert tree.playouts == tree.root.visits > 0


def test_the_compiled_estimate_mirrors_the_python_one():
    scores = (0, 1, -1, 600, -625, 3_000, -9_999, FORFEIT_SCORE - 1, FORFEIT_SCORE)
    for score in (*scores, -FORFEIT_SCORE):
        assert math.isclose(estimate(score), python_estimate(score), rel_tol=1e-12), score


BAD = [0, -1, -0.5, math.nan, math.inf, -math.inf, 10**400, MAX_MEMORY_MB + 1, True, False]
BAD += [np.bool_(True), "512", None, [512], complex(1, 0), b"1"]


@pytest.mark.parametrize("bad", BAD, ids=repr)
def test_a_bad_memory_budget_is_refused_everywhere(bad):
    calls = [
        lambda: Mcts(MIDGAME, memory_mb=bad),
        lambda: mcts_search(MIDGAME, playouts=1, memory_mb=bad),
        lambda: MctsBot(0.1, memory_mb=bad),
        lambda: analyse(MIDGAME, Limit(time=0.1), engine="mcts", memory_mb=bad),
        lambda: next(analysis(MIDGAME, Limit(time=0.1), memory_mb=bad)),
    ]
    for call in calls:
        with pytest.raises(MemoryBudgetError, match=r"memory_mb must be a finite number of MiB"):
            call()
    assert issubclass(MemoryBudgetError, CernunosError)


@pytest.mark.parametrize("good", [1, 0.5, np.float64(2.5), np.int64(3), MAX_MEMORY_MB // 1024])
def test_good_memory_budgets_are_accepted(good):
    tree = mcts_search(MIDGAME, playouts=50, seed=1, memory_mb=good)
    assert tree.playouts == 50 and tree.capacity == max(
        int(float(good) * 2**20) // NODE_BYTES, 1 + len(MIDGAME.option_codes)
    )


def test_a_budget_the_system_cannot_reserve_is_a_clear_error(monkeypatch):
    def refuse(*args):
        raise OSError(12, "Cannot allocate memory")

    monkeypatch.setattr("cernunos_widget.solver.mcts.mmap.mmap", refuse)
    with pytest.raises(MemoryBudgetError, match=r"could not reserve 512 MiB .* smaller memory_mb"):
        Mcts(MIDGAME)


def test_the_cli_option(capsys):
    assert cli.main(["solve", "--from", MIDGAME.cpn(), "--time", "0.3", "--engine", "mcts",
                     "--memory-mb", "0.05"]) == 0  # fmt: skip
    assert capsys.readouterr().out.startswith(("estimate", "win proven", "loss proven"))
    for bad in ("0", "-3", "nan", "inf", "1e400", "lots"):
        with pytest.raises(SystemExit) as exit_:
            cli.main(["solve", "--engine", "mcts", "--memory-mb", bad])
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert "--memory-mb" in err and "a finite number of MiB above 0" in err, err


def test_a_dropped_tree_is_freed_at_once():
    """No reference cycle: the node arrays (an anonymous mapping) go back at once."""
    tree = mcts_search(MIDGAME, playouts=100, seed=1)
    ref = weakref.ref(tree)
    root = tree.root  # views made before are fine ...
    del tree
    gc.disable()
    try:
        assert ref() is not None and root.visits == 100  # ... they keep the tree alive
        del root
        assert ref() is None  # freed by reference counting alone
    finally:
        gc.enable()


def test_a_cancelled_analysis_frees_its_tree(monkeypatch):
    made = []

    class Recorded(Mcts):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            made.append(weakref.ref(self))

    monkeypatch.setattr(importlib.import_module("cernunos_widget.solver.analyse"), "Mcts", Recorded)
    stop, results = threading.Event(), []

    def work():
        for infos in analysis(MIDGAME, stop=stop, engine="mcts", memory_mb=TINY_MB):
            results.append(infos)
            stop.set()  # Cancel after the first result

    gc.disable()
    try:
        worker = threading.Thread(target=work)
        worker.start()
        worker.join(60)
        assert not worker.is_alive() and results
        assert made and all(tree() is None for tree in made)  # one a thread (#23)
    finally:
        gc.enable()
