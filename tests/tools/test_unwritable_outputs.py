"""Outputs that cannot take a long run's results (issue #36 items 4 and 5): a full disk, or a
file or folder the system will not change (``chattr +i``), is a one-line refusal (exit 2),
before any game where it can be known; the file keeps every game (or result) written
before, whole, and a rerun resumes after them.  Each full-disk test on a real small tmpfs
has a fault-injecting twin, and each ``chattr`` one an injected twin, that run everywhere."""

from __future__ import annotations

import errno
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from short_games import short_games
from test_long_runs import no_game  # noqa: F401 (a fixture; tests/tools is on the path)
from test_resume import expected

from cernunos_widget.cli import EXIT_BAD_INPUT, EXIT_OK, main
from cernunos_widget.record.files import read_games, write_games
from cernunos_widget.solver import Limit
from cernunos_widget.tools import batch, selfplay_file
from cernunos_widget.tools.explorer import Explorer, ExplorerError
from cernunos_widget.tools.selfplay import SelfPlay, play_game, to_game

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file systems")

RUN = ["selfplay", "--bot", "random", "--seed", "5", "--workers", "1"]
ANALYSE = ["--nodes", "100", "--workers", "1"]
NO_SPACE = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def refusal(capsys, command: str = "selfplay") -> str:
    """The command's refusal: the last line on stderr (a progress bar may come before it,
    ending with a carriage return), with no traceback anywhere."""
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.endswith("\n"), err
    line = err.rstrip("\n").rsplit("\n", 1)[-1].rsplit("\r", 1)[-1]
    assert line.startswith(f"cernunos {command}: "), err
    return line


def contents(folder: Path) -> dict[str, bytes]:
    """Every file of ``folder`` (hidden ones too: no temporary or lock file may stay); a
    folder's value is None."""
    return {p.name: None if p.is_dir() else p.read_bytes() for p in sorted(folder.iterdir())}


def fill(disk: Path, room: int) -> Path:
    """Fill ``disk`` (a tmpfs) but for about ``room`` bytes; returns the filler file."""
    filler = disk / "filler"
    free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
    filler.write_bytes(bytes(free - room))
    return filler


# ----------------------------------------------------------------- 4. a full disk


def test_selfplay_on_a_full_disk_keeps_its_games_and_the_rerun_resumes(
    small_disk, monkeypatch, capsys
):
    """Main before #36: exit 1 with a traceback, half a game at the file's end, and a
    rerun that refused the file."""
    monkeypatch.setattr(selfplay_file, "FLUSH_SECONDS", 0.0)  # a batch a game
    filler = fill(small_disk, 40_000)  # room for about 120 of the 400 games
    out = small_disk / "games.cgn"
    command = [*RUN, "--games", "400", "--out", str(out)]
    assert main(command) == EXIT_BAD_INPUT
    kept = [g.export() for g in read_games(out)]
    assert 0 < len(kept) < 400
    line = refusal(capsys)
    assert f"No space left on device; the file keeps the run's first {len(kept)} games" in line
    run = SelfPlay.checked(400, "random", "random", seed=5)
    assert kept == [expected(run, i) for i in range(len(kept))]  # whole, in order
    assert sorted(contents(small_disk)) == ["filler", "games.cgn"]
    filler.unlink()
    assert main(command) == EXIT_OK
    assert f"({len(kept)} resumed)" in capsys.readouterr().out
    games = [g.export() for g in read_games(out)]
    assert games[: len(kept)] == kept and len(games) == 400


