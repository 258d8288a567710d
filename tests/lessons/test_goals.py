"""The goal language (cernunos_widget/lessons/goals.py): when a try is judged, what each test
reads, the reasons given in both languages, and clear errors for a goal that is not one."""

from __future__ import annotations

import json

import pytest

from cernunos_widget.engine import Position
from cernunos_widget.lessons import Goal, GoalError, LessonError, Text, judge_decisions, read
from cernunos_widget.lessons.course import COURSE_FILE, parse

WORDS = Text(en="a goal", fr="un but")


def goal(test: dict, within: int = 1) -> Goal:
    return Goal.from_data({"within": within, "test": test}, WORDS)


def verdict(cpn: str, test: dict, decisions: str, within: int = 1):
    return judge_decisions(goal(test, within), Position.from_cpn(cpn), decisions.split())


def test_a_try_is_judged_after_each_complete_placement_not_inside_an_effect():
    cpn = ".,.,.,./.,.,tt,./.,T,.,. g 2 0-0"  # a Fox on b2 swaps b1 and c2, then an order
    assert verdict(cpn, {"owns": "c2"}, "X@b2").status == "pending"  # the order is asked
    done = verdict(cpn, {"owns": "c2"}, "X@b2 c2")
    assert (done.status, done.steps) == ("solved", 1)


def test_within_two_steps_a_first_placement_that_misses_is_still_pending():
    cpn = ".,.,.,./.,.,tt,./.,.,.,. g 2 0-0"  # a Wolf on b1 reaches c2
    assert verdict(cpn, {"owns": "c2"}, "W@b1", within=2).status == "pending"
    assert verdict(cpn, {"owns": "c2"}, "W@b1 T@c2", within=2).status == "solved"
    failed = verdict(cpn, {"owns": "c2"}, "W@b1 T@a1", within=2)
    assert (failed.status, failed.steps) == ("failed", 2)
    assert failed.reasons[0]("en") == "c2 is not yours: Purple's Tree is on top."
    assert failed.reasons[0]("fr") == "c2 n’est pas à vous\u00a0: l’Arbre violet est au sommet."


