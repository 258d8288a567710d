"""Batch results carry what they were made from (issue #24 item 9): a file made for another
run, copied under a game's name, or cut short, is a BatchError naming it (exit 2 from the
command line), never taken as that game's results."""

from __future__ import annotations

import shutil

import pyarrow.parquet as pq
import pytest
from short_games import short_games

from cernunos_widget.cli import EXIT_BAD_INPUT, main
from cernunos_widget.record.files import write_games
from cernunos_widget.solver import Limit
from cernunos_widget.tools.batch import BatchError, analyse_games, read_results

LIMIT = Limit(nodes=150)


@pytest.fixture(scope="module")
def games():
    return short_games(3, seed=17)


def test_a_file_copied_under_another_games_name_is_refused(games, tmp_path):
    """Two equal games: main took game 0's file as game 1's, and read_results then held
    game 0's rows twice."""
    same = [games[0], games[0], games[1]]
    out = tmp_path / "results"
    analyse_games(same, LIMIT, out=out, workers=1)
    shutil.copy(out / "game-00000000.parquet", out / "game-00000001.parquet")
    with pytest.raises(BatchError, match=r"game-00000001.parquet holds the results of another "
                       r"game \(index 0, not 1\)"):
        analyse_games(same, LIMIT, out=out, workers=1)
    with pytest.raises(BatchError, match="game-00000001.parquet holds the rows of games"):
        read_results(out)


def test_a_file_made_from_another_input_file_is_refused(games, tmp_path, capsys):
    first, second = tmp_path / "first.cgn", tmp_path / "second.cgn"
    write_games(games[:2], first)
    write_games(games, second)  # the same two games, then one more
    out = tmp_path / "results"
    command = ["--out", str(out), "--nodes", "150", "--workers", "1"]
    assert main(["analyse-games", str(first), *command]) == 0
    capsys.readouterr()
    assert main(["analyse-games", str(second), *command]) == EXIT_BAD_INPUT  # main: resumed 2
    err = capsys.readouterr().err.splitlines()[-1]
    assert "game-00000000.parquet was made from another input" in err
    assert err.startswith("cernunos analyse-games: ")


def test_a_short_results_file_of_ours_is_a_batch_error(games, tmp_path, capsys):
    out = tmp_path / "results"
    analyse_games(games[:2], LIMIT, out=out, workers=1)
    path = out / "game-00000001.parquet"
    table = pq.read_table(path)
    pq.write_table(table.slice(0, table.num_rows - 1), path)  # its metadata kept
    with pytest.raises(BatchError, match=r"game-00000001.parquet holds \d+ rows, not the"):
        analyse_games(games[:2], LIMIT, out=out, workers=1)  # main: a bare ValueError (zip)


def test_a_results_file_without_our_metadata_is_refused(games, tmp_path):
    out = tmp_path / "results"
    analyse_games(games[:1], LIMIT, out=out, workers=1)
    path = out / "game-00000000.parquet"
    pq.write_table(pq.read_table(path).replace_schema_metadata(None), path)
    with pytest.raises(BatchError, match="does not say what it was made from"):
        analyse_games(games[:1], LIMIT, out=out, workers=1)
