"""The solver: exact values against brute force, proofs, limits, analysis, bots, CLI."""

import contextlib
import os
import random
import re
import signal
import subprocess
import sys
import threading

import pytest

from cernunos_widget.engine import Player, Position
from cernunos_widget.solver import (
    GreedyBot,
    Limit,
    PerfectBot,
    RandomBot,
    analyse,
    analysis,
    final_score,
    play_game,
    solve,
)
from cernunos_widget.solver.compiled import searchers
from cernunos_widget.solver.compiled.convert import encode
from cernunos_widget.solver.compiled.evaluation import HANDWRITTEN, LEARNED
from cernunos_widget.solver.compiled.searchers import CompiledExactSearch
from cernunos_widget.solver.search import Budget, ExactSearch

sys.setrecursionlimit(10_000)


class TooBig(Exception):
    pass


def brute_force(p: Position, budget: list[int]) -> int:
    """Plain minimax to the end: no pruning, no table (Green's point of view)."""
    if p.is_over:
        return final_score(p)
    budget[0] -= 1
    if budget[0] < 0:
        raise TooBig
    values = [brute_force(p.child(c), budget) for c in p.option_codes]
    return max(values) if p.decider == Player.GREEN else min(values)


def small_endgames(seed: int, count: int, reserve_limit: int, node_cap: int):
    """Positions from random games with few tokens left whose full tree is small."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        p = Position.start()
        while not p.is_over:
            if p.at_boundary and p.reserve_size("g") + p.reserve_size("p") <= reserve_limit:
                with contextlib.suppress(TooBig):
                    found.append((p, brute_force(p, [node_cap])))
                break
            p = p.child(rng.choice(p.option_codes))
    return found


@pytest.fixture(scope="module")
def endgames():
    return small_endgames(seed=2024, count=220, reserve_limit=5, node_cap=20_000)


def green_view(solution, p: Position) -> int:
    return solution.score if p.decider in (None, Player.GREEN) else -solution.score


# A table of 2**16 slots for the compiled searches of these endgames (at most 20,000
# decisions each): a value does not depend on the table's size, and emptying the default
# 2**21 slots after each of hundreds of tiny searches was most of these tests' time.
SMALL_TABLE = 16


def compiled_search() -> CompiledExactSearch:
    """The compiled exact search, ordered by the handwritten evaluation."""
    return CompiledExactSearch(table_bits=SMALL_TABLE)


def learned_order_search() -> CompiledExactSearch:
    """The compiled exact search ordered by the learned evaluation (what solve runs)."""
    return CompiledExactSearch(evaluator=LEARNED, table_bits=SMALL_TABLE)


@pytest.mark.parametrize("searcher", [ExactSearch, compiled_search, learned_order_search])
def test_exact_solver_agrees_with_brute_force(endgames, searcher):
    assert len(endgames) >= 200
    assert sum(1 for p, _ in endgames if len(p.option_codes) > 2) >= 100  # not all trivial
    for p, truth in endgames:
        search = searcher()
        outcome = search.outcome(p)
        assert outcome == (truth > 0) - (truth < 0), p.cpn()
        assert search.strong_value(p, outcome) == truth, p.cpn()


@pytest.mark.parametrize("evaluator", [HANDWRITTEN, LEARNED])
def test_proof_number_verdicts_agree_with_brute_force(endgames, evaluator):
    """Proof-number search alone, on each yes-or-no question around the true value, each
    with a fresh table (SMALL_TABLE: with the default size, emptying the table after each of
    these tiny searches took 90% of the test)."""
    for p, truth in endgames:
        if p.is_over:
            continue
        for target in sorted({truth, truth + 1, 1, 0}):
            runner = CompiledExactSearch(evaluator=evaluator, table_bits=SMALL_TABLE).runner
            assert runner.prove(encode(p), target) == (truth >= target), (p.cpn(), target)


@pytest.mark.parametrize("threads", [1, 2])
def test_outcomes_by_turns_of_both_searches_agree_with_brute_force(
    endgames, monkeypatch, threads
):
    """Tiny turns: alpha-beta and proof-number search alternate (in one thread) or race
    (in two, from the 17th decision on) on every endgame, and the exact values alpha-beta
    then finds build on the bounds proof-number search left."""
    monkeypatch.setattr(searchers, "FIRST_TURN", 16)
    monkeypatch.setattr(searchers, "_INLINE_NODES", 16)
    for p, truth in endgames:
        search = CompiledExactSearch(
            evaluator=LEARNED, threads=threads, helpers=False, table_bits=SMALL_TABLE
        )
        outcome = search.outcome(p)
        assert outcome == (truth > 0) - (truth < 0), p.cpn()
        assert search.strong_value(p, outcome) == truth, p.cpn()


def test_solve_reports_for_the_decider_and_its_line_reaches_the_value(endgames):
    for p, truth in endgames[:120]:
        s = solve(p)
        assert s.proven and green_view(s, p) == truth
        end = p.play_line(s.pv)
        assert end.is_over and final_score(end) == truth, p.cpn()
        expected = (
            "win"
            if green_view(s, p) * (1 if p.decider == Player.GREEN else -1) > 0
            else "loss"
            if truth
            else "draw"
        )
        assert s.outcome == expected


def test_after_a_winning_move_every_reply_still_loses(endgames):
    checked = 0
    for p, _truth in endgames:
        s = solve(p, strong=False)
        if s.outcome != "win" or len(s.pv) < 2:
            continue
        winner = p.decider
        after = p.play(s.pv[0])
        while after.decider == winner and not after.is_over:  # the winner may decide again
            after = after.play(solve(after, strong=False).pv[0])
        if after.is_over:
            continue
        for reply in after.legal_decisions():
            child = after.play(reply)
            outcome = ExactSearch().outcome(child)
            assert outcome == (1 if winner == Player.GREEN else -1), (p.cpn(), str(reply))
        checked += 1
        if checked == 25:
            break
    assert checked >= 10


def test_solve_is_honest_when_the_limit_is_too_small():
    s = solve(Position.start(), Limit(nodes=200))
    assert not s.proven and s.outcome is None and s.score is None
    assert "not provable within the limit" in str(s) and s.nodes <= 201



# A 4-token endgame (benchmarks/endgames.txt) whose outcome is proven in about 200 nodes and
# its margin in about 35,000 (issue #23 item 4).
CHEAP_OUTCOME = Position.from_cpn(
    "bDd,B,ttttt,td/TTX,WWTTT,xwwb,./tttttts,TTTS,CTTF,DTcfd g 2 1-0"
)


def test_solve_keeps_the_proven_outcome_when_the_margin_is_out_of_reach():
    full = solve(CHEAP_OUTCOME)
    partial = solve(CHEAP_OUTCOME, Limit(nodes=5_000))
    assert full.proven and full.score is not None and full.nodes > 5_000
    assert partial.proven and partial.outcome == full.outcome == "win"
    assert partial.score is None and partial.margin_out_of_reach
    assert not full.margin_out_of_reach
    assert not solve(CHEAP_OUTCOME, strong=False).margin_out_of_reach
    assert str(partial).startswith("win (the margin was not proven within the limit), proven: ")
    end = CHEAP_OUTCOME.play_line(partial.pv)  # the line reaches the proven outcome
    assert end.is_over and (final_score(end) > 0) == (CHEAP_OUTCOME.decider == Player.GREEN)

MIDGAME = Position.from_cpn(".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1")


def test_analyse_respects_node_and_depth_limits():
    infos = analyse(MIDGAME, Limit(nodes=3000), multipv=2)
    assert infos and all(i.nodes <= 3001 for i in infos)
    infos = analyse(MIDGAME, Limit(depth=2, time=60))
    assert infos[0].depth <= 2 and not infos[0].proven


def test_analysis_stops_on_time():
    done = []
    thread = threading.Thread(
        target=lambda: done.append(analyse(Position.start(), Limit(time=0.3)))
    )
    thread.start()
    thread.join(60)  # generous: this checks that it stops, not how fast
    assert not thread.is_alive() and done[0]


def test_multipv_gives_distinct_first_decisions_best_first():
    infos = analyse(MIDGAME, Limit(depth=2, time=60), multipv=5)
    assert len(infos) == 5
    assert len({i.decision for i in infos}) == 5
    merits = [i.merit for i in infos]
    assert merits == sorted(merits, reverse=True)
    assert all(i.pv[0] == i.decision for i in infos)
    assert all(MIDGAME.is_legal(i.decision) for i in infos)


def test_analysis_yields_improving_results():
    results = list(analysis(MIDGAME, Limit(depth=3, time=60)))
    assert [r[0].depth for r in results] == [1, 2, 3]


def test_a_stop_or_an_interrupt_returns_the_best_so_far():
    stop = threading.Event()
    timer = threading.Timer(0.5, stop.set)
    timer.start()
    infos = analyse(MIDGAME, Limit(time=60), stop=stop)
    timer.cancel()
    assert infos and infos[0].decision in MIDGAME.legal_decisions()

    # Ctrl-C (SIGINT) while the compiled search runs in its worker thread.  Python's own
    # handler, even where the runner ignores SIGINT (a background job of a shell).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        infos = analyse(MIDGAME, Limit(time=60))
    finally:
        timer.join()
        signal.signal(signal.SIGINT, previous)
    assert infos and infos[0].decision in MIDGAME.legal_decisions()
    assert infos[0].seconds < 59  # it stopped at the interrupt, not at the time limit


def test_a_proof_that_does_not_finish_leaves_time_for_estimates():
    # Six tokens left, but Fox and Crow chains make it too wide to prove in seconds.
    hard = Position.from_cpn("d,tdBD,c,wSTTT/bb,t,ttttttCT,sdtt/Ff,.,WtTTTTD,WXT p 1 3-1")
    infos = analyse(hard, Limit(time=1.0), multipv=2)
    assert len(infos) == 2 and all(not i.proven and i.depth >= 2 for i in infos)


def test_analysis_always_answers_even_when_the_limit_is_tiny():
    infos = analyse(MIDGAME, Limit(time=1e-9), multipv=3)
    assert len(infos) == 3 and all(not i.proven and i.depth == 1 for i in infos)
    merits = [i.merit for i in infos]
    assert merits == sorted(merits, reverse=True)


def test_analysis_of_a_finished_game_is_refused():
    with pytest.raises(ValueError, match="the game is over"):
        analyse(Position.from_cpn(".,.,.,./.,.,.,./T,.,.,. g # 0-0"))


def test_bots_play_whole_games_and_each_choice_goes_to_its_decider():
    asked = []

    class Recording(RandomBot):
        def __init__(self, player, seed):
            super().__init__(seed)
            self.player = player

        def choose(self, position):
            asked.append(position.decider == self.player)
            return super().choose(position)

    record = play_game(Recording(Player.GREEN, 1), Recording(Player.PURPLE, 2))
    assert record.final.is_over and all(asked) and len(asked) == len(record.decisions)
    greedy = play_game(GreedyBot(3), RandomBot(4))
    assert greedy.final.is_over


def test_perfect_bot_converts_a_proven_win(endgames):
    for p, truth in endgames:
        if truth > 0 and p.decider == Player.GREEN and len(p.option_codes) > 3:
            record = play_game(PerfectBot(Limit(time=30)), RandomBot(5), start=p)
            assert record.green_score > 0
            return
    pytest.fail("no suitable endgame in the sample")


def test_cli_solve_lines():
    endgame = "WDFD,.,TD,./Cfdb,.,BSBX,TTTTTc/.,wsw,xTTT,tttbtt g 2 2-7"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "cernunos_widget",
            "solve",
            "--from",
            endgame,
            "--time",
            "30",
            "--multipv",
            "2",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = out.stdout.splitlines()
    assert out.returncode == 0 and len(lines) == 2
    assert all(re.fullmatch(r"win proven : [A-Z]@[a-d][1-3]( \S+)*", line) for line in lines)
    out = subprocess.run(
        [sys.executable, "-m", "cernunos_widget", "solve", "--time", "0.5"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert re.fullmatch(r"estimate -?[01]\.\d\d : [A-Z]@[a-d][1-3]( \S+)*\n", out.stdout)
    out = subprocess.run(
        [sys.executable, "-m", "cernunos_widget", "solve", "--time", "0.5", "--engine", "mcts"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert re.fullmatch(r"estimate -?[01]\.\d\d : [A-Z]@[a-d][1-3]( \S+)*\n", out.stdout)


def test_mcts_solver_proofs_agree_with_brute_force(endgames):
    from cernunos_widget.solver import Mcts

    proven = 0
    for i, (p, truth) in enumerate(endgames[:80]):
        tree = Mcts(p, seed=i)
        tree.run(playouts=3000)
        if tree.root.proven is not None:
            proven += 1
            assert tree.root.proven == (truth > 0) - (truth < 0), p.cpn()
            best = tree.results()[0]
            sign = 1 if p.decider == Player.GREEN else -1
            if tree.root.proven * sign == 1:  # a proven win: its first decision wins
                assert best.proven == 1
                assert ExactSearch().outcome(p.play(best.decision)) * sign == 1, p.cpn()
    assert proven >= 60


def test_mcts_results_are_for_the_root_decider_and_stop_on_a_budget():
    from cernunos_widget.solver import mcts_search

    tree = mcts_search(MIDGAME, playouts=300, seed=1)
    results = tree.results()
    assert tree.playouts == 300 and sum(r.visits for r in results) == 300
    assert len({r.decision for r in results}) == len(results) <= len(MIDGAME.option_codes)
    assert all(-1 <= r.value <= 1 and r.pv[0] == r.decision for r in results)
    stop = threading.Event()
    stop.set()
    assert mcts_search(MIDGAME, stop=stop, seed=1).playouts <= 600


def test_mcts_truncated_playouts_score_with_the_heuristic():
    from cernunos_widget.solver import mcts_search

    tree = mcts_search(MIDGAME, playouts=200, seed=3, playout_depth=4)
    values = [r.value for r in tree.results()]
    assert tree.playouts == 200 and all(-1 < v < 1 for v in values)
    assert any(v not in (-1.0, 0.0, 1.0) for v in values)  # not only whole-game outcomes


def test_mcts_always_stops_on_time_even_among_proven_nodes():
    """Iterations that only revisit a proven node must still count against the budget."""
    from cernunos_widget.solver import Mcts

    tree = Mcts(MIDGAME, seed=1)
    tree.run(playouts=len(MIDGAME.option_codes))  # every first decision expanded once
    sign = 1 if tree.root.green else -1
    children = [child.index for child in tree.root.children.values()]
    arrays = tree.arrays
    arrays.proven[children[0]] = 0  # a proven draw ...
    for child in children[1:]:  # ... beside decisions that look bad and are well explored
        arrays.visits[child], arrays.total[child] = 10_000, -0.8 * sign * 10_000
    arrays.visits[tree.root.index] = arrays.visits[children].sum()
    tree.budget = Budget(seconds=0.05)
    finished = []
    thread = threading.Thread(target=lambda: (tree.run(), finished.append(True)), daemon=True)
    thread.start()
    thread.join(30)  # generous: it checks that the search stops, not how fast
    assert finished, "MCTS kept revisiting a proven node without checking its time limit"


def test_analyse_with_a_progress_bar(capsys):
    infos = analyse(MIDGAME, Limit(depth=2, time=60), progress=True)
    assert infos and infos[0].depth == 2
    assert "analysing" in capsys.readouterr().err  # tqdm writes its bar to stderr
