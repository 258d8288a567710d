"""The generic embed (issue #34 item 4): ``static.board_html`` draws a game, a session, a
widget, a lesson, puzzles or a state as an HTML fragment with its code once; static pages,
the Sphinx directives and the Markdown blocks are made of the same fragments
(``board_fragment``) and the same code (``page_code``)."""

from __future__ import annotations

import json
import re

import pytest

from cernunos_widget import lessons, puzzles
from cernunos_widget.record.tree import Game
from cernunos_widget.session.core import Session
from cernunos_widget.study import Study
from cernunos_widget.widget.adapter import CernunosWidget
from cernunos_widget.widget.blocks import read_block
from cernunos_widget.widget.contents import board_state, course_state
from cernunos_widget.widget.static import (
    Needs,
    StaticPageError,
    board_fragment,
    board_html,
    boards_html,
    page_code,
    to_html,
)

GAME = "B@b2 B@b3 (D@a1 {a quieter start}) T@a1"
STUDY = '[Chapter "One"] B@b2 B@b3\n\n[Chapter "Two"] [Mode "interactive"] T@a1 D@c2\n'
STATE = re.compile(r'<script type="application/json" data-cernunos-board>(.*?)</script>', re.S)
CODE = '<script type="module">'


def states(html: str) -> list[dict]:
    return [json.loads(found) for found in STATE.findall(html)]


def test_a_game_is_one_board_and_its_code_with_only_what_it_needs():
    html = board_html(Game.parse(GAME), size="30em")
    (state,) = states(html)
    assert state["static"] is True and state["playable"] is True
    assert state["tree"]["current"] == Game.parse(GAME).root.end().id
    assert html.count(CODE) == 1 and html.count("const { render } =") == 1
    assert '<div class="cernunos-site-board" style="max-width: 30em">' in html
    assert "createLesson" not in html and "createPuzzle" not in html and '"fr":{' not in html
    assert "<html" not in html and "<body" not in html  # a fragment, not a page
    assert not re.search(r"""(src|href)=["']?https?:""", html)  # nothing from the network


@pytest.mark.parametrize(
    ("content", "check"),
    [
        (Session(Game.parse(GAME), "fr"), lambda s: s["tree"]["settings"]["language"] == "fr"),
        (CernunosWidget(game="B@b2"), lambda s: s["tree"]["packed"]["decisions"][1] == "B@b2"),
        (lessons.lesson("power"), lambda s: s["lesson_state"]["name"] == "power"),
        (puzzles.load()[:3], lambda s: len(s["tree"]["puzzle"]["set"]) == 3),
        (puzzles.load()[5], lambda s: s["tree"]["puzzle"]["puzzle"]["id"] == puzzles.load()[5].id),
        (course_state("fr"), lambda s: s["lesson_state"]["language"] == "fr"),
        (Study.load(STUDY), lambda s: len(s["study_data"]["chapters"]) == 2),
    ],
    ids=["session", "widget", "lesson", "puzzles", "one-puzzle", "state", "study"],
)
def test_every_kind_of_content_is_a_board(content, check):
    (state,) = states(board_html(content))
    assert check(state)


def test_the_code_carries_what_the_content_needs():
    lesson = board_html(lessons.lesson("power"))
    assert "createLesson" in lesson and '"fr":{' in lesson  # the panel switches language
    puzzle = board_html(puzzles.load()[:2], language="fr")
    assert "createPuzzle" in puzzle and "createLesson" not in puzzle and '"fr":{' in puzzle
    study = board_html(Study.load(STUDY))
    assert 'data-needs="studies en fr"' in study and "createLesson" not in study
    assert Needs.of(board_state(Study.load(STUDY))).features == {"studies"}


def test_several_boards_take_the_code_once():
    contents = [Game.parse(GAME), puzzles.load()[:2]]
    fragments = [board_html(c, code=False) for c in contents]
    assert all(CODE not in f for f in fragments)
    needs = Needs.of(board_state(contents[0])) | Needs.of(board_state(contents[1]))
    assert needs == Needs(frozenset({"puzzles"}), frozenset({"en"}))
    page = "".join(fragments) + page_code(needs)
    assert len(states(page)) == 2 and page.count(CODE) == 1
    assert page_code(needs) == page_code(Needs(frozenset({"puzzles"}), frozenset({"en"})))


def test_static_pages_and_blocks_are_made_of_the_same_fragments():
    game = Game.parse(GAME)
    state = board_state(game)
    assert board_fragment(state) in to_html(game)
    assert board_html(game) == board_fragment(state) + page_code(Needs.of(state))
    block = read_block("cernunos", GAME, {})
    assert board_fragment(block.state) == board_fragment(state)
    page = boards_html([game, lessons.lesson("power")])
    assert board_fragment(course_state("en", "power")) in page and page.count(CODE) == 1


@pytest.mark.parametrize(
    ("call", "said"),
    [
        (lambda: board_html("B@b2"), "a board shows a Game, a Session"),
        (lambda: board_html([1, 2]), "a list of 2 items that are not all Puzzles"),
        (lambda: board_html([]), "not a list of 0 items"),
        (lambda: board_html(Session(Game(), "en"), language="fr"), "this session speaks 'en'"),
        (lambda: board_html(CernunosWidget(), language="fr"), "this widget speaks 'en'"),
        (lambda: board_html(course_state("fr"), language="en"), "this state speaks 'fr'"),
        (lambda: board_html(Game(), language="de"), "unknown language 'de'"),
        (lambda: board_html(Game(), size="big"), "size is a CSS length such as 420px"),
        (lambda: board_html(Game(), size="1px; color: red"), "size is a CSS length"),
        (lambda: board_html(Game(), playable="yes"), "playable is True or False"),
    ],
)
def test_what_a_board_cannot_show_is_said(call, said):
    with pytest.raises(StaticPageError if "language 'de'" not in said else ValueError) as error:
        call()
    assert said in str(error.value)
