"""``cernunos puzzles``: generate from a .cgn file (resuming its log), build, check; exit 2
for bad input, 1 for a puzzle that fails its check (cli.py's contract)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from puzzle_games import puzzle_games

from cernunos_widget import puzzles


def run(*args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cernunos_widget", "puzzles", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.fixture(scope="module")
def small():
    """The committed puzzle with the fewest tokens left."""
    return min(puzzles.load(), key=lambda p: (p.tokens, p.depth, p.id))


def game_file(tmp_path, puzzle) -> str:
    """A .cgn game starting at the puzzle's position and following its proof line."""
    path = tmp_path / "g.cgn"
    path.write_text(f'[CPN "{puzzle.cpn}"]\n\n{" ".join(puzzle.line)}\n\n')
    return str(path)


def test_generate_finds_the_puzzle_of_a_game_then_resumes(tmp_path, small):
    log = tmp_path / "log.jsonl"
    games = game_file(tmp_path, small)
    range_ = f"{small.tokens}-{small.tokens}"
    out = run("generate", games, "--log", str(log), "--tokens", range_, "--time", "60")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith(f"{small.id} {small.tokens} tokens rating {small.rating}")
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    assert entries[0]["puzzle"]["steps"] == small.to_dict()["steps"]
    again = run("generate", games, "--log", str(log), "--tokens", range_)
    assert again.returncode == 0 and "0 puzzles in 0 positions tried" in again.stdout
    assert len(log.read_text().splitlines()) == len(entries)  # nothing tried twice
    built = tmp_path / "p.json"
    out = run("build", str(log), "--out", str(built))
    assert (out.returncode, out.stdout) == (0, f"1 puzzles written to {built}\n")
    assert puzzles.read(built) == [small]


def test_check_replays_the_committed_set_and_re_proves_some():
    out = run("check", "--prove", "2")
    assert out.returncode == 0, out.stdout
    count = len(puzzles.load())
    assert out.stdout == f"{count} puzzles replayed, 2 re-proven: 0 problems\n"


def test_check_fails_with_exit_1_on_a_tampered_puzzle(tmp_path, small):
    data = small.to_dict()
    wrong = next(iter(data["steps"][0]["refutations"]))
    data["steps"][0]["refutations"][wrong]["result"] = "draw"
    data["steps"][0]["refutations"][wrong]["line"] = []
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([data]))
    out = run("check", str(path))
    assert out.returncode == 1
    assert f"{small.id}: step 1, {wrong}: the line does not end in a draw" in out.stdout


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("check", "/nonexistent.json"), "cannot read puzzles from '/nonexistent.json'"),
        (("generate", "--log", "x.jsonl"), "give the games: a .cgn FILE or --selfplay N"),
        (("generate", "/nonexistent.cgn", "--log", "x.jsonl"), "no game file '/nonexistent.cgn'"),
        (("generate", "--selfplay", "1", "--log", "x", "--tokens", "9-3"), "--tokens is LOW-HIGH"),
        (("generate", "--selfplay", "1", "--log", "x", "--time", "-1"), "Limit(time=...)"),
        (("generate", "--selfplay", "1", "--log", "x", "--bot", "nope"), "nope"),
        (("check", "--prove", "-1"), "--prove is how many puzzles"),
    ],
)
def test_bad_input_exits_2_naming_it(tmp_path, args, said):
    out = subprocess.run(
        [sys.executable, "-m", "cernunos_widget", "puzzles", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert out.returncode == 2 and said in out.stderr, out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--workers", "0"), "workers is an int from 1 to 1024, not 0"),
        (("--nodes", "0"), "Limit(nodes=...) is None (no limit) or an int above 0"),
        (("--wanted", "0"), "wanted is how many puzzles, an int from 1, not 0"),
        (("--out", "."), "cannot write puzzles to .: it is a folder"),
        (("--out", "no/p.json"), "cannot write puzzles to no/p.json: its folder"),
        (("--scheduler", "nope"), "cannot reach the Dask scheduler 'nope'"),
        (("--log", "."), "cannot write the mining log to .: it is a folder"),
        (("--log", "no/log.jsonl"), "cannot write the mining log to no/log.jsonl: its folder"),
    ],
)
def test_generate_refuses_where_it_would_run_or_write_before_any_proof(tmp_path, args, said):
    puzzle_games(tmp_path / "games.cgn", 1)  # positions to prove, were it not refused
    out = subprocess.run(
        [sys.executable, "-m", "cernunos_widget", "puzzles", "generate", "games.cgn",
         "--log", "log.jsonl", "--tokens", "4-10", *args],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )  # fmt: skip
    assert out.returncode == 2, out.stderr
    err = out.stderr.strip()
    assert err.startswith(f"cernunos puzzles: {said}") and len(err.splitlines()) == 1, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.cgn"]  # nothing proven


def test_generate_mines_self_play_games(tmp_path):
    log = tmp_path / "log.jsonl"
    out = run(
        "generate", "--selfplay", "2", "--bot", "greedy", "--tokens", "6-7", "--time", "20",
        "--log", str(log),
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    found = sum(1 for e in entries if e["puzzle"])
    assert out.stdout.splitlines()[-1].startswith(f"{found} puzzles in {len(entries)} positions")
    assert entries and all(e["tokens"] in (6, 7) for e in entries)
