"""The session without a widget, a browser or traitlets: operations, refusals, jobs, races."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from types import SimpleNamespace

import pytest
from cpn_builder import cpn

from cernunos_widget.engine import CernunosError, IllegalDecisionError
from cernunos_widget.record.tree import Game
from cernunos_widget.session.core import Change, Session, SessionError, UnknownNodeError


def recorded(session: Session) -> list[Change]:
    changes: list[Change] = []
    session.subscribe(changes.append)
    return changes


def snapshot(s: Session) -> tuple:
    return s.game.export(), s.node.id, s.generation


def test_the_session_imports_without_traitlets_or_anywidget():
    code = (
        "import sys; import cernunos_widget.session.core as s; s.Session().play('B@b2'); "
        "print(sorted(m for m in ('traitlets', 'anywidget', 'ipywidgets') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_playing_in_the_session_leaves_the_solver_unloaded():
    # jobs.py reaches the solver's point of view (PovValue) only when a value is shown
    code = (
        "import sys; import cernunos_widget.session.core as s; s.Session().play('B@b2'); "
        "print(sorted(m for m in sys.modules if m.startswith('cernunos_widget.solver')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_play_branches_and_reports_what_changed():
    s = Session()
    changes = recorded(s)
    end = s.play("B@b2 B@b3")
    assert s.node is end and s.game.export() == "B@b2 B@b3"
    (change,) = changes  # one operation, one change
    assert [n.decision_text for n in change.nodes] == ["", "B@b2", "B@b3"]
    assert change.created == {1, 2} and change.current == 2
    s.play("D@a1", node=1)
    assert s.game.export() == "B@b2 B@b3 (D@a1)" and s.node.decision_text == "D@a1"
    assert changes[-1].created == {3} and [n.id for n in changes[-1].nodes] == [1, 3]
    s.play("B@b3", node=1)  # already there: no new node
    assert changes[-1].created == set() and changes[-1].current == 2


def test_navigation():
    s = Session(Game.parse("B@b2 B@b3 (D@a1)"))
    assert s.node.decision_text == "B@b3"  # opens at the end of the main line
    back = [s.back().decision_text for _ in range(3)]
    assert back == ["B@b2", "", ""]
    assert s.forward().decision_text == "B@b2" and s.goto(3).decision_text == "D@a1"
    assert s.forward().decision_text == "D@a1"  # the end of its line


@pytest.mark.parametrize(
    ("operation", "error"),
    [
        (lambda s: s.play("T@a1 pass"), IllegalDecisionError),
        (lambda s: s.play("Q@z9"), CernunosError),
        (lambda s: s.play(""), SessionError),
        (lambda s: s.play("D@a1", node=42), UnknownNodeError),
        (lambda s: s.goto(-1), UnknownNodeError),
        (lambda s: s.goto(True), UnknownNodeError),
        (lambda s: s.goto("1"), UnknownNodeError),
        (lambda s: s.delete(0), SessionError),
        (lambda s: s.comment(None), SessionError),
        (lambda s: s.promote(99), UnknownNodeError),
        (lambda s: s.replace_game("B@b2"), SessionError),
    ],
)
def test_refusals_leave_the_state_unchanged(operation, error):
    s = Session(Game.parse("B@b2 B@b3 (D@a1)"))
    changes = recorded(s)
    before = snapshot(s)
    with pytest.raises(error):
        operation(s)
    assert snapshot(s) == before and changes == []


def test_a_deleted_node_is_refused_by_object_and_by_id():
    s = Session(Game.parse("B@b2 B@b3 (D@a1)"))
    variation = s.goto(3)
    changes = recorded(s)
    assert s.delete().decision_text == "B@b2"  # current was inside: moves to the parent
    assert changes[-1].removed == [3] and changes[-1].current == 1
    for ref in (variation, 3):
        with pytest.raises(UnknownNodeError):
            s.goto(ref)


def test_promote_and_comment():
    s = Session(Game.parse("B@b2 B@b3 (D@a1)"))
    changes = recorded(s)
    s.promote(3)
    assert s.game.export() == "B@b2 D@a1 (B@b3)" and [n.id for n in changes[-1].nodes] == [1]
    s.comment("quiet", node=3)
    assert s.game.node(3).comment == "quiet"
    s.comment("quiet", node=3)
    assert len(changes) == 2  # the same comment again changes nothing


def test_replacing_the_game_is_a_new_generation():
    s = Session(Game.parse("B@b2"))
    changes = recorded(s)
    old = s.replace_game(Game.parse("D@a1 D@b1"))
    assert old.export() == "B@b2" and s.generation == 1 and s.node.decision_text == "D@b1"
    assert changes[-1].reset and changes[-1].generation == 1


# ---------------------------------------------------------------------- jobs


def slow_analyser(delay: float = 0.001, steps: int = 50):
    """A fake analysis: yields a line now and then, polls the stop flag like the solver."""

    def run(position, limit, multipv, *, stop, engine, progress=None):
        from cernunos_widget.solver.analyse import Info

        decision = position.legal_decisions()[0]
        for step in range(steps):
            if stop.is_set():
                return
            time.sleep(delay)
            yield [Info(decision, False, None, None, step / steps, [decision], step, step, 0.0)]

    return run


def test_an_analysis_job_streams_into_the_analysis_state_and_stops():
    s = Session()
    changes = recorded(s)
    job = s.analyse(analyser=slow_analyser(0.01, 1000))
    assert s.analysis["status"] == "running" and s.analysis["node"] == 0
    time.sleep(0.1)
    job.stop()  # only sets a flag; benchmarks/soak.py measures how soon the worker ends
    assert job.wait(10), "the worker did not end after stop()"
    assert s.analysis["status"] == "cancelled" and s.analysis["lines"]
    assert all(c.analysis["node"] == 0 for c in changes if c.analysis)


def test_a_second_analysis_replaces_the_first_whose_late_results_are_dropped():
    s = Session(Game.parse("B@b2"))
    first = s.analyse(analyser=slow_analyser(0.01, 1000))
    s.back()
    second = s.analyse(analyser=slow_analyser(0.001, 5))
    assert first.wait(10) and second.wait(10)
    assert s.analysis["node"] == 0 and s.analysis["status"] == "done"  # not "cancelled"


def test_results_never_land_on_another_node_or_game_under_racing_edits():
    """Thousands of interleavings: a fast fake analysis runs while the tree is edited and
    the game replaced; every analysis state published names a node of the current game."""
    rng = random.Random(7)
    s = Session(Game.parse("B@b2 B@b3 D@a1"))
    bad: list[str] = []

    def check(change: Change) -> None:  # runs under the session's lock
        a = change.analysis
        if a and "gen" in a and (a["gen"] != s.generation or a["node"] not in s.game._nodes):
            bad.append(f"{a} landed in generation {s.generation}")

    s.subscribe(check)
    delivered = 0
    for _ in range(300):
        s.analyse(analyser=slow_analyser(0.0, 20), node=rng.choice(s.game.nodes()))
        for _ in range(rng.randrange(1, 8)):
            roll = rng.random()
            node = rng.choice(s.game.nodes())
            if roll < 0.3 and node.parent is not None:
                s.delete(node)
            elif roll < 0.55:
                s.play(rng.choice(node.position.legal_texts()), node=node)
            elif roll < 0.65:
                s.replace_game(Game.parse(rng.choice(["B@b2 B@b3", "D@a1", ""])))
            else:
                s.promote(node)
        delivered += 1
    s.stop_jobs()
    for job in list(s._jobs.values()):
        assert job.wait(10)
    assert not bad and delivered == 300


def test_a_review_marks_from_its_worker_and_skips_deleted_nodes():
    endgame = "WDFD,.,TD,./Cfdb,.,BSBX,TTTTTc/.,wsw,xTTT,tttbtt g 2 2-7"
    from cernunos_widget.engine import Position
    from cernunos_widget.solver import Limit, solve

    s = Session(Game(Position.from_cpn(endgame)))
    s.play("T@b2")
    s.play([str(d) for d in solve(s.position, Limit(time=30)).pv])
    job = s.review(Limit(time=30))
    assert job.wait(60)
    assert [(n.decision_text, n.mark) for n in s.game.mainline() if n.mark] == [("T@b2", "??")]
    assert s.review_state["status"] == "done"
    assert s.review_state["counts"]["green"]["blunder"] == 1
    s.delete(s.game.mainline()[3])  # the next review's results for deleted nodes are dropped
    job = s.review(Limit(time=30))
    s.delete(s.game.mainline()[1])
    assert job.wait(60) and s.review_state["status"] == "done"
    assert [n.decision_text for n in s.game.mainline()] == ["T@b2"]
    assert set(s._evals) == {n.id for n in s.game.nodes()}  # none kept for deleted nodes


def test_real_engines_stop_promptly():
    s = Session(Game.parse("B@b2 B@b3"))
    from cernunos_widget.solver import Limit

    for engine in ("alphabeta", "mcts"):
        job = s.analyse(Limit(time=600), engine=engine)
        time.sleep(0.3)
        job.stop()
        assert job.wait(5.0), f"{engine} did not stop"
        assert s.analysis["status"] == "cancelled"
    assert threading.active_count() < 20


def test_a_position_without_decisions_is_not_analysed():
    s = Session(Game.parse(f'[CPN "{cpn({"a1": "T"}, "g", "#")}"]'))
    assert s.analyse() is None and s.analysis["status"] == "over"


@pytest.fixture
def cold_engine(monkeypatch):
    """A fresh engine preparer whose steps compile as the test says: ``release(step)``
    lets a step end (each blocks until then); nothing is cached."""
    from cernunos_widget.solver import prepare
    from cernunos_widget.solver.compiled import loading

    gates = {step: threading.Event() for step in loading.STEPS}
    ran: list[str] = []

    def run(step: str) -> None:
        ran.append(step)
        assert gates[step].wait(10), f"step {step} never released"

    monkeypatch.setattr(prepare, "_preparer", prepare._Preparer())
    monkeypatch.setattr(loading, "run", run)
    monkeypatch.setattr(loading, "cached", lambda steps=None: False)
    yield SimpleNamespace(release=lambda step: gates[step].set(), ran=ran)
    for gate in gates.values():
        gate.set()


def wait_until(condition, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_a_job_says_it_compiles_the_engine_with_an_estimate_before_its_clock_starts(
    monkeypatch, cold_engine
):
    import cernunos_widget.solver as solver

    monkeypatch.setattr(solver, "analysis", slow_analyser(0.0, 3))
    s = Session()
    job = s.analyse()  # the start: engine="auto" runs MCTS, whose steps only are prepared
    assert wait_until(lambda: cold_engine.ran == ["rules"] and "preparing" in s.analysis)
    words, seconds = s.analysis["preparing"], s.analysis["preparing_seconds"]
    assert words == f"compiling the engine (once per install), about {seconds} s left"
    assert 0 <= seconds <= 8  # the reference times (4 + 1 + 2.5 s), less what was spent
    for done, step in enumerate(("rules", "evaluation"), 1):
        cold_engine.release(step)
        suffix = f" s left: {done}/3"
        assert wait_until(lambda suffix=suffix: s.analysis.get("preparing", "").endswith(suffix))
    cold_engine.release("mcts")
    assert job.wait(5) and s.analysis["status"] == "done"
    assert cold_engine.ran == ["rules", "evaluation", "mcts"]
    assert "preparing" not in s.analysis and "preparing_seconds" not in s.analysis


def test_stop_while_the_engine_compiles_ends_the_job_at_once_and_keeps_compiling(
    monkeypatch, cold_engine
):
    import cernunos_widget.solver as solver

    monkeypatch.setattr(solver, "analysis", slow_analyser(0.0, 3))
    s = Session()
    job = s.analyse()
    assert wait_until(lambda: "preparing" in s.analysis)
    s.stop_jobs()  # the page's Stop
    assert job.wait(1.0), "Stop waited for the compilation"
    assert s.analysis["status"] == "cancelled" and "preparing" not in s.analysis
    assert cold_engine.ran == ["rules"]  # under way, not undone: the next job waits less
    for step in ("rules", "evaluation", "mcts"):
        cold_engine.release(step)
    assert wait_until(lambda: solver.engine_ready("mcts"))
    again = s.analyse()
    assert again.wait(5) and s.analysis["status"] == "done"
    assert cold_engine.ran == ["rules", "evaluation", "mcts"]  # nothing compiled twice
