"""A burst of page requests during an analysis (issue #36 item 8): each task runs one job
at a time in one thread, however fast analyse, review, move and stop arrive; the latest
request wins."""

from __future__ import annotations

import random
import threading

import pytest
from page_double import Page

import cernunos_widget.session.review as review_module
import cernunos_widget.solver as solver
from cernunos_widget import CernunosWidget
from cernunos_widget.session import jobs
from cernunos_widget.solver.analyse import Info

REQUESTS = 400


class SlowToStop:
    """A fake analysis: one update, then it waits for the stop flag and takes a moment to
    unwind (as a search does); counts how many run at once."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running = self.most = 0

    def __call__(self, position, limit, multipv, *, stop, engine, **options):
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
        try:
            decision = position.legal_decisions()[0]
            yield [Info(decision, False, None, None, 0.1, [decision], 1, 10, 0.0)]
            stop.wait(30)
            threading.Event().wait(0.02)  # unwinding: a new job must not start meanwhile
        finally:
            with self.lock:
                self.running -= 1


@pytest.fixture
def fakes(monkeypatch) -> tuple[SlowToStop, SlowToStop]:
    analysis, review = SlowToStop(), SlowToStop()
    monkeypatch.setattr(solver, "analysis", analysis)
    monkeypatch.setattr(review_module, "analysis", review)
    monkeypatch.setattr(jobs, "prepare", lambda session, job, state, search=None: True)
    return analysis, review


def job_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name in ("cernunos-analysis", "cernunos-review")]


def burst(page: Page, rng: random.Random) -> list[dict]:
    """Hundreds of mixed requests, as fast as the kernel answers them."""
    replies = []
    for _ in range(REQUESTS):
        node = rng.choice([0, 1, 2, 3])
        kind = rng.choice(["analyse", "analyse", "goto", "review", "stop"])
        if kind == "analyse":
            seconds = rng.choice([None, 5.0])
            replies.append(page.request(type="analyse", node=node, seconds=seconds, multipv=1))
        elif kind == "goto":
            replies.append(page.request(type="goto", node=node))
        elif kind == "review":
            replies.append(page.request(type="review", seconds=0.1))
        else:
            replies.append(page.request(type="stop"))
        assert len(job_threads()) <= 2, [t.name for t in job_threads()]
    return replies


def test_a_burst_of_requests_runs_one_job_a_task_and_the_last_request_wins(fakes):
    analysis, review = fakes
    w = CernunosWidget(game="B@b2 B@b3 D@a1")
    page = Page(w)
    before = threading.active_count()
    replies = burst(page, random.Random(36))
    assert all(r["ok"] for r in replies), [r["message"] for r in replies if not r["ok"]][:3]
    assert threading.active_count() <= before + 4  # two workers and their throttles' timers
    last = page.request(type="analyse", node=2, seconds=None, multipv=1)
    assert last["ok"]
    job = w.session._jobs["analysis"]
    for _ in range(2000):  # the last analysis runs once the one before it has unwound
        if w.analysis.get("lines"):
            break
        threading.Event().wait(0.005)
    assert w.analysis["node"] == 2 and w.analysis["status"] == "running"
    assert w.analysis["follow"] and w.analysis["lines"]
    assert page.request(type="stop")["ok"]
    assert job.wait(10) and w.analysis["status"] == "cancelled" and w.analysis["node"] == 2
    assert analysis.most == 1 and review.most == 1  # never two searches of one task at once
    for job in w.session._jobs.values():
        assert job.wait(10)
