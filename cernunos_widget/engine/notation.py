"""CPN, the position notation of RULES.md section 6: parsing, validation (R-8) and writing."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import Message, refusal
from .effects import LAST, ONE, OVER, PHASE_LETTERS, START, TWO
from .errors import CpnSyntaxError, InvalidPositionError, clip
from .geometry import ADJACENT, CELL_COUNT, CELL_NAMES, HEIGHT, WIDTH
from .rules import STANDARD_RULES, Rules
from .tokens import FIRE, KIND_LETTERS, KIND_MASK, OWNER_BIT, TREE, token_letter

START_CPN = ".,.,.,./.,.,.,./.,.,.,. g 2 0-0"
MAX_CPN_LENGTH = 1_000  # characters; a real CPN has fewer than 80

_EXPECTED = Message("notation.cpn.expected")  # what a CPN is, in words
_TOKEN_LETTERS = KIND_LETTERS + KIND_LETTERS.lower()


@dataclass(frozen=True)
class CpnFields:
    """The four fields of a CPN, decoded (board as untagged token codes, a1 first)."""

    board: tuple[tuple[int, ...], ...]
    side: int
    phase: int
    burned: tuple[int, int]


def _bad(text: str, why: str, **params: object) -> CpnSyntaxError:
    """A CPN refused: ``why`` is the key ``notation.cpn.<why>`` with ``params``."""
    reason = Message(f"notation.cpn.{why}", params)
    return refusal(
        CpnSyntaxError, "notation.cpn.bad", text=clip(text), why=reason, expected=_EXPECTED
    )


def parse_cpn(text: object) -> CpnFields:
    """Decode a CPN string; raise :class:`CpnSyntaxError` if it is malformed."""
    if not isinstance(text, str):
        raise CpnSyntaxError(f"a CPN is a string, not {type(text).__name__}; {_EXPECTED}")
    if len(text) > MAX_CPN_LENGTH:
        raise _bad(text, "too_long", limit=f"{MAX_CPN_LENGTH:,}")
    fields = text.strip().split(" ")
    if len(fields) != 4:
        raise _bad(text, "fields", count=len(fields))
    rows_text, side_text, phase_text, burned_text = fields
    rows = rows_text.split("/")
    if len(rows) != HEIGHT:
        raise _bad(text, "rows", height=HEIGHT, count=len(rows))
    board: list[tuple[int, ...]] = [()] * CELL_COUNT
    for r, row_text in enumerate(rows):
        row = HEIGHT - 1 - r  # row 3 is written first
        cells = row_text.split(",")
        if len(cells) != WIDTH:
            raise _bad(text, "row_cells", row=row + 1, count=len(cells), width=WIDTH)
        for col, cell_text in enumerate(cells):
            name = CELL_NAMES[row * WIDTH + col]
            if cell_text == ".":
                continue
            if not cell_text or any(ch not in _TOKEN_LETTERS for ch in cell_text):
                raise _bad(text, "cell", cell=name, value=clip(cell_text), letters=_TOKEN_LETTERS)
            board[row * WIDTH + col] = tuple(
                KIND_LETTERS.index(ch.upper()) + (OWNER_BIT if ch.islower() else 0)
                for ch in cell_text
            )
    if side_text not in ("g", "p"):
        raise _bad(text, "side", value=clip(side_text))
    if len(phase_text) != 1 or phase_text not in PHASE_LETTERS:
        raise _bad(text, "phase", value=clip(phase_text))
    green, dash, purple = burned_text.partition("-")
    if (
        not dash
        or not green.isdigit()
        or not purple.isdigit()
        or not green.isascii()
        or not purple.isascii()
    ):
        raise _bad(text, "burned", value=clip(burned_text))
    return CpnFields(
        tuple(board),
        "gp".index(side_text),
        PHASE_LETTERS.index(phase_text),
        (int(green), int(purple)),
    )


def reserves_of(fields: CpnFields, text: str, rules: Rules = STANDARD_RULES) -> tuple[int, ...]:
    """R-8: the 16 reserve counts a CPN implies under ``rules`` (their R-3 counts); raise
    if any would be negative."""
    on_board = [0] * 16
    for stack in fields.board:
        for code in stack:
            on_board[code] += 1
    reserve = []
    for owner in (0, 1):
        for kind, count in enumerate(rules.counts):
            used = on_board[owner * OWNER_BIT + kind]
            if kind == TREE:
                used += fields.burned[owner]
            left = count - used
            if left < 0:
                what = KIND_LETTERS[kind] if owner == 0 else KIND_LETTERS[kind].lower()
                tokens = {"used": _count(used), "letter": f"'{what}'"}
                if kind == TREE:
                    tokens["burned"] = _count(fields.burned[owner])
                owns = (
                    Message("notation.cpn.r8_owns", {"count": count})
                    if rules.is_standard
                    else Message(
                        "notation.cpn.r8_owns_under", {"count": count, "rules": repr(str(rules))}
                    )
                )
                which = "notation.cpn.r8_trees" if kind == TREE else "notation.cpn.r8_tokens"
                raise refusal(
                    InvalidPositionError, "notation.cpn.r8", text=clip(text), owns=owns,
                    player=Message(f"player.{'gp'[owner]}"), tokens=Message(which, tokens),
                )  # fmt: skip
            reserve.append(left)
    return tuple(reserve)


def _count(n: int) -> str | Message:
    """A count for a message: a burned count in a CPN may have hundreds of digits."""
    return str(n) if n < 10**6 else Message("notation.cpn.over_million")


def check_reachable(fields: CpnFields, reserve: tuple[int, ...], text: str) -> None:
    """Reject CPNs that R-8 allows but play never reaches (RULES.md: 'may reject')."""
    board = fields.board
    for c, stack in enumerate(board):
        if not stack or stack[-1] & KIND_MASK != TREE:
            continue
        if len(stack) >= 2 and stack[-2] & KIND_MASK == FIRE:
            raise refusal(
                InvalidPositionError, "notation.cpn.fire_under", text=clip(text), cell=CELL_NAMES[c]
            )
        for n in ADJACENT[c]:
            if board[n] and board[n][-1] & KIND_MASK == FIRE:
                raise refusal(
                    InvalidPositionError, "notation.cpn.fire_next", text=clip(text),
                    cell=CELL_NAMES[c], fire=CELL_NAMES[n],
                )  # fmt: skip
    empty = [not any(reserve[0:8]), not any(reserve[8:16])]
    phase = fields.phase
    if phase in (START, TWO, ONE) and any(empty):
        who = Message(f"player.{'gp'[empty.index(True)]}")
        raise refusal(
            InvalidPositionError, "notation.cpn.reserve_empty", text=clip(text), player=who
        )
    if phase == LAST and (empty[fields.side] or not empty[1 - fields.side]):
        raise refusal(InvalidPositionError, "notation.cpn.last_side", text=clip(text))
    # Phases # and x accept any board R-8 allows: `cernunos result` scores what it is given.


def format_cpn(board, side: int, phase: int, burned: tuple[int, int]) -> str:
    """Write a CPN in canonical form (side g at phase #)."""
    rows = []
    for row in range(HEIGHT - 1, -1, -1):
        cells = []
        for col in range(WIDTH):
            stack = board[row * WIDTH + col]
            cells.append("".join(token_letter(x) for x in stack) if stack else ".")
        rows.append(",".join(cells))
    side_letter = "g" if phase == OVER else "gp"[side]
    return f"{'/'.join(rows)} {side_letter} {PHASE_LETTERS[phase]} {burned[0]}-{burned[1]}"
