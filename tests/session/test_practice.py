"""A study's practice chapter (issue #33 item 3; session/practice.py, session/study.py): the
reader plays the student's side from the chapter's start, the engine the other side (perfect
play in a small endgame, its search elsewhere), the [Goal] judged for the student; and the
widget's practice (w.study, the page's play and advance requests)."""

from __future__ import annotations

import pytest

from cernunos_widget.engine import CernunosError, Position
from cernunos_widget.record.tree import Game
from cernunos_widget.session import Session
from cernunos_widget.session.practice import reply
from cernunos_widget.session.study import StudyRun
from cernunos_widget.solver import Limit, solve
from cernunos_widget.study import Chapter, Study, StudyError
from cernunos_widget.widget.adapter import CernunosWidget

# Green to play and win (3 tokens left, R-8): T@c2 wins (on Trees, R-17); T@c1 loses.
ENDGAME = "cTTDTT,Tx,C,dBwSwtt/BD,d,FbB,XW/tttsbb,f,.,WDTTT g 1 2-7"
# Purple (the student) must hold a cell after Green's two opening placements.
HOLD = {
    "within": 3,
    "test": {"cells": {"at_least": 1}},
    "text": {"en": "Hold a cell", "fr": "Tenez une case"},
}


def endgame_chapter(**settings) -> Chapter:
    game = Game(Position.from_cpn(ENDGAME))
    game.root.play("T@c2").comment = "The author's solution: not shown in practice."
    return Chapter(game, title="Win it", mode="practice", **settings)


def best(position: Position) -> str:
    return str(solve(position, Limit(nodes=200_000), threads=1).pv[0])


def play_out(run: StudyRun, session: Session, first: str) -> dict:
    """The student plays ``first``, then the solver's best, until the verdict."""
    run.try_decision(session, first)
    while run.verdict is None:
        run.play_replies(session)
        if run.verdict is None:
            run.try_decision(session, best(session.resolve(run.node).position))
    return run.verdict


@pytest.fixture
def endgame() -> tuple[StudyRun, Session]:
    session = Session()
    run = StudyRun(Study([endgame_chapter()]))
    run.open(session, 0)
    return run, session


class TestPractice:
    def test_the_board_holds_the_start_alone_and_the_student_plays_first(self, endgame):
        run, session = endgame
        assert session.game.root.children == [] and session.node is session.game.root
        state = run.state(session)
        assert state["mode"] == "practice" and state["side"] == "Green"
        assert not state["waiting"] and state["verdict"] is None and state["reply"] is None

    def test_the_winning_line_solves_the_chapter_against_perfect_play(self, endgame):
        run, session = endgame
        verdict = play_out(run, session, "T@c2")
        assert verdict["status"] == "solved" and run.solved == [0]
        assert run.state(session)["done"] and run.replied["by"] == "perfect"

    def test_perfect_play_punishes_a_wrong_try_and_says_why_in_both_languages(self, endgame):
        run, session = endgame
        verdict = play_out(run, session, "T@c1")
        assert verdict["status"] == "failed" and run.solved == []
        (reason,) = verdict["reasons"]
        assert reason["en"].startswith("You did not win") and "pas gagné" in reason["fr"]
        with pytest.raises(StudyError, match="this practice is over"):
            run.try_decision(session, "T@a1")
        run.retry(session)
        assert run.verdict is None and session.node is session.game.root
        assert session.game.root.children == []

    def test_the_engines_reply_keeps_the_exact_value_in_a_small_endgame(self, endgame):
        run, session = endgame
        run.try_decision(session, "T@c2")
        here = session.resolve(run.node).position
        value = solve(here, Limit(nodes=200_000), threads=1).score
        decision, how = reply(here)
        after = here.play(decision)
        kept = solve(after, Limit(nodes=200_000), threads=1)
        assert how == "perfect"
        assert (kept.score if after.decider == here.decider else -kept.score) == value

    def test_the_goal_is_judged_for_the_student_and_the_engine_plays_first(self):
        session = Session()
        run = StudyRun(Study([Chapter(Game(), mode="practice", student="Purple", goal=HOLD)]))
        run.open(session, 0)
        assert run.state(session)["waiting"]
        with pytest.raises(StudyError, match="the board is to play here"):
            run.try_decision(session, "T@a1")
        run.play_replies(session)  # Green's two placements: the engine's search
        assert run.verdict is None and run.replied["by"] == "search"  # Green's cells: not Purple's
        here = session.node.position
        empty = next(c for c in ("a1", "d1", "a3", "d3", "b2") if here.top(c) is None)
        with pytest.raises(CernunosError, match="z9"):
            run.try_decision(session, "T@z9")
        assert run.try_decision(session, f"T@{empty}") == "solved"
        assert run.verdict == {"status": "solved", "steps": 3, "reasons": []}


class TestTheWidgetsPractice:
    def test_a_page_play_is_the_students_and_advance_the_engines(self):
        w = CernunosWidget()
        w.study(Study([endgame_chapter(), Chapter(Game(), title="Free")]))
        sent: list[dict] = []
        w.send = lambda content, buffers=None: sent.append(content)

        def ask(**request):
            w._on_page_message(w, {**request, "gen": w.session.generation}, [])  # noqa: SLF001
            return sent[-1]

        assert ask(type="play", node=w.current, decision="T@c2")["ok"]
        assert w.study_state["waiting"] and w.study_state["node"] == w.current
        assert ask(type="study", action="advance", node=w.current)["ok"]
        assert w.study_state["reply"]["by"] == "perfect" and not w.study_state["waiting"]
        w.play(best(w.position))  # from Python: the engine's replies at once
        while not w.study_state["done"]:
            w.play(best(w.position))
        assert w.study_state["verdict"]["status"] == "solved" and w.study_state["solved"] == [0]
        assert w.study_data["chapters"][0]["goal"] is None
        assert not ask(type="play", node=w.current, decision="T@a1")["ok"]
        assert "practice is over" in w.message
