"""The widget's thread count (issue #23 item 5): ``w.threads`` checked with the solver's
error, asked for by the page's select, used by every analysis the widget starts."""

import pytest
from page_double import Page

from cernunos_widget.solver import Limit
from cernunos_widget.solver.threads import MAX_THREADS, InvalidThreadsError
from cernunos_widget.widget.adapter import CernunosWidget


@pytest.mark.parametrize("bad", [0, -1, MAX_THREADS + 1, 2.0, "2", True])
def test_a_bad_thread_count_is_refused_and_the_trait_stays(bad):
    w = CernunosWidget()
    w.threads = 2
    with pytest.raises(InvalidThreadsError, match="every core"):
        w.threads = bad
    assert w.threads == 2


def test_none_and_counts_up_to_the_solvers_maximum_are_accepted():
    w = CernunosWidget()
    assert w.threads is None  # every core
    for good in (1, MAX_THREADS, None):
        w.threads = good
        assert w.threads == good


class Spy:
    """Records the ``threads`` every session analysis is started with."""

    def __init__(self, w: CernunosWidget) -> None:
        self.threads: list = []
        real = w._session.analyse

        def analyse(*args, **kwargs):
            self.threads.append(kwargs.get("threads"))
            return real(*args, **kwargs)

        w._session.analyse = analyse


def test_the_pages_select_sets_the_trait_and_the_pages_analyse_uses_it():
    w = CernunosWidget(game="B@b2 B@b3")
    page = Page(w)
    spy = Spy(w)
    reply = page.request(type="threads", threads=1)
    assert reply["ok"] and w.threads == 1
    assert page.store["settings"]["threads"] == 1
    page.request(type="analyse", node=w.current, seconds=0.2, multipv=1)
    w._session.stop_jobs()
    assert spy.threads == [1]
    page.request(type="threads", threads=None)
    assert w.threads is None and page.store["settings"]["threads"] is None


def test_a_bad_request_is_refused_and_the_trait_stays():
    w = CernunosWidget()
    page = Page(w)
    w.threads = 2
    for bad in (0, MAX_THREADS + 1, "all", 1.5):
        reply = page.request(type="threads", threads=bad)
        assert not reply["ok"] and "threads must be" in reply["message"], reply
    assert w.threads == 2


def test_python_analyse_without_threads_uses_the_trait_and_the_state_names_it():
    w = CernunosWidget(game="B@b2 B@b3")
    spy = Spy(w)
    w.threads = 1
    w.analyse(Limit(depth=1), multipv=1, wait=True)
    assert w.analysis["threads"] == 1 and w.analysis["status"] == "done"
    w.analyse(Limit(depth=1), multipv=1, wait=True, threads=2)  # a call may choose its own
    assert spy.threads == [1, 2] and w.analysis["threads"] == 2 and w.threads == 1


def test_the_review_searches_with_the_trait_or_the_calls_own_count():
    w = CernunosWidget(game="B@b2 B@b3")
    asked: list = []
    real = w._session.review

    def review(*args, **kwargs):
        asked.append(args[2] if len(args) > 2 else kwargs.get("threads"))
        return real(*args, **kwargs)

    w._session.review = review
    w.threads = 1
    w.analyse_game(Limit(nodes=2_000), wait=True)
    w.analyse_game(Limit(nodes=2_000), wait=True, threads=2)
    Page(w).request(type="review", seconds=0.1)  # the page's Review button
    w._session.stop_jobs()
    assert asked == [1, 2, 1]


def test_changing_the_trait_reaches_an_analysis_that_follows_the_board():
    w = CernunosWidget(game="B@b2 B@b3")
    w.threads = 1
    Page(w).request(type="analyse", node=w.current, seconds=None, multipv=1)  # follows
    w.threads = 2
    assert w._session._following["threads"] == 2
    assert w._session._following["options"]["threads"] == 2
    w._session.stop_jobs()
