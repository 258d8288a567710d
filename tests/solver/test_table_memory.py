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


def test_a_recycled_table_is_empty_again_and_searches_give_the_same_results():
    """After a search its table is emptied and kept (Table.recycle): the next search of
    the process gets it back, all zero, so its results are those of a new table."""
    import gc
    from dataclasses import replace

    from cernunos_widget.engine import Position
    from cernunos_widget.solver import Limit, analyse
    from cernunos_widget.solver.compiled import table as table_module
    from cernunos_widget.solver.compiled.searchers import CompiledDepthSearch
    from cernunos_widget.solver.search import Budget

    position = Position.from_cpn(".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1")
    search = CompiledDepthSearch(Budget(nodes=5000), table_bits=16)
    table = search.runner.table
    search.value(position, 3)
    assert table.keys.any() and table.depth.any()
    del search
    gc.collect()
    assert all(not a.any() for a in table)  # every array, not only the keys
    assert CompiledDepthSearch(Budget(nodes=10), table_bits=16).runner.table is table
    table_module._spares.clear()  # the first analysis gets a new table, the others not
    runs = [
        [replace(info, seconds=0) for info in analyse(position, Limit(nodes=20_000), multipv=3)]
        for _ in range(3)
    ]
    assert runs[0] == runs[1] == runs[2]
