"""The analysis stream (#20 item 5): at most ten updates a second over a fake clock, the
latest wins, the final result is always the last update (an interval after the one
before: #35 item 2), a stop still delivers it, and a line the search keeps reporting is
replayed once."""

from __future__ import annotations

import threading

import pytest
from fake_time import FakeTime

import cernunos_widget.session.jobs as jobs
from cernunos_widget.record.tree import Game
from cernunos_widget.session.core import Change, Session
from cernunos_widget.session.throttle import INTERVAL
from cernunos_widget.solver.analyse import Info


def test_updates_are_at_least_an_interval_apart_and_the_latest_wins():
    t = FakeTime()
    stream = t.throttle()
    sent: list[tuple[float, int]] = []
    latest = [-1]
    for step in range(400):  # 400 improvements in 3 s: 133 a second
        t.advance(0.0075)
        latest[0] = step
        stream.offer(lambda step=step: sent.append((t.now, step, latest[0])))
    t.advance(1.0)  # no more offers: the waiting update still goes out, by the timer
    assert all(step == newest for _, step, newest in sent)  # the latest when it was sent
    times = [0.0] + [when for when, _, _ in sent]  # the start's state, then the updates
    assert all(b - a >= INTERVAL - 1e-9 for a, b in zip(times, times[1:], strict=False))
    window = 1.0 - 1e-9  # any 1 s window (less float rounding)
    assert all(sum(w <= x < w + window for x in times) <= 10 for w in times)
    assert sent[-1][1] == 399  # the last improvement arrives although nothing followed it
    assert 25 <= len(sent) <= 31  # ~3 s at ten a second: coalesced, not dropped wholesale


def test_the_start_counts_as_an_update_and_a_lone_one_later_is_not_held():
    t = FakeTime()
    stream = t.throttle()  # the job's starting state was sent now
    sent: list[str] = []
    stream.offer(lambda: sent.append("first"))
    assert sent == []
    t.advance(INTERVAL)
    assert sent == ["first"]
    t.advance(0.5)
    stream.offer(lambda: sent.append("later"))  # the interval has passed: no waiting
    assert sent == ["first", "later"] and not [x for x in t.timers if not x[2]]


def test_the_final_update_drops_the_waiting_one_and_is_the_last_an_interval_later():
    t = FakeTime()
    stream = t.throttle()
    sent: list[str] = []
    t.advance(1.0)
    stream.offer(lambda: sent.append("a"))
    t.advance(0.01)
    stream.offer(lambda: sent.append("b"))  # waits for the timer
    stream.finish(lambda: sent.append(f"final at {t.now:.2f}"))
    assert sent == ["a", "final at 1.10"]  # the rest of a's window waited, not more
    t.advance(1.0)  # the cancelled timer would have sent "b"
    stream.offer(lambda: sent.append("late"))
    t.advance(1.0)
    assert sent == ["a", "final at 1.10"]


def test_an_update_failing_on_the_timer_is_raised_to_the_producer():
    t = FakeTime()
    stream = t.throttle()
    stream.offer(lambda: 1 / 0)  # waits, then fails in the timer's thread
    t.advance(1.0)
    with pytest.raises(ZeroDivisionError):
        stream.offer(lambda: None)


def test_an_update_failing_on_the_timer_is_raised_by_the_final_one_once_sent():
    """#24: a failure on the timer followed by the final update was silently dropped."""
    t, sent = FakeTime(), []
    stream = t.throttle()
    stream.offer(lambda: 1 / 0)
    t.advance(1.0)
    with pytest.raises(ZeroDivisionError):
        stream.finish(lambda: sent.append("final"))
    assert sent == ["final"]  # the final result reached the views first


def test_a_final_update_that_reports_the_timers_failure_takes_it():
    t, sent = FakeTime(), []
    stream = t.throttle()
    stream.offer(lambda: 1 / 0)
    t.advance(1.0)
    stream.finish(lambda: sent.append(f"error: {stream.take_error()}"))
    assert sent == ["error: division by zero"]


