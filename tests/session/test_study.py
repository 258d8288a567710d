"""A study read on a session (session/study.py): the chapters on the board, the gamebook of an
interactive chapter (the student's tries judged, the board's replies, hints, the end), a
hidden-moves chapter's reveals, the author's settings; and the widget's study (w.study,
w.edit_chapter, w.save_study, the page's `study` requests). docs/studies.md has the rules."""

from __future__ import annotations

import pytest

from cernunos_widget.engine import CernunosError, Player
from cernunos_widget.session import Session
from cernunos_widget.session.study import StudyRun, clue, split_hint
from cernunos_widget.study import Study, StudyError
from cernunos_widget.widget.adapter import CernunosWidget

# Chapter 1: Green's two placements are the board's; Purple (the student) must find
# T@a1 (a variation T@d3 is the author's wrong answer, T@d1! another good one), then T@c1;
# Green answers T@c3 T@d3, and Purple ends with T@a3.
TEXT = """[Chapter "Opening"]
B@b2 B@b3 {A normal chapter.} T@a1 T@d1

[Chapter "Gamebook"]
[Mode "interactive"]
[Student "Purple"]
B@b2 B@b3 {[%hint A corner is safe.] Where does the first Tree go?} T@a1 {Right: the corner.}
(T@d3 {No: the Boar on b3 pushes it.}) (T@d1! {Also good: far away.}) T@c1 T@c3
{Green answers.} T@d3 {Purple again.} T@a3

[Chapter "Hidden"]
[Mode "conceal"]
B@b2 B@b3 T@a1 (T@d1) T@c1
"""


@pytest.fixture
def run() -> tuple[StudyRun, Session]:
    session = Session()
    study_run = StudyRun(Study.load(TEXT))
    study_run.open(session, 1)
    return study_run, session


def at_question(study_run: StudyRun, session: Session) -> None:
    study_run.play_replies(session)  # Green's B@b2 B@b3
    assert study_run.state(session)["question"] == "Where does the first Tree go?"


