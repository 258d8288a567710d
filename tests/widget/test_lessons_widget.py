"""Lessons on the widget (session/lesson.py through CernunosWidget): w.lesson(name), the page's
``lesson`` requests, each try judged (a wrong one answered and sent back to the start, a
solved one counted), and the course's static page."""

from __future__ import annotations

import json
import re

import pytest

from cernunos_widget.engine import CernunosError
from cernunos_widget.lessons import LessonError, lesson, load
from cernunos_widget.widget.adapter import CernunosWidget
from cernunos_widget.widget.static import course_html


class Page:
    """The page's side: requests sent to the widget's handler, replies collected."""

    def __init__(self, widget: CernunosWidget) -> None:
        self.widget = widget
        self.replies: list[dict] = []
        widget.send = lambda content, buffers=None: self.replies.append(content)

    def ask(self, **request) -> dict:
        request = {**request, "id": len(self.replies), "gen": self.widget.session.generation}
        self.widget._on_page_message(self.widget, request, [])  # noqa: SLF001 - the handler
        return self.replies[-1]


def test_a_lesson_opens_its_exercise_with_the_course_sent_once():
    w = CernunosWidget()
    state = w.lesson("power", 3)
    ex = lesson("power").exercises[2]
    assert w.cpn == ex.cpn
    assert state == {
        "name": "power",
        "exercise": 2,
        "verdict": None,
        "solved": {},
        "language": "en",
    }
    assert [x["name"] for x in w.course] == [x.name for x in load()]
    assert w.course[1]["exercises"][2]["goal"]["text"]["fr"] == ex.goal.text("fr")


def test_a_wrong_try_is_explained_and_sent_back_to_the_start_a_right_one_counted():
    w = CernunosWidget()
    w.lesson("power", 3)
    start = w.cpn
    w.play("W@b1")
    assert w.lesson_state["verdict"] is None  # one placement of two: not judged yet
    w.play("T@a1")
    verdict = w.lesson_state["verdict"]
    assert verdict["status"] == "failed" and verdict["steps"] == 2
    assert verdict["reasons"][0]["en"] == "c2 is not yours: Purple's Tree is on top."
    assert w.cpn == start and w.current == 0  # back at the exercise's position
    assert len(w.game.root.children) == 1  # the wrong try stays in the tree
    w.play("B@b2 T@c2")  # another way than the hint's
    assert w.lesson_state["verdict"]["status"] == "solved"
    assert w.lesson_state["solved"] == {"power": [2]}


def test_the_pages_lesson_requests_open_next_and_retry():
    w = CernunosWidget()
    page = Page(w)
    refused = page.ask(type="lesson", action="next")
    assert not refused["ok"] and "w.lesson(name) starts one" in refused["message"]
    w.lesson("scoring")
    assert page.ask(type="lesson", action="open", lesson="forfeit", exercise=1)["ok"]
    assert w.cpn == lesson("forfeit").exercises[1].cpn
    assert page.ask(type="lesson", action="next")["ok"]  # the last lesson's last: the first
    assert (w.lesson_state["name"], w.lesson_state["exercise"]) == ("placing", 0)
    assert page.ask(type="lesson", action="next")["ok"]
    assert w.lesson_state["exercise"] == 1
    reply = page.ask(type="play", node=0, decision="T@a1")
    assert reply["ok"] and reply["patch"]["current"] == 0  # a wrong try: back to the start
    assert w.lesson_state["verdict"]["status"] == "failed"
    assert page.ask(type="lesson", action="retry")["ok"]
    assert w.lesson_state["verdict"] is None
    for bad, words in (
        ({"action": "jump"}, "unknown lesson action 'jump': open, next or retry"),
        ({"action": "open", "lesson": "chess"}, "no lesson 'chess': the lessons are placing"),
        ({"action": "open", "lesson": "power", "exercise": 9}, "exercises 1 to 4, not 10"),
        ({"action": "open", "exercise": -1}, "exercise must be in 0..63, not -1"),
    ):
        reply = page.ask(type="lesson", **bad)
        assert not reply["ok"] and words in reply["message"], reply


def test_a_lesson_speaks_the_boards_language_unless_told():
    assert CernunosWidget(language="fr").lesson("placing")["language"] == "fr"
    assert CernunosWidget().lesson("placing")["language"] == "en"
    w = CernunosWidget(language="fr")
    assert w.lesson("placing", language="en")["language"] == "en"
    assert w.language == "en"  # told: the board speaks it too (one language per board)


