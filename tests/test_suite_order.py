"""The order xdist hands the tests out in (tests/conftest.py, issue #35 item 4): the modules
holding the longest work units first, each module's tests in their written order."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import conftest


def item(module: str, name: str) -> SimpleNamespace:
    return SimpleNamespace(nodeid=f"tests/{module}::{name}", path=Path("tests") / module)


def test_modules_with_the_longest_unit_come_first_each_in_its_written_order(monkeypatch, tmp_path):
    known = {
        "tests/a.py::slow": 30.0,  # a's longest test is in the middle
        "tests/b.py::one": 5.0, "tests/b.py::two": 5.0,  # b's group: one unit of 10 s
        "tests/c.py::long": 20.0,
        "tests/e.py::mid": 8.0,  # longer than each of b's tests, shorter than b's group
    }  # fmt: skip
    durations = tmp_path / "durations.json"
    durations.write_text(json.dumps(known))
    monkeypatch.setattr(conftest, "DURATIONS", durations)
    items = [item("a.py", "first"), item("a.py", "slow"), item("a.py", "last"),
             item("e.py", "mid"), item("b.py", "one"), item("b.py", "two"),
             item("c.py", "short"), item("c.py", "long"), item("d.py", "unmeasured")]  # fmt: skip
    groups = [None, None, None, None, "bee", "bee", None, None, None]
    order = [i.nodeid for i in conftest.longest_first(items, groups)]
    assert order == [
        "tests/a.py::first", "tests/a.py::slow", "tests/a.py::last",  # 30 s
        "tests/c.py::short", "tests/c.py::long",  # 20 s
        "tests/b.py::one", "tests/b.py::two",  # 10 s, grouped
        "tests/e.py::mid",  # 8 s
        "tests/d.py::unmeasured",
    ]  # fmt: skip


def test_the_committed_durations_name_tests_in_seconds():
    known = json.loads(conftest.DURATIONS.read_text())
    assert known and all("::" in name and value >= 0.5 for name, value in known.items())
