"""An analysis that follows the board (the page's Analyse "until stopped", as on lichess)
and one that keeps its node (a timed analysis from Python); lines best first for the
decider at every update, numbered as the move list numbers them."""

from __future__ import annotations

import threading

import pytest

from cernunos_widget.record.tree import Game
from cernunos_widget.session import jobs
from cernunos_widget.session.core import Change, Session
from cernunos_widget.solver.analyse import Info


def waiting_analyser(lines=None):
    """A fake analysis: one update (``lines``: (pv text, estimate) pairs, default the first
    legal decision at 0.1), then it waits for the stop flag as the solver polls it."""

    def run(position, limit, multipv, *, stop, engine, **options):  # memory_mb, threads
        infos = []
        for pv, value in lines or [(str(position.legal_decisions()[0]), 0.1)]:
            decisions, p = [], position
            for token in pv.split():
                decisions.append(p.parse_decision(token))
                p = p.play(token)
            infos.append(Info(decisions[0], False, None, None, value, decisions, 1, 10, 0.0))
        yield infos
        stop.wait(30)

    return run


def settle(s: Session) -> None:
    """Wait until the running analysis has published its lines."""
    for _ in range(3000):
        if s.analysis.get("lines"):
            return
        threading.Event().wait(0.005)
    raise AssertionError(f"no lines published: {s.analysis}")


def test_an_analysis_that_follows_restarts_on_each_node_the_board_goes_to():
    s = Session(Game.parse("B@b2 B@b3 D@a1"))
    end = s.node
    first = s.analyse(analyser=waiting_analyser(), follow=True)
    settle(s)
    assert s.analysis["node"] == end.id and s.analysis["follow"] is True
    s.back()  # the board moves: the analysis moves with it
    assert s.analysis["node"] == end.parent.id and s.analysis["status"] == "running"
    assert s.analysis["follow"] is True and first.stopped
    settle(s)
    assert s.stored_analysis(end)["status"] == "cancelled"  # node it left keeps its lines
    s.goto(0)
    assert s.analysis["node"] == 0
    s.play("D@a1", node=0)  # a new node is followed too
    assert s.analysis["node"] == s.node.id != 0
    s.stop_jobs()  # Stop: the analysis no longer follows
    job = s._jobs["analysis"]
    assert job.wait(10) and s.analysis["status"] == "cancelled"
    here = s.node.id
    s.back()
    assert s.analysis["node"] == here and s.analysis["status"] == "cancelled"


def test_a_timed_analysis_keeps_its_node_while_the_board_moves():
    s = Session(Game.parse("B@b2 B@b3"))
    end = s.node
    job = s.analyse(analyser=waiting_analyser())  # from Python: no follow
    settle(s)
    s.back()
    s.goto(0)
    assert s.analysis["node"] == end.id and s.analysis["status"] == "running"
    assert "follow" not in s.analysis and job.is_alive()
    job.stop()
    assert job.wait(10)


def test_following_onto_a_finished_game_says_over_and_drops_the_old_search():
    from short_games import short_games

    s = Session(short_games(1, seed=3)[0])
    assert s.position.is_over
    s.back()
    old = s.analyse(analyser=waiting_analyser(), follow=True)
    settle(s)
    s.forward()  # onto the finished position: nothing to search
    assert s.analysis["status"] == "over" and s.analysis["node"] == s.node.id
    assert old.stopped and old.wait(10)
    assert s.analysis["status"] == "over"  # the old search's last word was dropped
    s.back()  # still following
    assert s.analysis["status"] == "running" and s.analysis["node"] == s.node.id
    s.stop_jobs()


def test_another_analysis_ends_the_following_one():
    s = Session(Game.parse("B@b2 B@b3"))
    s.analyse(analyser=waiting_analyser(), follow=True)
    s.back()
    kept = s.analyse(analyser=waiting_analyser())  # a timed one replaces it, keeps its node
    here = s.node.id
    s.goto(0)
    assert s.analysis["node"] == here and kept.is_alive()
    kept.stop()
    assert kept.wait(10)


