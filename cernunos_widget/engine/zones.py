"""Where each kind of token acts from a cell (R-19..R-26), for hover overlays and teaching.

The engine itself applies these rules in :mod:`.effects` and :mod:`.board`; this module
only describes them, from the same geometry tables, so the front end never has to know.
"""

from __future__ import annotations

from ..i18n import text
from .geometry import ADJACENT, AROUND, BOAR_PUSH, CELL_INDEX, CELL_NAMES
from .rules import STANDARD_RULES, Rules
from .tokens import Kind

# What the zone of a top token means when hovered (R-19..R-26), in English (the page says
# it in the board's language: the catalogues' ``zone.<kind>``).
ZONE_LABELS = {kind: text(f"zone.{kind.letter}") for kind in Kind}


def _names(indices) -> list[str]:
    return [CELL_NAMES[i] for i in indices]


def zone_of(kind: Kind, cell: str, rules: Rules = STANDARD_RULES) -> dict:
    """The cells a token of ``kind`` on ``cell`` acts on, for the hover overlay."""
    i = CELL_INDEX[cell]
    pushes: list[list] = []
    label = ZONE_LABELS[kind]
    if kind == Kind.WOLF:
        cells = _names(rules.wolf_zone[i])
        if rules.wolf_steps == 1:  # D-10 variant wolf-1
            label = text("zone.W1")
    elif kind == Kind.FOX:
        cells = _names(AROUND[i])
    elif kind == Kind.TREE:
        cells = [cell]
    else:
        cells = _names(ADJACENT[i])
    if kind == Kind.BOAR:
        pushes = [[CELL_NAMES[t], CELL_NAMES[d], w] for t, (d, w) in BOAR_PUSH[i].items()]
    return {"cells": cells, "pushes": pushes, "label": label}


def zone_table(rules: Rules = STANDARD_RULES) -> dict[str, dict[str, dict]]:
    """The zone of every kind on every cell under ``rules`` (sent once per rule set)."""
    return {k.letter: {cell: zone_of(k, cell, rules) for cell in CELL_NAMES} for k in Kind}
