"""The linear scanners of comments and tags (issue #24 item 11) read exactly what the
patterns they replace read: the old tag pattern and the old comment loop are the oracles."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cernunos_widget.record import scan
from cernunos_widget.record.scan import read_comment, read_tag, unescape
from cernunos_widget.record.text import GameTextError
from cernunos_widget.record.tree import Game

SETTINGS = settings(max_examples=400, derandomize=True, deadline=None)
PIECES = st.sampled_from(['\\', '"', "}", "{", "[", "]", " ", "a", "B", "\n", "\r", "\ud800", "é"])
OLD_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) "((?:[^"\\\r\n]|\\["\\])*)"\]')


def old_comment(text: str, start: int) -> tuple[str, int] | None:
    """The comment loop of text.py before the scanners."""
    parts, i = [], start + 1
    while True:
        run_end = re.compile(r"[^\\}]*").match(text, i).end()
        parts.append(text[i:run_end])
        i = run_end
        if i == len(text):
            return None
        if text[i] == "}":
            return "".join(parts), i + 1
        escaped = text[i + 1 : i + 2]
        parts.append(escaped if escaped in ("\\", "}") else "\\")
        i += 2 if escaped in ("\\", "}") else 1


@SETTINGS
@given(st.lists(PIECES, max_size=30).map("".join))
@example('\\\\\\}x\\a}')
def test_comments_read_as_the_old_loop_read_them(body):
    text = "{" + body
    assert read_comment(text, 0) == old_comment(text, 0)


@SETTINGS
@given(st.sampled_from(["Green", "a_1", "9x", ""]), st.lists(PIECES, max_size=30).map("".join))
@example("Green", '\\\\\\"x"]')
@example("Green", '\\a"]')
def test_tags_read_as_the_old_pattern_read_them(name, rest):
    text = f'[{name} "{rest}'
    old = OLD_TAG.match(text)
    expected = None
    if old is not None:
        expected = (old.group(1), re.sub(r'\\(["\\])', r"\1", old.group(2)), old.end())
    assert read_tag(text, 0) == expected


@SETTINGS
@given(st.lists(PIECES.filter(lambda p: p != "\ud800"), max_size=40).map("".join))
def test_the_quick_unescape_is_the_slow_one(raw):
    for escaped in ("\\}", '\\"'):
        assert unescape(raw, escaped) == scan._unescape_slowly(raw, escaped)


def test_a_lone_surrogate_after_escapes_is_found_where_it_is():
    with pytest.raises(GameTextError, match=r"U\+D800 at character 4"):
        Game.parse("B@b2 {a\\\\\\}\ud800}")  # the comment is a\}<U+D800>: the mark's path