def test_analyse_with_goto_moves_the_board_then_follows_it():
    from cernunos_widget.solver import Limit

    s = Session(Game.parse("B@b2 B@b3"))
    s.analyse(Limit(), analyser=waiting_analyser(), node=0, goto=True, follow=True)
    assert s.node.id == 0 and s.analysis["node"] == 0 and s.analysis["limit"] == "until stopped"
    s.forward()
    assert s.analysis["node"] == s.node.id != 0
    s.stop_jobs()


# ---------------------------------------------------------------------- best first


@pytest.mark.parametrize(
    ("game", "decider"), [("", "green"), ("B@b2 B@b3", "purple")]
)
def test_every_update_lists_its_lines_best_first_for_the_decider(game, decider):
    """The search's order (MCTS: by visits) is not the value's: every state published
    lists the best value for the decider first; ties keep the search's order."""
    s = Session(Game.parse(game))
    decisions = [str(d) for d in s.position.legal_decisions()[:4]]
    values = [-0.17, -0.07, 0.4, -0.07]  # the decider's view, as the solver reports
    states: list[dict] = []
    s.subscribe(lambda c: c.analysis and c.analysis.get("lines") and states.append(c.analysis))
    lines = list(zip(decisions, values, strict=True))
    job = s.analyse(analyser=waiting_analyser(lines=lines))
    settle(s)
    job.stop()
    assert job.wait(10)
    assert len(states) >= 2  # an update and the final state
    sign = 1 if decider == "green" else -1
    for state in states:
        order = [line["decision"] for line in state["lines"]]
        assert order == [decisions[2], decisions[1], decisions[3], decisions[0]]
        greens = [sign * line["green"] for line in state["lines"]]
        assert greens == sorted(greens, reverse=True)


def test_a_proven_win_comes_first_and_a_proven_loss_last():
    s = Session(Game.parse(""))
    d = s.position.legal_decisions()[:3]
    infos = [
        Info(d[0], True, "loss", None, -1.0, [d[0]]),
        Info(d[1], False, None, None, 0.9, [d[1]]),
        Info(d[2], True, "win", None, 1.0, [d[2]]),
    ]
    assert [i.decision for i in jobs.best_first(infos)] == [d[2], d[1], d[0]]


# ---------------------------------------------------------------------- moves


def test_a_line_is_numbered_as_the_move_list_goes_on_from_its_node():
    """After Green's first placement (turn 1, R-13), a line goes on with Green's second
    placement (no number: mid-turn), then ``1…`` for Purple; each says who plays."""
    s = Session(Game.parse("B@b2"))
    job = s.analyse(analyser=waiting_analyser(lines=[("B@b3 D@a1 D@b1", 0.2)]))
    settle(s)
    job.stop()
    assert job.wait(10)
    moves = s.analysis["lines"][0]["moves"]
    assert [m["turn"] for m in moves] == ["", "1…", ""]
    assert [m["player"] for m in moves] == ["g", "p", "p"]
    assert [m["number"] for m in moves] == [1, 1, 1]
    assert [m["label"] for m in moves] == s.analysis["lines"][0]["labels"]


def test_the_page_sees_every_state_it_is_sent_for_the_node_it_names():
    s = Session(Game.parse("B@b2 B@b3"))
    seen: list[Change] = []
    s.subscribe(seen.append)
    s.analyse(analyser=waiting_analyser(), follow=True)
    s.back()
    s.stop_jobs()
    moved = [c for c in seen if c.current is not None]
    assert moved and all(c.analysis and c.analysis["node"] == c.current for c in moved)


# ---------------------------------------------------------------------- the page's Analyse


@pytest.fixture
def fake_solver(monkeypatch):
    """The page's Analyse runs the solver's analysis: a waiting fake one, already prepared."""
    import cernunos_widget.solver as solver

    monkeypatch.setattr(solver, "analysis", waiting_analyser())
    monkeypatch.setattr(jobs, "prepare", lambda session, job, state: None)


