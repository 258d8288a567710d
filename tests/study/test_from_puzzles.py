"""A puzzle set as a study (issue #33 item 5): ``Study.from_puzzles`` makes one interactive
chapter per puzzle, the student its decider, the main line its solution, each stored
refutation a commented variation of its question node; the chapters read back equal."""

from __future__ import annotations

import pytest

from cernunos_widget import puzzles
from cernunos_widget.engine import CernunosError
from cernunos_widget.i18n import text
from cernunos_widget.puzzles import Puzzle, PuzzleError
from cernunos_widget.session import Session
from cernunos_widget.session.study import StudyRun
from cernunos_widget.study import Study, StudyError


@pytest.fixture(scope="module")
def chosen() -> list[Puzzle]:
    """Committed puzzles of one step, of several decider steps, for Green and Purple, one
    with a wrong try that draws."""
    every = puzzles.load()
    deciders = lambda p: sum(s.by == "decider" for s in p.steps)  # noqa: E731
    picked = [every[0], every[1]]
    picked += [p for p in every if deciders(p) >= 3][:2]
    results = lambda p: {r.result for s in p.steps for r in s.refutations.values()}  # noqa: E731
    picked.append(next(p for p in every if "draw" in results(p)))
    assert {p.decider for p in picked} == {"g", "p"}
    return picked


def check_chapter(chapter, puzzle: Puzzle, language: str = "en") -> None:
    """The chapter is the puzzle's gamebook: tags, main line, questions, refutations."""
    assert chapter.mode == "interactive"
    assert chapter.student == puzzle.player == chapter.side
    assert chapter.title.startswith(puzzle.title(language))
    assert str(puzzle.rating) in chapter.title
    headers = chapter.game.headers
    assert (headers["Puzzle"], headers["Rating"]) == (puzzle.id, str(puzzle.rating))
    assert headers["Themes"].split() == list(puzzle.themes)
    assert chapter.game.root.position == puzzle.position
    mainline = chapter.game.mainline()
    assert [n.decision_text for n in mainline] == [s.play for s in puzzle.steps]
    player = text(f"player.{puzzle.decider}", language)
    question_text = text("puzzle.start", language, player=player)
    for step, node in zip(puzzle.steps, mainline, strict=True):
        question = node.parent
        if step.by == "opponent":
            assert len(question.children) == 1  # the board plays it: nothing to answer
            continue
        assert question.comment == question_text
        assert question.position.decider == puzzle.player
        main, *variations = question.children
        assert main is node and main.glyph == ""
        assert {v.decision_text: v for v in variations}.keys() == step.refutations.keys()
        for variation in variations:
            refutation = step.refutations[variation.decision_text]
            assert variation.glyph == {"draw": "?", "loss": "??"}[refutation.result]
            assert variation.comment.startswith(
                text("study.puzzle.refutation", language, decision=variation.decision_text,
                     opponent=text(f"player.{'pg'[puzzle.decider == 'p']}", language),
                     player=player, reply=refutation.line[0],
                     verb=text(f"puzzle.reply.{refutation.result}", language),
                     outcome=text(f"puzzle.outcome.{refutation.result}", language))
                if refutation.line else
                text("study.puzzle.refutation_end", language, decision=variation.decision_text,
                     player=player, outcome=text(f"puzzle.outcome.{refutation.result}", language))
            )  # fmt: skip
            line = variation.end().path()[variation.ply + 1 :]
            assert [n.decision_text for n in line] == list(refutation.line)
            assert all(len(n.children) <= 1 for n in line)  # one line, no branches
            end = variation.end().position
            winner = end.result().winner
            assert end.is_over and winner != puzzle.player  # the proof: a draw or a loss
            assert (winner is None) == (refutation.result == "draw")


def test_each_puzzle_is_an_interactive_chapter_that_reads_back_equal(chosen, tmp_path):
    study = Study.from_puzzles(chosen)
    assert len(study) == len(chosen)
    for chapter, puzzle in zip(study.chapters, chosen, strict=True):
        check_chapter(chapter, puzzle)
    path = tmp_path / "puzzles.cgn"
    assert study.save(path) == len(chosen)
    again = Study.load(path)
    assert again == study
    assert again.text() == study.text()
    for chapter, puzzle in zip(again.chapters, chosen, strict=True):
        check_chapter(chapter, puzzle)  # comments, glyphs and variations survive the file


def test_a_puzzle_file_in_french(chosen, tmp_path):
    path = tmp_path / "set.json"
    puzzles.write(chosen, path)
    study = Study.from_puzzles(path, language="fr")
    assert study.chapters[0].title.startswith(chosen[0].title("fr"))
    assert "cote" in study.chapters[0].title
    for chapter, puzzle in zip(study.chapters, chosen, strict=True):
        check_chapter(chapter, puzzle, "fr")
    assert Study.load(study.text()) == study


def test_a_theme_is_said_in_the_language_of_the_study(chosen):
    tree = next(p for p in puzzles.load() if p.themes[:2] == ("tree", "final-placement"))
    assert Study.from_puzzles([tree]).chapters[0].title.endswith("· Tree, final placement")
    assert Study.from_puzzles([tree], "fr").chapters[0].title.endswith("· Arbre, dernière pose")


@pytest.mark.parametrize(
    ("given", "error", "words"),
    [
        ([object()], StudyError, "from_puzzles takes Puzzle objects, not a object"),
        (3, StudyError, "from_puzzles takes puzzles or a puzzle file, not 3"),
        ("/nonexistent.json", PuzzleError, "cannot read puzzles from '/nonexistent.json'"),
    ],
)
def test_what_is_not_puzzles_is_refused_naming_it(given, error, words):
    with pytest.raises(error, match=words):
        Study.from_puzzles(given)


def test_a_single_puzzle_or_an_unknown_language_is_refused(chosen):
    with pytest.raises(StudyError, match="takes puzzles or a puzzle file, not a Puzzle"):
        Study.from_puzzles(chosen[0])
    with pytest.raises(CernunosError, match="unknown language 'de'"):
        Study.from_puzzles(chosen, language="de")
    assert Study.from_puzzles([]) == Study()


def test_the_kernel_s_gamebook_answers_a_wrong_try_with_its_refutation_and_solves(chosen):
    """session/study.py plays a puzzle's chapter: each wrong try is answered with its proven
    refutation and leaves the board at the question; the solution's steps solve it."""
    puzzle = max(chosen, key=lambda p: len(p.steps))
    run, session = StudyRun(Study.from_puzzles([puzzle])), Session()
    run.open(session, 0)
    for step in puzzle.steps:
        run.play_replies(session)
        if step.by == "opponent":
            continue
        question = session.node.id
        wrong, refutation = next(iter(step.refutations.items()))
        assert run.try_decision(session, wrong) == "answer"
        assert run.feedback["text"].startswith(f"After {wrong}, " if refutation.line else wrong)
        assert session.node.id == question  # back at the question
        assert run.try_decision(session, step.play) == "right"
    assert run.state(session)["done"] and run.solved == [0]
    assert run.wrong == sum(s.by == "decider" for s in puzzle.steps)
