"""What a decision caused, as data and in plain words (for narration in the widget).

Each :class:`Event` has a ``type`` (a short machine name: ``place``, ``push`` ...),
``cells`` (the cells it changed or involved, first the acting token's cell), ``info``
(structured details) and its sentence, a :class:`~cernunos_widget.i18n.Message` put in a
language by ``event.text(language)`` (``str(event)``: English).  The engine only builds
events when asked (``play_with_events``), so the search pays nothing for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ..i18n import DEFAULT, Message
from .deprecation import warn_renamed
from .geometry import CELL_NAMES
from .tokens import KIND_LETTERS, KIND_MASK, OWNER_BIT


@dataclass(frozen=True)
class Event:
    """One thing that happened: its ``type`` (what happened), ``message``, ``cells``, ``info``."""

    type: str
    message: Message
    cells: tuple[str, ...] = ()
    info: dict = field(default_factory=dict, compare=False)

    def text(self, language: str = DEFAULT) -> str:
        """The sentence in ``language`` (``"en"``, ``"fr"``)."""
        return self.message.text(language)

    def __str__(self) -> str:
        return self.text()

    @property
    def kind(self) -> str:
        """Deprecated alias of :attr:`type` (a token has a kind; an event has a type)."""
        warn_renamed("Event", "kind", "type")
        return self.type


# The effects name why nothing happened in English (kept in ``info``); the sentence's key.
_REASONS = {
    "it is no longer on top": "covered",
    "it burned": "burned",
    "it burned as it came up": "burned_rising",
}
_IDLE = {
    "has no Tree left in reserve": "no_tree",
    "has no adjacent token to push": "nothing_to_push",
    "has no adjacent token to bring up": "nothing_to_raise",
    "has fewer than two tokens around it": "nothing_to_swap",
}


def _owner(code: int) -> int:
    return 1 if code & OWNER_BIT else 0


# The few messages naming players, kinds and tokens are made once and shared by every event.
@cache
def _player(index: int) -> Message:
    return Message(f"player.{'gp'[index]}")


def token_message(code: int) -> Message:
    """A token as a sentence names it: ``"Purple's Boar"``, ``"le Sanglier violet"``."""
    return _token(_owner(code), code & KIND_MASK)


@cache
def _token(owner: int, kind: int) -> Message:
    the = Message(f"kind.the.{KIND_LETTERS[kind]}")
    return Message(f"token.the.{'gp'[owner]}", {"kind": the})


def token_phrase(code: int) -> str:
    """``"Purple's Boar"``."""
    return token_message(code).text()


@cache
def _a_kind(kind: int) -> Message:
    return Message(f"kind.a.{KIND_LETTERS[kind]}")


def _token_info(code: int) -> dict:
    return {"owner": "gp"[_owner(code)], "kind": KIND_LETTERS[code & KIND_MASK]}


def _event(type_: str, key: str, cells: tuple[str, ...], info: dict, **params: object) -> Event:
    return Event(type_, Message(f"event.{key}", params), cells, info)


def placed(code: int, cell: int) -> Event:
    name = CELL_NAMES[cell]
    return _event(
        "place",
        "place",
        (name,),
        {**_token_info(code), "cell": name},
        player=_player(_owner(code)),
        kind=_a_kind(code & KIND_MASK),
        cell=name,
    )


def passed(player: int) -> Event:
    return _event("pass", "pass", (), {"player": "gp"[player]}, player=_player(player))


def turn_begins(player: int) -> Event:
    return _event("turn", "turn", (), {"player": "gp"[player]}, player=_player(player))


def grew(code: int, cell: int, by_growth: bool) -> Event:
    name = CELL_NAMES[cell]
    return _event(
        "grow",
        "grow" if by_growth else "grow_activated",
        (name,),
        {**_token_info(code), "cell": name},
        token=token_message(code),
        cell=name,
    )


def growth_skipped(player: int, cells: tuple[int, ...]) -> Event:
    names = tuple(CELL_NAMES[c] for c in cells)
    return _event(
        "no-growth",
        "no_growth",
        names,
        {"player": "gp"[player]},
        player=_player(player),
        where=", ".join(names),
    )


def activated(code: int, cell: int, second: bool) -> Event:
    name = CELL_NAMES[cell]
    return _event(
        "activate",
        "activate_again" if second else "activate",
        (name,),
        {**_token_info(code), "cell": name, "second": second},
        token=token_message(code),
        cell=name,
    )


def not_activated(code: int, reason: str) -> Event:
    return _event(
        "no-activation",
        f"no_activation.{_REASONS[reason]}",
        (),
        {**_token_info(code), "reason": reason},
        token=token_message(code),
    )


def cap_reached(limit: int) -> Event:
    return _event("cap", "cap", (), {"limit": limit}, limit=limit)


def nothing_to_do(code: int, cell: int, what: str) -> Event:
    name = CELL_NAMES[cell]
    return _event(
        "no-effect",
        f"no_effect.{_IDLE[what]}",
        (name,),
        {**_token_info(code), "cell": name},
        token=token_message(code),
        cell=name,
    )


def pushed(boar: int, boar_cell: int, moved: int, source: int, dest: int, wrapped: bool) -> Event:
    cells = (CELL_NAMES[boar_cell], CELL_NAMES[source], CELL_NAMES[dest])
    info = {
        "boar": _token_info(boar),
        "moved": _token_info(moved),
        "from": cells[1],
        "to": cells[2],
        "wrapped": wrapped,
    }
    return _event(
        "push",
        "push_wrapped" if wrapped else "push",
        cells,
        info,
        boar=token_message(boar),
        boar_cell=cells[0],
        moved=token_message(moved),
        source=cells[1],
        dest=cells[2],
    )


def swapped(fox: int, fox_cell: int, a: int, code_a: int, b: int, code_b: int) -> Event:
    cells = (CELL_NAMES[fox_cell], CELL_NAMES[a], CELL_NAMES[b])
    return _event(
        "swap",
        "swap",
        cells,
        {"fox": _token_info(fox), "a": cells[1], "b": cells[2]},
        fox=token_message(fox),
        fox_cell=cells[0],
        first=token_message(code_a),
        a=cells[1],
        second=token_message(code_b),
        b=cells[2],
    )


def raised(crow: int, crow_cell: int, moved: int, cell: int, alone: bool) -> Event:
    cells = (CELL_NAMES[crow_cell], CELL_NAMES[cell])
    return _event(
        "raise",
        "raise_alone" if alone else "raise",
        cells,
        {"crow": _token_info(crow), "moved": _token_info(moved), "cell": cells[1]},
        crow=token_message(crow),
        crow_cell=cells[0],
        moved=token_message(moved),
        cell=cells[1],
    )


def burned(tree: int, cell: int, fire: int, fire_cell: int | None) -> Event:
    name = CELL_NAMES[cell]
    info = {**_token_info(tree), "cell": name}
    if fire_cell is None:
        return _event(
            "burn",
            "burn_on",
            (name,),
            info,
            tree=token_message(tree),
            cell=name,
            fire=token_message(fire),
        )
    return _event(
        "burn",
        "burn_next_to",
        (name, CELL_NAMES[fire_cell]),
        info,
        tree=token_message(tree),
        cell=name,
        fire=token_message(fire),
        fire_cell=CELL_NAMES[fire_cell],
    )


def final_placement(emptied: int, player: int) -> Event:
    return _event(
        "final",
        "final",
        (),
        {"emptied": "gp"[emptied], "player": "gp"[player]},
        emptied=_player(emptied),
        player=_player(player),
    )


def game_over(summary: Message) -> Event:
    """``summary``: the result in words (:meth:`.Result.summary_message`)."""
    return _event("over", "over", (), {"summary": summary.text()}, summary=summary)


def forfeit(loser: int) -> Event:
    return _event("forfeit", "forfeit", (), {"loser": "gp"[loser]}, player=_player(loser))
