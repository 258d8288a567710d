"""Batch analysis: rows, the per-run cache, resume, atomic files, bad input."""

from __future__ import annotations

import os

import pytest
from short_games import mainline, short_games

from cernunos_widget.engine import Player
from cernunos_widget.record.files import write_games
from cernunos_widget.solver import Limit, analyse
from cernunos_widget.solver.analyse import UnknownEngineError
from cernunos_widget.tools import batch
from cernunos_widget.tools.batch import (
    MEASUREMENTS,
    BatchError,
    analyse_games,
    read_results,
)

LIMIT = Limit(nodes=200)


def results(frame):
    """The columns that are results (not measurements of the run)."""
    return frame.drop(columns=list(MEASUREMENTS))


@pytest.fixture(scope="module")
def games():
    return short_games(3, seed=11)


def test_a_row_per_main_line_position(games):
    report = analyse_games(games, LIMIT, workers=1)
    frame = report.results
    assert list(frame.columns) == [name for name, _ in batch.COLUMNS]
    assert frame.groupby("game").size().tolist() == [len(mainline(g)) for g in games]
    for index, game in enumerate(games):
        rows = frame[frame.game == index].reset_index(drop=True)
        for ply, node in enumerate(mainline(game)):
            row = rows.iloc[ply]
            assert row.ply == ply and row.node == node.id
            position = node.position
            if position.at_boundary:
                assert row.cpn == position.cpn()
            else:
                assert row.cpn is None or row.cpn != row.cpn  # null (NaN in pandas)
            assert -1 <= row.value <= 1
        last, final = rows.iloc[-1], game.root.end().position
        winner = final.result().winner
        assert last.proven and last.value == {None: 0, Player.GREEN: 1, Player.PURPLE: -1}[winner]
        assert last.nodes == 0
        searched = rows.iloc[:-1]
        assert searched.best.notna().all() and (searched.depth >= 1).all()
        # the best decision is legal and the line starts with it (R-27: the decider's)
        for ply, node in enumerate(mainline(game)[:-1]):
            assert searched.iloc[ply].best in node.position.legal_texts()
            assert searched.iloc[ply].pv.split()[0] == searched.iloc[ply].best
        # values are from Green's side, whoever decides
        for ply, node in list(enumerate(mainline(game)))[:4]:
            info = analyse(node.position, LIMIT)[0]
            green = info.estimate if node.position.decider == Player.GREEN else -info.estimate
            assert rows.iloc[ply].value == green
            assert rows.iloc[ply].decider == node.position.decider.letter


def searched(games):
    """The positions of the games' main lines that are searched (not over), with repeats."""
    return [n.position for g in games for n in mainline(g) if not n.position.is_over]


def test_the_cache_searches_a_position_once_per_run(games):
    a, b, _ = games
    report = analyse_games([a, b, a], LIMIT, workers=1)
    positions = searched([a, b, a])
    assert report.searches == len(set(positions)) < len(positions)
    frame = report.results
    assert report.cache_hits == len(positions) - len(set(positions)) == frame.cached.sum()
    first, again = (results(frame[frame.game == i]).reset_index(drop=True) for i in (0, 2))
    assert again.cached[:-1].all() and not first.cached.any()
    columns = ["value", "proven", "best", "pv", "depth", "nodes"]
    assert first[columns].equals(again[columns])


def test_results_do_not_depend_on_what_was_searched_before(games):
    """A fresh table per position: alone or after other games, the same values."""
    alone = analyse_games([games[2]], LIMIT, workers=1).results
    after = analyse_games(games, LIMIT, workers=1).results
    after = after[after.game == 2].reset_index(drop=True)
    columns = ["ply", "value", "proven", "best", "pv", "depth", "nodes"]
    assert alone[columns].equals(after[columns])


def test_mcts_analysis_is_reproducible_with_a_node_limit(games):
    runs = [analyse_games(games[:1], LIMIT, workers=1, engine="mcts").results for _ in range(2)]
    assert results(runs[0]).equals(results(runs[1]))
    assert runs[0].value.between(-1, 1).all() and runs[0].best.iloc[:-1].notna().all()