def test_one_language_per_board_the_panels_switch_and_the_trait_set_both():
    w = CernunosWidget()
    page = Page(w)
    w.lesson("power", 3)
    reply = page.ask(type="language", language="fr")  # the panel's switch
    assert reply["ok"] and w.language == "fr" and w.lesson_state["language"] == "fr"
    patch = reply["patch"]  # the whole board again, in French
    assert patch["reset"] and patch["settings"]["language"] == "fr"
    assert w.lesson_state["name"] == "power" and w.cpn == lesson("power").exercises[2].cpn
    w.language = "en"  # from Python: the panel follows
    assert w.lesson_state["language"] == "en"
    reply = page.ask(type="language", language="de")
    assert not reply["ok"] and "unknown language 'de'" in reply["message"]
    assert w.language == "en" and w.lesson_state["language"] == "en"
    w.play("W@b1 T@a1")  # a wrong try's reasons in both languages, the panel picks the board's
    assert w.lesson_state["verdict"]["reasons"][0]["fr"].startswith("c2 n’est pas à vous")


def test_w_lesson_refuses_what_is_not_a_lesson():
    w = CernunosWidget()
    with pytest.raises(LessonError, match="no lesson 'chess'"):
        w.lesson("chess")
    with pytest.raises(LessonError, match="exercises 1 to 3, not 4"):
        w.lesson("placing", 4)
    with pytest.raises(LessonError, match="exercise is a number"):
        w.lesson("placing", "2")
    with pytest.raises(CernunosError, match="unknown language 'de'"):
        w.lesson("placing", language="de")


def test_another_game_on_the_board_is_not_judged():
    w = CernunosWidget()
    w.lesson("placing")
    w.setup(".,.,.,./.,.,.,./.,.,.,. g 2 0-0")
    w.play("T@b2")
    assert w.lesson_state["verdict"] is None and w.lesson_state["solved"] == {}


def page_state(html: str) -> dict:
    found = re.search(r"<script type=\"application/json\" data-cernunos-board>(.*?)</script>", html)
    return json.loads(found.group(1))


def test_a_widgets_page_and_the_course_page_carry_the_course_and_where_it_stands(tmp_path):
    w = CernunosWidget()
    w.lesson("fire-squirrel", 2, language="fr")
    state = page_state(w.to_html())
    assert state["lesson_state"]["name"] == "fire-squirrel"
    assert state["lesson_state"]["language"] == "fr"
    assert len(state["course"]) == len(load())
    path = tmp_path / "course.html"
    html = course_html(path, language="fr", lesson="growth")
    assert path.read_text(encoding="utf-8") == html
    state = page_state(html)
    assert state["lesson_state"] == {
        "name": "growth", "exercise": 0, "verdict": None, "solved": {}, "language": "fr",
    }  # fmt: skip
    assert state["tree"]["start"] == lesson("growth").exercises[0].cpn
    assert state["tree"]["settings"]["language"] == "fr"  # the board speaks French too
    with pytest.raises(LessonError, match="no lesson 'chess'"):
        course_html(lesson="chess")


def test_opening_a_puzzle_closes_the_lesson_and_a_lesson_the_puzzle():
    """One mode at a time (#35 item 7): the lesson's panel goes when a puzzle opens (its
    Next would throw the puzzle away), the puzzle's bar when a lesson opens; progress stays."""
    from cernunos_widget.puzzles import load as load_puzzles

    w = CernunosWidget()
    page = Page(w)
    first = lesson("placing").exercises[0]
    w.lesson("placing")
    w.play(first.hint.decisions)  # solved
    assert w.lesson_state["solved"] == {"placing": [0]}
    puzzle = load_puzzles()[0]
    w.puzzle(0)
    assert w.lesson_state == {}  # the page hides the lessons panel
    assert "course" not in w.state_for_export()
    reply = page.ask(type="lesson", action="next")  # a stale panel's Next
    assert not reply["ok"] and w.cpn == puzzle.cpn  # the puzzle stays
    w.play(puzzle.steps[0].play)  # a puzzle's decision is not judged as a lesson's try
    assert w.lesson_state == {}
    w.lesson("placing", 2)
    assert w.puzzle_state is None and "puzzle" not in w.get_state()["tree"]
    assert w.lesson_state["solved"] == {"placing": [0]}  # the course's progress kept
    assert w.cpn == lesson("placing").exercises[1].cpn
