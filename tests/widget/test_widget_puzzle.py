"""Puzzle mode with a kernel (issue #22 item 3): w.puzzle sets a puzzle up, the page's tries
are judged by the kernel (puzzles/play.py): a wrong one gets its proven refutation and the
board stays, the winning one is played with the opponent's replies; solved puzzles are
counted; the page's store follows (tests/page_double.py)."""

from __future__ import annotations

import pytest
from page_double import Page

from cernunos_widget import puzzles
from cernunos_widget.puzzles import PuzzleError
from cernunos_widget.widget.adapter import CernunosWidget


@pytest.fixture(scope="module")
def chosen():
    """A committed puzzle with several decider steps if there is one, else the first."""
    committed = puzzles.load()
    return max(committed[:40], key=lambda p: sum(s.by == "decider" for s in p.steps))


def test_w_puzzle_sets_the_puzzle_up_on_the_board(chosen):
    w = CernunosWidget()
    page = Page(w)
    state = w.puzzle(chosen.id)
    assert w.cpn == chosen.cpn and w.current == 0
    assert state["id"] == chosen.id and state["step"] == 0 and state["solved"] == 0
    assert page.store["puzzle"]["puzzle"]["id"] == chosen.id  # the page has the puzzle
    assert page.store["puzzle"]["status"] == "playing" and "set" not in page.store["puzzle"]
    w.flush()  # the end of a cell: the whole state
    assert w.tree["puzzle"]["index"] == puzzles.load().index(chosen)  # flushed state too


def test_a_wrong_try_is_answered_by_its_refutation_and_the_board_stays(chosen):
    w = CernunosWidget()
    page = Page(w)
    w.puzzle(chosen)
    wrong, refutation = next(iter(chosen.steps[0].refutations.items()))
    reply = page.request(type="puzzle", action="try", decision=wrong)
    assert reply["ok"], reply
    assert w.cpn == chosen.cpn and len(w.game.nodes()) == 1  # nothing played
    tried = {"decision": wrong, "result": refutation.result, "line": list(refutation.line)}
    assert w.puzzle_state["tried"] == tried and page.store["puzzle"]["tried"] == tried
    assert w.puzzle_state["step"] == 0


def test_solving_by_tries_plays_the_replies_and_counts_the_puzzle(chosen):
    w = CernunosWidget()
    page = Page(w)
    w.puzzle(chosen)
    while w.puzzle_state["status"] == "playing":
        step = chosen.steps[w.puzzle_state["step"]]
        assert step.by == "decider"
        assert page.request(type="puzzle", action="try", decision=step.play)["ok"]
    played = [n.decision_text for n in w.game.mainline()]
    assert played == [s.play for s in chosen.steps]  # the decider's and the replies
    assert w.puzzle_state["solved"] == 1 and page.store["puzzle"]["solved"] == 1
    assert page.store["current"] == w.current and page.agrees()
    reply = page.request(type="puzzle", action="try", decision=chosen.solution)
    assert not reply["ok"] and "solved" in reply["message"]
    # the next puzzle keeps the count
    assert page.request(type="puzzle", action="next")["ok"]
    assert w.puzzle_state["solved"] == 1 and w.puzzle_state["step"] == 0
    assert w.cpn == puzzles.get(w.puzzle_state["index"]).cpn != chosen.cpn


def test_an_illegal_try_and_a_board_without_puzzle_are_refused():
    w = CernunosWidget()
    page = Page(w)
    reply = page.request(type="puzzle", action="try", decision="T@a1")
    assert not reply["ok"] and "no puzzle on this board" in reply["message"]
    w.puzzle(0)
    reply = page.request(type="puzzle", action="try", decision="grow:a1")
    assert not reply["ok"] and "illegal" in reply["message"]
    reply = page.request(type="puzzle", action="jump", decision="")
    assert not reply["ok"] and "action must be one of" in reply["message"]
    with pytest.raises(PuzzleError, match="no puzzle has the id"):
        w.puzzle("nope")


def test_the_pickers_choice_opens_that_puzzle_and_the_solved_ones_are_listed():
    """#35 item 8: the set listed once (id, rating, themes), ``open`` by index; solved ids
    kept across the run and across w.puzzle() calls; an index past the set refused."""
    committed = puzzles.load()
    w = CernunosWidget(language="fr")
    page = Page(w)
    w.puzzle(0)
    assert len(w.puzzle_list) == len(committed)
    assert w.puzzle_list[7] == {
        "id": committed[7].id,
        "rating": committed[7].rating,
        "themes": list(committed[7].themes),
    }
    assert page.request(type="puzzle", action="open", index=7)["ok"]
    assert w.puzzle_state["id"] == committed[7].id and w.cpn == committed[7].cpn
    assert page.store["puzzle"]["index"] == 7 and page.store["puzzle"]["solved_ids"] == []
    for step in committed[7].steps:
        if step.by == "decider":
            assert page.request(type="puzzle", action="try", decision=step.play)["ok"]
    assert page.store["puzzle"]["solved_ids"] == [committed[7].id]
    reply = page.request(type="puzzle", action="open", index=len(committed))
    assert not reply["ok"] and reply["message"] == (
        f"pas de problème {len(committed) + 1}\u00a0: cette série en a {len(committed)}"
    )
    assert w.puzzle_state["id"] == committed[7].id  # the board stays
    w.puzzle(3)
    assert w.puzzle_state["solved_ids"] == [committed[7].id]  # the board remembers
