"""One throttle for everything the page is sent during a job (issue #35 item 2): from the
first message (the job's starting state) at most one patch per 0.1 s window, whatever the
engine reports while it starts (its parts loaded, its progress, its results), and the final
state always arrives, last.  A fake clock (tests/fake_time.py): no sleeps, no timings."""

from __future__ import annotations

import pytest
from fake_time import FakeTime
from page_double import Page

import cernunos_widget.solver as solver
from cernunos_widget import CernunosWidget
from cernunos_widget.session.stream import JobStream
from cernunos_widget.session.throttle import INTERVAL
from cernunos_widget.solver import Limit
from cernunos_widget.solver.analyse import Info

EPSILON = 1e-9  # float rounding of the fake clock's sums
PARTS = 13  # the compiled core's entry points, each reported as loaded


@pytest.fixture
def noisy_engine(monkeypatch) -> FakeTime:
    """An engine that is not loaded yet and reports everything as fast as it can: its
    :data:`PARTS` parts loaded 10 ms apart, then 60 improved results 26 ms apart with a
    progress report between two, on a fake clock."""
    t = FakeTime()
    monkeypatch.setattr(solver, "engine_ready", lambda search=None: False)
    monkeypatch.setattr(solver, "engine_cached", lambda search=None: True)

    def prepare_engine(progress=None, search=None, stop=None, tick=None) -> bool:
        for part in range(1, PARTS + 1):
            t.advance(0.01)
            tick(part, PARTS)
        return True

    def analysis(position, limit, multipv, *, stop, engine, progress, **options):
        decision = position.legal_decisions()[0]
        for step in range(60):
            t.advance(0.013)
            progress(1000 * step + 500, t.now)
            t.advance(0.013)
            yield [Info(decision, False, None, None, step / 100, [decision], 1, 1000 * step, t.now)]

    monkeypatch.setattr(solver, "prepare_engine", prepare_engine)
    monkeypatch.setattr(solver, "analysis", analysis)
    return t


def timed_page(w: CernunosWidget, t: FakeTime) -> tuple[Page, list[float]]:
    """A page double on ``w`` noting the fake time of every message it gets."""
    page, times = Page(w), []
    receive = page._receive

    def noted(content: dict, buffers=None) -> None:
        times.append(t.now)
        receive(content, buffers)

    w.send = noted
    return page, times


def assert_throttled(times: list[float]) -> None:
    """At most one message per INTERVAL window, so at most ten in any second."""
    gaps = [b - a for a, b in zip(times, times[1:], strict=False)]
    assert min(gaps) >= INTERVAL - EPSILON, gaps
    assert all(sum(w <= x < w + 1.0 - EPSILON for x in times) <= 10 for w in times)


def status_of(message: dict) -> str | None:
    patch = message.get("patch", {})
    if "analysis" in patch:
        return patch["analysis"]["status"]
    return patch.get("analysis_delta", {}).get("set", {}).get("status")


@pytest.mark.parametrize("from_page", [False, True], ids=["from Python", "from the page"])
def test_a_starting_engine_and_its_results_reach_the_page_throttled_the_final_last(
    noisy_engine, from_page
):
    t = noisy_engine
    w = CernunosWidget(game="B@b2")
    w.session.throttle = t.throttle
    page, times = timed_page(w, t)
    if from_page:  # the starting state rides in the reply to the page's Analyse
        assert page.request(type="analyse", seconds=2, multipv=1, depth=None)["ok"]
    else:
        w.analyse(Limit(time=2), multipv=1)
    assert w.session.jobs[0].wait(10)
    assert_throttled(times)
    assert status_of(page.sent[0]) == "running" and "preparing" not in w.analysis
    assert status_of(page.sent[-1]) == "done"  # the final state, last
    assert w.analysis["lines"][0]["green"] == pytest.approx(0.59)  # the last result
    assert page.agrees()
    # the engine reported 1 + 13 + 1 states while it started and 120 updates in 1.6 s:
    # about one patch per window, coalesced, not dropped wholesale
    assert 14 <= len(times) <= 19
    said = [m["patch"].get("analysis_delta", {}).get("set", {}) for m in page.sent[1:]]
    assert any("preparing" in s for s in said)  # the start was shown, then cleared