@pytest.mark.parametrize(
    ("cpn", "test", "decisions", "en", "fr"),
    [
        (
            ".,.,.,./.,.,.,./.,.,.,. g 2 0-0",
            {"owns": "b2"},
            "T@a1",
            "b2 is empty, not yours.",
            "b2 est vide, pas à vous.",
        ),
        (
            ".,.,.,./.,t,.,./.,.,.,. g 2 0-0",
            {"empty": "b2"},
            "T@a1",
            "b2 is not empty: Purple's Tree is on top.",
            "b2 n’est pas vide\u00a0: l’Arbre violet est au sommet.",
        ),
        (
            ".,.,.,./t,.,.,./.,.,.,. g 2 0-0",
            {"top": {"cell": "d2", "token": "t"}},
            "S@a1",
            "d2 is empty: Purple's Tree is not on top of it.",
            "d2 est vide\u00a0: l’Arbre violet n’est pas au sommet.",
        ),
        (
            ".,.,.,./w,.,.,./.,.,.,. g 2 0-0",
            {"top": {"cell": "a2", "token": "w"}},
            "S@a2",
            "The top token of a2 is Green's Squirrel, not Purple's Wolf.",
            "Le jeton au sommet de a2 est l’Écureuil vert, pas le Loup violet.",
        ),
        (
            ".,.,.,./.,TT,.,./.,.,.,. g 2 0-0",
            {"power": {"cell": "b2", "at_least": 2}},
            "T@a1",
            "The power of Green's Tree on b2 is 1, not at least 2.",
            "La puissance de l’Arbre vert en b2 est 1, pas au moins 2.",
        ),
        (
            ".,.,.,./.,t,.,./.,.,.,. g 2 0-0",
            {"power": {"cell": "b2", "at_most": -1}},
            "D@a1",
            "The power of Purple's Tree on b2 is 0, not at most -1.",
            "La puissance de l’Arbre violet en b2 est 0, pas au plus -1.",
        ),
        (
            ".,.,.,./.,.,.,./.,.,.,. g 2 0-0",
            {"power": {"cell": "b2", "at_least": 0}},
            "T@a1",
            "b2 is empty: no token there has a power.",
            "b2 est vide\u00a0: aucun jeton n’y a de puissance.",
        ),
        (
            ".,.,.,./.,.,.,./.,.,.,. g 2 0-0",
            {"height": {"cell": "a1", "at_least": 2}},
            "T@a1",
            "The stack on a1 is 1 high, not at least 2.",
            "La pile en a1 a une hauteur de 1, pas au moins 2.",
        ),
        (
            ".,.,.,./.,.,.,./.,.,.,. g 2 0-0",
            {"cells": {"at_least": 2}},
            "T@a1",
            "You occupy 1 of the 12 cells, not at least 2.",
            "Vous occupez 1 des 12 cases, pas au moins 2.",
        ),
        (
            ".,.,.,./.,t,.,./.,.,.,. g 2 0-0",
            {"event": "push"},
            "T@a1",
            "No Boar pushed a token.",
            "Aucun Sanglier n’a poussé de jeton.",
        ),
        (
            ".,.,.,./.,t,.,./.,.,.,. g 2 0-0",
            {"event": "burn"},
            "F@c3",
            "No Tree burned.",
            "Aucun Arbre n’a brûlé.",
        ),
        (
            ".,.,.,./.,.,.,./.,.,.,. g 2 0-0",
            {"phase": "L"},
            "T@a1",
            "The final placement has not begun.",
            "Le dernier jeton n’est pas encore à poser.",
        ),
        (
            ".,.,.,./.,.,.,./.,.,.,. g 2 0-0",
            {"result": "win"},
            "T@a1",
            "The game is not over.",
            "La partie n’est pas finie.",
        ),
        (
            "tttt,tttt,tttt,bbb/ddd,fwwsxc,B,D/T,T,T,W g L 0-0",
            {"result": "win"},
            "pass",
            "You did not win: you occupy 6 cells, your opponent 6.",
            "Vous n’avez pas gagné\u00a0: vous occupez 6 cases, l’adversaire 6.",
        ),
        (
            "tttt,tttt,tttt,bbb/ddd,fwwsxc,B,D/T,T,T,W g L 0-0",
            {"result": "forfeit"},
            "T@c2",
            "Your opponent did not lose by forfeit.",
            "Votre adversaire n’a pas perdu par forfait.",
        ),
    ],
)
def test_each_test_says_what_is_not_met_in_both_languages(cpn, test, decisions, en, fr):
    v = verdict(cpn, test, decisions)
    assert v.status == "failed"
    assert [r("en") for r in v.reasons] == [en]
    assert [r("fr") for r in v.reasons] == [fr]


def test_all_lists_each_part_missed_and_any_says_none_holds():
    cpn = ".,.,.,./.,t,.,t/.,.,.,. g 2 0-0"
    both = {"all": [{"empty": "b2"}, {"empty": "d2"}]}
    assert verdict(cpn, both, "F@c2").status == "solved"  # both Trees burn
    one = verdict(cpn, both, "F@a2")  # only b2's Tree burns
    assert [r("en") for r in one.reasons] == ["d2 is not empty: Purple's Tree is on top."]
    either = {"any": [{"owns": "b2"}, {"owns": "d2"}]}
    none = verdict(cpn, either, "T@a1")
    assert none.reasons[0]("en").startswith("None of these holds: b2 is not yours")
    assert none.reasons[0]("fr").startswith(
        "Aucune de ces conditions n’est remplie\u00a0: b2 n’est"
    )
    assert verdict(cpn, either, "T@d2").status == "solved"


