"""A page pays for what it shows (issue #35 item 1): byte budgets of the static pages, and
what each page carries (the features its boards show, the catalogues of their languages).

Sizes are deterministic, so they are tested: a change that breaks a budget fails here and
must say why it is worth raising it. ``benchmarks/static_page.py`` prints the same pages'
sizes (and ``--parts``, what each part of the page weighs)."""

from __future__ import annotations

import random
import re

import pytest

from cernunos_widget.engine import Position
from cernunos_widget.record.tree import Game
from cernunos_widget.widget.assets import JS, esm, features_module
from cernunos_widget.widget.puzzle_page import puzzles_html
from cernunos_widget.widget.static import boards_html, course_html, study_html, to_html

ONE_BOARD = 250_000  # bytes: one board with a 60-70 decision game (388 KB before issue #35)
THREE_BOARDS = 300_000  # bytes: three boards on one page (414 KB before)
# Before issue #35 (measured on its main): both languages and every feature in every page.
COURSE_BEFORE = 389_241  # course_html(), English or French
PUZZLES_BEFORE = 393_909  # puzzles_html() (the first 30 puzzles), English or French
# bytes: a one-chapter study's page (both languages for its switch); 300 KB before practice
# mode (issue #33 item 3), worth its 8 KB: the goals' judge (js/goals.js) and the page's
# opponent (js/practice.js) let a page judge practice chapters with no kernel
STUDY_PAGE = 310_000


def random_game(low: int, high: int) -> Game:
    """The first seeded random game of ``low`` to ``high`` decisions."""
    for seed in range(1000):
        rng, position, played = random.Random(seed), Position.start(), []
        while not position.is_over:
            played.append(rng.choice(position.legal_texts()))
            position = position.play(played[-1])
        if low <= len(played) <= high:
            return Game.parse(" ".join(played))
    raise AssertionError(f"no game of {low} to {high} decisions")


def size(html: str) -> int:
    return len(html.encode("utf-8"))


@pytest.fixture(scope="module")
def game() -> Game:
    return random_game(60, 70)


class TestBudgets:
    def test_one_board_with_a_long_game(self, game):
        assert 60 <= len(game.mainline()) - 1 <= 70
        assert size(to_html(game)) <= ONE_BOARD

    def test_three_boards(self, game):
        page = boards_html([game, random_game(40, 50), Game()])
        assert size(page) <= THREE_BOARDS

    @pytest.mark.parametrize("language", ["en", "fr"])
    def test_the_course_and_the_puzzles_no_bigger_than_before(self, language):
        assert size(course_html(language=language)) <= COURSE_BEFORE
        assert size(puzzles_html(language=language)) <= PUZZLES_BEFORE


def script_of(html: str) -> str:
    return re.search(r'<script type="module">\n(.*)</script>', html, re.S)[1]


def style_of(html: str) -> str:
    return re.search(r"<style>\n(.*)</style>", html, re.S)[1]


class TestWhatAPageCarries:
    def test_a_board_without_lessons_or_puzzles_has_neither_and_speaks_english_only(self, game):
        script = script_of(to_html(game))
        for absent in ("createLesson", "createPuzzle", "createStudy", "judgeDecisions", '"fr":{'):
            assert absent not in script, absent
        assert "FEATURES=Object.freeze([])" in script and '"en":{' in script
        style = style_of(to_html(game))
        assert ".cw-root" in style and ".cw-lesson" not in style and ".cw-puzzle" not in style
        assert ".cw-study" not in style

    def test_a_french_board_brings_its_catalogue(self):
        script = script_of(to_html(Game(), language="fr"))
        assert '"fr":{' in script and '"en":{' in script  # English: the rules mirror's words

    def test_the_course_has_the_lessons_and_both_languages_for_its_switch(self):
        page = course_html()
        script = script_of(page)
        assert "createLesson" in script and "judgeDecisions" in script
        assert '"fr":{' in script and "createPuzzle" not in script
        assert ".cw-lesson-goal" in style_of(page) and ".cw-puzzle" not in style_of(page)

    def test_the_puzzles_page_has_the_puzzles_in_its_language(self):
        page = puzzles_html(count=2, language="fr")
        script = script_of(page)
        assert "createPuzzle" in script and "createLesson" not in script
        assert '"fr":{' in script and ".cw-puzzle-title" in style_of(page)
        assert ".cw-lesson" not in style_of(page)

    def test_a_study_page_has_the_studies_and_both_languages_for_its_switch(self):
        page = study_html('[Chapter "One"] [Mode "interactive"] B@b2 B@b3 T@a1')
        script = script_of(page)
        assert "createStudy" in script and "createStudySession" in script and '"fr":{' in script
        assert "createLesson" not in script and "createPuzzle" not in script
        assert ".cw-study-feedback" in style_of(page) and ".cw-lesson" not in style_of(page)
        assert size(page) <= STUDY_PAGE

    def test_the_jupyter_module_has_everything_as_written(self):
        module = esm()
        for present in (
            "createLesson",
            "createPuzzle",
            "createStudy",
            '"fr": {',
            "// ---- widget.js",
        ):
            assert present in module, present

    def test_the_features_file_lists_every_feature(self):
        """js/features.js, which the Jupyter module and Node load, is features_module() of
        every feature: a feature left out there would be missing from the widget."""
        assert (JS / "features.js").read_text(encoding="utf-8") == features_module()
        assert "import { LESSONS }" in features_module() and "STUDIES]" in features_module()
