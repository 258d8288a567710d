"""Golden counts: legal decisions and full decision sequences to a small depth ("perft").

Recorded once from this engine after the rule scenarios passed; any change in move
generation or effect resolution shows up here at once.
"""

import pytest

from cernunos_widget.engine import Position


def perft(p: Position, depth: int) -> int:
    """The number of decision sequences of length ``depth`` (shorter where the game ends)."""
    if depth == 0 or p.is_over:
        return 1
    if depth == 1:
        return len(p.option_codes)
    return sum(perft(p.child(code), depth - 1) for code in p.option_codes)


GOLDEN = [
    # (CPN, counts at depth 1, 2, 3)
    (".,.,.,./.,.,.,./.,.,.,. g 2 0-0", (96, 8628, 816428)),
    (".,.,.,./D,B,.,./.,t,.,. g 2 0-0", (96, 7527, 544139)),
    (".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1", (43, 1043, 19638)),
    (".,SxDBB,.,CstDWT/F,w,B,XtDTTT/dc,dWdttt,TTT,fw g 1 1-3", (8, 120, 1007)),
]


@pytest.mark.parametrize("cpn, counts", GOLDEN)
def test_golden_counts(cpn, counts):
    p = Position.from_cpn(cpn)
    assert tuple(perft(p, d) for d in (1, 2, 3)) == counts


def test_golden_placements_per_kind_at_a_midgame_position():
    p = Position.from_cpn(".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1")
    per_kind = {k.letter: len(cells) for k, cells in p.placement_map().items()}
    assert sum(per_kind.values()) == 43
    # Checked by hand: b2 (Green's Crow on Green's Wolf, power 1) is closed to Purple, and
    # c3 (Green's Fire, power 0) is open to all but Trees.
    assert per_kind == {"T": 10, "B": 11, "D": 11, "W": 11}
    assert "b2" not in p.placement_cells("B") and "c3" not in p.placement_cells("T")
