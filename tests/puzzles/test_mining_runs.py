"""Mining runs on the batch executors (issue #33 item 5): local processes, any Executor and
a Dask cluster log the same entries as one process; ``wanted`` stops early and a rerun
resumes; one run per log; the log is appended whole.  (``kill -9`` of a run:
tests/tools/test_kill.py.)"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from distributed import Client, LocalCluster, get_task_stream
from puzzle_games import TOKENS, puzzle_games

from cernunos_widget.cli import EXIT_BAD_INPUT, EXIT_OK, main
from cernunos_widget.puzzles import PuzzleError, candidates, mine, read_log
from cernunos_widget.puzzles.log import held
from cernunos_widget.puzzles.sources import file_games
from cernunos_widget.record.destination import claimed, destination
from cernunos_widget.solver import Limit

NODES = 20_000_000  # a node limit: the same proofs whatever the load (none reaches it here)
LIMIT = Limit(nodes=NODES)


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    return puzzle_games(tmp_path_factory.mktemp("games") / "games.cgn", 5)


@pytest.fixture(scope="module")
def alone(games, tmp_path_factory):
    """The entries of the run in this process (the reference), by position."""
    log = tmp_path_factory.mktemp("alone") / "log.jsonl"
    report = mine(positions(games), log, LIMIT, workers=1)
    assert report.tried == len(read_log(log)) > 10 and report.found >= 2
    return results(log)


def positions(games):
    return candidates(file_games(games), TOKENS)


def results(log) -> dict[str, dict]:
    """The log's entries by position, without the measured seconds (one entry a position)."""
    entries = read_log(log)
    found = {e["cpn"]: {k: v for k, v in e.items() if k != "seconds"} for e in entries}
    assert len(found) == len(entries)
    return found


class CountingExecutor(ThreadPoolExecutor):
    """An executor that counts what it is given."""

    submitted = 0

    def submit(self, *args, **kwargs):
        self.submitted += 1
        return super().submit(*args, **kwargs)


def test_local_processes_and_any_executor_log_what_one_process_does(games, alone, tmp_path):
    spread = mine(positions(games), tmp_path / "two.jsonl", LIMIT, workers=2)
    assert results(tmp_path / "two.jsonl") == alone
    assert (spread.tried, spread.skipped) == (len(alone), 0)
    with CountingExecutor(2) as pool:
        given = mine(positions(games), tmp_path / "pool.jsonl", LIMIT, executor=pool)
    assert pool.submitted == given.tried == len(alone)  # every proof went to the executor
    assert results(tmp_path / "pool.jsonl") == alone


@pytest.fixture(scope="module")
def client():
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


def test_a_dask_cluster_logs_what_one_process_does(games, alone, client, tmp_path):
    with get_task_stream(client) as stream:
        report = mine(positions(games), tmp_path / "dask.jsonl", LIMIT, executor=client)
    assert results(tmp_path / "dask.jsonl") == alone
    ran = [task for task in stream.data if task["key"].startswith("prove-")]
    assert len(ran) == report.tried  # each proof ran on the cluster's workers
    assert {task["worker"] for task in ran} <= set(client.scheduler_info()["workers"])


def test_the_command_reaches_a_scheduler_by_its_address(games, alone, client, tmp_path, capsys):
    log, out = tmp_path / "log.jsonl", tmp_path / "puzzles.json"
    command = ["puzzles", "generate", str(games), "--log", str(log), "--out", str(out)]
    command += ["--tokens", f"{TOKENS[0]}-{TOKENS[1]}", "--nodes", str(NODES)]
    with get_task_stream(client) as stream:
        assert main([*command, "--scheduler", client.scheduler.address]) == EXIT_OK
    assert results(log) == alone
    assert len([t for t in stream.data if t["key"].startswith("prove-")]) == len(alone)
    found = sum(1 for e in alone.values() if e["puzzle"])
    assert f"{found} puzzles in {len(alone)} positions tried (0 already in {log})" in (
        capsys.readouterr().out
    )
    assert json.loads(out.read_text()) == sorted(
        (e["puzzle"] for e in alone.values() if e["puzzle"]), key=lambda p: (p["rating"], p["id"])
    )


def test_wanted_stops_early_and_a_rerun_resumes_with_the_rest(games, alone, tmp_path):
    log = tmp_path / "log.jsonl"
    first = mine(positions(games), log, LIMIT, wanted=1, workers=2)
    assert first.found >= 1 and first.tried < len(alone)
    assert len(read_log(log)) == first.tried  # the proofs under way when it stopped: logged
    rest = mine(positions(games), log, LIMIT, workers=2)
    assert (rest.skipped, rest.tried) == (first.tried, len(alone) - first.tried)
    assert rest.found + first.found == sum(1 for e in alone.values() if e["puzzle"])
    assert results(log) == alone


def test_a_second_run_on_a_log_is_refused_at_once(games, tmp_path, capsys):
    log = tmp_path / "log.jsonl"
    refused = pytest.raises(PuzzleError, match="another puzzle mining run is writing to it")
    with held(log), refused:
        mine(positions(games), log, LIMIT)
    where = destination(log, "the mining log", PuzzleError)
    command = ["puzzles", "generate", str(games), "--log", str(log), "--workers", "1"]
    with claimed(where, "puzzle mining run"):
        assert main(command) == EXIT_BAD_INPUT
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "another puzzle mining run" in err, err
    assert not log.exists()  # nothing proven, nothing written


def test_a_line_cut_by_an_older_run_stays_apart_from_the_next_entries(games, alone, tmp_path):
    log = tmp_path / "log.jsonl"
    first = next(iter(alone.values()))
    whole = json.dumps({**first, "seconds": 0.1}) + "\n"
    log.write_text(whole + whole[:25])  # killed in the middle of its second line
    report = mine(positions(games), log, LIMIT, workers=1)
    assert (report.skipped, report.tried) == (1, len(alone) - 1)
    assert results(log) == alone  # the cut line is left out, no entry is lost to it
    assert log.read_text().splitlines()[1] == whole[:25]


@pytest.mark.parametrize("wanted", [0, -1, True, 1.5, "2"])
def test_wanted_is_a_count_from_1(games, tmp_path, wanted):
    with pytest.raises(PuzzleError, match="wanted is how many puzzles, an int from 1"):
        mine(positions(games), tmp_path / "log.jsonl", LIMIT, wanted=wanted)
    assert not (tmp_path / "log.jsonl").exists()


def test_a_limit_is_a_solver_limit(games, tmp_path):
    with pytest.raises(PuzzleError, match="limit is a solver Limit .* not 20"):
        mine(positions(games), tmp_path / "log.jsonl", 20)
    assert not (tmp_path / "log.jsonl").exists()
