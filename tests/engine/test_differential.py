"""The engine against an independent straightforward implementation (tests/reference).

Both play the same random games; at every real choice they must offer the same options in
the same order, to the same player, for the same kind of choice, and (between placements)
describe the same position; at the end they must agree on the final position.
"""

import random

import pytest
from reference.engine import Game

from cernunos_widget.engine import START_CPN, Position

GAMES_PER_BLOCK = 150
BLOCKS = 8  # 1200 full games from the start


def play_both(start_cpn: str, rng: random.Random) -> int:
    fast = Position.from_cpn(start_cpn)
    choices = 0

    def chooser(ref: Game, player: str, what: str, options: list[str]) -> str:
        nonlocal fast, choices
        where = f"after {choices} choices from {start_cpn!r}"
        assert (fast.decider.letter, fast.choice) == (player, what), where
        assert fast.legal_texts() == tuple(options), where
        if fast.at_boundary:
            assert fast.cpn() == ref.cpn(), where
        decision = rng.choice(options)
        fast = fast.play(decision)
        choices += 1
        return decision

    reference = Game(start_cpn, chooser)
    reference.play_out()
    assert fast.is_over, f"the reference ended the game, the engine did not ({choices} choices)"
    assert fast.cpn() == reference.cpn()
    return choices


@pytest.mark.parametrize("block", range(BLOCKS))
def test_engine_agrees_with_the_reference_on_random_games(block):
    rng = random.Random(1000 + block)
    for _ in range(GAMES_PER_BLOCK):
        play_both(START_CPN, rng)


def effect_heavy_starts(rng: random.Random, count: int) -> list[str]:
    """Midgame positions where most placements are Boars, Foxes and Crows."""
    starts = []
    while len(starts) < count:
        p = Position.start()
        for _ in range(rng.randrange(8, 30)):
            if p.is_over:
                break
            options = p.legal_decisions()
            busy = [d for d in options if d.kind is not None and d.kind.letter in "BXCS"]
            p = p.play(rng.choice(busy if busy and rng.random() < 0.7 else options))
        if p.at_boundary and not p.is_over:
            starts.append(p.cpn())
    return starts


def test_engine_agrees_with_the_reference_from_effect_heavy_midgames():
    rng = random.Random(77)
    for start in effect_heavy_starts(rng, 300):
        play_both(start, rng)
