"""Searching in several threads (Lazy SMP over one table): proven values are the same in
every thread count, stop and limits still end every thread, torn table entries are misses.

The helpers start only after a search's first ``_INLINE_NODES`` decisions (searched in the
calling thread); these tests lower that to a few decisions so even small endgames are
searched by several threads at once.
"""

from __future__ import annotations

import inspect
import os
import signal
import threading
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from test_solver import small_endgames  # tests/solver is on the path (rootdir-less tests)

from cernunos_widget import cli
from cernunos_widget.engine import Player, Position
from cernunos_widget.solver import (
    InvalidThreadsError,
    Limit,
    Mcts,
    PerfectBot,
    SearchBot,
    analyse,
    analysis,
    available_cores,
    best_decision,
    solve,
)
from cernunos_widget.solver import threads as threads_module
from cernunos_widget.solver.bots import NodeSearchBot
from cernunos_widget.solver.compiled import searchers
from cernunos_widget.solver.compiled.convert import encode
from cernunos_widget.solver.compiled.evaluation import LEARNED
from cernunos_widget.solver.compiled.searchers import CompiledDepthSearch, CompiledExactSearch
from cernunos_widget.solver.compiled.table import (
    EXACT,
    Table,
    probe,
    state_hash,
    store_slot,
    write_entry,
)
from cernunos_widget.solver.root_parallel import RootParallelMcts
from cernunos_widget.solver.search import Budget, ExactSearch, SearchAborted
from cernunos_widget.solver.threads import check_threads

SUITE = Path(__file__).parents[2] / "benchmarks" / "endgames.txt"
MIDGAME = Position.from_cpn(".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1")
# proven by proof-number search (tests/solver/test_exact_frontier.py: NARROW), Purple wins
NARROW = Position.from_cpn("D,sbTT,.,fx/DC,BSTT,wtt,DT/ttttttt,WwWcttb,tFd,BBd g 1 3-0")
HARD = Position.from_cpn(
    "d,tdBD,c,wSTTT/bb,t,ttttttCT,sdtt/Ff,.,WtTTTTD,WXT p 1 3-1"
)  # not provable in minutes


@pytest.fixture
def helpers_at_once(monkeypatch):
    """Helper threads join every search after 50 decisions (not 20,000)."""
    monkeypatch.setattr(searchers, "_INLINE_NODES", 50)


@pytest.fixture
def beyond_the_cores(monkeypatch):
    """A search runs every thread asked for, as on a machine with 8 cores (a search runs
    at most :func:`available_cores` threads: these tests run 3 or 4 on any machine)."""
    monkeypatch.setattr(threads_module, "available_cores", lambda: 8)


def suite(name: str) -> list[Position]:
    rows = [line.split(None, 1) for line in SUITE.read_text().splitlines()]
    return [Position.from_cpn(cpn) for tag, cpn in rows if tag == name]


def verdict(p: Position, threads: int) -> tuple[tuple[int, int], int]:
    """Green's outcome and strong value, by the exact search in ``threads`` threads, and
    the decisions it applied."""
    search = CompiledExactSearch(evaluator=LEARNED, threads=threads)
    outcome = search.outcome(p)
    return (outcome, search.strong_value(p, outcome)), search.budget.spent


ERRATIC = 300_000  # decisions: bigger proofs cost erratically more under helpers


@pytest.mark.parametrize("name", ["le4", "le6"])
def test_verdicts_are_the_same_in_1_2_and_4_threads(helpers_at_once, beyond_the_cores, name):
    """Every position of the set, except the few whose proof costs more than ERRATIC
    decisions in one thread (with helpers their cost is erratic, docs/solver.md; the
    benchmark proves one): the rest stay fast, and are most of the set."""
    positions = suite(name)
    compared = 0
    for p in positions:
        one, spent = verdict(p, 1)
        if spent > ERRATIC:
            continue
        assert verdict(p, 2)[0] == one, p.cpn()
        assert verdict(p, 4)[0] == one, p.cpn()
        compared += 1
    assert compared >= len(positions) - 2 >= 50


