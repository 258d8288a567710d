"""Fuzzing game files (issue #12 item 1): truncations, byte flips, hostile text and hostile
tags give a GameFileError with a line number inside the file, or games that write back and
read back the same; never another exception. Seeded and derandomized: the same cases on
every run."""

from __future__ import annotations

import io
import random

import pytest
from game_builder import random_game
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cernunos_widget.engine.errors import RulesError
from cernunos_widget.record.files import GameFileError, format_game, read_games
from cernunos_widget.record.tree import Game

FUZZ = settings(
    max_examples=300,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SPECIAL = b'{}[]()"\\\n\r\t !?@~,:#*/-'
ALPHABET = '{}[]()"\\\n\r\t xB@b2pass~a1,T!?\ufeff'


@pytest.fixture(scope="module")
def sample() -> bytes:
    rng = random.Random(2026)
    return "\n".join(format_game(random_game(rng)) for _ in range(6)).encode("utf-8")


def read_or_refuse(data: bytes) -> list[Game] | GameFileError:
    """Read ``data``: the games, or the GameFileError (any other exception fails the test)."""
    try:
        games = list(read_games(io.BytesIO(data)))
    except GameFileError as error:
        lines = data.count(b"\n") + 1
        assert isinstance(error.line, int) and 1 <= error.line <= lines, (error.line, lines)
        assert str(error).startswith(f"line {error.line}")
        return error
    text = "\n".join(format_game(g) for g in games)  # what was read writes back ...
    again = list(read_games(io.StringIO(text)))  # ... and reads back the same
    assert len(again) == len(games)
    for g, h in zip(games, again, strict=True):
        assert h.movetext() == g.movetext() and h.root.position == g.root.position
        kept = {k: v for k, v in g.headers.items() if k != "CPN"}  # [CPN] comes back canonical
        assert h.headers.items() >= kept.items()
    return games


def test_the_sample_reads(sample):
    assert len(read_or_refuse(sample)) == 6


def test_truncations(sample):
    rng = random.Random(1)
    refused = 0
    for cut in sorted(rng.sample(range(len(sample)), 250)):
        refused += isinstance(read_or_refuse(sample[:cut]), GameFileError)
    assert refused > 50  # the cuts do hit the middle of comments, tags and tokens


@pytest.mark.parametrize("seed", range(4))
def test_random_byte_flips(sample, seed):
    rng = random.Random(seed)
    refused = 0
    for _ in range(80):
        data = bytearray(sample)
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(data))
            data[at] = rng.choice(SPECIAL) if rng.random() < 0.6 else rng.randrange(256)
        refused += isinstance(read_or_refuse(bytes(data)), GameFileError)
    assert refused > 20


def test_deletions_and_insertions(sample):
    rng = random.Random(7)
    for _ in range(150):
        at = rng.randrange(len(sample))
        if rng.random() < 0.5:
            data = sample[:at] + sample[at + rng.randrange(1, 30) :]
        else:
            data = sample[:at] + bytes(rng.choices(SPECIAL, k=rng.randrange(1, 6))) + sample[at:]
        read_or_refuse(data)


@FUZZ
@given(st.text(alphabet=st.sampled_from(list(ALPHABET)), max_size=200))
def test_hostile_text(text):
    read_or_refuse(text.encode("utf-8"))


@FUZZ
@given(st.binary(max_size=200))
def test_hostile_bytes(data):
    read_or_refuse(data)


@FUZZ
@given(
    st.dictionaries(
        st.text(min_size=1, max_size=8),
        st.one_of(st.text(max_size=20), st.integers()),
        max_size=4,
    )
)
@example({"Rules": ""})
@example({"Rules": 0})
def test_hostile_tags_are_written_exactly_or_refused(headers):
    try:
        game = Game(headers=headers)
    except RulesError as error:  # a [Rules] tag that names no rules (D-10): refused
        assert "Rules" in headers and "rules" in str(error)
        return
    game.root.play("B@b2")
    try:
        text = format_game(game, 0)
    except GameFileError as error:
        assert error.index == 0 and error.line is None
        return
    (back,) = read_games(io.StringIO(text))
    assert back.headers.items() >= headers.items()  # exactly what was set ([Result] added)
