"""engine/zones.py: the cells each kind acts on, as shown when hovering (R-19..R-26)."""

from cernunos_widget.engine import Kind
from cernunos_widget.engine.zones import zone_of, zone_table


def test_each_kind_acts_on_its_rule_zone():
    assert zone_of(Kind.TREE, "b2")["cells"] == ["b2"]  # grows on its own cell
    assert zone_of(Kind.DEER, "a1")["cells"] == ["b1", "a2"]  # adjacent
    assert zone_of(Kind.WOLF, "a1")["cells"] == ["b2", "c3"]  # R-24, D-1: two diagonal steps
    assert len(zone_of(Kind.FOX, "b2")["cells"]) == 8  # around
    assert zone_of(Kind.BOAR, "c1")["pushes"] == [
        ["b1", "a1", False],
        ["d1", "a1", True],
        ["c2", "c3", False],
    ]  # wrap
    assert all(zone_of(k, "c2")["pushes"] == [] for k in Kind if k != Kind.BOAR)


def test_labels_cite_their_rule_and_the_table_covers_every_kind_and_cell():
    table = zone_table()
    assert set(table) == set("TBDWSXCF") and all(len(cells) == 12 for cells in table.values())
    assert all("(R-" in zone_of(k, "a1")["label"] for k in Kind)