def test_exact_values_in_threads_agree_with_brute_force(helpers_at_once, beyond_the_cores):
    endgames = small_endgames(seed=7, count=60, reserve_limit=5, node_cap=20_000)
    for p, truth in endgames:
        search = CompiledExactSearch(evaluator=LEARNED, threads=3)
        outcome = search.outcome(p)
        assert outcome == (truth > 0) - (truth < 0), p.cpn()
        assert search.strong_value(p, outcome) == truth, p.cpn()


def test_the_helpers_decisions_are_counted(helpers_at_once):
    """The budget counts the main search's decisions (at most 51 in the calling thread,
    then the worker's: ``ctl[NODES]``) and the helper's (thousands in a search of about
    200,000 decisions)."""
    search = CompiledDepthSearch(threads=2)
    search.value(HARD, 9)
    assert search.budget.spent > int(search.runner.ctl[searchers.NODES]) + 51 + 1000


def helper_threads() -> list[threading.Thread]:
    """The search's threads still running: Lazy SMP helpers, workers, the lanes of a race."""
    # (is_alive: a thread joined after a KeyboardInterrupt may stay listed, ended)
    return [t for t in threading.enumerate() if t.name.startswith("cernunos-") and t.is_alive()]


def test_a_stop_event_ends_every_thread(helpers_at_once, beyond_the_cores):
    stop = threading.Event()
    search = CompiledExactSearch(Budget(stop=stop), table_bits=16, threads=4)
    threading.Timer(0.3, stop.set).start()
    with pytest.raises(SearchAborted):
        search.outcome(HARD)  # cannot be proven in minutes
    assert not helper_threads()


def at_race(search: CompiledExactSearch, action: Callable[[], object]) -> list[int]:
    """Do ``action`` 0.3 s after ``search`` starts a race; the lanes of each race started."""
    started = []
    real_race = search.runner.race

    def race(works):
        started.append(len(works))
        threading.Timer(0.3, action).start()
        return real_race(works)

    search.runner.race = race
    return started


@pytest.mark.parametrize("threads", [2, 3])
def test_a_stop_event_ends_every_thread_of_an_outcome_race(
    helpers_at_once, beyond_the_cores, threads
):
    """Alpha-beta and proof-number search racing (and a third thread's alpha-beta)."""
    stop = threading.Event()
    search = CompiledExactSearch(Budget(stop=stop), table_bits=16, threads=threads, helpers=False)
    started = at_race(search, stop.set)
    with pytest.raises(SearchAborted):
        search.outcome(HARD)  # cannot be proven in minutes
    assert started == [threads] and not helper_threads()
    assert search.budget.spent > sum(int(lane.ctl[searchers.NODES]) for lane in search.runner.lanes)


def test_a_time_limit_ends_an_outcome_race(helpers_at_once):
    search = CompiledExactSearch(Budget(seconds=3), table_bits=16, threads=2, helpers=False)
    with pytest.raises(SearchAborted):
        search.outcome(HARD)
    assert search.budget.elapsed() >= 3 and not helper_threads()
    lanes = search.runner.lanes  # both searched (the race starts after well under 3 s)
    assert len(lanes) == 2 and all(lane.ctl[searchers.NODES] > 0 for lane in lanes)


def test_the_live_status_of_a_race_never_goes_back(helpers_at_once, monkeypatch):
    """Lanes in many short turns: the decisions reported while they race climb, and never
    beyond what the budget counts in the end (a lane's finished turn counted once)."""
    monkeypatch.setattr(searchers, "FIRST_TURN", 3_000)
    reports: list[int] = []
    budget = Budget(seconds=2, progress=lambda nodes, seconds: reports.append(nodes))
    search = CompiledExactSearch(budget, table_bits=16, threads=2, helpers=False)
    with pytest.raises(SearchAborted):
        search.outcome(HARD)
    assert len(reports) > 50
    assert reports == sorted(reports) and reports[-1] <= budget.spent


def test_an_outcome_probe_stays_in_the_calling_thread(monkeypatch):
    """``outcome``'s first try (20,000 decisions) starts no thread, helpers or not."""
    search = CompiledExactSearch(table_bits=16, threads=2)
    started = []
    real_start = threading.Thread.start

    def start(thread):
        started.append(thread.name)
        real_start(thread)

    monkeypatch.setattr(threading.Thread, "start", start)
    with pytest.raises(searchers.SliceSpent):
        search.runner.value(encode(HARD), EXACT, -1, 1, searchers._INLINE_NODES)
    assert started == [] and search.budget.spent <= searchers._INLINE_NODES + 1