class TestTheGamebook:
    def test_the_board_plays_the_other_side_one_decision_at_a_time(self, run):
        study_run, session = run
        state = study_run.state(session)
        assert state["waiting"] and state["node"] == 0 and state["question"] == ""
        assert study_run.advance(session, node=5) is False  # another node: a second view's ask
        assert study_run.advance(session) and session.node.decision_text == "B@b2"
        assert study_run.advance(session, node=session.node.id)
        state = study_run.state(session)
        assert not state["waiting"] and state["side"] == "Purple"
        assert (state["question"], state["hint"]) == (
            "Where does the first Tree go?",
            "A corner is safe.",
        )
        assert study_run.advance(session) is False  # the student's decision: not the board's

    def test_a_commented_variation_is_the_answer_and_the_board_stays_at_the_question(self, run):
        study_run, session = run
        at_question(study_run, session)
        before, author = session.node, study_run.current.game.export()
        assert study_run.try_decision(session, "T@d3") == "answer"
        state = study_run.state(session)
        assert state["feedback"] == {
            "kind": "answer", "decision": "T@d3", "text": "No: the Boar on b3 pushes it.",
            "line": [],  # the variation has no further moves
        }  # fmt: skip
        assert state["wrong"] == 1 and session.node is before
        assert study_run.current.game.export() == author  # the author's tree is untouched

    def test_any_other_legal_try_is_not_the_move_and_an_illegal_one_is_refused(self, run):
        study_run, session = run
        at_question(study_run, session)
        nodes = len(session.game.nodes())
        assert study_run.try_decision(session, "T@b1") == "wrong"
        assert study_run.state(session)["feedback"] == {
            "kind": "wrong",
            "decision": "T@b1",
            "text": "",
        }
        with pytest.raises(CernunosError, match="not a cell"):
            study_run.try_decision(session, "T@z9")
        assert study_run.wrong == 1 and len(session.game.nodes()) == nodes  # nothing played

    def test_also_good_is_accepted_and_the_main_line_is_played(self, run):
        study_run, session = run
        at_question(study_run, session)
        assert study_run.try_decision(session, "T@d1") == "good"
        assert session.node.decision_text == "T@a1" and session.node.is_mainline()
        assert study_run.state(session)["feedback"]["text"] == "Also good: far away."
        assert study_run.wrong == 0

    def test_the_main_line_to_its_end_solves_the_chapter_with_the_count_of_wrong_tries(self, run):
        study_run, session = run
        at_question(study_run, session)
        study_run.try_decision(session, "T@b1")
        for decision in ("T@a1", "T@c1"):
            assert study_run.try_decision(session, decision) == "right"
        assert study_run.state(session)["waiting"]  # Green's T@c3 T@d3
        with pytest.raises(StudyError, match="the board is to play"):
            study_run.try_decision(session, "T@a3")
        study_run.play_replies(session)
        assert study_run.state(session)["question"] == "Purple again."
        study_run.try_decision(session, "T@a3")
        state = study_run.state(session)
        assert state["done"] and state["solved"] == [1] and state["wrong"] == 1
        with pytest.raises(StudyError, match="solved: Retry"):
            study_run.try_decision(session, "T@b1")
        study_run.retry(session)
        state = study_run.state(session)
        assert state["wrong"] == 0 and not state["done"] and state["solved"] == [1]

    def test_a_hint_is_taken_out_of_the_question(self):
        assert split_hint("[%hint The corner.]  Where now? ") == ("Where now?", "The corner.")
        assert split_hint("Where now?") == ("Where now?", "")
        assert split_hint("Where [%hint not at the start]") == (
            "Where [%hint not at the start]",
            "",
        )

    def test_a_question_without_a_hint_gets_a_clue_from_the_main_lines_decision(self, run):
        study_run, session = run
        at_question(study_run, session)
        assert study_run.state(session)["clue"] is None  # the author's [%hint] instead
        study_run.try_decision(session, "T@a1")
        study_run.try_decision(session, "T@c1")
        study_run.play_replies(session)
        state = study_run.state(session)
        assert (state["question"], state["hint"]) == ("Purple again.", "")
        assert state["clue"] == {"token": "T"}  # T@a3: what it places, not where
        assert [clue(d) for d in ("b3", "a1~c3", "grow:b1,c2", "pass")] == [
            {"cell": "b3"}, {"cell": "a1"}, {"cell": "b1"}, {"pass": True}
        ]  # fmt: skip

    def test_a_refuting_variations_further_moves_come_with_its_answer(self):
        session = Session()
        text = '[Mode "interactive"] [Student "Purple"] B@b2 B@b3 {Where?} T@a1'
        text += " (T@d3 {No.} T@c3 T@c1)"
        study_run = StudyRun(Study.load(text))
        study_run.open(session, 0)
        study_run.play_replies(session)
        assert study_run.try_decision(session, "T@d3") == "answer"
        assert study_run.feedback == {
            "kind": "answer", "decision": "T@d3", "text": "No.", "line": ["T@c3", "T@c1"]
        }  # fmt: skip
        assert session.node.decision_text == "B@b3"  # the board back at the question

    def test_the_student_is_the_side_to_move_when_the_chapter_names_none(self):
        study = Study.load('[Mode "interactive"] B@b2 B@b3 T@a1')
        session, study_run = Session(), StudyRun(study)
        study_run.open(session, 0)
        state = study_run.state(session)
        assert state["side"] == "Green" and not state["waiting"]


class TestChaptersAndAuthors:
    def test_a_normal_chapter_is_the_boards_game_and_edits_are_the_chapters(self, run):
        study_run, session = run
        study_run.open(session, 0)
        assert session.game is study_run.study.chapters[0].game
        session.play("T@c1")
        study_run.open(session, 1)
        assert "T@c1" in study_run.study.chapters[0].game.export()

    def test_a_new_game_on_the_board_of_a_normal_chapter_becomes_the_chapters(self, run):
        study_run, session = run
        study_run.open(session, 0)
        session.replace_game(type(session.game)())
        session.play("D@a1")
        study_run.sync(session)
        chapter = study_run.study.chapters[0]
        assert chapter.title == "Opening" and chapter.game.export().endswith("D@a1")

    def test_hidden_moves_are_revealed_by_reaching_them_or_asking(self, run):
        study_run, session = run
        study_run.open(session, 2)
        assert study_run.state(session)["revealed"] == 0 and session.node.ply == 0
        study_run.reveal(session)
        assert study_run.revealed == 1
        session.goto(session.game.mainline()[2])
        assert study_run.follow(session) and study_run.revealed == 3
        session.play("T@b1")  # the reader's own move reveals nothing
        assert not study_run.follow(session) and study_run.revealed == 3
        study_run.open(session, 0)
        with pytest.raises(StudyError, match="nothing is hidden"):
            study_run.reveal(session)

    def test_the_author_sets_a_chapters_mode_student_and_title(self, run):
        study_run, session = run
        study_run.edit(
            session, 0, mode="interactive", student=Player.PURPLE, title="Now a gamebook"
        )
        chapter = study_run.study.chapters[0]
        assert (chapter.mode, chapter.student, chapter.title) == (
            "interactive", Player.PURPLE, "Now a gamebook",
        )  # fmt: skip
        for bad in ({"mode": "blitz"}, {"student": "Blue"}, {"colour": "red"}):
            with pytest.raises(StudyError):
                study_run.edit(session, 0, **bad)
        with pytest.raises(StudyError, match="chapters 0 to 2"):
            study_run.open(session, 3)


