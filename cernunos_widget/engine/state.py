"""The state protocol for searches: what a search reads of a :class:`Position`, fast.

A search touches every position it makes, so these functions skip what the friendly
properties add (``Player`` values, ``Decision`` objects): they answer with ints and tuples.
:func:`fields` takes a position apart into plain values and :func:`from_fields` puts it
back together, for the compiled core's arrays (``solver/compiled/convert.py``).

>>> from cernunos_widget.engine import Position, state
>>> p = Position.start().play("B@b2")
>>> state.decider_index(p), len(state.option_codes(p)), state.is_over(p)
(0, 96, False)
>>> state.from_fields(state.fields(p)) == p
True
"""

from __future__ import annotations

from typing import NamedTuple

from .effects import OVER, Work
from .errors import InvalidPositionError, clip
from .geometry import CELL_COUNT
from .position import Position
from .rules import Rules

Board = tuple[tuple[int, ...], ...]

PHASES = 6  # START, TWO, ONE, LAST, OVER, FORFEIT (effects.py), as CPN's ``s 2 1 L # x``
AGENDA_ENTRY = 4  # effects.py: (ACT, tag, may_double, code) or (CHOICE_*, chooser, cell, options)


class StateFields(NamedTuple):
    """A position as plain values; a settled position is a function of these (D-10 rules
    included). Token codes are ``tokens.py``'s: kind, owner bit, and a tag mid-effect."""

    board: Board  # 12 stacks, a1 first, each bottom to top
    reserve: tuple[int, ...]  # 16 counts: Green's 8 kinds (T B D W S X C F), then Purple's
    burned: tuple[int, int]  # burned Trees, Green's then Purple's
    side: int  # 0 Green, 1 Purple: who places this turn (0 once the game is over)
    phase: int  # effects.py's START, TWO, ONE, LAST, OVER, FORFEIT
    agenda: tuple[tuple, ...]  # effects.py's agenda: what an effect still has to do
    count: int  # activations so far in this placement
    rules: Rules


def decider_index(p: Position) -> int:
    """Who makes the next decision (R-27): 0 Green, 1 Purple, -1 when the game is over."""
    agenda = p._agenda
    if agenda:
        return agenda[-1][1]
    return -1 if p._phase >= OVER else p._side


def is_over(p: Position) -> bool:
    """True once the game has ended (scored or forfeit, R-15)."""
    return p._phase >= OVER


def option_codes(p: Position) -> tuple[int, ...]:
    """The legal decisions as codes, in the listing order; () when the game is over."""
    return p._options


def material(p: Position) -> tuple[Board, tuple[int, ...], tuple[int, int]]:
    """What an evaluation counts: the board, the 16 reserve counts and the burned Trees
    (as in :class:`StateFields`)."""
    return p._board, p._reserve, p._burned


def fields(p: Position) -> StateFields:
    """The position taken apart (the inverse of :func:`from_fields`)."""
    return StateFields(
        p._board, p._reserve, p._burned, p._side, p._phase, p._agenda, p._count, p._rules
    )


def from_fields(state: StateFields) -> Position:
    """The position these fields describe, played on through any forced decision (so
    settled fields give the position they came from). Checks the fields' shapes, not the
    rules (R-8): a search's fields are trusted. Raises :class:`InvalidPositionError`
    naming the field that is malformed."""
    _check(state)
    board, reserve, burned, side, phase, agenda, count, rules = state
    work = Work(board, reserve, burned, side, phase, agenda, count, None, rules)
    return Position._freeze(work, work.settle())


def _check(state: object) -> None:
    """Raise :class:`InvalidPositionError` unless ``state`` has the shape of fields."""
    if not isinstance(state, StateFields):
        raise InvalidPositionError(f"state fields are a StateFields, not {clip(state)}")
    problems = (
        ("board", _is_board(state.board), f"{CELL_COUNT} tuples of ints"),
        ("reserve", _is_ints(state.reserve, 16), "16 counts"),
        ("burned", _is_ints(state.burned, 2), "2 counts"),
        ("side", _is_int(state.side) and state.side in (0, 1), "0 or 1"),
        ("phase", _is_int(state.phase) and 0 <= state.phase < PHASES, f"0 to {PHASES - 1}"),
        ("agenda", _is_agenda(state.agenda), f"a tuple of {AGENDA_ENTRY}-tuples"),
        ("count", _is_int(state.count) and state.count >= 0, "an int >= 0"),
        ("rules", isinstance(state.rules, Rules), "a Rules"),
    )
    for name, ok, expected in problems:
        if not ok:
            raise InvalidPositionError(
                f"the state's {name} must be {expected}, not {clip(getattr(state, name))}"
            )


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_ints(xs: object, length: int | None = None) -> bool:
    """A tuple of ints >= 0 (of ``length`` of them, if given)."""
    return (
        isinstance(xs, tuple)
        and (length is None or len(xs) == length)
        and all(_is_int(x) and x >= 0 for x in xs)
    )


def _is_board(board: object) -> bool:
    return (
        isinstance(board, tuple)
        and len(board) == CELL_COUNT
        and all(_is_ints(stack) for stack in board)
    )


def _is_agenda(agenda: object) -> bool:
    return isinstance(agenda, tuple) and all(
        isinstance(e, tuple) and len(e) == AGENDA_ENTRY for e in agenda
    )
