"""Fuzzing the page protocol: any message gets exactly one reply, never an internal error,
and a refused message changes nothing."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from page_double import Page

from cernunos_widget.widget.adapter import CernunosWidget
from cernunos_widget.widget.protocol import SCHEMA

JSON_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.sampled_from(["B@b2", "pass", "b3", "a1~c3", "grow:a1,c2", "mcts", "alphabeta"]),
)
JSON = st.recursive(
    JSON_LEAF,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
FIELDS = sorted({name for fields in SCHEMA.values() for name in fields} | {"id", "gen", "extra"})
SMALL_INTS = st.integers(min_value=-2, max_value=8)
MESSAGE = st.fixed_dictionaries(
    {"type": st.sampled_from([*SCHEMA, "nonsense", ""]) | JSON_LEAF},
    optional={name: SMALL_INTS | JSON_LEAF | JSON for name in FIELDS},
)


@settings(
    max_examples=400,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(messages=st.lists(MESSAGE | JSON, min_size=1, max_size=4))
def test_any_page_message_gets_one_reply_and_a_refusal_changes_nothing(messages):
    w = CernunosWidget(game="B@b2 B@b3 (D@a1)")
    page = Page(w)
    try:
        for message in messages:
            before = (w.game.export(), w.current, w.overlay, w.engine, w.session.generation)
            sent = len(page.sent)
            w._on_page_message(w, message, [])
            replies = [m for m in page.sent[sent:] if "reply" in m]
            assert len(replies) == 1, replies
            reply = replies[0]
            assert not reply["message"].startswith("internal error"), (message, reply)
            if not reply["ok"]:
                assert reply["message"]
                assert "patch" not in reply
                after = (w.game.export(), w.current, w.overlay, w.engine, w.session.generation)
                assert after == before
        w.cancel_analysis()
        assert page.agrees()
    finally:
        w.cancel_analysis()
