"""Token icons: small inline SVG drawings (viewBox 0 0 100 100) in ``currentColor``.

One source for the static picture (:mod:`cernunos_widget.svg`) and the widget (sent to
the page in a trait), so no emoji font or network is needed.
"""

from __future__ import annotations


def _stroke(width: int = 7) -> str:
    return (
        f'fill="none" stroke="currentColor" stroke-width="{width}" stroke-linecap="round" '
        'stroke-linejoin="round"'
    )


_S = _stroke()

ICONS: dict[str, str] = {
    # Tree: a layered fir on a trunk.
    "T": '<path fill="currentColor" d="M50 6 L80 44 H64 L86 70 H56 V92 H44 V70 H14 L36 44 H20 Z"/>',
    # Boar: a heavy body, a snout and two tusks.
    "B": '<path fill="currentColor" d="M14 60 C14 36 36 28 56 30 C72 31 84 40 88 52 L94 56 '
    'L88 66 C84 74 72 80 56 80 L56 90 H46 V80 H34 V90 H24 V76 C18 72 14 66 14 60 Z"/>'
    f'<path {_S} d="M86 66 Q82 54 92 46"/>',
    # Deer: a head with branching antlers.
    "D": f'<path {_S} d="M34 42 L22 18 M28 30 L14 24 M66 42 L78 18 M72 30 L86 24"/>'
    '<path fill="currentColor" d="M34 40 H66 L60 70 L50 92 L40 70 Z"/>',
    # Wolf: a pointed head with tall ears.
    "W": '<path fill="currentColor" d="M16 10 L40 34 H60 L84 10 L82 50 L50 92 L18 50 Z"/>'
    '<circle cx="38" cy="52" r="5" fill="var(--cw-eye, #fff)"/>'
    '<circle cx="62" cy="52" r="5" fill="var(--cw-eye, #fff)"/>',
    # Squirrel: a small body under a big curled tail.
    "S": f'<path {_stroke(10)} d="M62 86 C92 76 94 40 76 22 C62 8 40 18 48 34 '
    'C54 46 70 40 66 30"/>'
    '<path fill="currentColor" d="M22 88 C18 70 26 54 40 52 C52 52 58 64 56 88 Z"/>'
    '<circle cx="36" cy="44" r="10" fill="currentColor"/>',
    # Fox: a triangular face with ears and a narrow snout.
    "X": '<path fill="currentColor" d="M10 14 L36 32 H64 L90 14 L80 48 L50 90 L20 48 Z"/>'
    '<path fill="var(--cw-eye, #fff)" d="M30 50 L50 86 L70 50 L50 60 Z" opacity="0.55"/>',
    # Crow: a bird in flight.
    "C": '<path fill="currentColor" d="M6 40 C26 30 40 36 50 50 C60 36 74 30 94 40 '
    'C78 42 66 50 58 64 L66 80 L50 72 L34 80 L42 64 C34 50 22 42 6 40 Z"/>',
    # Fire: a flame.
    "F": '<path fill="currentColor" d="M50 6 C58 26 80 36 80 62 C80 80 66 94 50 94 '
    'C34 94 20 80 20 62 C20 46 32 38 36 24 C42 34 44 42 50 46 C54 34 54 20 50 6 Z"/>'
    '<path fill="var(--cw-eye, #fff)" opacity="0.5" d="M50 56 C56 66 64 70 62 80 '
    'C60 88 40 88 38 80 C36 72 46 66 50 56 Z"/>',
}

COLORS = {"g": "#2f8f4e", "p": "#8a3fb3"}
