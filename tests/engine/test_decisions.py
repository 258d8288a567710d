"""Decisions and their texts (RULES.md section 6): parsing, printing, errors."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cernunos_widget.engine import Decision, DecisionSyntaxError, Kind


@pytest.mark.parametrize(
    "text, family, cells",
    [
        ("B@b2", "place", ("b2",)),
        ("pass", "pass", ()),
        ("b3", "cell", ("b3",)),
        ("a1~c3", "swap", ("a1", "c3")),
        ("grow:a1,c2", "grow", ("a1", "c2")),
        ("grow:b1,a2,c2", "grow", ("b1", "a2", "c2")),
    ],
)
def test_texts_round_trip(text, family, cells):
    d = Decision.parse(text)
    assert (str(d), d.family, d.cells) == (text, family, cells)
    assert eval(repr(d)) == d  # noqa: S307 - a repr you can paste back


def test_placement_kind():
    assert Decision.parse("X@d3").kind == Kind.FOX
    assert Decision.parse("pass").kind is None


def test_decisions_are_shared_hashable_values():
    assert Decision.parse("B@b2") is Decision.parse("B@b2")
    assert len({Decision.parse("a1"), Decision.parse("a1"), Decision.parse("b1")}) == 2


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "empty decision"),
        ("b@b2", "kind letters are uppercase whoever plays: B@b2"),
        ("Q@b2", "the kind must be one of T B D W S X C F"),
        ("B@e2", "'e2' is not a cell"),
        ("B@b2 b3", "one decision at a time"),
        ("c3~a1", "write the cells in board order (a1 b1 ... d3): a1~c3"),
        ("a1~a1", "the two cells must differ"),
        ("a1~b1~c1", "expected two cells"),
        ("grow:", "name at least one cell"),
        ("grow:c2,a1", "like grow:a1,c2"),
        ("grow:a1,a1", "like grow:a1"),
        ("Pass", "expected a placement like B@b2"),
        ("b4", "expected a placement like B@b2"),
    ],
)
def test_malformed_texts_say_what_is_wrong(text, fragment):
    with pytest.raises(DecisionSyntaxError) as info:
        Decision.parse(text)
    assert fragment in str(info.value)


def test_not_a_string():
    with pytest.raises(DecisionSyntaxError, match="a decision is a string"):
        Decision.parse(42)


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(st.text(alphabet="TBDWSXCFtbabcd1234@~:,grow pas", max_size=14) | st.text(max_size=10))
def test_fuzz_decision_parser(text):
    try:
        d = Decision.parse(text)
    except DecisionSyntaxError:
        return
    assert str(d) == text  # only canonical tokens are accepted
