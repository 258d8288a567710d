"""The file writers fuzzed (issue #24 "Also": the fuzzers extended to the writers): random
runs of replaces and appends, some failing half-way, straight or through a symbolic link,
leave exactly the games of the writes that finished, no lock or temporary file, and an
append never moves the file (it is written in place)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from cernunos_widget.record.files import read_games, write_games
from cernunos_widget.record.tree import Game

OPS = st.lists(
    st.tuples(st.sampled_from(["replace", "append"]), st.integers(0, 40), st.booleans()),
    min_size=1,
    max_size=8,
)


class Stop(Exception):
    """The games' iterator failing half-way."""


def games(first: int, count: int, fail: bool):
    for i in range(first, first + count):
        game = Game(headers={"Round": str(i)})
        game.root.play("B@b2")
        yield game
    if fail:
        raise Stop


@settings(max_examples=40, deadline=None)
@given(ops=OPS, through_link=st.booleans())
def test_replaces_and_appends_leave_the_finished_writes_only(ops, through_link):
    with tempfile.TemporaryDirectory() as folder:
        real = Path(folder) / "games.cgn"
        path = Path(folder) / "link.cgn" if through_link else real
        if through_link:
            path.symlink_to("games.cgn")
        model: list[str] = []
        made = 0
        for kind, count, fail in ops:
            inode = real.stat().st_ino if real.exists() else None
            try:
                write_games(games(made, count, fail), path, append=kind == "append")
            except Stop:
                pass
            else:
                written = [str(i) for i in range(made, made + count)]
                model = model + written if kind == "append" else written
            made += count
            if real.exists() or model:
                assert [g.headers["Round"] for g in read_games(path)] == model
            if kind == "append" and inode is not None:
                assert real.stat().st_ino == inode
            assert path.is_symlink() == through_link
            names = {"games.cgn", "link.cgn"} if through_link else {"games.cgn"}
            assert set(os.listdir(folder)) <= names
