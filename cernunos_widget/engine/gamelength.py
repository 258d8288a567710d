"""How many decisions a game can take, derived from its rules (RULES.md R-16, R-28).

Every placement takes a token from a reserve and nothing returns to one (R-16), so a game
has at most ``2 * sum(counts)`` placements, plus the final placement (which may be a
``pass``).  A placement sets off at most 64 activations (R-28, D-9), and an activation asks
at most two decisions (the Fox's swap and its order, R-22; a Boar or a Crow asks one, a
Tree none).  A turn asks at most one growth choice (R-14), and there are no more turns than
placements.  Self-play plays to this bound (reaching it is an engine bug, not a long
game), and the opening explorer checks its files' sizes against it.
"""

from __future__ import annotations

from .effects import ACTIVATION_CAP
from .rules import MAX_TOTAL, Rules

DECISIONS_PER_ACTIVATION = 2  # the Fox's swap, then the order of the swapped tokens


def placements_bound(tokens_per_player: int) -> int:
    """The most placements a game with that many tokens a player can have (R-16)."""
    return 2 * tokens_per_player + 1  # every token once, and the final placement's pass


def decisions_bound(tokens_per_player: int) -> int:
    """The most decisions a game with that many tokens a player can take."""
    placements = placements_bound(tokens_per_player)
    per_placement = 1 + ACTIVATION_CAP * DECISIONS_PER_ACTIVATION
    return placements * per_placement + placements  # + a growth choice a turn


def max_decisions(rules: Rules) -> int:
    """The most decisions a game under ``rules`` can take."""
    return decisions_bound(sum(rules.counts))


MAX_GAME_DECISIONS = decisions_bound(MAX_TOTAL)  # under any rules (64 placements and one)