@pytest.mark.parametrize(("seconds", "follows"), [(None, True), (5, False)])
def test_the_page_analyse_follows_until_stopped_and_keeps_its_node_when_timed(
    fake_solver, seconds, follows
):
    from page_double import Page

    from cernunos_widget import CernunosWidget

    w = CernunosWidget(game="B@b2 B@b3")
    page = Page(w)
    reply = page.request(type="analyse", node=1, seconds=seconds)
    assert reply["ok"], reply
    assert w.node.id == 1 and w.analysis["node"] == 1  # the page's Analyse goes there
    assert page.request(type="goto", node=0)["ok"]
    assert w.analysis["node"] == (0 if follows else 1)
    assert w.analysis["status"] == "running" and w.analysis.get("follow", False) is follows
    assert page.request(type="stop")["ok"]
    assert page.request(type="goto", node=2)["ok"]
    assert w.analysis["node"] == (0 if follows else 1)  # after Stop nothing follows


def test_a_following_analysis_never_lands_on_another_node_under_racing_edits():
    """Hundreds of interleavings of edits, moves and new games while a fast fake analysis
    follows the board: every state published names a node of the current game, and every
    change of the current node while following carries the analysis of that node."""
    import random
    import time

    def quick(position, limit, multipv, *, stop, engine):
        decision = position.legal_decisions()[0]
        for step in range(20):
            if stop.is_set():
                return
            time.sleep(0.0005)
            yield [Info(decision, False, None, None, step / 20, [decision], step, step, 0.0)]

    rng = random.Random(11)
    s = Session(Game.parse("B@b2 B@b3 D@a1"))
    bad: list[str] = []

    def check(change: Change) -> None:  # under the session's lock
        a = change.analysis
        if a and "gen" in a and (a["gen"] != s.generation or a["node"] not in s.game._nodes):
            bad.append(f"{a} landed in generation {s.generation}")
        following = s._following is not None and change.current is not None
        if following and (not change.analysis or change.analysis["node"] != change.current):
            bad.append(f"moved to {change.current} without its analysis")

    s.subscribe(check)
    for _ in range(200):
        s.analyse(analyser=quick, node=rng.choice(s.game.nodes()), follow=True, goto=True)
        for _ in range(rng.randrange(1, 8)):
            roll, node = rng.random(), rng.choice(s.game.nodes())
            if roll < 0.2 and node.parent is not None:
                s.delete(node)
            elif roll < 0.45:
                s.play(rng.choice(node.position.legal_texts()), node=node)
            elif roll < 0.5:
                s.replace_game(Game.parse(rng.choice(["B@b2 B@b3", "D@a1", ""])))
            elif roll < 0.9:
                s.goto(node)
            else:
                s.stop_jobs()
    s.stop_jobs()
    for job in list(s._jobs.values()):
        assert job.wait(10)
    assert not bad, bad[:3]


def threads_recorder(asked: list):
    """A waiting analyser that records the ``threads`` each search is started with."""
    inner = waiting_analyser()

    def run(position, limit, multipv, *, stop, engine, **options):
        asked.append(options.get("threads"))
        yield from inner(position, limit, multipv, stop=stop, engine=engine, **options)

    return run


def test_a_new_thread_count_reaches_the_following_analysis_at_its_next_restart():
    s = Session(Game.parse("B@b2 B@b3 D@a1"))
    asked: list = []
    s.analyse(analyser=threads_recorder(asked), follow=True, threads=1)
    settle(s)
    s.set_follow_threads(2)
    assert asked == [1]  # the running search keeps its count
    s.back()
    settle(s)
    assert asked == [1, 2] and s.analysis["threads"] == 2
    s.set_follow_threads(None)  # every core: the solver's default, not passed
    s.back()
    settle(s)
    assert asked == [1, 2, None]
    s.stop_jobs()
    s.set_follow_threads(1)  # nothing follows: nothing changes
    assert s._following is None
