"""Rule variants (RULES.md D-10): the :class:`Rules` a position is played under.

The default, ``Rules()``, is RULES.md exactly; its text is ``standard``.  A variant is
written as parts joined by ``+``, in this canonical order:

* ``wolf-1``: the Wolf zone is one diagonal step only (R-6 and D-1 changed; R-10, R-24);
* ``power-all``: base power counts every token of the top token's owner below it, not
  only the unbroken run (R-9 changed);
* ``counts=T10,B3,...``: how many tokens of each listed kind each player owns (R-3
  changed, and with it R-8's conservation); unlisted kinds keep their R-3 count.
  Bounds: each kind from 0 to 24 (R-3's total), and a player's total from 1 (something
  to place at the start) to 32 (a stack of every token still fits the compiled core's
  layout).  Both players own the same counts.

>>> str(Rules.parse("power-all+wolf-1"))
'wolf-1+power-all'
>>> Rules.parse("counts=T10,B3").counts
(10, 3, 3, 2, 1, 1, 1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RulesError, clip
from .geometry import WOLF_ZONE_MASKS, WOLF_ZONES
from .tokens import KIND_COUNTS, KIND_LETTERS, TOKENS_PER_PLAYER

MAX_KIND_COUNT = TOKENS_PER_PLAYER  # 24 (R-3's total): any one kind
MAX_TOTAL = 32  # a player's tokens in all (the compiled layout's stacks hold 2 * 32)
MAX_RULES_LENGTH = 200  # characters of rules text read at most
STANDARD = "standard"

_EXPECTED_PARAMS = {"letters": KIND_LETTERS, "most": MAX_KIND_COUNT, "total": MAX_TOTAL}
_EXPECTED = (
    "rules are 'standard' or parts joined by '+' from: 'wolf-1' (the Wolf reaches one "
    "diagonal step), 'power-all' (base power counts every own token below), "
    f"'counts=T10,B3,...' (tokens per kind, letters {KIND_LETTERS}, each 0-{MAX_KIND_COUNT}, "
    f"a player's total 1-{MAX_TOTAL})"
)


def _refused(key: str, **params: object) -> RulesError:
    """A RulesError whose words (``key``, then what rules are) speak every language; its
    English is as it always was."""
    from ..i18n import Message

    words = Message(key, {**params, "expected": Message("rules.expected", _EXPECTED_PARAMS)})
    return RulesError(words.text()).said(words)


@dataclass(frozen=True)
class Rules:
    """A rule set: RULES.md with the D-10 variants chosen (frozen, hashable, comparable)."""

    wolf_steps: int = 2  # R-6, D-1: diagonal steps the Wolf zone reaches (1 or 2)
    power_all: bool = False  # count every own token below, not the unbroken run
    counts: tuple[int, ...] = KIND_COUNTS  # tokens of each kind (T B D W S X C F)

    def __post_init__(self) -> None:
        if type(self.wolf_steps) is not int or self.wolf_steps not in (1, 2):
            raise RulesError(f"the Wolf reaches 1 or 2 diagonal steps, not {clip(self.wolf_steps)}")
        if not isinstance(self.power_all, bool):
            raise RulesError(f"power_all is True or False, not {clip(self.power_all)}")
        counts = self.counts
        if (
            not isinstance(counts, tuple)
            or len(counts) != len(KIND_COUNTS)
            or not all(type(n) is int for n in counts)
        ):
            raise RulesError(f"counts are a tuple of 8 ints (T B D W S X C F), not {clip(counts)}")
        for letter, n in zip(KIND_LETTERS, counts, strict=True):
            if not 0 <= n <= MAX_KIND_COUNT:
                raise RulesError(
                    f"a player owns 0 to {MAX_KIND_COUNT} tokens of a kind, not {letter}{n}"
                )
        total = sum(counts)
        if not 1 <= total <= MAX_TOTAL:
            raise RulesError(
                f"a player owns 1 to {MAX_TOTAL} tokens in all, not {total} "
                f"({_counts_text(counts)})"
            )

    # ------------------------------------------------------------------ text

    @classmethod
    def parse(cls, text: object) -> Rules:
        """The rules a text names (``standard``, ``wolf-1+counts=T10``); raises
        :class:`RulesError` naming the bad part and what is accepted."""
        if isinstance(text, Rules):
            return text
        if not isinstance(text, str):
            raise RulesError(f"rules are text, not {clip(text)}; {_EXPECTED}")
        if len(text) > MAX_RULES_LENGTH:
            raise RulesError(f"rules text {clip(text)} is too long; {_EXPECTED}")
        stripped = text.strip()
        if stripped == STANDARD:
            return cls()
        wolf_steps, power_all, counts = 2, False, KIND_COUNTS
        seen: set[str] = set()
        for part in stripped.split("+"):
            name = part.partition("=")[0]
            if name in seen:
                raise _refused("rules.error.twice", text=clip(text), name=clip(name))
            seen.add(name)
            if part == "wolf-1":
                wolf_steps = 1
            elif part == "power-all":
                power_all = True
            elif name == "counts" and "=" in part:
                counts = _parse_counts(part.partition("=")[2], text)
            else:
                raise _refused("rules.error.unknown", part=clip(part), text=clip(text))
        rules = cls(wolf_steps, power_all, counts)
        return STANDARD_RULES if rules == STANDARD_RULES else rules

    def __str__(self) -> str:
        parts = []
        if self.wolf_steps == 1:
            parts.append("wolf-1")
        if self.power_all:
            parts.append("power-all")
        if self.counts != KIND_COUNTS:
            changed = [
                f"{KIND_LETTERS[k]}{n}" for k, n in enumerate(self.counts) if n != KIND_COUNTS[k]
            ]
            parts.append("counts=" + ",".join(changed))
        return "+".join(parts) or STANDARD

    def __repr__(self) -> str:
        return "Rules()" if self.is_standard else f"Rules.parse({str(self)!r})"

    def __reduce__(self) -> tuple:
        """Pickled as its text, so the standard rules come back as the one shared value."""
        return (Rules.parse, (str(self),))

    # ------------------------------------------------------------------ derived

    @property
    def is_standard(self) -> bool:
        """True for RULES.md exactly."""
        return self == STANDARD_RULES

    @property
    def wolf_zone(self) -> tuple[tuple[int, ...], ...]:
        """R-6: the cells of each cell's Wolf zone (board order)."""
        return WOLF_ZONES[self.wolf_steps]

    @property
    def wolf_zone_mask(self) -> tuple[int, ...]:
        """R-6: each cell's Wolf zone as a bitmask (bit i = cell i)."""
        return WOLF_ZONE_MASKS[self.wolf_steps]

    @property
    def tokens_per_player(self) -> int:
        return sum(self.counts)

    def describe(self, language: str = "en") -> str:
        """In words, for people (the widget's label, ``cernunos show``), in ``language``."""
        from ..i18n import text

        if self.is_standard:
            return text("rules.standard", language)
        parts = []
        if self.wolf_steps == 1:
            parts.append(text("rules.wolf_1", language))
        if self.power_all:
            parts.append(text("rules.power_all", language))
        if self.counts != KIND_COUNTS:
            parts.append(text("rules.counts", language, counts=_counts_text(self.counts)))
        return text("rules.variant", language, parts="; ".join(parts))


def _counts_text(counts: tuple[int, ...]) -> str:
    return ",".join(f"{KIND_LETTERS[k]}{n}" for k, n in enumerate(counts))


def _parse_counts(body: str, text: str) -> tuple[int, ...]:
    """``T10,B3``: the R-3 counts with the listed kinds changed."""
    counts = list(KIND_COUNTS)
    seen: set[str] = set()
    for item in body.split(","):
        letter, digits = item[:1], item[1:]
        if (
            letter not in KIND_LETTERS
            or not letter
            or not digits.isdigit()
            or not digits.isascii()
            or len(digits) > 2
        ):
            raise RulesError(
                f"bad count {clip(item)} in {clip(text)}: a count is a kind letter "
                f"({KIND_LETTERS}) and a number, like T10; {_EXPECTED}"
            )
        if letter in seen:
            raise RulesError(f"counts in {clip(text)} give {letter} twice; {_EXPECTED}")
        seen.add(letter)
        counts[KIND_LETTERS.index(letter)] = int(digits)
    return tuple(counts)


STANDARD_RULES = Rules()