def test_ctrl_c_ends_every_thread_of_an_outcome_race(helpers_at_once):
    """SIGINT while alpha-beta and proof-number search race (Python's own handler, even
    where the runner ignores SIGINT): KeyboardInterrupt, with both lanes ended."""
    search = CompiledExactSearch(Budget(seconds=60), table_bits=16, threads=2, helpers=False)
    started = at_race(search, lambda: os.kill(os.getpid(), signal.SIGINT))
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            search.outcome(HARD)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert started == [2] and not helper_threads()
    assert search.budget.elapsed() < 59  # it stopped at the interrupt, not at the time limit
    assert all(lane.ctl[searchers.STOP] for lane in search.runner.lanes)


def test_one_thread_takes_turns_deterministically(monkeypatch):
    """``threads=1`` never races: the proof (alpha-beta and proof-number search taking
    turns) applies the same decisions every time, in no thread but the search's worker."""

    def no_race(runner, works):
        raise AssertionError("a race in one thread")

    monkeypatch.setattr(searchers._Runner, "race", no_race)
    monkeypatch.setattr(searchers, "FIRST_TURN", 5_000)  # several turns of each
    spent = []
    for _ in range(2):
        search = CompiledExactSearch(evaluator=LEARNED, threads=1)
        assert search.outcome(NARROW) == -1
        spent.append(search.budget.spent)
    assert spent[0] == spent[1] and search.runner.proof_table is not None
    assert solve(NARROW, strong=False, threads=1).outcome == "loss"


def test_a_node_limit_ends_every_thread(helpers_at_once):
    search = CompiledDepthSearch(Budget(nodes=20_000), table_bits=16, threads=2)
    with pytest.raises(SearchAborted):
        search.value(HARD, 40)
    assert not helper_threads()
    assert 20_000 <= search.budget.spent <= 2 * 20_000 + 1  # approximate: both threads


def test_analyse_in_threads_answers_and_leaves_no_thread_running(helpers_at_once):
    infos = analyse(MIDGAME, Limit(depth=4), 2, engine="alphabeta", threads=2)
    assert len(infos) == 2 and infos[0].depth == 4
    assert not helper_threads()


def test_a_torn_entry_is_a_miss():
    """An entry whose fields come from two writes (as two threads writing one slot at once
    may leave it) is not found, rather than found with bounds it never proved."""
    table = Table.create(10)
    h = state_hash(encode(HARD))
    slot = store_slot(*table, h, 1)
    write_entry(*table, slot, h, (-5, 7, 3, EXACT), 1)
    assert probe(table.keys, table.lower, table.upper, table.move, table.depth, h) == (
        -5,
        7,
        3,
        EXACT,
    )
    table.upper[slot] = 9  # another write's upper bound, this write's key
    assert probe(table.keys, table.lower, table.upper, table.move, table.depth, h)[3] == 0
    table.upper[slot] = 7
    table.depth[slot] = 4  # another write's depth
    assert probe(table.keys, table.lower, table.upper, table.move, table.depth, h)[3] == 0


def test_thread_counts_are_checked():
    assert check_threads(None) == available_cores() >= 1
    assert check_threads(3) == 3
    for bad in (0, -1, 1.5, True, "2", 10**6):
        with pytest.raises(InvalidThreadsError, match="threads"):
            check_threads(bad)
    with pytest.raises(InvalidThreadsError, match="not 0"):
        analyse(HARD, Limit(depth=1), threads=0)


def test_a_table_is_all_zero_after_a_threaded_search(helpers_at_once):
    """A table kept after a threaded search (Table.recycle) is all zero again."""
    import gc

    search = CompiledDepthSearch(Budget(nodes=30_000), table_bits=16, threads=2)
    table = search.runner.table
    search.value(HARD, 5)
    del search
    gc.collect()
    assert all(not np.asarray(a).any() for a in table)


