"""Readable move text for a move list: turn numbers, decision labels, grouped entries.

Pure functions over engine positions (no widget, no game tree needed)::

    1. Boar b2 · Fox a1 (swap b1↔b2, Tree b2 first, push b2→b3) 1… Tree c1 · Deer a2

**Turn numbers** (R-1, R-13, R-16). A turn is the growth and the two placements of one
player; Green plays first, so turn ``n`` is Green's ``n``-th turn followed by Purple's
``n``-th turn, written ``n.`` and ``n…`` as on lichess. The label heads the first decision
of the turn: the growth choice when there is one (R-14), else the first placement. The
final placement (R-16) counts as a turn of its own for its player (it follows no growth),
so it takes that player's next number. A CPN carries no turn counter (RULES.md §6) and a
position cannot tell it (grown Trees look like placed ones), so turns are counted along a
line from its first decision, which is numbered 1 whatever the starting position.

**Labels** (RULES.md §6 "Decisions" in words): a placement ``Boar b2``, ``pass``, a growth
choice ``grow b1, c2``; effect choices (R-20..R-23) ``push b1→b3`` (the destination is
read from the events), ``swap b1↔b2``, ``Tree b2 first`` (the Fox order), ``raise b3`` (the
Crow). An effect choice belongs to the placement that set it off; its decider (R-27) may be
the other player.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ..engine import CernunosError, Decision, Event, Player, Position
from ..i18n import Message

EFFECT_CHOICES = ("boar-target", "fox-swap", "fox-order", "crow-cell")
"""Choices made inside an effect (R-20, R-22, R-23), attached to their placement."""


class MoveTextError(CernunosError):
    """A line given to :func:`move_entries` that is not a sequence of decision nodes."""


@dataclass(frozen=True)
class MoveEntry:
    """One decision of a line, ready for a move list (``to_dict()`` is JSON-ready)."""

    index: int  # where the decision stands in the line given, from 0
    node_id: int | None  # the GameNode's id, when the line was made of GameNodes
    turn: str  # "3." / "3…" on the first decision of a turn, else ""
    player: str  # "g" / "p": whose turn it is (who made the placement)
    decider: str  # "g" / "p": who made this decision
    choice: str  # the position's choice: placement, growth, boar-target ... (Position.choice)
    effect: bool  # an effect choice, attached to the placement before it
    kind: str  # the kind letter of a placement ("B"), else ""
    decision: str  # the decision's text, RULES.md §6 ("B@b2", "b1~b2")
    label: str  # the readable label ("Boar b2", "swap b1↔b2")
    narration: str  # the events' sentences, for a hover title

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def turn_label(position: Position, turn: int) -> str:
    """The label of turn ``turn`` for the side of ``position``: ``"3."`` for Green's third
    turn, ``"3…"`` for Purple's (see the module docstring for how turns are counted)."""
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise MoveTextError(f"a turn number is a whole number from 1, not {turn!r}")
    return f"{turn}." if position.side == Player.GREEN else f"{turn}…"


def decision_label(
    position: Position,
    decision: Decision | str,
    events: Sequence[Event] | None = None,
    language: str = "en",
) -> str:
    """A short readable label of ``decision`` made in ``position`` (the position before it),
    in ``language`` (``"Boar b2"``, ``"Sanglier b2"``).

    ``events`` are what the decision caused (``Position.play_with_events``); a Boar's
    destination is read from them, and they are computed when not given. Raises
    :class:`DecisionSyntaxError` or :class:`IllegalDecisionError` for a bad decision.
    """
    return _label(position, position.parse_decision(decision), events).text(language)