def test_the_game_ending_ends_the_try_and_forfeit_counts_as_a_win():
    cpn = "TT,T,T,t/T,D,D,T/TT,T,T,TT g 2 0-0"
    win = verdict(cpn, {"result": "forfeit"}, "D@d2 W@d3", within=2)
    assert win.status == "solved"
    assert verdict(cpn, {"result": "win"}, "D@d2 W@d3", within=2).status == "solved"
    over = verdict("tttt,tttt,tttt,bbb/ddd,fwwsxc,B,D/T,T,T,W g L 0-0", {"owns": "a3"}, "pass", 3)
    assert (over.status, over.steps) == ("failed", 1)  # no more steps after the end


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"within": 0, "test": {"owns": "a1"}}, "goal.within: a whole number from 1 to 8, not 0"),
        ({"within": 1}, "goal: the fields are test, within, not within"),
        (
            {"within": 1, "test": {"owns": "e9"}},
            "goal.test.owns: the cell is one of a1 ... d3, not 'e9'",
        ),
        (
            {"within": 1, "test": {"wins": 1}},
            "goal.test: unknown test 'wins': use one of owns, empty",
        ),
        ({"within": 1, "test": {"top": {"cell": "a1", "token": "Q"}}}, "the token is a CPN letter"),
        ({"within": 1, "test": {"power": {"cell": "a1"}}}, "give one of at_least and at_most"),
        (
            {"within": 1, "test": {"event": "jump"}},
            "one of push, swap, raise, burn, grow, not 'jump'",
        ),
        ({"within": 1, "test": {"all": []}}, "goal.test.all: a list of 1 to 8 tests"),
        ({"within": 1, "test": {"owns": "a1", "empty": "b1"}}, "a test is an object with one key"),
        (
            {
                "within": 1,
                "test": {"all": [{"all": [{"all": [{"all": [{"all": [{"owns": "a1"}]}]}]}]}]},
            },
            "nested more than 4 deep",
        ),
    ],
)
def test_a_goal_that_is_not_one_is_refused_naming_what_is_wrong(data, words):
    with pytest.raises(GoalError, match=None) as caught:
        Goal.from_data(data, WORDS)
    assert words in str(caught.value)


def course() -> dict:
    return json.loads(COURSE_FILE.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda d: d.update(format=2), '{"format": 1, "lessons": [...]}'),
        (
            lambda d: d["lessons"][0]["title"].pop("fr"),
            "lesson 'placing'.title: a text in each language (en, fr)",
        ),
        (
            lambda d: d["lessons"][1]["exercises"][0].update(cpn="x"),
            "lesson 'power' exercise 1.cpn: ",
        ),
        (
            lambda d: d["lessons"][0]["exercises"][1]["goal"].update(within="one"),
            "lesson 'placing' exercise 2.goal.within: a whole number from 1 to 8, not 'one'",
        ),
        (
            lambda d: d["lessons"][0]["exercises"][0]["hint"].update(decisions=""),
            "exercise 1.hint.decisions",
        ),
        (lambda d: d["lessons"][2].update(name="Bad Name"), "lesson 3.name: lowercase letters"),
        (lambda d: d["lessons"][2].update(name="placing"), "lesson names appear twice: placing"),
        (lambda d: d["lessons"][0].update(rules=["R11"]), "rules: a list of rule numbers"),
        (
            lambda d: d["lessons"][0]["exercises"][0]["explanation"].update(en=" "),
            "explanation.en: a text",
        ),
    ],
)
def test_a_damaged_course_is_refused_naming_the_lesson_the_exercise_and_the_field(damage, words):
    data = course()
    damage(data)
    with pytest.raises(LessonError) as caught:
        parse(data, "course")
    assert words in str(caught.value)


def test_a_file_that_is_not_json_or_missing_is_refused(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(LessonError, match="not UTF-8 JSON"):
        read(bad)
    with pytest.raises(LessonError, match="cannot be read"):
        read(tmp_path / "missing.json")
    assert [x.name for x in read(COURSE_FILE)][:2] == ["placing", "power"]


def test_an_unknown_lesson_names_the_lessons_there_are():
    from cernunos_widget.lessons import lesson

    with pytest.raises(LessonError, match="no lesson 'chess': the lessons are placing, power"):
        lesson("chess")
