"""Limits of game files in characters, wherever the file comes from (issue #24 item 3);
tags with a lone surrogate refused when read (item 4); long tags and comments read in
memory about the size of the game (item 11)."""

from __future__ import annotations

import io
import tracemalloc

import pytest
from streams import CountingStream

import cernunos_widget.record.files as files
from cernunos_widget.record.files import (
    GameFileError,
    format_game,
    read_game,
    read_games,
    write_games,
)
from cernunos_widget.record.text import GameTextError
from cernunos_widget.record.tree import Game


def test_a_long_comment_of_euro_signs_reads_back_by_path_and_by_stream(tmp_path):
    game = Game()
    game.root.play("B@b2").comment = "€" * 3_400_000  # 10.2 MB of UTF-8, under the limit
    path = tmp_path / "euros.cgn"
    assert write_games([game], path) == 1
    data = path.read_bytes()
    for source in (path, io.BytesIO(data), io.StringIO(data.decode("utf-8"))):
        back = read_game(source)  # main: by path or bytes, "a line longer than 10,000,000"
        assert back.root.children[0].comment == game.root.children[0].comment


@pytest.fixture
def small_limit(monkeypatch):
    monkeypatch.setattr(files, "MAX_GAME_TEXT", 1000)


def line_of(characters: int) -> str:
    """A game of one line holding ``characters`` characters, its new line included."""
    return "B@b2 {" + "€" * (characters - 8) + "}\n"


@pytest.mark.usefixtures("small_limit")
@pytest.mark.parametrize("kind", ["bytes", "text"])
def test_one_limit_in_characters_for_every_source(kind):
    def read(text: str) -> list[Game]:
        stream = io.BytesIO(text.encode("utf-8")) if kind == "bytes" else io.StringIO(text)
        return list(read_games(stream))

    assert len(read(line_of(1000))) == 1  # 2,992 bytes: main refused it from bytes
    with pytest.raises(GameFileError, match="line 1, game index 0: a line longer than 1,000"):
        read(line_of(1001))
    with pytest.raises(GameFileError, match="line 3, game index 1: a line longer than 1,000"):
        read(line_of(10) + "\n" + line_of(5000))


@pytest.mark.usefixtures("small_limit")
def test_a_line_that_is_not_utf8_is_refused_after_a_bounded_read():
    stream = CountingStream(b"B@b2 {" + b"\x80" * 100_000 + b"}\n")  # no character starts
    with pytest.raises(GameFileError, match="line 1, game index 0: not UTF-8 text: byte 0x80"):
        list(read_games(stream))
    assert stream.handed <= 4 * 1001  # UTF-8 holds at most 4 bytes a character


@pytest.mark.parametrize("value", ["\udc80", "a\ud800b", "\udfff" * 3])
def test_a_tag_holding_a_lone_surrogate_is_refused_when_read_naming_it(value):
    text = f'[Green "Ann"] [Purple "{value}"] B@b2'
    with pytest.raises(GameTextError, match=r"the tag \[Purple\] .*lone surrogate") as info:
        Game.parse(text)  # main: accepted, then export() refused it
    assert info.value.at == text.index("[Purple")
    cgn = f'[Green "Ann"]\n[Purple "{value}"]\nB@b2\n'
    with pytest.raises(GameFileError, match=r"line 2, game index 0: the tag \[Purple\]"):
        list(read_games(io.StringIO(cgn)))


def peak_of_reading(path) -> int:
    """Peak bytes Python allocated while reading the games of ``path``."""
    tracemalloc.start()
    try:
        list(read_games(path))
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize(
    "tag, comment",
    [
        pytest.param("x" * 1_000_000, "", id="tag"),  # main: 193 bytes a byte of the file
        pytest.param('"' * 500_000, "", id="tag-of-quotes"),  # main: 100
        pytest.param("€" * 1_000_000, "", id="tag-of-euros"),  # main: 65
        pytest.param("", "x" * 1_000_000, id="comment"),  # main: 3
        pytest.param("", "}" * 500_000, id="comment-of-braces"),  # main: 11
    ],
)
def test_long_tags_and_comments_read_in_memory_about_their_size(tmp_path, tag, comment):
    game = Game(headers={"Note": tag})
    game.root.play("B@b2").comment = comment
    path = tmp_path / "long.cgn"
    path.write_text(format_game(game), encoding="utf-8")
    back = read_game(path)
    assert back.headers["Note"] == tag and back.root.children[0].comment == comment
    assert peak_of_reading(path) < 5 * path.stat().st_size  # the line, the text, the value
