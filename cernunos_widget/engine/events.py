"""What a decision caused, as data and in plain words (for narration in the widget).

Each :class:`Event` has a ``type`` (a short machine name: ``place``, ``push`` ...),
``cells`` (the cells it changed or involved, first the acting token's cell), ``info``
(structured details) and ``text`` (one English sentence).  The engine only builds events
when asked (``play_with_events``), so the search pays nothing for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .deprecation import warn_renamed
from .geometry import CELL_NAMES
from .tokens import KIND_LETTERS, KIND_MASK, OWNER_BIT


@dataclass(frozen=True)
class Event:
    """One thing that happened: its ``type`` (what happened), ``text``, ``cells``, ``info``."""

    type: str
    text: str
    cells: tuple[str, ...] = ()
    info: dict = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return self.text

    @property
    def kind(self) -> str:
        """Deprecated alias of :attr:`type` (a token has a kind; an event has a type)."""
        warn_renamed("Event", "kind", "type")
        return self.type


_KIND_TITLES = ("Tree", "Boar", "Deer", "Wolf", "Squirrel", "Fox", "Crow", "Fire")
_PLAYER_TITLES = ("Green", "Purple")


def _owner(code: int) -> int:
    return 1 if code & OWNER_BIT else 0


def token_phrase(code: int) -> str:
    """``"Purple's Boar"``."""
    return f"{_PLAYER_TITLES[_owner(code)]}'s {_KIND_TITLES[code & KIND_MASK]}"


def _token_info(code: int) -> dict:
    return {"owner": "gp"[_owner(code)], "kind": KIND_LETTERS[code & KIND_MASK]}


def placed(code: int, cell: int) -> Event:
    player = _PLAYER_TITLES[_owner(code)]
    article = "an" if _KIND_TITLES[code & KIND_MASK][0] in "AEIOU" else "a"
    return Event(
        "place",
        f"{player} places {article} {_KIND_TITLES[code & KIND_MASK]} on {CELL_NAMES[cell]}.",
        (CELL_NAMES[cell],),
        {**_token_info(code), "cell": CELL_NAMES[cell]},
    )


def passed(player: int) -> Event:
    return Event(
        "pass",
        f"{_PLAYER_TITLES[player]} declines the final placement.",
        (),
        {"player": "gp"[player]},
    )


def turn_begins(player: int) -> Event:
    return Event("turn", f"{_PLAYER_TITLES[player]}'s turn begins.", (), {"player": "gp"[player]})


def grew(code: int, cell: int, by_growth: bool) -> Event:
    why = "grows" if by_growth else "activates and grows"
    name = CELL_NAMES[cell]
    return Event(
        "grow",
        f"{token_phrase(code)} on {name} {why}: a new Tree is put on top of it.",
        (name,),
        {**_token_info(code), "cell": name},
    )


def growth_skipped(player: int, cells: tuple[int, ...]) -> Event:
    names = ", ".join(CELL_NAMES[c] for c in cells)
    return Event(
        "no-growth",
        f"{_PLAYER_TITLES[player]}'s Trees on {names} do not grow (no Tree left in reserve).",
        tuple(CELL_NAMES[c] for c in cells),
        {"player": "gp"[player]},
    )


def activated(code: int, cell: int, second: bool) -> Event:
    name = CELL_NAMES[cell]
    extra = " a second time (Squirrel)" if second else ""
    return Event(
        "activate",
        f"{token_phrase(code)} on {name} activates{extra}.",
        (name,),
        {**_token_info(code), "cell": name, "second": second},
    )


def not_activated(code: int, reason: str) -> Event:
    return Event(
        "no-activation",
        f"{token_phrase(code)} does not activate: {reason}.",
        (),
        {**_token_info(code), "reason": reason},
    )


def cap_reached(limit: int) -> Event:
    return Event(
        "cap",
        f"This placement has set off {limit} activations, the limit: "
        "further activations do nothing (R-28).",
        (),
        {"limit": limit},
    )


def nothing_to_do(code: int, cell: int, what: str) -> Event:
    name = CELL_NAMES[cell]
    return Event(
        "no-effect",
        f"{token_phrase(code)} on {name} {what}.",
        (name,),
        {**_token_info(code), "cell": name},
    )


def pushed(boar: int, boar_cell: int, moved: int, source: int, dest: int, wrapped: bool) -> Event:
    wrap = " (wrapping around)" if wrapped else ""
    cells = (CELL_NAMES[boar_cell], CELL_NAMES[source], CELL_NAMES[dest])
    return Event(
        "push",
        f"{token_phrase(boar)} on {cells[0]} pushes {token_phrase(moved)} "
        f"from {cells[1]} to {cells[2]}{wrap}.",
        cells,
        {
            "boar": _token_info(boar),
            "moved": _token_info(moved),
            "from": cells[1],
            "to": cells[2],
            "wrapped": wrapped,
        },
    )


def swapped(fox: int, fox_cell: int, a: int, code_a: int, b: int, code_b: int) -> Event:
    cells = (CELL_NAMES[fox_cell], CELL_NAMES[a], CELL_NAMES[b])
    return Event(
        "swap",
        f"{token_phrase(fox)} on {cells[0]} swaps {token_phrase(code_a)} on {cells[1]} "
        f"with {token_phrase(code_b)} on {cells[2]}.",
        cells,
        {"fox": _token_info(fox), "a": cells[1], "b": cells[2]},
    )


def raised(crow: int, crow_cell: int, moved: int, cell: int, alone: bool) -> Event:
    cells = (CELL_NAMES[crow_cell], CELL_NAMES[cell])
    if alone:
        text = (
            f"{token_phrase(crow)} on {cells[0]} picks {token_phrase(moved)} on {cells[1]}, "
            "alone on its cell: it stays on top."
        )
    else:
        text = (
            f"{token_phrase(crow)} on {cells[0]} brings {token_phrase(moved)} up from the "
            f"bottom of {cells[1]} to the top."
        )
    return Event(
        "raise",
        text,
        cells,
        {"crow": _token_info(crow), "moved": _token_info(moved), "cell": cells[1]},
    )


def burned(tree: int, cell: int, fire: int, fire_cell: int | None) -> Event:
    name = CELL_NAMES[cell]
    if fire_cell is None:
        where = f"on {token_phrase(fire)}"
        cells: tuple[str, ...] = (name,)
    else:
        where = f"next to {token_phrase(fire)} on {CELL_NAMES[fire_cell]}"
        cells = (name, CELL_NAMES[fire_cell])
    return Event(
        "burn",
        f"{token_phrase(tree)} on {name} burns {where}.",
        cells,
        {**_token_info(tree), "cell": name},
    )


def final_placement(emptied: int, player: int) -> Event:
    return Event(
        "final",
        f"{_PLAYER_TITLES[emptied]}'s reserve is empty: {_PLAYER_TITLES[player]} makes one "
        "final placement (or passes), then the game is scored.",
        (),
        {"emptied": "gp"[emptied], "player": "gp"[player]},
    )


def game_over(summary: str) -> Event:
    return Event("over", f"Game over: {summary}.", (), {"summary": summary})


def forfeit(loser: int) -> Event:
    return Event(
        "forfeit",
        f"{_PLAYER_TITLES[loser]} has tokens in reserve but no legal placement, and loses (R-15).",
        (),
        {"loser": "gp"[loser]},
    )