@pytest.mark.parametrize("function", [analyse, analysis, best_decision, solve])
def test_interactive_analysis_uses_every_core_by_default(function):
    assert inspect.signature(function).parameters["threads"].default is None


def test_bots_keep_one_thread_unless_told():
    assert SearchBot().threads == PerfectBot().threads == NodeSearchBot().threads == 1
    assert SearchBot(threads=None).threads == available_cores()
    with pytest.raises(InvalidThreadsError):
        NodeSearchBot(threads=0)


def test_the_cli_option(capsys, monkeypatch):
    seen = []

    def spy(*args, **kwargs):
        seen.append(kwargs["threads"])
        return analyse(*args, **kwargs)

    monkeypatch.setattr("cernunos_widget.solver.analyse", spy)  # what the command imports
    assert cli.main(["solve", "--from", MIDGAME.cpn(), "--time", "0.3", "--threads", "2"]) == 0
    assert capsys.readouterr().out.startswith(("estimate", "win proven", "loss proven"))
    assert cli.main(["solve", "--from", MIDGAME.cpn(), "--time", "0.3"]) == 0
    assert seen == [2, None]
    for bad in ("0", "-1", "1.5", "all"):
        with pytest.raises(SystemExit) as exit_:
            cli.main(["solve", "--threads", bad])
        assert exit_.value.code == 2
        assert "--threads" in capsys.readouterr().err


def test_the_session_passes_threads_and_checks_them():
    from cernunos_widget.session import Session

    calls = []

    def fake(position, limit, multipv, stop=None, engine="auto", **options):
        calls.append(options)
        yield []

    session = Session()
    session.analyse(Limit(depth=1), analyser=fake, threads=3).wait()
    session.analyse(Limit(depth=1), analyser=fake).wait()
    assert calls == [{"threads": 3}, {}]
    with pytest.raises(InvalidThreadsError):
        session.analyse(Limit(depth=1), analyser=fake, threads=0)


def test_root_parallel_mcts_proofs_agree_with_brute_force():
    """Two trees merged at the root: every proven first decision and root is right."""
    endgames = small_endgames(seed=11, count=40, reserve_limit=5, node_cap=20_000)
    proven = 0
    for i, (p, truth) in enumerate(endgames):
        if p.is_over:
            continue
        budget = Budget()
        trees = RootParallelMcts([Mcts(p, budget=budget, seed=i + k, memory_mb=8) for k in (0, 1)])
        trees.run(3000)
        sign = 1 if p.decider == Player.GREEN else -1  # the results are the decider's
        for r in trees.results():
            if r.proven is not None:
                after = p.play(r.decision)
                exact = ExactSearch().outcome(after) if not after.is_over else None
                if exact is not None:
                    assert r.proven == exact * sign, (p.cpn(), r.decision)
        if trees.root.proven is not None:
            proven += 1
            assert trees.root.proven == (truth > 0) - (truth < 0), p.cpn()
        per_tree = [{r.decision: r.visits for r in tree.results()} for tree in trees.trees]
        for r in trees.results():  # a first decision's visits are every tree's
            assert r.visits == sum(visits.get(r.decision, 0) for visits in per_tree)
    assert proven >= 20


def test_root_parallel_trees_go_on_for_the_slice_seconds():
    """Each tree searches more shares of the playouts, without waiting for the others,
    until the slice's seconds have passed (the trees meet once a slice)."""
    budget = Budget()
    trees = RootParallelMcts([Mcts(MIDGAME, budget=budget, seed=k, memory_mb=8) for k in (0, 1)])
    assert trees.run(20, seconds=0.3)
    assert budget.elapsed() >= 0.3
    assert all(tree.playouts > 20 for tree in trees.trees)
    assert not [t for t in threading.enumerate() if t.name == "cernunos-mcts"]


def test_mcts_analysis_in_threads_merges_the_trees_and_leaves_no_thread():
    infos = analyse(MIDGAME, Limit(time=0.5), 3, engine="mcts", threads=2)
    assert len(infos) == 3 and len({i.decision for i in infos}) == 3
    assert infos[0].nodes > 0
    assert not [t for t in threading.enumerate() if t.name == "cernunos-mcts"]
