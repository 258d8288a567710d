"""Position._repr_svg_: a well-formed picture with every kind's icon and the stacks."""

import xml.etree.ElementTree as ET

from cernunos_widget.engine import Position
from cernunos_widget.engine.icons import COLORS, ICONS

EVERY_KIND = ".,SxDBB,.,CstDWT/F,w,B,XtDTTT/dc,dWdttt,TTT,fw g 1 1-3"


def test_svg_is_well_formed_and_draws_every_top_token():
    svg = Position.from_cpn(EVERY_KIND)._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "SxDBB" in texts and "XtDTTT" in texts  # stacks spelled bottom to top
    assert any(t and t.startswith("Green:") for t in texts)
    icons = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("color")]
    assert len(icons) == 10  # one per occupied cell
    assert {g.get("color") for g in icons} == set(COLORS.values())


def test_every_icon_is_valid_svg_markup():
    for letter, body in ICONS.items():
        root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{body}</svg>')
        assert len(root) >= 1, letter  # parses, and draws at least one shape


def test_game_over_picture_says_the_result():
    svg = Position.from_cpn(".,.,.,./.,.,.,./T,.,.,. g # 0-0")._repr_svg_()
    assert "Green wins" in svg
