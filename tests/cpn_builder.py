"""Build CPN strings for tests from a readable {cell: stack} mapping."""

from __future__ import annotations

COLUMNS = "abcd"


def cpn(
    cells: dict[str, str] | None = None, side: str = "g", phase: str = "2", burned: str = "0-0"
) -> str:
    """``cpn({"b2": "tT"}, "g", "2")`` -> ``".,.,.,./.,tT,.,./.,.,.,. g 2 0-0"``."""
    cells = cells or {}
    rows = []
    for row in "321":
        rows.append(",".join(cells.get(c + row, ".") or "." for c in COLUMNS))
    return f"{'/'.join(rows)} {side} {phase} {burned}"
