"""Token icons: small inline SVG drawings (viewBox 0 0 100 100) in ``currentColor``.

One source for the static picture (:mod:`cernunos_widget.engine.svg`) and the widget (sent
to the page in a trait), so no emoji font or network is needed.  Every icon is a filled
silhouette drawn in ``currentColor`` only: details (eyes, tusk, the Fox's mask, the
flame's heart) are holes cut with ``fill-rule="evenodd"``, so the square shows through and
an icon reads on light and dark squares alike.  The shapes differ in outline, not only in
detail, so they stay apart at 18 px: the Wolf howls, seen from the side; the Fox is a face.
"""

from __future__ import annotations


def _fill(d: str) -> str:
    return f'<path fill="currentColor" fill-rule="evenodd" d="{d}"/>'


def _stroke(d: str, width: int = 7) -> str:
    return (
        f'<path fill="none" stroke="currentColor" stroke-width="{width}" '
        f'stroke-linecap="round" stroke-linejoin="round" d="{d}"/>'
    )


def _eye(x: float, y: float, r: float) -> str:
    """A round hole (to add to an evenodd path)."""
    return f" M{x - r} {y} a{r} {r} 0 1 0 {2 * r} 0 a{r} {r} 0 1 0 {-2 * r} 0 Z"


ICONS: dict[str, str] = {
    # Tree: a layered fir on a trunk.
    "T": _fill("M50 4 L80 42 H64 L88 70 H57 V94 H43 V70 H12 L36 42 H20 Z"),
    # Boar: a side view, a bristly hump, an ear, a flat snout; a tusk and an eye cut out.
    "B": _fill(
        "M4 62 C4 48 12 38 26 34 L30 29 L34 32 L38 26 L42 30 L46 24 L50 29 L55 24 L58 29 "
        "C63 28 67 29 70 30 L73 20 L80 33 C84 37 88 42 90 46 L97 50 V64 L88 66 "
        "C84 72 78 74 72 74 L70 88 H60 L58 77 C50 79 38 79 30 77 L28 88 H18 L16 73 "
        "C10 71 4 68 4 62 Z M88 66 C88 60 86 56 82 54 C86 60 84 64 80 66 Z" + _eye(77, 44, 3.5)
    ),
    # Deer: a head with two branching antlers and sideways ears.
    "D": _stroke(
        "M40 38 C32 30 28 20 30 6 M31 24 L16 16 M30 12 L22 4 "
        "M60 38 C68 30 72 20 70 6 M69 24 L84 16 M70 12 L78 4"
    )
    + _fill(
        "M38 34 H62 L68 42 L92 38 L72 54 L62 64 L57 92 H43 L38 64 L28 54 L8 38 L32 42 Z"
        + _eye(44, 54, 3.5)
        + _eye(56, 54, 3.5)
    ),
    # Wolf: a sitting wolf howling, its long muzzle to the sky, a ruff and a bushy tail.
    "W": _fill(
        "M10 8 L30 18 L36 16 L44 2 L50 22 C58 30 64 44 68 58 C70 66 74 72 78 76 "
        "C86 76 94 72 98 62 C100 78 94 90 80 94 H26 C26 90 30 88 36 88 L38 68 L32 62 "
        "L35 58 L29 52 L32 48 L26 40 L22 32 L8 22 L20 22 Z" + _eye(36, 24, 3)
    ),
    # Squirrel: sitting up, its big bushy tail curled up behind it.
    "S": _fill(
        "M10 46 L18 36 L22 32 L26 16 L34 30 C40 34 44 42 46 50 C48 60 52 70 60 78 "
        "C72 66 76 50 70 38 C66 32 60 32 56 36 C52 24 58 8 74 8 C92 10 98 30 96 50 "
        "C94 76 80 94 56 94 H20 C18 88 20 80 24 76 L16 70 C12 66 18 62 24 64 "
        "C22 58 20 54 16 52 Z" + _eye(26, 40, 3)
    ),
    # Fox: a face with big ears, flared cheeks and a pointed snout; the white cheeks cut out.
    "X": _fill(
        "M8 4 L38 28 H62 L92 4 L84 44 L98 56 L54 92 H46 L2 56 L16 44 Z"
        "M10 56 L32 52 L44 66 L46 82 Z M90 56 L68 52 L56 66 L54 82 Z"
        + _eye(36, 42, 3.5)
        + _eye(64, 42, 3.5)
    ),
    # Crow: perched, seen from the side: a heavy beak, a folded wing, a long slanting tail.
    "C": _fill(
        "M0 38 L26 28 C32 20 44 18 52 24 C60 30 64 38 74 48 L98 70 L94 78 L72 66 "
        "C64 72 52 74 42 70 C32 66 26 56 26 46 L24 42 Z"
        "M46 44 C56 44 66 52 74 62 C62 58 52 54 46 44 Z" + _eye(38, 30, 3.5)
    )
    + _stroke("M46 72 L44 90 M58 70 L60 90 M36 90 H50 M52 90 H66", 5),
    # Fire: a flame, its hot heart cut out.
    "F": _fill(
        "M50 4 C58 26 82 36 82 62 C82 82 68 96 50 96 C32 96 18 82 18 62 C18 46 30 38 34 22 "
        "C42 32 44 40 50 44 C54 32 54 18 50 4 Z"
        "M50 54 C56 66 64 70 62 80 C60 88 40 88 38 80 C36 72 46 66 50 54 Z"
    ),
}

COLORS = {"g": "#2f8f4e", "p": "#8a3fb3"}