# ---------------------------------------------------------------------- in the session


def scripted_analyser(
    lines: list[list[tuple[str, float]]],
    gate: threading.Event | None = None,
    tick=lambda step: None,
):
    """A fake analysis yielding ``lines`` (per step: (pv text, estimate) for each line),
    each after ``tick(step)``, then, with ``gate``, waiting for it or the stop flag."""

    def run(position, limit, multipv, *, stop, engine):
        for i, step in enumerate(lines):
            tick(i)
            infos = []
            for pv, value in step:
                decisions = []
                p = position
                for token in pv.split():
                    decisions.append(p.parse_decision(token))
                    p = p.play(token)
                infos.append(Info(decisions[0], False, None, None, value, decisions, 1, 10, 0.0))
            yield infos
        while gate is not None and not (gate.is_set() or stop.is_set()):
            stop.wait(0.01)

    return run


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()


def analysis_states(s: Session) -> list[dict]:
    states: list[dict] = []

    def keep(change: Change) -> None:
        if change.analysis is not None:
            states.append(change.analysis)

    s.subscribe(keep)
    return states


def test_a_burst_of_improvements_reaches_the_session_as_one_update_then_the_final(fake_time):
    s = Session(Game.parse("B@b2"))
    s.throttle = fake_time.throttle
    states = analysis_states(s)
    steps = [[("B@b3", i / 100)] for i in range(50)]  # 0.1 s after the start, one burst
    job = s.analyse(analyser=scripted_analyser(steps, tick=lambda i: i or fake_time.advance(1)))
    assert job.wait(10)
    assert [a["status"] for a in states] == ["running", "running", "done"]  # start, first, final
    assert states[1]["lines"][0]["green"] == pytest.approx(0.0)  # the first improvement
    final = states[-1]
    assert final["lines"][0]["green"] == pytest.approx(0.49)  # the last one (Green decides)
    assert s.analysis == final


def test_a_stop_delivers_the_final_state_with_the_latest_lines(fake_time):
    s = Session(Game.parse("B@b2"))
    s.throttle = fake_time.throttle
    states = analysis_states(s)
    gate = threading.Event()
    steps = [[("B@b3", 0.1)], [("D@a1", 0.2)], [("D@b1", 0.3)]]  # the last two wait
    job = s.analyse(analyser=scripted_analyser(steps, gate, lambda i: i or fake_time.advance(1)))
    for _ in range(2000):  # until the first update is out (the worker then waits)
        if len(states) >= 2:
            break
        threading.Event().wait(0.01)
    assert s.analysis["lines"][0]["decision"] == "B@b3"  # the first update went out
    job.stop()
    assert job.wait(10)
    assert states[-1]["status"] == "cancelled"
    assert states[-1]["lines"][0]["decision"] == "D@b1"  # the latest, never sent before
    assert [a["status"] for a in states].count("cancelled") == 1


def test_an_unchanged_line_is_replayed_once(fake_time, monkeypatch):
    replayed: list[tuple] = []
    original = jobs.readable_line

    def counted(position, pv, draw_only=False, state=None):
        replayed.append(tuple(str(d) for d in pv))
        return original(position, pv, draw_only, state)

    monkeypatch.setattr(jobs, "readable_line", counted)
    s = Session(Game.parse("B@b2"))
    s.throttle = fake_time.throttle
    states = analysis_states(s)
    line, other = "B@b3 D@a1 D@b1", "D@a1 D@b1"
    steps = [[(line, i / 40), (other, -0.1)] for i in range(20)] + [[(other, 0.3), (line, 0.2)]]

    every_one_sent = scripted_analyser(steps, tick=lambda i: fake_time.advance(1))  # a second apart
    assert s.analyse(analyser=every_one_sent).wait(10)
    assert len(states) == 1 + len(steps) + 1  # base, every step, the final
    assert sorted(replayed) == sorted([tuple(line.split()), tuple(other.split())])
    assert states[-1]["lines"][0]["labels"] == ["Deer a1", "Deer b1"]
