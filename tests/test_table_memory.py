"""The transposition table's arrays: zero, writable, apart (they share one mapping, so a
fresh table, one per analysed position in batch work, costs no memset)."""

from __future__ import annotations

import numpy as np

from cernunos_widget.solver.compiled.table import Table


def test_a_table_is_zero_and_writable():
    table = Table.create(12)
    assert [a.dtype for a in table] == [np.uint64] + [np.int32] * 5
    assert all(len(a) == 4096 and not a.any() for a in table)
    for value, array in enumerate(table, 1):
        array[:] = value
    for value, array in enumerate(table, 1):  # each array is its own memory
        assert (array == value).all()
