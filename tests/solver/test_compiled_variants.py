"""The compiled core against the engine under every rule variant (RULES.md D-10).

As ``test_compiled_rules.py`` does for the standard rules: on random games, the compiled
state of each position lists the same options, and every child is the same position (its
rules included) as ``Position.child`` gives.  Then the searches: the transposition table
tells positions of different rules apart, and the compiled exact search agrees with the
Python one under a variant.
"""

import random

import pytest
from test_compiled_rules import assert_same, busy_choice

from cernunos_widget.engine import Position, Rules, state
from cernunos_widget.solver.compiled.convert import decode, encode
from cernunos_widget.solver.compiled.rules import (
    child,
    decider,
    final_score,
    heuristic_score,
    new_options,
)
from cernunos_widget.solver.compiled.searchers import CompiledExactSearch
from cernunos_widget.solver.compiled.table import state_hash
from cernunos_widget.solver.search import ExactSearch
from cernunos_widget.solver.values import final_score as engine_final_score
from cernunos_widget.solver.values import heuristic_score as engine_heuristic_score

VARIANTS = (
    "wolf-1",
    "power-all",
    "counts=T8,B4,W3,S2,X2,C2,F3",  # several Fires, Squirrels, Foxes and Crows
    "wolf-1+power-all+counts=T6,D4,W4,C3,F2",
)
FULL_GAMES = 8  # every child of every position (about 1,500 children a game)
PATH_GAMES = 60  # only the decision played


@pytest.mark.parametrize("text", VARIANTS)
def test_every_child_agrees_with_the_engine(text):
    rules = Rules.parse(text)
    rng = random.Random(text)
    out = new_options()
    checked = 0
    for game in range(FULL_GAMES):
        p = Position.start(rules=rules)
        while not p.is_over:
            s = encode(p)
            where = f"{text}: game {game}, at {p!r}"
            assert decode(s) == p, where
            assert decider(s) == state.decider_index(p), where
            for code in p.option_codes:
                c, n = child(s, code, out)
                expected = p.child(code)
                assert_same(c, n, expected, f"{where}, after {code}")
                assert decode(c).rules == rules
                checked += 1
            p = p.child(busy_choice(p, rng))
        assert final_score(encode(p)) == engine_final_score(p)
    assert checked > 3000


@pytest.mark.parametrize("text", VARIANTS)
def test_played_lines_agree_with_the_engine(text):
    rules = Rules.parse(text)
    rng = random.Random(f"path {text}")
    out = new_options()
    for game in range(PATH_GAMES):
        p = Position.start(rules=rules)
        s = encode(p)
        while not p.is_over:
            code = busy_choice(p, rng)
            s, n = child(s, code, out)
            p = p.child(code)
            assert_same(s, n, p, f"{text}: game {game}, after {code}")
            if not p.is_over:
                assert heuristic_score(s) == engine_heuristic_score(p)
        assert final_score(s) == engine_final_score(p)


def test_the_table_hash_tells_rules_apart():
    """Same board, same side and phase: the state hash differs by rules (D-10)."""
    hashes = {
        int(state_hash(encode(Position.start(rules=text).play_line("B@b2 W@a1 B@c2"))))
        for text in ("standard", *VARIANTS)
    }
    assert len(hashes) == 1 + len(VARIANTS)


# Late in a game (Green one placement left this turn, three tokens in reserve each): the
# Wolves and the stacks' runs decide who may cover what, so the variants change the value
# (found by random play; the standard rules make Green win by more).
ENDGAME = "CD,W,TTTTT,tttd/ttttsf,.,WtBwd,TTD/ttXwb,DF,x,cbb g 1 5-0"
SAME_COUNTS = ("standard", "wolf-1", "power-all", "wolf-1+power-all")


def test_one_searcher_gives_each_rules_its_own_value():
    """A compiled exact search keeps one table for every position it is asked about: the
    values it gives the same board under several rules equal those of the Python search
    (a table that mixed rules would hand one rule set's bounds to another)."""
    shared = CompiledExactSearch(table_bits=16)
    values = {}
    for text in SAME_COUNTS:
        p = Position.from_cpn(ENDGAME, rules=text)
        values[text] = shared.strong_value(p)
        assert values[text] == ExactSearch().strong_value(p), text
    assert len(set(values.values())) >= 3  # the position tells the variants apart
