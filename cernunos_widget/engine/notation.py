"""CPN, the position notation of RULES.md section 6: parsing, validation (R-8) and writing."""

from __future__ import annotations

from dataclasses import dataclass

from .effects import LAST, ONE, OVER, PHASE_LETTERS, START, TWO
from .errors import CpnSyntaxError, InvalidPositionError, clip
from .geometry import ADJACENT, CELL_COUNT, CELL_NAMES, HEIGHT, WIDTH
from .rules import STANDARD_RULES, Rules
from .tokens import FIRE, KIND_LETTERS, KIND_MASK, OWNER_BIT, TREE, token_letter

START_CPN = ".,.,.,./.,.,.,./.,.,.,. g 2 0-0"
MAX_CPN_LENGTH = 1_000  # characters; a real CPN has fewer than 80

_EXPECTED = (
    "a CPN is '<rows> <side> <phase> <burned>', e.g. "
    "'.,.,.,./.,.,.,./.,.,.,. g 2 0-0': rows 3/2/1 of 4 comma-separated cells "
    "('.' or a stack bottom to top, letters TBDWSXCF, uppercase Green, lowercase Purple), "
    "side g|p, phase s|2|1|L|#|x, burned '<green>-<purple>'"
)
_TOKEN_LETTERS = KIND_LETTERS + KIND_LETTERS.lower()


@dataclass(frozen=True)
class CpnFields:
    """The four fields of a CPN, decoded (board as untagged token codes, a1 first)."""

    board: tuple[tuple[int, ...], ...]
    side: int
    phase: int
    burned: tuple[int, int]


def _bad(text: str, why: str) -> CpnSyntaxError:
    return CpnSyntaxError(f"bad CPN {clip(text)}: {why}; {_EXPECTED}")


def parse_cpn(text: object) -> CpnFields:
    """Decode a CPN string; raise :class:`CpnSyntaxError` if it is malformed."""
    if not isinstance(text, str):
        raise CpnSyntaxError(f"a CPN is a string, not {type(text).__name__}; {_EXPECTED}")
    if len(text) > MAX_CPN_LENGTH:
        raise _bad(text, f"a CPN is at most {MAX_CPN_LENGTH:,} characters")
    fields = text.strip().split(" ")
    if len(fields) != 4:
        raise _bad(text, f"expected 4 fields separated by single spaces, found {len(fields)}")
    rows_text, side_text, phase_text, burned_text = fields
    rows = rows_text.split("/")
    if len(rows) != HEIGHT:
        raise _bad(text, f"expected {HEIGHT} rows separated by '/', found {len(rows)}")
    board: list[tuple[int, ...]] = [()] * CELL_COUNT
    for r, row_text in enumerate(rows):
        row = HEIGHT - 1 - r  # row 3 is written first
        cells = row_text.split(",")
        if len(cells) != WIDTH:
            raise _bad(text, f"row {row + 1} has {len(cells)} cells, expected {WIDTH}")
        for col, cell_text in enumerate(cells):
            name = CELL_NAMES[row * WIDTH + col]
            if cell_text == ".":
                continue
            if not cell_text or any(ch not in _TOKEN_LETTERS for ch in cell_text):
                raise _bad(
                    text,
                    f"cell {name} is {clip(cell_text)}, "
                    f"expected '.' or letters from {_TOKEN_LETTERS}",
                )
            board[row * WIDTH + col] = tuple(
                KIND_LETTERS.index(ch.upper()) + (OWNER_BIT if ch.islower() else 0)
                for ch in cell_text
            )
    if side_text not in ("g", "p"):
        raise _bad(text, f"side is {clip(side_text)}, expected g or p")
    if len(phase_text) != 1 or phase_text not in PHASE_LETTERS:
        raise _bad(text, f"phase is {clip(phase_text)}, expected one of s 2 1 L # x")
    green, dash, purple = burned_text.partition("-")
    if (
        not dash
        or not green.isdigit()
        or not purple.isdigit()
        or not green.isascii()
        or not purple.isascii()
    ):
        raise _bad(text, f"burned is {clip(burned_text)}, expected two counts like 0-2")
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
                who = ("Green", "Purple")[owner]
                what = KIND_LETTERS[kind] if owner == 0 else KIND_LETTERS[kind].lower()
                burned = fields.burned[owner]
                extra = f" ({_count(burned)} of them burned)" if kind == TREE else ""
                raise InvalidPositionError(
                    f"CPN {clip(text)} breaks R-8: {who} has {_count(used)} '{what}' tokens{extra} "
                    f"but owns only {count}{_under(rules)}"
                )
            reserve.append(left)
    return tuple(reserve)


def _under(rules: Rules) -> str:
    return "" if rules.is_standard else f" under the rules {str(rules)!r}"


def _count(n: int) -> str:
    """A count for a message: a burned count in a CPN may have hundreds of digits."""
    return str(n) if n < 10**6 else "over a million"


def check_reachable(fields: CpnFields, reserve: tuple[int, ...], text: str) -> None:
    """Reject CPNs that R-8 allows but play never reaches (RULES.md: 'may reject')."""
    board = fields.board
    for c, stack in enumerate(board):
        if not stack or stack[-1] & KIND_MASK != TREE:
            continue
        if len(stack) >= 2 and stack[-2] & KIND_MASK == FIRE:
            raise InvalidPositionError(
                f"CPN {clip(text)} cannot occur in play: the Tree on {CELL_NAMES[c]} sits on a "
                "Fire and would have burned (R-26)"
            )
        for n in ADJACENT[c]:
            if board[n] and board[n][-1] & KIND_MASK == FIRE:
                raise InvalidPositionError(
                    f"CPN {clip(text)} cannot occur in play: the Tree on {CELL_NAMES[c]} is next "
                    f"to the visible Fire on {CELL_NAMES[n]} and would have burned (R-26)"
                )
    empty = [not any(reserve[0:8]), not any(reserve[8:16])]
    phase = fields.phase
    if phase in (START, TWO, ONE) and any(empty):
        who = ("Green", "Purple")[empty.index(True)]
        raise InvalidPositionError(
            f"CPN {clip(text)} cannot occur in play: {who}'s reserve is empty, so the final "
            "placement (phase L) or the end (phase #) would have begun (R-16)"
        )
    if phase == LAST and (empty[fields.side] or not empty[1 - fields.side]):
        raise InvalidPositionError(
            f"CPN {clip(text)} cannot occur in play: at phase L the side to place must be the one "
            "whose opponent's reserve is empty, holding tokens itself (R-16)"
        )
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
