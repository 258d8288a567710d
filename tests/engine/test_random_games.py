"""Thousands of seeded random games through the public API, checking invariants throughout."""

import random

import pytest

from cernunos_widget.engine import CELL_NAMES, Kind, Player, Position
from cernunos_widget.engine.tokens import KIND_COUNTS

GAMES_PER_BLOCK = 100
BLOCKS = 20  # 2000 games
MAX_DECISIONS = 400  # far above any real game: 48 tokens, a few choices each


def assert_conserved(p: Position) -> None:
    """R-8: reserve + board + burned = the R-3 count, per player and kind."""
    on_board = {(pl, k): 0 for pl in Player for k in Kind}
    for cell in CELL_NAMES:
        for token in p.stack(cell):
            on_board[token.owner, token.kind] += 1
    for pl in Player:
        reserve = p.reserve(pl)
        for k in Kind:
            burned = p.burned[pl] if k == Kind.TREE else 0
            assert reserve[k] + on_board[pl, k] + burned == KIND_COUNTS[k], (p, pl, k)


def play_random_game(rng: random.Random) -> tuple[Position, int]:
    p = Position.start()
    for n in range(MAX_DECISIONS):
        if p.is_over:
            return p, n
        decisions = p.legal_decisions()
        # Settled positions: a real choice always has two options or more.
        assert len(decisions) >= 2
        assert p.decider is not None and p.choice is not None
        p = p.play(rng.choice(decisions))
        assert_conserved(p)
        if p.at_boundary:
            text = p.cpn()
            assert Position.from_cpn(text) == p
            assert (text.split()[2] == "s") == (p.choice == "growth")
    raise AssertionError(f"game did not end in {MAX_DECISIONS} decisions")


@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_games_keep_every_invariant_and_end(block):
    rng = random.Random(block)
    for _ in range(GAMES_PER_BLOCK):
        end, _ = play_random_game(rng)
        result = end.result()
        assert result is not None and end.decider is None and end.legal_decisions() == ()
        if not result.forfeit:
            # the game ends only once a reserve is empty.
            assert end.reserve_size("g") == 0 or end.reserve_size("p") == 0


def test_events_do_not_change_the_outcome():
    rng = random.Random(12345)
    for _ in range(100):
        p = Position.start()
        while not p.is_over:
            d = rng.choice(p.legal_decisions())
            after, events = p.play_with_events(d)
            assert after == p.play(d)
            assert events and all(e.text().endswith(".") for e in events)
            assert all(e.text("fr").endswith(".") for e in events)
            p = after