def _label(position: Position, chosen: Decision, events: Sequence[Event] | None) -> Message:
    """:func:`decision_label` of a decision known to be legal in ``position``, as a message."""
    family, cells = chosen.family, chosen.cells
    if family == "place":
        kind = Message(f"kind.{chosen.kind.letter}")
        return Message("moves.place", {"kind": kind, "cell": cells[0]})
    if family == "pass":
        return Message("moves.pass")
    if family == "grow":
        return Message("moves.grow", {"cells": ", ".join(cells)})
    if family == "swap":
        return Message("moves.swap", {"cells": f"{cells[0]}↔{cells[1]}"})
    choice = position.choice
    if choice == "boar-target":  # the target always moves, so a push event exists
        pushes = [e for e in events or () if e.type == "push"]
        pushes = pushes or [e for e in position.play_with_events(chosen)[1] if e.type == "push"]
        return Message("moves.push", {"cells": f"{cells[0]}→{pushes[0].info['to']}"})
    if choice == "fox-order":  # the token now on that cell activates first
        kind = Message(f"kind.{position.top(cells[0]).kind.letter}")
        return Message("moves.first", {"kind": kind, "cell": cells[0]})
    return Message("moves.raise", {"cell": cells[0]})  # the Crow's cell


def move_entries(nodes: Iterable[Any]) -> list[MoveEntry]:
    """One :class:`MoveEntry` per decision of a line, turns numbered from 1.

    ``nodes`` is a line in order: GameNode objects (``game.mainline()``, or a node's
    ``path()``, whose root is skipped), or ``(position_before, decision[, events])``
    tuples; events are computed when missing. Raises :class:`MoveTextError` for anything
    else and the engine's decision errors for a decision illegal in its position.
    """
    entries: list[MoveEntry] = []
    state = LineState()
    for index, item in enumerate(nodes):
        unpacked = _unpack(item, index)
        if unpacked is None:
            continue
        before, decision, events, node_id = unpacked
        entry, state = next_entry(state, before, decision, events, index=index, node_id=node_id)
        entries.append(entry)
    return entries


@dataclass(frozen=True)
class LineState:
    """Where a line stands for turn numbering (R-13): what :func:`next_entry` needs to
    number the decision after it. ``LineState()`` is a line before its first decision."""

    turn: int = 0  # the number of the turn in progress (0 before the first decision)
    last_choice: str | None = None  # the choice of the line's last decision
    green_turn: int = 0  # the last turn numbered for Green
    purple_turn: int = 0  # ... and for Purple


def next_entry(
    state: LineState,
    before: Position,
    decision: Decision | str,
    events: Sequence[Event] | None = None,
    *,
    index: int = 0,
    node_id: int | None = None,
) -> tuple[MoveEntry, LineState]:
    """The entry of ``decision`` made in ``before`` after a line in ``state``, and the state
    after it: :func:`move_entries` one decision at a time (a tree numbers each node from its
    parent's state)."""
    if before.choice is None:
        raise MoveTextError(f"node {index} of the line starts from a finished game")
    return _entry(state, before, before.parse_decision(decision), events, index, node_id)


def _entry(
    state: LineState,
    before: Position,
    chosen: Decision,
    events: Sequence[Event] | None,
    index: int,
    node_id: int | None,
) -> tuple[MoveEntry, LineState]:
    """:func:`next_entry` of a decision known to be legal in ``before`` (a tree's node)."""
    choice = before.choice
    if events is None:
        events = before.play_with_events(chosen)[1]
    first = state.last_choice is None
    begins = first or choice in ("growth", "final-placement")
    after_growth = state.last_choice == "growth"
    begins |= choice == "placement" and before.placements_left == 2 and not after_growth
    turn, green, purple = state.turn, state.green_turn, state.purple_turn
    if begins:
        numbered = green if before.side == Player.GREEN else purple
        if first:
            turn = 1
        elif before.side == Player.GREEN or numbered == turn:
            turn += 1  # Purple's turn n follows Green's turn n
        if before.side == Player.GREEN:
            green = turn
        else:
            purple = turn
    entry = MoveEntry(
        index=index,
        node_id=node_id,
        turn=turn_label(before, turn) if begins else "",
        player=before.side.letter,
        decider=before.decider.letter,
        choice=choice,
        effect=choice in EFFECT_CHOICES,
        kind=chosen.kind.letter if chosen.family == "place" else "",
        decision=str(chosen),
        label=_label(before, chosen, events).text(),
        narration=" ".join(e.text() for e in events),
    )
    return entry, LineState(turn, choice, green, purple)


