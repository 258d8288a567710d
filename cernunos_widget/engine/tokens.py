"""Players, token kinds and the compact integer codes the engine stores (R-1, R-3).

A token on the board is an ``int``: bits 0-2 the kind, bit 3 the owner, and from bit 4 up
an optional *tag* that identifies one token while an effect is resolving (R-22, R-25).
Tags exist only in the middle of a placement; positions between placements carry none.
"""

from __future__ import annotations

from enum import IntEnum


class Player(IntEnum):
    """The two players; Green moves first (R-1)."""

    GREEN = 0
    PURPLE = 1

    @property
    def letter(self) -> str:
        """``"g"`` or ``"p"``, as in CPN."""
        return "gp"[self]

    @property
    def title(self) -> str:
        """``"Green"`` or ``"Purple"``, for sentences."""
        return ("Green", "Purple")[self]

    @property
    def other(self) -> Player:
        return Player(1 - self)

    @classmethod
    def from_letter(cls, letter: str) -> Player:
        return cls("gp".index(letter))


class Kind(IntEnum):
    """Token kinds, in the listing order of RULES.md (T B D W S X C F)."""

    TREE = 0
    BOAR = 1
    DEER = 2
    WOLF = 3
    SQUIRREL = 4
    FOX = 5
    CROW = 6
    FIRE = 7

    @property
    def letter(self) -> str:
        """The uppercase CPN letter (``"T"``, ``"B"``, ...)."""
        return KIND_LETTERS[self]

    @property
    def title(self) -> str:
        return self.name.capitalize()

    @classmethod
    def from_letter(cls, letter: str) -> Kind:
        return cls(KIND_LETTERS.index(letter.upper()))


KIND_LETTERS = "TBDWSXCF"
# how many tokens of each kind a player owns.
KIND_COUNTS: tuple[int, ...] = (12, 3, 3, 2, 1, 1, 1, 1)
TOKENS_PER_PLAYER = sum(KIND_COUNTS)  # 24

TREE, BOAR, DEER, WOLF, SQUIRREL, FOX, CROW, FIRE = range(8)
# the activatable kinds.
ACTIVATABLE = frozenset((TREE, BOAR, FOX, CROW))

KIND_MASK = 7
OWNER_BIT = 8
CODE_MASK = 15
TAG_SHIFT = 4


def token_code(owner: int, kind: int) -> int:
    """The untagged code of a token."""
    return owner * OWNER_BIT + kind


def token_letter(code: int) -> str:
    """The CPN letter of a code: uppercase Green, lowercase Purple."""
    letter = KIND_LETTERS[code & KIND_MASK]
    return letter.lower() if code & OWNER_BIT else letter
