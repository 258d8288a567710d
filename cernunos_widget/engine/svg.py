"""An SVG picture of a position, for notebooks (``Position._repr_svg_``) and documents."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .geometry import COLUMNS
from .icons import COLORS, ICONS

if TYPE_CHECKING:
    from .position import Position

CELL = 72
MARGIN = 22


def render_svg(position: Position, size: int = CELL) -> str:
    """The board with coordinates, each stack's top token drawn, its stack spelled below."""
    width = MARGIN + 4 * size + 8
    height = MARGIN + 3 * size + 66
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="#fbfaf5"/>',
    ]
    for col in range(4):
        x = MARGIN + col * size + size / 2
        out.append(
            f'<text x="{x}" y="{MARGIN + 3 * size + 14}" font-size="12" '
            f'text-anchor="middle" fill="#555">{COLUMNS[col]}</text>'
        )
    for row in range(3):
        y = MARGIN + (2 - row) * size
        out.append(
            f'<text x="{MARGIN / 2}" y="{y + size / 2 + 4}" font-size="12" '
            f'text-anchor="middle" fill="#555">{row + 1}</text>'
        )
        for col in range(4):
            x = MARGIN + col * size
            cell = f"{COLUMNS[col]}{row + 1}"
            shade = "#e9e4d4" if (row + col) % 2 else "#f3efe2"
            out.append(
                f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{shade}" '
                f'stroke="#b9b19a"/>'
            )
            stack = position.stack(cell)
            if not stack:
                continue
            top = stack[-1]
            color = COLORS[top.owner.letter]
            icon = size * 0.56
            out.append(
                f'<g transform="translate({x + (size - icon) / 2},{y + 6}) '
                f'scale({icon / 100})" color="{color}">{ICONS[top.kind.letter]}</g>'
            )
            letters = "".join(t.letter for t in stack)
            out.append(
                f'<text x="{x + size / 2}" y="{y + size - 7}" font-size="11" '
                f'text-anchor="middle" fill="#333">{escape(letters)}</text>'
            )
    y = MARGIN + 3 * size + 32
    for player in ("g", "p"):
        held = position.reserve(player)
        text = " ".join(f"{k.letter}{n}" for k, n in held.items() if n) or "empty"
        name = "Green" if player == "g" else "Purple"
        out.append(
            f'<text x="{MARGIN}" y="{y}" font-size="12" fill="{COLORS[player]}">'
            f"{name}: {escape(text)}</text>"
        )
        y += 16
    result = position.result()
    status = result.summary if result else position.describe_pending()
    out.append(f'<text x="{MARGIN}" y="{y}" font-size="11" fill="#333">{escape(status)}</text>')
    out.append("</svg>")
    return "".join(out)
