"""Studies (issue #33 item 1): a .cgn file whose games are chapters; the chapter tags
[Chapter], [Mode], [Student], [Goal] read and written by record/ like every tag."""

from __future__ import annotations

import pytest

from cernunos_widget.engine import Player, Position
from cernunos_widget.lessons import Goal
from cernunos_widget.record import Game, GameFileError, read_games
from cernunos_widget.study import MODES, Chapter, Study, StudyError

GOAL = '{"within": 1, "test": {"owns": "c2"}, "text": {"en": "Take c2", "fr": "Prendre c2"}}'
TEXT = f"""[Chapter "Opening ideas"]
B@b2 B@b3 (D@a1 {{quieter}}) T@a1

[Chapter "Find the Boar"]
[Mode "interactive"]
[Student "Purple"]
B@b2 {{Where does Purple answer?}} B@b3 (D@a1 {{too slow}}) T@a1

[Chapter "Practice"]
[Mode "practice"]
[Goal "{GOAL.replace('"', chr(92) + '"')}"]
B@b2
"""


def test_a_study_file_reads_each_game_as_a_chapter_with_its_tags():
    study = Study.load(TEXT)
    assert [c.title for c in study.chapters] == ["Opening ideas", "Find the Boar", "Practice"]
    assert [c.mode for c in study.chapters] == ["normal", "interactive", "practice"]
    first, second, third = study.chapters
    assert first.student is None and first.side is Player.GREEN  # Green decides at the start
    assert second.student is Player.PURPLE and second.side is Player.PURPLE
    assert first.goal is None
    assert third.goal.within == 1 and third.goal.test == {"owns": "c2"}
    assert third.goal.text("fr") == "Prendre c2"
    assert second.game.root.children[0].comment == "Where does Purple answer?"


def test_files_without_chapter_tags_read_as_before():
    plain = '[Green "Ann"]\nB@b2 B@b3 T@a1\n\nB@b2\n'
    study = Study.load(plain)
    assert [(c.title, c.mode, c.student, c.goal) for c in study.chapters] == [
        ("", "normal", None, None),
        ("", "normal", None, None),
    ]
    assert study.chapters[0].game.headers == {"Green": "Ann"}


def test_a_side_without_student_is_the_player_to_decide_at_the_start():
    start = Chapter(Game())
    assert start.side is Player.GREEN
    mid_effect = Chapter(Game.parse("B@b2 B@b3"))
    assert mid_effect.side is mid_effect.game.root.position.decider


@pytest.mark.parametrize(
    ("tag", "words"),
    [
        ('[Mode "gamebook"]', "a mode is normal, conceal, interactive or practice"),
        ('[Student "Blue"]', "the student is Green or Purple"),
        ('[Goal "{\\"within\\": 0, \\"test\\": {\\"owns\\": \\"c2\\"}}"]', "goal.within"),
        ('[Goal "not json"]', "not JSON"),
        ('[Goal "[1, 2]"]', "not a JSON object"),
        ('[Goal "{\\"within\\": 1, \\"test\\": {\\"owns\\": \\"z9\\"}}"]', "a1 ... d3"),
        ('[Goal "{\\"within\\": 1, \\"test\\": {\\"owns\\": \\"c2\\"}, \\"text\\": 5}"]', "text"),
    ],
)
def test_a_bad_chapter_tag_is_refused_naming_its_line(tmp_path, tag, words):
    path = tmp_path / "study.cgn"
    path.write_text(f'[Chapter "fine"]\nB@b2\n\n[Chapter "bad"]\n{tag}\nB@b2\n', encoding="utf-8")
    with pytest.raises(GameFileError) as caught:
        Study.load(path)
    assert caught.value.line == 5 and caught.value.index == 1
    assert words in str(caught.value)
    assert caught.value.words is not None  # said in the board's language too
    french = caught.value.words.text("fr")
    assert french.startswith("ligne 5") and "étiquette" in french


def test_bad_tags_are_refused_by_every_reader_of_game_files(tmp_path):
    path = tmp_path / "games.cgn"
    path.write_text('[Mode "Interactive"]\nB@b2\n', encoding="utf-8")
    with pytest.raises(GameFileError, match="line 1"):
        list(read_games(path))


