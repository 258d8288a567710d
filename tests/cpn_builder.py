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


# Green: 3B 3D 2W S X C F on the board, 11 Trees burned, one Tree in reserve (R-16 scenarios).
LAST_TREE = {"a2": "SX", "b2": "FC", "d2": "t", "a1": "BB", "b1": "BD", "c1": "DD", "d1": "WW"}
# ... and Green's last Tree placed on d3: Purple makes the final placement.
FINAL_PLACEMENT = cpn({**LAST_TREE, "d3": "T"}, "p", "L", "11-0")
