"""The token icons (engine/icons.py): one per kind (R-3), valid SVG, drawn in currentColor only.

How they look is checked by eye on the contact sheet (``python benchmarks/icon_sheet.py``);
these tests keep the contract the board and the widget rely on.
"""

import re
import xml.etree.ElementTree as ET

import pytest

from cernunos_widget.engine.icons import ICONS
from cernunos_widget.engine.tokens import KIND_LETTERS

SVG = "{http://www.w3.org/2000/svg}"
SHAPES = {"path", "circle", "ellipse", "rect", "polygon", "polyline", "line"}
PAINT = ("fill", "stroke", "color", "stop-color", "style")


def _parse(body: str) -> ET.Element:
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{body}</svg>')


def test_every_kind_has_exactly_one_icon():
    assert list(ICONS) == list(KIND_LETTERS)  # T B D W S X C F, in the listing order


@pytest.mark.parametrize("letter", KIND_LETTERS)
def test_icon_is_svg_made_of_shapes(letter):
    root = _parse(ICONS[letter])
    tags = [el.tag.removeprefix(SVG) for el in root.iter()][1:]
    assert tags and set(tags) <= SHAPES, tags  # drawable shapes only, no ids, defs or text


@pytest.mark.parametrize("letter", KIND_LETTERS)
def test_icon_paints_only_with_current_color(letter):
    body = ICONS[letter]
    for el in _parse(body).iter():
        for attr in PAINT:
            value = el.get(attr)
            if value is not None:
                assert value in ("currentColor", "none"), (letter, attr, value)
        if el.tag.removeprefix(SVG) in SHAPES:  # every shape paints with something
            assert "currentColor" in (el.get("fill"), el.get("stroke")), (letter, el.attrib)
    assert not re.search(r"#[0-9a-fA-F]{3}|rgb|hsl|var\(|opacity", body), letter


@pytest.mark.parametrize("letter", KIND_LETTERS)
def test_icon_stays_inside_its_viewbox(letter):
    for el in _parse(ICONS[letter]).iter(f"{SVG}path"):
        for command in re.findall(r"[MLHVCQZ][^A-Za-z]*", el.get("d")):  # absolute commands
            numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", command)]
            assert all(0 <= n <= 100 for n in numbers), (letter, command)


def test_no_two_icons_are_alike():
    assert len(set(ICONS.values())) == len(ICONS)
    outlines = {letter: re.findall(r'd="M[^"]{0,40}', body)[0] for letter, body in ICONS.items()}
    assert len(set(outlines.values())) == len(ICONS)  # each starts its own outline
