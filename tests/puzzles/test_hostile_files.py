"""Hostile puzzle files, mining logs and course files (issue #36 item 6) are the package's
errors in bounded time: main raised RecursionError on 400 KB of nested ``[`` (``puzzles
check``) or a deeply nested course file, UnicodeDecodeError on a log line that is not
UTF-8, and waited forever on a FIFO."""

from __future__ import annotations

import os

import pytest
from bounded import run_bounded

from cernunos_widget.cli import EXIT_BAD_INPUT, main
from cernunos_widget.lessons import course
from cernunos_widget.lessons.course import LessonError


def refused(capsys, *argv: str) -> str:
    assert run_bounded(lambda: main(list(argv))) == EXIT_BAD_INPUT
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err


def test_puzzles_check_refuses_nested_brackets_and_a_fifo(tmp_path, capsys):
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 400_000)
    assert "is not a JSON puzzle file: nested too deeply" in refused(
        capsys, "puzzles", "check", str(nested)
    )
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    assert "not a regular file" in refused(capsys, "puzzles", "check", str(fifo))


def test_puzzles_check_refuses_an_int_of_too_many_digits(tmp_path, capsys):
    """Main: a raw ValueError (Python converts ints of at most 4,300 digits)."""
    digits = tmp_path / "digits.json"
    digits.write_text("[" + "1" * 5000 + "]")
    assert "integer of too many digits" in refused(capsys, "puzzles", "check", str(digits))


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (b'{"cpn": "x\xff\xfe"}\n', "line 1: not UTF-8 text"),
        (b"[" * 100_000, "nested too deeply"),
        (b'{"cpn": "x", "pad": "' + b"a" * (2 << 20) + b'"}\n', "line 1: longer than 1,048,576"),
        (b'{"cpn": "x", "n": ' + b"1" * 5000 + b"}\n", "line 1: unreadable JSON: an integer"),
    ],
    ids=["latin-1", "nested", "long", "digits"],  # long: read whole before, however long (memory)
)
def test_a_hostile_mining_log_line_is_a_puzzle_error(tmp_path, capsys, line, words):
    log = tmp_path / "log.jsonl"
    log.write_bytes(line)
    out = str(tmp_path / "out.json")
    assert words in refused(capsys, "puzzles", "build", "--out", out, str(log))
    games = tmp_path / "games.cgn"
    games.write_text("B@b2\n")
    assert words in refused(capsys, "puzzles", "generate", "--log", str(log), str(games))


def test_a_fifo_mining_log_is_refused_at_once(tmp_path, capsys):
    log = tmp_path / "log.jsonl"
    os.mkfifo(log)
    out = str(tmp_path / "out.json")
    assert "mining log" in refused(capsys, "puzzles", "build", "--out", out, str(log))
    games = tmp_path / "games.cgn"
    games.write_text("B@b2\n")
    generate = ["puzzles", "generate", "--log", str(log), str(games)]
    assert "not a regular file" in refused(capsys, *generate)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 500_000, "nested too deeply"),
        ('{"format": 1, "lessons": ' + "[" * 50_000, "nested too deeply"),  # past a raised limit
        ('{"format": 1, "lessons": [' + "1" * 5000 + "]}", "an integer of too many digits"),
    ],
    ids=["list", "lessons", "digits"],  # digits: main raised a bare ValueError
)
def test_a_course_file_beyond_the_json_parser_is_a_lesson_error(tmp_path, text, words):
    path = tmp_path / "course.json"
    path.write_text(text)
    assert path.stat().st_size < course.MAX_FILE_BYTES
    with pytest.raises(LessonError, match=words):
        run_bounded(lambda: course.read(path))


def test_a_fifo_course_file_is_a_lesson_error(tmp_path):
    path = tmp_path / "course.json"
    os.mkfifo(path)
    with pytest.raises(LessonError, match="not a regular file"):
        run_bounded(lambda: course.read(path))
