"""Long runs killed for real (issue #24 items 8 and 10): ``kill -9`` of ``cernunos selfplay``,
``cernunos analyse-games --workers 2`` or ``cernunos puzzles generate --workers 2`` (issue
#33 item 5) leaves what finished on disk, whole, and no worker process behind; a rerun of
the analysis or of the mining resumes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from puzzle_games import TOKENS, puzzle_games
from short_games import short_games

import cernunos_widget
from cernunos_widget.cli import EXIT_OK, main
from cernunos_widget.puzzles import candidates, mine, read_log, write
from cernunos_widget.puzzles.log import log_key
from cernunos_widget.puzzles.sources import built, file_games
from cernunos_widget.record.files import read_games, write_games
from cernunos_widget.solver import Limit
from cernunos_widget.tools.batch import read_results

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
PATIENCE = 180  # seconds to wait for something to happen before the test gives up


def stat(pid: int) -> tuple[str, int] | None:
    """The state letter and the parent pid of a process, None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    state, ppid = text.rpartition(")")[2].split()[:2]
    return state, int(ppid)


def alive(pid: int) -> bool:
    found = stat(pid)
    return found is not None and found[0] != "Z"  # a zombie has ended


def workers_of(parent: int) -> list[int]:
    """The live spawn workers (multiprocessing's spawn_main) whose parent is ``parent``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        pid = int(entry.name)
        info = stat(pid)
        if info is None or info[1] != parent or info[0] == "Z":
            continue
        try:
            if b"spawn_main" in (entry / "cmdline").read_bytes():
                found.append(pid)
        except OSError:
            continue
    return found


def wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: still not so after {PATIENCE} s")
        time.sleep(0.2)


def environment() -> dict[str, str]:
    """This environment, importing this checkout's package."""
    return {**os.environ, "PYTHONPATH": str(Path(cernunos_widget.__file__).parent.parent)}


def start(*args: str, cwd: Path) -> subprocess.Popen:
    env = environment()
    return subprocess.Popen(
        [sys.executable, "-m", "cernunos_widget", *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def kill_and_check_workers_end(process: subprocess.Popen) -> None:
    workers = workers_of(process.pid)
    assert len(workers) == 2
    process.send_signal(signal.SIGKILL)
    process.wait()
    wait_for(lambda: not any(alive(pid) for pid in workers), "the workers outlive their parent")


def finished_games(path: Path) -> int:
    try:
        return len(list(read_games(path)))
    except FileNotFoundError:
        return 0


def test_kill_9_of_selfplay_keeps_the_finished_games_and_ends_the_workers(tmp_path):
    out = tmp_path / "games.cgn"
    # greedy bots: a few dozen games a batch (random ones wrote thousands before the kill,
    # each replayed by the checks below: 40 s of a 45 s test)
    process = start(
        "selfplay", "--games", "10000000", "--bot", "greedy", "--workers", "2", "--out", str(out),
        cwd=tmp_path,
    )
    try:
        wait_for(
            lambda: len(workers_of(process.pid)) == 2 and finished_games(out) >= 20,
            "games reach the file while the run goes on",
        )
        kill_and_check_workers_end(process)
    finally:
        process.kill()
    games = list(read_games(out))  # whole games only: each batch replaced the file at once
    assert len(games) >= 20
    assert [g.headers["Round"] for g in games] == [str(i + 1) for i in range(len(games))]
    assert all(g.root.end().position.is_over for g in games)


def test_kill_9_of_analyse_games_ends_the_workers_and_a_rerun_resumes(tmp_path, capsys):
    source = tmp_path / "games.cgn"
    write_games(short_games(16, seed=21), source)
    results = tmp_path / "results"
    command = ["analyse-games", str(source), "--out", str(results), "--nodes", "5000"]
    process = start(*command, "--workers", "2", cwd=tmp_path)
    try:
        wait_for(
            lambda: len(workers_of(process.pid)) == 2 and any(results.glob("game-*.parquet")),
            "results files appear while the run goes on",
        )
        kill_and_check_workers_end(process)
    finally:
        process.kill()
    assert main([*command, "--workers", "1"]) == EXIT_OK
    assert " 0 resumed" not in capsys.readouterr().out
    frame = read_results(results)
    assert sorted(frame.game.unique()) == list(range(16))
    assert not frame.duplicated(["game", "ply"]).any()


def logged(log: Path) -> int:
    return len(read_log(log)) if log.exists() else 0


def test_kill_9_of_puzzle_mining_ends_the_workers_and_the_rerun_ends_with_the_same_puzzles(
    tmp_path,
):
    games = puzzle_games(tmp_path / "games.cgn", 16)
    log, out = tmp_path / "log.jsonl", tmp_path / "puzzles.json"
    command = ["puzzles", "generate", str(games), "--log", str(log), "--out", str(out)]
    command += ["--tokens", f"{TOKENS[0]}-{TOKENS[1]}", "--nodes", "20000000", "--workers", "2"]
    process = start(*command, cwd=tmp_path)
    try:
        wait_for(
            lambda: len(workers_of(process.pid)) == 2 and logged(log) >= 3,
            "entries reach the log while the run goes on",
        )
        kill_and_check_workers_end(process)
    finally:
        process.kill()
    kept = read_log(log)  # whole entries only
    keys = [log_key(p) for p in candidates(file_games(games), TOKENS)]
    positions = len(set(keys))  # some games' lines meet
    assert 3 <= len(kept) < positions and not out.exists()
    rerun = subprocess.run(
        [sys.executable, "-m", "cernunos_widget", *command],
        cwd=tmp_path, env=environment(), capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert rerun.returncode == EXIT_OK, rerun.stderr
    skipped = len(kept) + len(keys) - positions  # and those met again
    assert f" in {positions - len(kept)} positions tried ({skipped} already in {log})" in (
        rerun.stdout
    )
    entries = read_log(log)
    assert entries[: len(kept)] == kept  # resumed: kept, not proven again
    assert len({e["cpn"] for e in entries}) == len(entries) == positions
    # the puzzle file of a run that was never stopped (this process, one worker)
    alone = tmp_path / "alone.jsonl"
    mine(candidates(file_games(games), TOKENS), alone, Limit(nodes=20_000_000), workers=1)
    write(built([alone]), tmp_path / "alone.json")
    assert out.read_bytes() == (tmp_path / "alone.json").read_bytes()
