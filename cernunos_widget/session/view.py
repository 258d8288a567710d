"""What the page draws for one node of the game, computed by the engine (JSON-ready):
its view (the board) and its record (tree links and annotations).

The front end renders this and sends intent back; it never decides legality, so
everything rule-dependent (options, powers, who chooses) comes from the engine here;
the hover zones come from :mod:`.engine.zones`, sent once.
"""

from __future__ import annotations

from ..engine import CELL_NAMES, Kind, Player, Position
from ..engine.events import Event
from ..engine.geometry import CELL_INDEX
from ..record.tree import GameNode

KIND_NAMES = {k.letter: k.title for k in Kind}


def _stacks(position: Position) -> dict[str, str]:
    """Each occupied cell's tokens as CPN letters, bottom to top."""
    stacks = {}
    for cell in CELL_NAMES:
        tokens = position.stack(cell)
        if tokens:
            stacks[cell] = "".join(t.letter for t in tokens)
    return stacks


def pending_tag(position: Position) -> str:
    """``"p chooses boar-target"``, or "" when the game is over (the page's data-pending)."""
    if position.decider is None:
        return ""
    return f"{position.decider.letter} chooses {position.choice}"


def view_words(position: Position, events: tuple[Event, ...], language: str) -> dict:
    """The words of a view that depend on the language: the prompt, each event's text and
    the result's summary (the rest of a view is the same in every language)."""
    result = position.result()
    return {
        "prompt": position.describe_pending(language) if not position.is_over else "",
        "events": [e.text(language) for e in events],
        "result_text": "" if result is None else result.summary_message().text(language),
    }


def build_view(position: Position, events: tuple[Event, ...] = (), language: str = "en") -> dict:
    """Everything needed to draw ``position`` and offer its decisions, its words in
    ``language``."""
    choice = position.choice or ""
    texts = position.legal_texts()
    words = view_words(position, events, language)
    view: dict = {
        "cpn": position.cpn() if position.at_boundary else "",
        "pending": pending_tag(position),
        "prompt": words["prompt"],
        "side": position.side.letter,
        "phase": position.phase,
        "decider": position.decider.letter if position.decider is not None else "",
        "choice": choice,
        "choice_cell": position.choice_cell or "",
        "stacks": _stacks(position),
        "reserves": {
            p.letter: {k.letter: n for k, n in position.reserve(p).items()} for p in Player
        },
        "burned": list(position.burned),
        "powers": {
            cell: {
                "total": info.total,
                "base": info.base,
                "deer": list(info.deer),
                "wolves": list(info.wolves),
                "text": info.message().text(language),
            }
            for cell, info in position.powers().items()
        },
        "placements": {},
        "coverable": [],
        "targets": [],
        "swap_partners": {},
        "placer": "",
        "grow": {"options": [], "count": 0, "trees": []},
        "can_pass": "pass" in texts,
        "option_count": len(texts),
        "events": [
            {"type": e.type, "text": text, "cells": list(e.cells)}
            for e, text in zip(events, words["events"], strict=True)
        ],
        "changed": sorted({c for e in events for c in e.cells}, key=CELL_INDEX.get),
        "result": "",
        "result_text": words["result_text"],
    }
    if choice in ("placement", "final-placement"):
        anything, trees = position.coverable()  # computed once for both
        view["placer"] = position.side.letter
        view["placements"] = {
            k.letter: list(trees if k == Kind.TREE else anything)
            for k, held in position.reserve(position.side).items()
            if held
        }
        view["coverable"] = list(anything)
    elif choice in ("boar-target", "crow-cell", "fox-order"):
        view["targets"] = list(texts)
    elif choice == "fox-swap":
        partners: dict[str, dict[str, str]] = {}
        for text in texts:
            a, b = text.split("~")
            partners.setdefault(a, {})[b] = text
            partners.setdefault(b, {})[a] = text
        view["swap_partners"] = partners
    elif choice == "growth":
        chosen = [t[5:].split(",") for t in texts]
        view["grow"] = {
            "options": list(texts),
            "count": len(chosen[0]),
            "trees": sorted({c for cells in chosen for c in cells}, key=CELL_INDEX.get),
        }
    result = position.result()
    if result is not None:
        view["result"] = str(result)
    return view


def node_record(node: GameNode, evaluation: dict | None = None) -> dict:
    """A node's tree links and annotations (small; resent whenever they change), with its
    review ``eval`` (Green's side) once it has one."""
    record = {
        "id": node.id,
        "parent": -1 if node.parent is None else node.parent.id,
        "decision": node.decision_text,
        "children": [c.id for c in node.children],
        "comment": node.comment,
        "mark": node.mark,
        "mark_text": node.mark_text,
        "glyph": node.glyph,
        "ply": node.ply,
    }
    if evaluation is not None:
        record["eval"] = evaluation
    return record