def test_saved_studies_read_back_equal(tmp_path):
    study = Study.load(TEXT)
    study.chapters[0].mode = "conceal"
    study.chapters[0].student = "Green"
    study.chapters[0].title = "Renamed: « guillemets » and \"quotes\""
    study.chapters[2].goal = {"within": 2, "test": {"empty": "a1"}}  # no text: stays without
    path = tmp_path / "out.cgn"
    assert study.save(path) == 3
    again = Study.load(path)
    assert again == study
    assert again.chapters[0].title == 'Renamed: « guillemets » and "quotes"'
    assert again.chapters[0].mode == "conceal" and again.chapters[0].student is Player.GREEN
    assert '"text"' not in again.chapters[2].game.headers["Goal"]
    assert again.chapters[2].goal.text("en") == "Meet the chapter's goal"
    assert Study.load(str(path)) == study  # a str path too
    assert again.text() == study.text()


def test_a_goal_object_is_written_with_its_text(tmp_path):
    goal = Study.load(TEXT).chapters[2].goal
    chapter = Chapter(Game(), mode="practice", goal=goal)
    assert isinstance(chapter.goal, Goal) and chapter.goal.text("en") == "Take c2"
    assert Study([chapter]) == Study.load(Study([chapter]).text())


def test_clearing_a_setting_removes_its_tag():
    chapter = Study.load(TEXT).chapters[1]
    chapter.student = None
    chapter.title = ""
    assert "Student" not in chapter.game.headers and "Chapter" not in chapter.game.headers
    assert chapter.side is chapter.game.root.position.decider


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("mode", "gamebook", "normal, conceal, interactive, practice"),
        ("mode", None, "normal, conceal"),
        ("student", "purple", "Green, Purple"),
        ("student", 1, "Green, Purple"),
        ("title", "two\nlines", "one line"),
        ("title", "x" * 201, "200 characters"),
        ("goal", {"within": 1}, "a chapter's goal"),
        ("goal", "owns c2", "a Goal, its data"),
    ],
)
def test_a_bad_setting_is_refused_and_changes_nothing(name, value, words):
    chapter = Study.load(TEXT).chapters[1]
    before = chapter.text()
    with pytest.raises(StudyError, match=words):
        setattr(chapter, name, value)
    assert chapter.text() == before


def test_from_games_sets_every_chapter_and_checks_what_it_is_given():
    games = [Game(), Game.parse("B@b2")]
    study = Study.from_games(games, mode="interactive", student=Player.PURPLE)
    assert [(c.mode, c.student) for c in study.chapters] == [("interactive", Player.PURPLE)] * 2
    assert study.chapters[1].game is games[1]  # the chapter is the game: edits are the study's
    with pytest.raises(StudyError, match="Game"):
        Chapter("B@b2")
    with pytest.raises(StudyError, match="the game's tags"):
        Chapter(Game(headers={"Mode": "fast"}))
    with pytest.raises(StudyError, match="Chapter objects"):
        Study([Game()])


def test_load_tells_a_missing_file_from_a_game_text(tmp_path):
    with pytest.raises(StudyError, match="no study file .*missing.cgn"):
        Study.load(str(tmp_path / "missing.cgn"))
    with pytest.raises(StudyError, match="no study file"):
        Study.load(tmp_path / "missing")
    with pytest.raises(StudyError, match="a path or a study's text"):
        Study.load(42)
    assert len(Study.load("")) == 0


def test_to_data_is_what_a_page_needs():
    data = Study.load(TEXT).to_data()
    assert data[1] == {
        "title": "Find the Boar",
        "mode": "interactive",
        "student": "Purple",
        "side": "Purple",
        "goal": None,
        "game": Study.load(TEXT).chapters[1].game.export(),
    }
    assert data[2]["goal"]["text"] == {"en": "Take c2", "fr": "Prendre c2"}
    assert Game.parse(data[1]["game"]).headers["Mode"] == "interactive"


def test_modes_are_the_four_of_the_issue():
    assert MODES == ("normal", "conceal", "interactive", "practice")
    assert Position.start().decider is Player.GREEN