def test_files_resume_and_read_back(games, tmp_path):
    out = tmp_path / "results"
    full = analyse_games(games, LIMIT, out=out, workers=1)
    assert full.results is None and full.analysed == 3
    names = sorted(os.listdir(out))
    assert names == [f"game-{i:08d}.parquet" for i in range(3)]  # no temporary files left
    frame = read_results(out)
    again = analyse_games(games, LIMIT, out=out, workers=1)
    assert (again.searches, again.resumed, again.analysed) == (0, 3, 0)
    # a run cut short: game 1's file is missing; only its own positions are searched
    (out / "game-00000001.parquet").unlink()
    resumed = analyse_games(games, LIMIT, out=out, workers=1)
    assert (resumed.resumed, resumed.analysed) == (2, 1)
    others = set(searched([games[0], games[2]]))
    assert resumed.searches == len(set(searched([games[1]])) - others) > 0
    assert results(read_results(out)).equals(results(frame))
    in_memory = analyse_games(games, LIMIT, workers=1).results
    assert results(in_memory).equals(results(frame))


def test_an_interrupted_run_keeps_its_finished_games(games, tmp_path):
    def stream():
        yield games[0]
        yield games[1]
        raise KeyboardInterrupt

    out = tmp_path / "cut"
    with pytest.raises(KeyboardInterrupt):
        analyse_games(stream(), LIMIT, out=out, workers=1)
    assert sorted(os.listdir(out)) == ["game-00000000.parquet", "game-00000001.parquet"]
    rest = analyse_games(games, LIMIT, out=out, workers=1)
    assert (rest.resumed, rest.analysed) == (2, 1)


def test_a_failed_write_leaves_no_file(games, tmp_path, monkeypatch):
    import pyarrow.parquet as pq

    def broken(table, where, **kwargs):
        where.write(b"half a file")
        raise OSError("disk full")

    monkeypatch.setattr(pq, "write_table", broken)
    with pytest.raises(OSError, match="disk full"):
        analyse_games(games[:1], LIMIT, out=tmp_path, workers=1)
    assert os.listdir(tmp_path) == []


def test_a_resume_refuses_other_games_or_settings(games, tmp_path):
    analyse_games(games[:2], LIMIT, out=tmp_path, workers=1)
    with pytest.raises(BatchError, match="other settings"):
        analyse_games(games[:2], Limit(nodes=300), out=tmp_path, workers=1)
    with pytest.raises(BatchError, match="another game"):
        analyse_games(games[1:], LIMIT, out=tmp_path, workers=1)


def test_a_game_file_and_progress_on_stderr(games, tmp_path, capsys):
    path = tmp_path / "games.cgn"
    write_games(games, path)
    report = analyse_games(str(path), LIMIT, workers=1, progress=True)
    assert report.games == 3
    assert results(report.results).equals(results(analyse_games(games, LIMIT, workers=1).results))
    captured = capsys.readouterr()
    assert "analysing games" in captured.err and captured.out == ""


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"limit": Limit(depth=3)}, BatchError, "nodes="),
        ({"limit": 5}, BatchError, "Limit"),
        ({"games": [1, 2]}, BatchError, "Game objects"),
        ({"games": 7}, BatchError, "Game objects"),
        ({"engine": "stockfish"}, UnknownEngineError, "alphabeta"),
        ({"workers": -1}, BatchError.__mro__[1], "workers"),
        ({"executor": "nope"}, BatchError.__mro__[1], "Executor"),
    ],
)
def test_bad_input(games, kwargs, error, words):
    arguments = {"games": games[:1], "limit": LIMIT, "workers": 1, **kwargs}
    with pytest.raises(error, match=words):
        analyse_games(**arguments)


def test_bad_directories(games, tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(BatchError, match="directory"):
        analyse_games(games[:1], LIMIT, out=tmp_path / "file", workers=1)
    with pytest.raises(BatchError, match="no results directory"):
        read_results(tmp_path / "missing")
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "game-00000000.parquet").write_text("not parquet")
    with pytest.raises(BatchError, match="not a readable results file"):
        analyse_games(games[:1], LIMIT, out=tmp_path / "junk", workers=1)
    with pytest.raises(BatchError, match="not a readable results file"):
        read_results(tmp_path / "junk")
