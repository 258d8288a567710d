"""A plain-text picture of a position (``cernunos show``, ``str(position)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .geometry import COLUMNS, HEIGHT, WIDTH
from .tokens import KIND_LETTERS, Kind, Player

if TYPE_CHECKING:
    from .position import Position


def render_text(position: Position) -> str:
    """Stacks (bottom to top, the top token in brackets), reserves, burned Trees, who moves."""
    cells = {}
    for row in range(HEIGHT):
        for col in range(WIDTH):
            name = f"{COLUMNS[col]}{row + 1}"
            letters = [t.letter for t in position.stack(name)]
            cells[name] = "".join(letters[:-1]) + f"[{letters[-1]}]" if letters else "."
    width = max(5, max(len(v) for v in cells.values()))
    lines = ["   " + " ".join(c.center(width) for c in COLUMNS)]
    for row in range(HEIGHT - 1, -1, -1):
        line = " ".join(cells[f"{COLUMNS[col]}{row + 1}"].center(width) for col in range(WIDTH))
        lines.append(f"{row + 1}  {line}")
    lines.append("")
    for player in Player:
        held = position.reserve(player)
        parts = [f"{KIND_LETTERS[k]}x{held[Kind(k)]}" for k in range(8) if held[Kind(k)]]
        reserve = " ".join(parts) if parts else "(empty)"
        lines.append(f"{player.title:<7} reserve: {reserve}")
    lines.append(f"Burned Trees: Green {position.burned[0]}, Purple {position.burned[1]}")
    if not position.rules.is_standard:
        lines.append(f"Rules: {position.rules} ({position.rules.describe()})")
    result = position.result()
    if result is not None:
        lines.append(f"Game over: {result.summary}")
    else:
        lines.append(f"To decide: {position.describe_pending()}")
    if position.at_boundary:
        lines.append(f"CPN: {position.cpn()}")
    return "\n".join(lines)