def test_a_review_sends_its_progress_and_every_mark_throttled(monkeypatch):
    """A review reports each node's evaluation and each pass's progress several times a
    window: one patch per window carries them all, and no mark is lost."""
    from cernunos_widget.session import review

    t = FakeTime()

    def analysis(position, limit, multipv, *, stop, engine, threads):
        """Every first decision rated at once, 7 ms a search (marks of every kind)."""
        t.advance(0.007)
        rated = [(sum(map(ord, str(d))) % 97 / 48 - 1, d) for d in position.legal_decisions()]
        rated.sort(key=lambda pair: pair[0], reverse=True)
        yield [Info(d, False, None, None, value, [d], 1, 10, 0.0) for value, d in rated]

    monkeypatch.setattr(review, "analysis", analysis)
    monkeypatch.setattr(solver, "engine_ready", lambda search=None: True)
    w = CernunosWidget(game="S@b1 X@b2 T@b2 D@b3 F@d3 D@d3 S@d2 W@b2 D@b3 D@a1")
    w.session.throttle = t.throttle
    page, times = timed_page(w, t)
    job = w.analyse_game(Limit(time=1))  # two passes (the coarse one first)
    assert job.wait(30)
    assert_throttled(times)
    assert page.sent[-1]["patch"]["review"]["status"] == "done"
    marks = [n.mark for n in w.game.mainline()]
    assert {"?!", "?", "??"} & set(marks)  # judged, some marked
    assert page.agrees()  # every mark and evaluation reached the page
    # 22 searches in 0.15 s, each changing a node and the progress: a patch a window
    assert len(times) <= 4


# ---------------------------------------------------------------------- the stream itself


class Recorder:
    """A session's side of a job stream: each delivered change is a list of records."""

    def __init__(self, current: bool = True) -> None:
        self.changes: list[list[str]] = []
        self.current = current

    def deliver(self, apply) -> bool:
        change: list[str] = []
        apply(change)
        self.changes.append(change)
        return True


def record(text: str):
    return lambda: lambda change: change.append(text)


def test_what_waits_under_every_key_goes_out_in_one_change_the_final_last():
    t, session = FakeTime(), Recorder()
    stream = JobStream(t.throttle(), session.deliver, lambda: session.current)
    stream.offer(record("state 1"))
    stream.offer(record("mark a"), key="node 1")
    stream.offer(record("state 2"))  # replaces state 1
    stream.offer(record("mark b"), key="node 2")
    assert session.changes == []  # the starting state was just sent
    t.advance(INTERVAL)
    assert session.changes == [["state 2", "mark a", "mark b"]]
    stream.offer(record("mark c"), key="node 3")
    stream.offer(record("state 3"))
    stream.finish(record("final"))  # waits the rest of the window, then sends all
    assert session.changes[1] == ["mark c", "final"]
    assert t.now == pytest.approx(2 * INTERVAL)
    stream.offer(record("late"))
    t.advance(1.0)
    assert len(session.changes) == 2


def test_a_superseded_job_sends_nothing_more_and_does_not_wait():
    t, session = FakeTime(), Recorder(current=False)
    stream = JobStream(t.throttle(), session.deliver, lambda: session.current)
    stream.offer(record("state"))
    stream.finish(record("final"))
    t.advance(1.0)
    assert session.changes == [] and t.now == pytest.approx(1.0)


def test_the_final_update_waits_only_the_rest_of_the_window():
    t, sent = FakeTime(), []
    stream = t.throttle()
    t.advance(0.03)
    stream.finish(lambda: sent.append(t.now))
    assert sent == [pytest.approx(INTERVAL)]  # 0.07 s more: an interval after the start
    t2, sent2 = FakeTime(), []
    late = t2.throttle()
    t2.advance(0.5)
    late.finish(lambda: sent2.append(t2.now))
    assert sent2 == [pytest.approx(0.5)]  # the interval had passed: at once
