"""The state protocol for searches (engine/state.py): fast accessors and raw fields.

On random games under every rule variant (D-10), mid-effect positions included: the cheap
accessors answer what the public Position properties answer, and a position taken apart
into fields and put back together is the same position (its options too).
"""

import random

import pytest

from cernunos_widget.engine import (
    CELL_NAMES,
    InvalidPositionError,
    Kind,
    Player,
    Position,
    Rules,
    state,
)
from cernunos_widget.engine.effects import CHOICE_FOX_ORDER
from cernunos_widget.engine.tokens import KIND_MASK, OWNER_BIT

RULES = ("standard", "wolf-1", "power-all", "counts=T8,B4,W3,S2,X2,C2,F3")
GAMES = 12  # per rule set; about 1,000 positions each


def random_positions(rules: str, games: int = GAMES):
    """Every position of seeded random games, Boars, Foxes, Crows, Squirrels favoured."""
    rng = random.Random(rules)
    for _ in range(games):
        p = Position.start(rules=Rules.parse(rules))
        yield p
        while not p.is_over:
            codes = p.option_codes
            busy = [c for c in codes if c < 96 and c // 12 in (1, 4, 5, 6)]
            p = p.child(rng.choice(busy if busy and rng.random() < 0.6 else codes))
            yield p


@pytest.mark.parametrize("rules", RULES)
def test_the_cheap_accessors_answer_as_the_public_properties(rules):
    seen_mid_effect = seen_over = 0
    for p in random_positions(rules):
        decider = state.decider_index(p)
        assert decider == (-1 if p.decider is None else int(p.decider)), p
        assert state.is_over(p) is p.is_over is (p.result() is not None), p
        assert state.option_codes(p) == p.option_codes
        assert state.option_codes(p) == tuple(d.code for d in p.legal_decisions())
        board, reserve, burned = state.material(p)
        assert burned == p.burned
        for player in Player:
            kinds = reserve[player * OWNER_BIT : player * OWNER_BIT + 8]
            assert dict(zip(Kind, kinds, strict=True)) == p.reserve(player), p
        for cell, stack in zip(CELL_NAMES, board, strict=True):
            assert [(x & OWNER_BIT) >> 3 for x in stack] == [t.owner for t in p.stack(cell)]
            assert [x & KIND_MASK for x in stack] == [t.kind for t in p.stack(cell)]
        seen_mid_effect += not p.at_boundary
        seen_over += p.is_over
    assert seen_mid_effect > 20 and seen_over == GAMES


@pytest.mark.parametrize("rules", RULES)
def test_fields_put_back_together_give_the_same_position(rules):
    for p in random_positions(rules):
        fields = state.fields(p)
        q = state.from_fields(fields)
        assert q == p and hash(q) == hash(p), p
        assert state.fields(q) == fields  # the reserve and the agenda too (not part of ==)
        assert q.option_codes == p.option_codes and q.rules == p.rules
        assert fields.rules is p.rules
        assert fields.side == p.side or p.is_over  # the side reads 0 once the game is over


def test_fields_with_a_single_option_are_played_on():
    """A choice with one option left is made at once (positions are settled)."""
    checked = 0
    for p in random_positions("standard"):
        fields = state.fields(p)
        if not fields.agenda or fields.agenda[-1][0] == CHOICE_FOX_ORDER:
            continue  # only Boar, Crow and Fox-swap choices carry options alone
        choice, chooser, cell, options = fields.agenda[-1]
        forced = fields.agenda[:-1] + ((choice, chooser, cell, options[-1:]),)
        assert state.from_fields(fields._replace(agenda=forced)) == p.child(options[-1]), p
        checked += 1
    assert checked > 20


START = state.fields(Position.start())


@pytest.mark.parametrize(
    "name, bad",
    [
        ("board", START.board[:11]),
        ("board", ((1, -1),) + START.board[1:]),
        ("board", [()] * 12),
        ("reserve", START.reserve[:15]),
        ("reserve", (True,) + START.reserve[1:]),
        ("burned", (0, "1")),
        ("side", 2),
        ("side", False),
        ("phase", 6),
        ("agenda", ((0, 1, 2),)),
        ("count", -1),
        ("rules", "standard"),
    ],
)
def test_malformed_fields_are_refused_by_name(name, bad):
    with pytest.raises(InvalidPositionError, match=f"the state's {name} must be"):
        state.from_fields(START._replace(**{name: bad}))


def test_only_state_fields_are_read():
    with pytest.raises(InvalidPositionError, match="a StateFields, not a tuple"):
        state.from_fields(tuple(START))
