"""Fuzzing hostile input (issue #8): only CernunosError subclasses escape, round trips hold,
nothing hangs (linear time is checked as a ratio in test_hostile.py).

Hypothesis runs derandomized (the same examples on every run), 300 examples per target.
"""

from __future__ import annotations

import io
import math
import random
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cernunos_widget import cli
from cernunos_widget.engine import (
    CernunosError,
    Decision,
    DecisionSyntaxError,
    IllegalDecisionError,
    Position,
)
from cernunos_widget.record.text import MAX_NESTING
from cernunos_widget.record.tree import Game, GameTextError
from cernunos_widget.solver import InvalidLimitError, Limit

FUZZ = settings(
    max_examples=300,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
OVER = "T,T,T,T/T,T,T,T/T,T,T,T g # 0-0"


def sample_positions() -> list[Position]:
    """Positions of every kind of choice along seeded random games, and a finished one."""
    rng, seen, found = random.Random(8), set(), [Position.start()]
    for _ in range(40):
        p = Position.start()
        while not p.is_over:
            if p.choice not in seen:
                seen.add(p.choice)
                found.append(p)
            p = p.play(rng.choice(p.legal_decisions()))
    return [*found, p]


POSITIONS = sample_positions()
HOSTILE_TEXT = st.one_of(
    st.text(),
    st.text(alphabet='TBDWSXCFtbabcd1234@~:,grow pas\\{}()[]"<>&\n\t \u2028', max_size=40),
    st.builds(lambda s, n: s * n, st.text(min_size=1, max_size=8), st.integers(1, 2000)),
)


# ---------------------------------------------------------------------------------- CPN


@FUZZ
@given(
    st.one_of(
        HOSTILE_TEXT,
        st.builds(
            lambda digits, n: f".,.,.,./.,.,.,./.,.,.,. g 2 0-{digits * n}",
            st.sampled_from(["1", "0", "9", "\u0663", "\u00b2"]),
            st.integers(1, 6000),
        ),
    )
)
def test_fuzz_cpn_raises_only_engine_errors_and_round_trips(text):
    try:
        p = Position.from_cpn(text)
    except CernunosError as e:
        assert len(str(e)) < 3000  # the input is echoed cut to 80 characters
        return
    if p.at_boundary:
        assert Position.from_cpn(p.cpn()) == p


# ---------------------------------------------------------------------------------- decisions


@FUZZ
@given(st.sampled_from(POSITIONS), HOSTILE_TEXT)
def test_fuzz_decision_strings(position, text):
    legal_length = sum(len(t) + 1 for t in position.legal_texts())
    try:
        d = Decision.parse(text)
    except DecisionSyntaxError as e:
        assert len(str(e)) < 1200  # 80 characters, each at most 10 in repr
        assert position.is_legal(text) is False
        return
    assert str(d) == text and Decision.parse(str(d)) == d
    try:
        after = position.play(text)
    except IllegalDecisionError as e:
        assert len(str(e)) < 1200 + legal_length
        assert position.is_legal(text) is False
        return
    assert position.is_legal(text) and after == position.play(d)


@FUZZ
@given(st.sampled_from(POSITIONS), st.one_of(st.integers(), st.integers(-5, 4400)))
def test_fuzz_integer_decisions(position, code):
    legal = code in position.option_codes
    assert position.is_legal(code) is legal
    if legal:
        assert position.play(code) == position.play(Decision(code))
    else:
        with pytest.raises(IllegalDecisionError):
            position.play(code)


@FUZZ
@given(
    st.sampled_from(POSITIONS),
    st.one_of(
        st.booleans(),
        st.floats(allow_nan=True),
        st.none(),
        st.binary(max_size=8),
        st.lists(st.integers(), max_size=3),
        st.tuples(st.text(max_size=4)),
        st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    ),
)
def test_fuzz_decisions_of_other_types(position, value):
    assert position.is_legal(value) is False
    with pytest.raises(DecisionSyntaxError, match="a decision is a string"):
        position.play(value)


# ---------------------------------------------------------------------------------- game text

PIECES = st.sampled_from(
    [
        "B@b2",
        "B@b3",
        "D@a1",
        "T@a1",
        "b1",
        "pass",
        "(",
        ")",
        "(",
        ")",
        "{",
        "}",
        "\\",
        "\\}",
        " ",
        "\n",
        "\t",
        '[CPN "',
        '"]',
        "[",
        "]",
        "x",
        "é",
        "<!--",
    ]
)


def assert_round_trip(game: Game) -> None:
    """export -> parse gives the same tree, comments included, and the same text."""
    text = game.export()
    again = Game.parse(text)
    assert again.export() == text
    pairs = [(game.root, again.root)]
    while pairs:
        a, b = pairs.pop()
        assert (a.decision_text, a.comment, a.position) == (b.decision_text, b.comment, b.position)
        assert len(a.children) == len(b.children)
        pairs += zip(a.children, b.children, strict=True)


@FUZZ
@given(st.lists(PIECES, max_size=60).map(" ".join) | st.lists(PIECES, max_size=60).map("".join))
def test_fuzz_game_text_raises_only_engine_errors(text):
    try:
        game = Game.parse(text)
    except CernunosError:
        return
    assert_round_trip(game)


@FUZZ
@given(
    st.lists(PIECES, max_size=20).map(" ".join),
    st.sampled_from(["{", "(", " ", "{x", "(B@c2 ", "\\", "{\\}", "}"]),
    st.integers(1, 250_000),
    st.sampled_from(["", "}", ")", " B@b3"]),
)
def test_fuzz_megabyte_game_texts(head, unit, times, tail):
    text = "B@b2 " + head + unit * times + tail
    try:
        game = Game.parse(text)
    except CernunosError:
        return
    assert_round_trip(game)


# Mostly shallow (cheap); about one in 40 at the limit of 10,000 give or take 5.
NESTING = st.integers(0, 400).map(lambda n: n if n < 390 else MAX_NESTING - 395 + n)


@FUZZ
@given(NESTING, NESTING)
def test_fuzz_deep_nesting(opened, closed):
    text = "B@b2 " + "(B@c2 {c} " * opened + ")" * closed
    try:
        Game.parse(text)
    except GameTextError as e:
        if opened > MAX_NESTING:
            assert "10,000 nested variations" in str(e)
        else:
            assert opened != closed
        return
    assert opened == closed <= MAX_NESTING


@st.composite
def games(draw) -> Game:
    """A random tree: each step plays a random legal decision from a random node."""
    game = Game()
    nodes = [game.root]
    for _ in range(draw(st.integers(0, 25))):
        node = draw(st.sampled_from(nodes))
        options = node.position.legal_decisions()
        if options:
            nodes.append(node.play(draw(st.sampled_from(options))))
    for node in nodes:
        node.comment = draw(st.one_of(st.just(""), st.text(max_size=12), HOSTILE_TEXT))
    return game


@FUZZ
@given(games())
def test_fuzz_any_tree_and_comments_survive_export_and_parse(game):
    assert_round_trip(game)


# ---------------------------------------------------------------------------------- Limit

LIMIT_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=3),
    st.lists(st.integers(), max_size=2),
)