def test_a_batch_the_disk_refuses_is_tried_once_and_the_games_before_stay(
    tmp_path, monkeypatch, capsys
):
    """The twin of the test above, on any file system: the fourth batch's write meets a
    full disk (os.write refused, as the appender writes)."""
    monkeypatch.setattr(selfplay_file, "FLUSH_SECONDS", 0.0)
    out = tmp_path / "games.cgn"
    real_write, real_games = os.write, selfplay_file.write_games
    attempts, before = [], []

    def full(fd: int, data) -> int:
        if len(attempts) == 4 and fd != 2:
            raise NO_SPACE
        return real_write(fd, data)

    def write_games(games, path, append=False):
        attempts.append(append)
        if len(attempts) == 4:
            before.append(out.read_bytes())
        return real_games(games, path, append=append)

    monkeypatch.setattr(os, "write", full)
    monkeypatch.setattr(selfplay_file, "write_games", write_games)
    command = [*RUN, "--games", "8", "--out", str(out)]
    assert main(command) == EXIT_BAD_INPUT
    assert "No space left on device; the file keeps the run's first 3 games" in refusal(capsys)
    assert attempts == [False, True, True, True]  # the refused batch is not written again
    assert out.read_bytes() == before[0]
    assert sorted(contents(tmp_path)) == ["games.cgn"]
    monkeypatch.undo()
    assert main(command) == EXIT_OK
    assert "(3 resumed)" in capsys.readouterr().out
    run = SelfPlay.checked(8, "random", "random", seed=5)
    assert [g.export() for g in read_games(out)] == [expected(run, i) for i in range(8)]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("out", ["/dev/full", "-"])
def test_a_stream_that_refuses_the_games_is_a_one_line_refusal(out, monkeypatch, capsys):
    """/dev/full refuses every write with ENOSPC; ``-`` is standard output opened on it.
    Main: a raw OSError, exit 1 (for ``-``, from closing a buffer holding the game)."""
    with open("/dev/full", "w") as full:
        monkeypatch.setattr(sys, "stdout", full)
        assert main([*RUN, "--games", "2", "--out", out]) == EXIT_BAD_INPUT
    name = "standard output" if out == "-" else out
    assert f"cannot write games to {name}: No space left on device" in refusal(capsys)


def test_explorer_save_on_a_full_disk_leaves_the_old_file(small_disk):
    small, big = (Explorer.build(short_games(n, seed=1)) for n in (1, 40))
    path = small_disk / "book.npz"
    small.save(path)
    fill(small_disk, 2_000)
    before = contents(small_disk)
    with pytest.raises(ExplorerError, match=r"book\.npz: No space left on device"):
        big.save(path)
    assert contents(small_disk) == before


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("source") / "games.cgn"
    write_games(short_games(6, seed=3), path)
    return path


def refused_twice(source: Path, results: Path, command: list[str], capsys) -> None:
    """A batch analysis into ``results`` is refused for a full disk: a BatchError from the
    Python API, then exit 2 with one line from the command."""
    with pytest.raises(batch.BatchError, match="No space left on device"):
        batch.analyse_games(source, Limit(nodes=100), out=results, workers=1)
    assert main(command) == EXIT_BAD_INPUT
    assert "No space left on device" in refusal(capsys, "analyse-games")


def test_batch_analysis_on_a_full_disk_keeps_its_results_and_the_rerun_resumes(
    small_disk, source, capsys
):
    results = small_disk / "results"
    command = ["analyse-games", str(source), "--out", str(results), *ANALYSE]
    filler = fill(small_disk, 12_000)  # room for some of the six results files
    refused_twice(source, results, command, capsys)
    written = contents(results)
    assert 0 < len(written) < 6 and all(n.startswith("game-") for n in written)
    filler.unlink()
    assert main(command) == EXIT_OK
    assert f"{len(written)} resumed" in capsys.readouterr().out
    after = contents(results)
    assert len(after) == 6 and all(after[name] == data for name, data in written.items())


def test_batch_analysis_whose_write_the_disk_refuses_keeps_the_results_before(
    tmp_path, source, monkeypatch, capsys
):
    """The twin of the test above, on any file system: the third results file's write is
    refused."""
    results = tmp_path / "results"
    command = ["analyse-games", str(source), "--out", str(results), *ANALYSE]
    real, calls = os.fsync, []

    def fsync(fd: int) -> None:
        calls.append(fd)
        if len(calls) >= 3:
            raise NO_SPACE
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    refused_twice(source, results, command, capsys)
    written = contents(results)
    assert sorted(written) == ["game-00000000.parquet", "game-00000001.parquet"]
    monkeypatch.undo()
    assert main(command) == EXIT_OK
    assert "2 resumed" in capsys.readouterr().out
    after = contents(results)
    assert len(after) == 6 and all(after[name] == data for name, data in written.items())


