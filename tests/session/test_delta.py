"""Analysis deltas (#20 item 5): only what changed travels, and applying it gives the new
state exactly, twice or composed too."""

from __future__ import annotations

import copy
import random

from cernunos_widget.session.delta import analysis_delta, apply_delta, compose


def line(pv: str, green: float, nodes: int) -> dict:
    return {
        "decision": pv.split()[0],
        "green": green,
        "pv": pv.split(),
        "labels": [f"label {t}" for t in pv.split()],
        "board": {"ghost": None, "arrows": []},
        "nodes": nodes,
    }


SEQ = iter(range(1, 10**9))


def state(lines: list[dict], **extra) -> dict:
    """An analysis state as the session numbers them (each a new ``seq``)."""
    return {
        "node": 3,
        "gen": 1,
        "seq": next(SEQ),
        "status": "running",
        "limit": "time 2",
        "lines": lines,
        **extra,
    }


def test_a_new_value_for_the_same_line_carries_only_the_numbers():
    old = state([line("B@b2 D@a1", 0.1, 100), line("D@a1", 0.0, 100)])
    new = state([line("B@b2 D@a1", 0.2, 900), line("D@a1", 0.0, 900)])
    delta = analysis_delta(old, new)
    assert delta["lines"] == {"0": {"green": 0.2, "nodes": 900}, "1": {"nodes": 900}}
    assert delta["set"] == {"seq": new["seq"]} and delta["unset"] == [] and delta["count"] == 2
    assert delta["base"] == old["seq"]
    assert apply_delta(old, delta) == new


def test_status_keys_gone_and_lines_that_come_and_go():
    old = state([line("B@b2", 0.1, 1)], preparing="loading the engine")
    grown = state([line("B@b2", 0.1, 1), line("D@a1", 0.3, 1)], depth=3)
    delta = analysis_delta(old, grown)
    assert delta["set"] == {"seq": grown["seq"], "depth": 3} and delta["unset"] == ["preparing"]
    assert delta["lines"] == {"1": grown["lines"][1]}  # a new line comes whole
    assert apply_delta(old, delta) == grown
    shrunk = state([line("D@a1", 0.3, 1)])
    assert apply_delta(grown, analysis_delta(grown, shrunk)) == shrunk


def test_another_node_or_game_or_nothing_before_sends_the_whole_state():
    new = state([line("B@b2", 0.1, 1)])
    assert analysis_delta({}, new) is None
    assert analysis_delta({**new, "node": 4}, new) is None
    assert analysis_delta({**new, "gen": 0}, new) is None
    reshaped = state([{**line("B@b2", 0.1, 1), "extra": 1}])
    assert analysis_delta(new, reshaped) is None  # a line's fields changed shape
    assert analysis_delta(new, state([line("B@b2", 0.1, 1)], status="done")) is None  # final


def test_a_delta_for_another_state_changes_nothing():
    """A page that missed an update keeps what it shows: no fragment of a line."""
    seen = state([])
    missed = state([line("B@b2", 0.1, 1)])
    now = state([line("B@b2", 0.2, 5)])
    delta = analysis_delta(missed, now)  # {"lines": {"0": {"green": 0.2, "nodes": 5}}}
    assert apply_delta(seen, delta) is seen


def random_line(rng: random.Random) -> dict:
    pvs = ["B@b2 D@a1", "D@a1", "T@c3 T@d3 W@a1", "X@b2"]
    made = line(rng.choice(pvs), rng.random() < 0.5, rng.randrange(5, 7))
    return {**made, "extra": 1} if rng.random() < 0.3 else made  # lines of two shapes


def random_state(rng: random.Random) -> dict:
    lines = [random_line(rng) for _ in range(rng.randrange(4))]
    extra = {"preparing": "x"} if rng.random() < 0.3 else {}
    return state(lines, **extra)


def test_applying_twice_or_composed_gives_the_same_state():
    rng = random.Random(5)
    composed = 0
    for _ in range(3000):
        a, b, c = (random_state(rng) for _ in range(3))
        ab, bc = analysis_delta(a, b), analysis_delta(b, c)
        if ab is None or bc is None:  # a line changed shape: the whole state goes
            continue
        composed += 1
        frozen = copy.deepcopy(a)
        assert apply_delta(a, ab) == b and a == frozen  # a new dict; the old is kept
        assert apply_delta(apply_delta(a, ab), ab) == b  # twice is harmless
        assert apply_delta(a, compose(ab, bc)) == c
    assert composed > 1000
