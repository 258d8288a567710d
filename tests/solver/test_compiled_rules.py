"""The compiled core (solver/compiled) against the engine, decision for decision.

The compiled rules are a second implementation of ``engine/effects.py`` for search speed.
On thousands of positions from random games (mid-effect positions included) they must list
the same options in the same order, and every child must be the same position, with the
same options, as ``Position.child`` gives.
"""

import random

import numpy as np
import pytest
from cpn_builder import cpn

from cernunos_widget.engine import Position, state
from cernunos_widget.solver.compiled.convert import decode, encode, option_codes
from cernunos_widget.solver.compiled.layout import MAX_HEIGHT, RESERVE, STACKS
from cernunos_widget.solver.compiled.rules import (
    child,
    decider,
    final_score,
    heuristic_score,
    new_options,
)
from cernunos_widget.solver.values import final_score as engine_final_score
from cernunos_widget.solver.values import heuristic_score as engine_heuristic_score

GAMES_PER_BLOCK = 40
BLOCKS = 5  # 200 games, every child of every position on the way (about 300k children)


def busy_choice(p: Position, rng: random.Random) -> int:
    """A random option, with Boars, Foxes, Crows and Squirrels favoured (effect chains)."""
    codes = p.option_codes
    busy = [c for c in codes if c < 96 and c // 12 in (1, 4, 5, 6)]
    return rng.choice(busy if busy and rng.random() < 0.6 else codes)


def assert_same(s: np.ndarray, n: int, expected: Position, where: str) -> None:
    got = decode(s)
    assert got == expected, f"{where}: compiled {got!r} != engine {expected!r}"
    # not part of ==: R-8 derives it
    assert state.fields(got).reserve == state.fields(expected).reserve, where
    assert option_codes(s) == expected.option_codes, where  # the compiled core's listing
    assert n == len(expected.option_codes), where


@pytest.mark.parametrize("block", range(BLOCKS))
def test_every_child_agrees_with_the_engine(block):
    rng = random.Random(7000 + block)
    out = new_options()
    checked = 0
    for game in range(GAMES_PER_BLOCK):
        p = Position.start()
        while not p.is_over:
            s = encode(p)
            where = f"game {game} of block {block}, at {p!r}"
            assert decode(s) == p, where
            assert decider(s) == state.decider_index(p), where
            for code in p.option_codes:
                c, n = child(s, code, out)
                assert_same(c, n, p.child(code), f"{where}, after {code}")
                checked += 1
            p = p.child(busy_choice(p, rng))
        s = encode(p)
        assert final_score(s) == engine_final_score(p)
    assert checked > 5000


def random_crowded_position(rng: random.Random) -> Position | None:
    """A random legal board full of effects (Fires, Crows, Foxes, Boars, Squirrels)."""
    letters = "TTTTFCXBSDW"
    stacks = {}
    for column in "abcd":
        for row in "123":
            if rng.random() < 0.75:
                stack = "".join(rng.choice(letters) for _ in range(rng.randrange(1, 4)))
                stacks[column + row] = "".join(
                    ch.lower() if rng.random() < 0.5 else ch for ch in stack
                )
    text = cpn(stacks, rng.choice("gp"), rng.choice("21s"))
    try:
        return Position.from_cpn(text)
    except ValueError:  # R-8 counts exceeded, or a Tree left burnable: not reachable
        return None


@pytest.mark.parametrize("block", range(BLOCKS))
def test_crowded_positions_agree_with_the_engine(block):
    """Dense random boards reach rare cases (a Tree burning as a Crow brings it up...)."""
    rng = random.Random(9000 + block)
    out = new_options()
    checked = 0
    while checked < 3000:
        p = random_crowded_position(rng)
        if p is None:
            continue
        for _ in range(rng.randrange(1, 12)):
            if p.is_over:
                break
            s = encode(p)
            for code in p.option_codes:
                c, n = child(s, code, out)
                assert_same(c, n, p.child(code), f"at {p!r}, after {code}")
                checked += 1
            p = p.child(busy_choice(p, rng))


def test_scores_agree_with_the_engine_on_random_positions():
    rng = random.Random(5)
    for _ in range(300):
        p = Position.start()
        for _ in range(rng.randrange(0, 60)):
            if p.is_over:
                break
            p = p.child(busy_choice(p, rng))
        s = encode(p)
        if p.is_over:
            assert final_score(s) == engine_final_score(p), p
        else:
            assert heuristic_score(s) == engine_heuristic_score(p), p


def test_the_comparison_is_sharp():
    """A state one token off, or with a reserve off, does not pass."""
    p = Position.start().play("B@b2")
    out = new_options()
    s, n = child(encode(Position.start()), 12 + 5, out)  # B@b2: Boar (1) * 12 + b2 (5)
    assert_same(s, n, p, "B@b2")
    s[s.size - 1] = 7  # an unused agenda slot: still the same position
    assert_same(s, n, p, "unused slot")
    t = s.copy()
    t[RESERVE + 1] -= 1
    with pytest.raises(AssertionError):
        assert_same(t, n, p, "reserve off")
    t = s.copy()
    t[STACKS + 5 * MAX_HEIGHT] = 9  # the Boar becomes Purple's
    with pytest.raises(AssertionError):
        assert_same(t, n, p, "token off")