# -------------------------------------------------- 5. an output that cannot be changed


@pytest.fixture(params=["chattr", "injected"])
def unchangeable(request, monkeypatch):
    """``unchangeable(path)`` makes a file or a folder one the system will not change:
    ``chattr +i`` (``flag="a"``: append-only; skipped where the file system refuses it),
    or, on any system, with EPERM injected where the kernel refuses (opening it to write,
    renaming onto it, making or renaming a file or a folder in it)."""
    made: list = []
    if request.param == "injected":
        _inject_refusals(monkeypatch, made)

        def inject(path: Path, flag: str = "i") -> None:
            if flag != "i":
                pytest.skip(f"+{flag} is not injected")
            made.append(Path(os.path.realpath(path)))

        yield inject
        return

    def chattr(path: Path, flag: str = "i") -> None:
        tool = shutil.which("chattr")
        done = tool and subprocess.run([tool, f"+{flag}", str(path)], capture_output=True)
        if not done or done.returncode:
            pytest.skip(f"no chattr +{flag} here")
        made.append((path, flag))

    try:
        yield chattr
    finally:  # always: pytest could not delete the folder later
        for path, flag in made:
            subprocess.run(["chattr", f"-{flag}", str(path)], check=True)


def _inject_refusals(monkeypatch, locked: list[Path]) -> None:
    real_open, real_mkdir = os.open, os.mkdir
    real_rename, real_replace = os.rename, os.replace

    def refuse(path) -> None:
        raise PermissionError(errno.EPERM, os.strerror(errno.EPERM), os.fspath(path))

    def where(path) -> tuple[bool, bool]:
        """Whether ``path`` is locked, and whether its folder is."""
        real = Path(os.path.realpath(path))
        return real in locked, real.parent in locked

    def open_(path, flags, *args, **kwargs):
        itself, folder = where(path)
        if (itself and flags & (os.O_WRONLY | os.O_RDWR)) or (folder and flags & os.O_CREAT):
            refuse(path)
        return real_open(path, flags, *args, **kwargs)

    def renamer(real):
        def rename(source, target, *args, **kwargs):
            if any(where(target)) or where(source)[1]:
                refuse(target)
            return real(source, target, *args, **kwargs)

        return rename

    def mkdir(path, *args, **kwargs):
        if where(path)[1]:
            refuse(path)
        return real_mkdir(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_)
    monkeypatch.setattr(os, "mkdir", mkdir)
    monkeypatch.setattr(os, "rename", renamer(real_rename))
    monkeypatch.setattr(os, "replace", renamer(real_replace))


def first_games(out: Path, n: int = 3) -> None:
    """Write the first ``n`` games of the run ``RUN`` plays, as an interrupted run left them."""
    run = SelfPlay.checked(8, "random", "random", seed=5)
    games = (play_game(run.green, run.purple, run.seed, i) for i in range(n))
    write_games([to_game(played, run.tags()) for played in games], out)


REPLACE = pytest.mark.parametrize("flags", [["--replace"], []], ids=["replace", "resume"])


@REPLACE
@pytest.mark.usefixtures("no_game")
def test_selfplay_refuses_an_unchangeable_file_before_any_game(
    tmp_path, unchangeable, capsys, flags
):
    """Main: --replace played every game, then died with a raw PermissionError; a resumed
    run played them all, then lost them (exit 2 after the work)."""
    out = tmp_path / "games.cgn"
    first_games(out)
    unchangeable(out)
    before = contents(tmp_path)
    assert main([*RUN, "--games", "8", "--out", str(out), *flags]) == EXIT_BAD_INPUT
    how = "replaced" if flags else "appended to"  # resumed: the next games are appended
    assert f"it cannot be {how} (Operation not permitted); give another --out" in refusal(capsys)
    assert contents(tmp_path) == before