class TestTheWidget:
    def test_a_study_written_in_the_widget_and_saved_reads_back_equal(self, tmp_path):
        w = CernunosWidget()
        w.study('[Chapter "Mine"] B@b2')
        w.play("B@b3 T@a1")
        w.comment("Where now?", node=w.node.parent)
        w.annotate("!")
        w.edit_chapter(mode="interactive", student="Purple", title="Find it")
        assert (
            w.study_state["mode"] == "interactive"
            and w.study_data["chapters"][0]["title"] == "Find it"
        )
        path = tmp_path / "mine.cgn"
        assert w.save_study(path) == 1
        again = Study.load(path)
        assert again == w.current_study
        chapter = again.chapters[0]
        assert chapter.mode == "interactive" and chapter.student == Player.PURPLE
        assert chapter.game.mainline()[1].comment == "Where now?"

    def test_a_page_try_is_judged_and_play_from_python_plays_the_replies(self):
        w = CernunosWidget()
        w.study(TEXT, chapter=1)
        sent: list[dict] = []
        w.send = lambda content, buffers=None: sent.append(content)
        w._on_page_message(
            w, {"type": "study", "action": "advance", "gen": w.session.generation}, []
        )
        assert sent[-1]["ok"] and w.node.decision_text == "B@b2"
        w._on_page_message(
            w, {"type": "study", "action": "advance", "gen": w.session.generation}, []
        )
        w._on_page_message(  # noqa: SLF001
            w,
            {"type": "play", "node": w.current, "decision": "T@d3", "gen": w.session.generation},
            [],
        )
        assert sent[-1]["ok"] and w.study_state["feedback"]["kind"] == "answer"
        assert w.node.decision_text == "B@b3"
        w.play("T@a1 T@c1")  # from Python: the board's replies at once
        assert w.study_state["question"] == "Purple again."

    def test_the_authors_next_edit_counts_though_sent_before_a_mode_change_replied(self):
        """A mode change replaces the board's game (a new generation); the panel's next
        edit, sent with the generation the page had, is not refused as for a replaced game,
        while a move sent so is."""
        w = CernunosWidget()
        sent: list[dict] = []
        w.send = lambda content, buffers=None: sent.append(content)
        w.study('[Chapter "Mine"] B@b2')
        gen = w.session.generation
        edit = {"type": "study", "action": "edit", "chapter": 0, "gen": gen}
        w._on_page_message(w, {**edit, "mode": "interactive"}, [])  # noqa: SLF001
        assert sent[-1]["ok"] and w.session.generation != gen  # the board's game replaced
        w._on_page_message(w, {**edit, "student": "Purple"}, [])  # noqa: SLF001
        assert sent[-1]["ok"], sent[-1]["message"]
        assert w.study_data["chapters"][0]["student"] == "Purple"
        move = {"type": "play", "node": w.current, "decision": "B@b3", "gen": gen}
        w._on_page_message(w, move, [])  # noqa: SLF001
        assert not sent[-1]["ok"] and "replaced" in sent[-1]["message"]

    def test_a_study_closes_a_lesson_and_a_lesson_or_a_puzzle_closes_the_study(self):
        w = CernunosWidget()
        w.lesson("placing")
        w.study(TEXT)
        assert w.course == [] and w.lesson_state == {} and w.study_state["chapter"] == 0
        w.lesson("placing")
        assert w.study_data == {} and w.study_state == {} and w.current_study is None
        w.study(TEXT)
        w.puzzle(0)
        assert w.study_state == {} and w.puzzle_state is not None

    def test_a_bad_study_request_is_refused_with_the_reason(self):
        w = CernunosWidget()
        sent: list[dict] = []
        w.send = lambda content, buffers=None: sent.append(content)
        w._on_page_message(w, {"type": "study", "action": "next"}, [])  # noqa: SLF001
        assert not sent[-1]["ok"] and "no study on this board" in sent[-1]["message"]
        w.study(TEXT)
        w._on_page_message(w, {"type": "study", "action": "jump", "gen": w.session.generation}, [])
        assert not sent[-1]["ok"] and "action must be one of" in sent[-1]["message"]
        w._on_page_message(  # noqa: SLF001
            w, {"type": "study", "action": "edit", "mode": "blitz", "gen": w.session.generation}, []
        )
        assert not sent[-1]["ok"] and "mode is one of normal" in sent[-1]["message"]
