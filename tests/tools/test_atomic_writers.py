"""Batch results and explorer files are written by the writer of game files
(``record.destination.replacing``, issue #24 leftovers): a symbolic link is followed and
stays a link, a FIFO is refused by name instead of being replaced, a failed write leaves
no temporary file."""

from __future__ import annotations

import os
import stat

import pytest
from short_games import short_games

from cernunos_widget.solver import Limit
from cernunos_widget.tools.batch import BatchError, analyse_games, read_results
from cernunos_widget.tools.explorer import Explorer, ExplorerError
from cernunos_widget.tools.selfplay import play_games

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
FIRST = "game-00000000.parquet"


@pytest.fixture(scope="module")
def book() -> Explorer:
    return Explorer.build(play_games(3, "random", "random", seed=4, workers=1))


def test_an_explorer_file_behind_a_link_is_written_through_it(tmp_path, book):
    (tmp_path / "real").mkdir()
    link = tmp_path / "book.npz"
    link.symlink_to("real/book.npz")  # dangling until saved
    book.save(link)
    book.save(link)  # and replaced through it
    assert link.is_symlink()  # main: the link became a regular file
    assert Explorer.load(tmp_path / "real" / "book.npz").games == 3
    assert sorted(os.listdir(tmp_path / "real")) == ["book.npz"]


def test_an_explorer_file_refuses_a_fifo_and_a_missing_folder_by_name(tmp_path, book):
    fifo = tmp_path / "book.npz"
    os.mkfifo(fifo)
    with pytest.raises(ExplorerError, match="cannot write the explorer file to .*not a regular"):
        book.save(fifo)  # main: the FIFO was replaced by a regular file
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    with pytest.raises(ExplorerError, match="its folder .* does not exist"):
        book.save(tmp_path / "missing" / "book.npz")  # main: a bare FileNotFoundError
    assert sorted(os.listdir(tmp_path)) == ["book.npz"]


def test_a_results_file_behind_a_link_is_written_through_it(tmp_path):
    games = short_games(1, seed=11)
    out, real = tmp_path / "results", tmp_path / "real"
    out.mkdir()
    real.mkdir()
    (out / FIRST).symlink_to(real / FIRST)  # dangling until written
    analyse_games(games, Limit(nodes=200), out=out, workers=1)
    assert (out / FIRST).is_symlink()  # main: the link became a regular file
    assert (real / FIRST).is_file() and sorted(os.listdir(real)) == [FIRST]
    assert analyse_games(games, Limit(nodes=200), out=out, workers=1).resumed == 1
    assert list(read_results(out).game.unique()) == [0]


def test_a_fifo_among_the_results_is_refused_by_name(tmp_path):
    os.mkfifo(tmp_path / FIRST)
    with pytest.raises(BatchError, match="is not a regular file"):  # main: blocked for ever
        analyse_games(short_games(1, seed=11), Limit(nodes=200), out=tmp_path, workers=1)
    assert stat.S_ISFIFO(os.lstat(tmp_path / FIRST).st_mode)