@REPLACE
@pytest.mark.usefixtures("no_game")
def test_selfplay_refuses_a_file_in_an_unchangeable_folder_before_any_game(
    tmp_path, unchangeable, capsys, flags
):
    folder = tmp_path / "club"
    folder.mkdir()
    out = folder / "games.cgn"
    first_games(out)
    unchangeable(folder)
    before = contents(folder)
    assert main([*RUN, "--games", "8", "--out", str(out), *flags]) == EXIT_BAD_INPUT
    # chattr +i: the folder's permission check says so; injected: the probe file
    assert re.search(r"its folder .*cannot (be written|take a new file)", refusal(capsys))
    assert contents(folder) == before


def test_an_append_only_file_is_resumed_but_not_replaced(tmp_path, unchangeable, capsys):
    """``chattr +a``: appending works, so a resumed run goes on; replacing does not (with
    --replace, or when the file has no game to keep)."""
    out = tmp_path / "games.cgn"
    first_games(out)
    unchangeable(out, "a")
    assert main([*RUN, "--games", "8", "--out", str(out)]) == EXIT_OK
    assert "(3 resumed)" in capsys.readouterr().out
    run = SelfPlay.checked(8, "random", "random", seed=5)
    assert [g.export() for g in read_games(out)] == [expected(run, i) for i in range(8)]
    assert main([*RUN, "--games", "8", "--out", str(out), "--replace"]) == EXIT_BAD_INPUT
    assert "it cannot be replaced (Operation not permitted)" in refusal(capsys)
    empty = tmp_path / "empty.cgn"  # resumed, but no game to keep: the first batch replaces
    empty.touch()
    unchangeable(empty, "a")
    assert main([*RUN, "--games", "8", "--out", str(empty)]) == EXIT_BAD_INPUT
    assert "it cannot be replaced (Operation not permitted)" in refusal(capsys)


def test_a_file_made_unchangeable_during_the_run_keeps_the_games_before(
    tmp_path, monkeypatch, unchangeable, capsys
):
    """After the checks, the failure is still a one-line refusal saying what is kept."""
    monkeypatch.setattr(selfplay_file, "FLUSH_SECONDS", 0.0)  # a batch a game
    out = tmp_path / "games.cgn"
    real = SelfPlay.played

    def played(self, *args, **kwargs):
        for game in real(self, *args, **kwargs):
            if game.index == 2:
                unchangeable(out)
            yield game

    monkeypatch.setattr(SelfPlay, "played", played)
    assert main([*RUN, "--games", "8", "--out", str(out)]) == EXIT_BAD_INPUT
    line = refusal(capsys)
    assert "Operation not permitted; the file keeps the run's first 2 games" in line
    run = SelfPlay.checked(8, "random", "random", seed=5)
    assert [g.export() for g in read_games(out)] == [expected(run, i) for i in range(2)]


@pytest.mark.parametrize("made", [True, False], ids=["folder", "its-parent"])
def test_batch_analysis_refuses_an_unchangeable_results_folder_before_any_game(
    tmp_path, source, monkeypatch, unchangeable, capsys, made
):
    """Main: the first game was analysed, then its results could not be written (or, for a
    folder that could not be made, a raw PermissionError from the Python API)."""
    parent = tmp_path / "club"
    parent.mkdir()
    results = parent / "results"
    if made:
        results.mkdir()
    unchangeable(results if made else parent)

    def analysed(task):
        raise AssertionError("a game was analysed before the refusal")

    monkeypatch.setattr(batch, "run_task", analysed)
    with pytest.raises(batch.BatchError) as refused:
        batch.analyse_games(source, Limit(nodes=100), out=results, workers=1)
    why = f"its folder {results} cannot take a new file" if made else "it cannot be made"
    assert f"{why} (Operation not permitted)" in str(refused.value)
    command = ["analyse-games", str(source), "--out", str(results), *ANALYSE]
    assert main(command) == EXIT_BAD_INPUT
    assert str(refused.value) in refusal(capsys, "analyse-games")
    assert contents(parent) == ({"results": None} if made else {})