def move_text(entries: Iterable[MoveEntry]) -> str:
    """The line as one string: placements joined by `` · ``, each with its effect choices
    in parentheses (prefixed by the decider's name when the other player made them, R-27),
    turn labels in front: ``1. Crow b1 (Purple: push b1→c1) · Deer a2 1… pass``."""
    groups: list[list[str]] = []  # [turn, head, choice, choice ...]
    for e in entries:
        if not e.effect:
            groups.append([e.turn, e.label])
            continue
        who = "" if e.decider == e.player else f"{Player.from_letter(e.decider).title}: "
        if not groups:  # a line starting inside an effect
            groups.append([e.turn, "…"])
        groups[-1].append(who + e.label)
    parts = []
    for turn, head, *choices in groups:
        text = head + (f" ({', '.join(choices)})" if choices else "")
        parts.append(f"{turn} {text}" if turn else f"· {text}" if parts else text)
    return " ".join(parts)


def _unpack(
    item: Any, index: int
) -> tuple[Position, Any, tuple[Event, ...] | None, int | None] | None:
    """(position before, decision, events or None, node id) of one node; None for a root."""
    if hasattr(item, "parent") and hasattr(item, "decision"):
        if item.parent is None:
            return None  # the root: no decision led to it
        return item.parent.position, item.decision, tuple(item.events), item.id
    if isinstance(item, tuple) and len(item) in (2, 3) and isinstance(item[0], Position):
        before, decision = item[0], item[1]
        events = tuple(item[2]) if len(item) == 3 and item[2] is not None else None
        return before, decision, events, None
    raise MoveTextError(
        f"node {index} of the line is {type(item).__name__}: expected a GameNode or a "
        "(position_before, decision[, events]) tuple"
    )


class TreeMoves:
    """The move text of every node of a game tree, computed once per node and cached.

    A node's path from the root never changes (promotion reorders siblings, deletion
    removes nodes), so its entry is stable; each node is numbered from its parent's
    :class:`LineState`. ``record(node)`` is JSON-ready (None at the root)::

        {"turn": "3.", "number": 3, "player": "g", "decider": "p", "choice": "placement",
         "effect": false, "label": "Boar b2"}

    The narration is not repeated here: the page reads it from the node's view (sent once),
    since a record is resent whenever the node changes.
    """

    def __init__(self) -> None:
        self._cache: dict[int, tuple[dict | None, LineState]] = {}

    def record(self, node: Any) -> dict | None:
        """The move text of ``node`` (a GameNode), computed along its path if needed."""
        chain, here = [], node
        while here is not None and here.id not in self._cache:
            chain.append(here)
            here = here.parent
        state = LineState() if here is None else self._cache[here.id][1]
        for item in reversed(chain):
            if item.parent is None:
                self._cache[item.id] = (None, LineState())
                continue
            before = item.parent.position  # a node's decision was legal there: no check
            entry, state = _entry(state, before, item.decision, item.events, 0, item.id)
            self._cache[item.id] = (move_record(entry, state), state)
        return self._cache[node.id][0]

    def state(self, node: Any) -> LineState:
        """Where the line to ``node`` stands for numbering the decisions after it."""
        self.record(node)
        return self._cache[node.id][1]

    def forget(self, node_ids: Iterable[int]) -> None:
        """Drop the entries of removed nodes (ids are never reused within a game)."""
        for node_id in node_ids:
            self._cache.pop(node_id, None)

    def clear(self) -> None:
        """Drop everything (a new game)."""
        self._cache.clear()


def move_record(entry: MoveEntry, state: LineState) -> dict:
    """The move-list record of ``entry`` (``state``: the line's state after it), as
    :class:`TreeMoves` describes it."""
    return {
        "turn": entry.turn,
        "number": state.turn,
        "player": entry.player,
        "decider": entry.decider,
        "choice": entry.choice,
        "effect": entry.effect,
        "label": entry.label,
    }
