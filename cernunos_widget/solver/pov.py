"""Values that know whose view they are, like python-chess's ``PovScore``.

A :class:`Value` is one player's view of a position: ``number`` is the expected result
for that player from -1 (a certain loss) to +1 (a certain win), draws 0; when it is
*proven* it also has an ``outcome`` word ('win' / 'draw' / 'loss' for that player) and
``number`` is exactly +1 / 0 / -1.  A :class:`PovValue` pairs it with the player it
belongs to (``turn``), so ``.green()`` or ``.pov(player)`` gives the view wanted; the
decider-to-Green flip is written here and nowhere else (R-27: a value at a position is
for its decider, Green's once the game is over).

>>> v = PovValue(Value(0.31), Player.PURPLE)   # good for Purple, who decides
>>> v.green().number, v.green_text()
(-0.31, '−0.31')
>>> PovValue(Value.exact(1), Player.PURPLE).green_text()
'Purple wins'
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import TypeVar

from ..engine import CernunosError, Player, Position

OUTCOMES = {"win": 1, "draw": 0, "loss": -1}  # an outcome word -> its result for that player
_OTHER_SIDE = {"win": "loss", "draw": "draw", "loss": "win"}  # the same outcome, other view
_GREEN_WORDS = {"win": "Green wins", "draw": "draw", "loss": "Purple wins"}  # Green's outcome

N = TypeVar("N", int, float)


class PovError(CernunosError):
    """A value that cannot be: out of -1 .. 1, an unknown outcome word, a proven value whose
    number or strong value disagrees with its outcome, or no player to take the view of."""


def seen_by(player: Player, green: N) -> N:
    """``green``, a number from Green's view (a search score, an outcome -1 / 0 / 1), as
    ``player`` sees it: unchanged for Green, negated for Purple."""
    return green if player == Player.GREEN else -green


def turn_at(position: Position) -> Player:
    """Whose view a value at ``position`` takes: its decider (R-27), Green once it is over."""
    decider = position.decider
    return Player.GREEN if decider is None else decider


@dataclass(frozen=True)
class Value:
    """One player's view (which player is not stored here: see :class:`PovValue`).

    ``number``: the expected result -1 .. 1 for that player (+1 / 0 / -1 when proven);
    ``outcome``: 'win' / 'draw' / 'loss' for that player when proven, None for an estimate;
    ``strong``: the strong value (R-17 margins, ``values.py``) for that player, when known
    (proven values only).
    """

    number: float
    outcome: str | None = None
    strong: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.number, numbers.Real) or not -1.0 <= self.number <= 1.0:
            raise PovError(f"a value's number is from -1 to 1, not {self.number!r}")
        if self.outcome is None:
            if self.strong is not None:
                raise PovError(f"an estimate has no strong value, not {self.strong!r}")
            return
        if self.outcome not in OUTCOMES:
            raise PovError(f"an outcome is 'win', 'draw' or 'loss', not {self.outcome!r}")
        result = OUTCOMES[self.outcome]
        if self.number != result:
            raise PovError(f"a proven {self.outcome} has the number {result}, not {self.number}")
        if self.strong is not None and (self.strong > 0) - (self.strong < 0) != result:
            raise PovError(f"a proven {self.outcome} has no strong value {self.strong}")

    @classmethod
    def exact(cls, result: int, strong: int | None = None) -> Value:
        """A proven value from ``result`` (its sign: > 0 a win, 0 a draw, < 0 a loss) and
        the strong value, both for the same player."""
        word = "win" if result > 0 else "loss" if result < 0 else "draw"
        return cls(float(OUTCOMES[word]), word, strong)

    @property
    def proven(self) -> bool:
        """True when the value is exact (it has an outcome), False for an estimate."""
        return self.outcome is not None

    @property
    def result(self) -> int | None:
        """1 / 0 / -1 for that player when proven, None for an estimate."""
        return None if self.outcome is None else OUTCOMES[self.outcome]

    def __neg__(self) -> Value:
        """The same value from the other player's view (``number`` negated as a float is,
        so a draw's 0.0 becomes -0.0, as ``-1 * 0.0`` did before this type)."""
        if self.outcome is None:
            return Value(-self.number)
        strong = None if self.strong is None else -self.strong
        return Value(-self.number, _OTHER_SIDE[self.outcome], strong)


@dataclass(frozen=True)
class PovValue:
    """A :class:`Value` and the player whose view it is (``relative`` is ``turn``'s)."""

    relative: Value
    turn: Player

    def __post_init__(self) -> None:
        if not isinstance(self.turn, Player):
            raise PovError(f"a value is some player's view: turn is a Player, not {self.turn!r}")

    @classmethod
    def from_green(cls, number: float, outcome: str | None = None) -> PovValue:
        """Green's view: ``number`` -1 .. 1 for Green, ``outcome`` Green's when proven."""
        return cls(Value(number, outcome), Player.GREEN)

    @property
    def proven(self) -> bool:
        return self.relative.proven

    def pov(self, player: Player) -> Value:
        """The value from ``player``'s view."""
        return self.relative if player == self.turn else -self.relative

    def green(self) -> Value:
        """The value from Green's view (+ is good for Green)."""
        return self.pov(Player.GREEN)

    def green_text(self) -> str:
        """Green's view in words: ``+0.31``, ``−0.12`` (a minus sign), ``0.00``, or when
        proven ``Green wins`` / ``draw`` / ``Purple wins`` (never a number)."""
        green = self.green()
        if green.outcome is not None:
            return _GREEN_WORDS[green.outcome]
        if round(green.number, 2) == 0:
            return "0.00"
        return f"{green.number:+.2f}".replace("-", "\u2212")
