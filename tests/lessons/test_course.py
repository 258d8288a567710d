"""The course (cernunos_widget/lessons/lessons.json): every exercise can be played and solved.

For each exercise: its position is legal and written canonically (RULES.md section 6), its
goal is not met before a decision, its hint's decisions meet it, the engine finds a try that
meets it and (but where every try does) one that fails with a reason in both languages."""

from __future__ import annotations

import pytest

from cernunos_widget.engine import Position
from cernunos_widget.lessons import judge_decisions, lesson, load
from cernunos_widget.lessons.goals import LANGUAGES, met_at_start
from cernunos_widget.lessons.search import first_solution, tries

EXERCISES = [(lesson_.name, i) for lesson_ in load() for i in range(len(lesson_.exercises))]
# Exercises whose every legal placement meets the goal: they show a rule happen.
EVERY_TRY_MEETS = {("final", 0)}
RULES_TAUGHT = {"R-9", "R-10", "R-11", "R-12", "R-14", "R-15", "R-16", "R-17", "R-19",
                "R-20", "R-21", "R-22", "R-23", "R-24", "R-25", "R-26"}  # fmt: skip


def exercise(name: str, index: int):
    return lesson(name).exercises[index]


def test_the_course_teaches_each_idea_with_two_to_four_exercises():
    lessons = load()
    assert len(lessons) >= 8 and len(EXERCISES) >= 22
    assert all(1 <= len(x) <= 4 for x in lessons)
    assert all(len(x) >= 2 for x in lessons)
    taught = {r for x in lessons for r in x.rules}
    assert taught >= RULES_TAUGHT, RULES_TAUGHT - taught


@pytest.mark.parametrize(("name", "index"), EXERCISES)
def test_an_exercise_is_legal_not_yet_met_and_its_hint_meets_it(name, index):
    ex = exercise(name, index)
    start = Position.from_cpn(ex.cpn)
    assert start.cpn() == ex.cpn  # canonical
    assert not start.is_over and start.legal_texts()
    assert not met_at_start(ex.goal, start)
    verdict = judge_decisions(ex.goal, start, ex.hint.decisions.split())
    assert verdict.status == "solved", (verdict, ex.hint.decisions)
    for text in (ex.goal.text, ex.hint.text, ex.explanation):
        assert set(text) == set(LANGUAGES) and all(text[lang].strip() for lang in LANGUAGES)
    assert any(rule in ex.explanation("en") for rule in lesson(name).rules)
    assert "(R-" in ex.explanation("en") and "(R-" in ex.explanation("fr")


@pytest.mark.parametrize(("name", "index"), EXERCISES)
def test_the_engine_finds_a_try_that_meets_the_goal_and_one_that_fails(name, index):
    ex = exercise(name, index)
    start = ex.position
    found = first_solution(ex.goal, start)
    assert found is not None
    assert judge_decisions(ex.goal, start, found.decisions).status == "solved"
    if (name, index) in EVERY_TRY_MEETS:
        assert all(t.verdict.status == "solved" for t in tries(ex.goal, start))
        return
    failed = next(t for t in tries(ex.goal, start) if t.verdict.status == "failed")
    assert failed.verdict.reasons
    for reason in failed.verdict.reasons:
        assert reason("en") and reason("fr") and reason("en") != reason("fr")


def test_french_texts_follow_french_typography():
    for x in load():
        texts = [x.title, x.intro] + [
            t for e in x.exercises for t in (e.goal.text, e.hint.text, e.explanation)
        ]
        for text in texts:
            fr = text("fr")
            assert "'" not in fr, fr  # the typographic apostrophe
            for mark in ":;?!":
                assert f" {mark}" not in fr and f"\u00a0{mark}" in fr or mark not in fr, fr
