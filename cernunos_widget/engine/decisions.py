"""Decisions and their texts (RULES.md section 6, "Decisions", where a decision's text is
called a token) and their integer codes.

The engine works on small ints; :class:`Decision` is the public, printable face of a code.

====================  =======================  ==================
decision              text                     code
====================  =======================  ==================
placement             ``B@b2``                 ``kind * 12 + cell``
declined final place  ``pass``                 ``96``
cell choice           ``b3``                   ``97 + cell``
Fox swap              ``a1~c3``                ``109 + a * 12 + b`` (a < b)
growth choice         ``grow:a1,c2``           ``256 + bitmask``
====================  =======================  ==================

Codes grow in the listing order of RULES.md within each family, except growth choices,
which the engine lists itself in the required order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import Message, refusal
from .errors import DecisionSyntaxError, clip
from .geometry import CELL_COUNT, CELL_INDEX, CELL_NAMES
from .tokens import KIND_LETTERS, Kind

PASS = 96
CELL_BASE = 97
SWAP_BASE = 109
GROW_BASE = 256
GROW_LIMIT = GROW_BASE + (1 << CELL_COUNT)


def place_code(kind: int, cell: int) -> int:
    return kind * CELL_COUNT + cell


def cell_code(cell: int) -> int:
    return CELL_BASE + cell


def swap_code(a: int, b: int) -> int:
    lo, hi = (a, b) if a < b else (b, a)
    return SWAP_BASE + lo * CELL_COUNT + hi


def grow_code(cells: tuple[int, ...] | list[int]) -> int:
    mask = 0
    for c in cells:
        mask |= 1 << c
    return GROW_BASE + mask


def is_code(code: object) -> bool:
    """True if ``code`` is the code of some decision (an ``int``, not a ``bool``)."""
    if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < GROW_LIMIT:
        return False
    if SWAP_BASE <= code < GROW_BASE:
        a, b = divmod(code - SWAP_BASE, CELL_COUNT)
        return a < b < CELL_COUNT
    return code != GROW_BASE  # growth names at least one cell


def mask_cells(mask: int) -> tuple[int, ...]:
    return tuple(c for c in range(CELL_COUNT) if mask >> c & 1)


def code_to_text(code: int) -> str:
    """The text of a decision code."""
    if code < PASS:
        return f"{KIND_LETTERS[code // CELL_COUNT]}@{CELL_NAMES[code % CELL_COUNT]}"
    if code == PASS:
        return "pass"
    if code < SWAP_BASE:
        return CELL_NAMES[code - CELL_BASE]
    if code < GROW_BASE:
        a, b = divmod(code - SWAP_BASE, CELL_COUNT)
        return f"{CELL_NAMES[a]}~{CELL_NAMES[b]}"
    return "grow:" + ",".join(CELL_NAMES[c] for c in mask_cells(code - GROW_BASE))


_FORMS = Message("notation.decision.forms")  # the forms a decision takes, in words


def _parse_cell(text: str, decision: str) -> int:
    try:
        return CELL_INDEX[text]
    except KeyError:
        raise refusal(
            DecisionSyntaxError,
            "notation.decision.not_cell",
            decision=clip(decision),
            text=clip(text),
        ) from None


def text_to_code(text: object) -> int:
    """Parse one decision text; raise :class:`DecisionSyntaxError` naming what is wrong."""
    if not isinstance(text, str):
        raise DecisionSyntaxError(
            f"a decision is a string such as 'B@b2' (or a Decision, or an int code), "
            f"not {clip(text)}"
        )
    if not text:
        raise refusal(DecisionSyntaxError, "notation.decision.empty", forms=_FORMS)
    if text != text.strip() or " " in text:
        raise refusal(
            DecisionSyntaxError, "notation.decision.spaces", text=clip(text), forms=_FORMS
        )
    if text == "pass":
        return PASS
    if "@" in text:
        kind, _, cell = text.partition("@")
        if len(kind) != 1 or kind not in KIND_LETTERS:
            kinds = " ".join(KIND_LETTERS)
            if len(kind) == 1 and kind.upper() in KIND_LETTERS and len(cell) <= 2:
                upper = f"{kind.upper()}@{cell}"
                raise refusal(
                    DecisionSyntaxError, "notation.decision.bad_kind_case", text=clip(text),
                    kinds=kinds, upper=upper,
                )  # fmt: skip
            raise refusal(
                DecisionSyntaxError, "notation.decision.bad_kind", text=clip(text), kinds=kinds
            )
        return place_code(KIND_LETTERS.index(kind), _parse_cell(cell, text))
    if "~" in text:
        parts = text.split("~")
        if len(parts) != 2:
            raise refusal(DecisionSyntaxError, "notation.decision.swap_two", text=clip(text))
        a, b = (_parse_cell(p, text) for p in parts)
        if a == b:
            raise refusal(DecisionSyntaxError, "notation.decision.swap_same", text=clip(text))
        if a > b:
            canonical = f"{CELL_NAMES[b]}~{CELL_NAMES[a]}"
            raise refusal(
                DecisionSyntaxError,
                "notation.decision.swap_order",
                text=clip(text),
                canonical=canonical,
            )
        return swap_code(a, b)
    if text.startswith("grow:"):
        names = text[5:].split(",")
        if names == [""]:
            raise refusal(DecisionSyntaxError, "notation.decision.grow_none", text=clip(text))
        cells = [_parse_cell(n, text) for n in names]
        if cells != sorted(set(cells)):
            canonical = "grow:" + ",".join(CELL_NAMES[c] for c in sorted(set(cells)))
            raise refusal(
                DecisionSyntaxError,
                "notation.decision.grow_order",
                text=clip(text),
                canonical=canonical,
            )
        return grow_code(cells)
    if text in CELL_INDEX:
        return cell_code(CELL_INDEX[text])
    raise refusal(DecisionSyntaxError, "notation.decision.bad", text=clip(text), forms=_FORMS)


def code_of(decision: object) -> int:
    """The code meant by ``decision``: a decision text (str), a :class:`Decision` or an int code,
    whether or not a decision has it (legality is the position's). A bool or any other type
    is a :class:`DecisionSyntaxError`."""
    if isinstance(decision, Decision):
        return decision.code
    if isinstance(decision, int) and not isinstance(decision, bool):
        return decision
    return text_to_code(decision)  # raises DecisionSyntaxError for non-strings


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision, a small hashable value; ``str(d)`` is its text."""

    code: int

    def __post_init__(self) -> None:
        if not is_code(self.code):
            raise DecisionSyntaxError(
                f"no decision has the code {clip(self.code)}: codes are ints from 0 to "
                f"{GROW_LIMIT - 1} (see cernunos_widget.engine.decisions)"
            )

    @classmethod
    def parse(cls, text: str) -> Decision:
        """The decision written as ``text`` (``"B@b2"``, ``"pass"``, ``"a1~c3"``, ...)."""
        return decision_of(text_to_code(text))

    @property
    def family(self) -> str:
        """``place``, ``pass``, ``cell``, ``swap`` or ``grow``."""
        c = self.code
        if c < PASS:
            return "place"
        if c == PASS:
            return "pass"
        if c < SWAP_BASE:
            return "cell"
        if c < GROW_BASE:
            return "swap"
        return "grow"

    @property
    def kind(self) -> Kind | None:
        """The kind placed, for a placement."""
        return Kind(self.code // CELL_COUNT) if self.code < PASS else None

    @property
    def cells(self) -> tuple[str, ...]:
        """The cells the decision names, in board order."""
        c = self.code
        if c < PASS:
            return (CELL_NAMES[c % CELL_COUNT],)
        if c == PASS:
            return ()
        if c < SWAP_BASE:
            return (CELL_NAMES[c - CELL_BASE],)
        if c < GROW_BASE:
            a, b = divmod(c - SWAP_BASE, CELL_COUNT)
            return (CELL_NAMES[a], CELL_NAMES[b])
        return tuple(CELL_NAMES[i] for i in mask_cells(c - GROW_BASE))

    def __str__(self) -> str:
        return code_to_text(self.code)

    def __repr__(self) -> str:
        return f"Decision.parse({str(self)!r})"


_DECISIONS: dict[int, Decision] = {}


def decision_of(code: int) -> Decision:
    """The (shared) :class:`Decision` object of a code."""
    d = _DECISIONS.get(code)
    if d is None:
        d = _DECISIONS[code] = Decision(code)
    return d


def parse_decisions(text: str) -> list[Decision]:
    """Split a space-separated line of decision texts and parse each."""
    return [Decision.parse(t) for t in text.split()]