def valid(value, whole: bool) -> bool:
    if value is None:
        return True
    if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
        return False
    return (isinstance(value, int) or math.isfinite(value)) and 0 < value <= 10**18


@FUZZ
@given(LIMIT_VALUES, LIMIT_VALUES, LIMIT_VALUES)
def test_fuzz_limit_builds_only_valid_limits(time, nodes, depth):
    ok = valid(time, False) and valid(nodes, True) and valid(depth, True)
    try:
        limit = Limit(time=time, nodes=nodes, depth=depth)
    except InvalidLimitError:
        assert not ok
        return
    assert ok and (limit.time, limit.nodes, limit.depth) == (time, nodes, depth)


# ---------------------------------------------------------------------------------- CLI

ARGS = st.one_of(
    st.sampled_from(["B@b2", "b3", "a1~c3", "grow:a1,c2", "pass", "--time", "--multipv"]),
    st.sampled_from(["nan", "inf", "-inf", "0", "-1", "1e400", "1e-300", "2", "10**9"]),
    st.sampled_from(["--engine", "mcts", "alphabeta", "--from", OVER, "x" * 5000, ""]),
    st.text(max_size=12).filter(lambda s: "\x00" not in s),
)


def run_cli(argv: list[str]) -> int:
    out, err = io.StringIO(), io.StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = cli.main(argv)
    except SystemExit as e:  # argparse: usage errors exit 2 (and --help 0)
        code = e.code
    assert "Traceback" not in err.getvalue()
    return code


@FUZZ
@given(st.sampled_from(["play", "legal", "result", "show", "solve"]), st.lists(ARGS, max_size=6))
def test_fuzz_cli_arguments(command, args):
    if command == "solve":  # a finished position: every check runs, never a search
        args = [a for a in args if a != "--from"] + ["--from", OVER]
    assert run_cli([command, *args]) in (0, 2, 3)


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["solve", "--time", "nan"], "--time is seconds"),
        (["show", ".,.,.,./.,.,.,./.,.,.,. g 2 0-" + "1" * 5000], "at most 1,000 characters"),
        (["play", "B@b2", "Q" * 100_000], "bad decision"),
    ],
)
def test_hostile_arguments_in_a_process_exit_2(argv, fragment):
    out = subprocess.run(
        [sys.executable, "-m", "cernunos_widget", *argv],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2 and fragment in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr) < 2000
