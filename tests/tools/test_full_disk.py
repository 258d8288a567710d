"""Self-play, the explorer and batch results on a full disk or an output that cannot be
replaced (issue #36 items 4-5).  Main: `cernunos selfplay` on a full disk exited 1 with a
traceback and left half a game, which the rerun refused; `selfplay --replace` on an
immutable file died with a raw PermissionError, and without it 41 games were played, then
lost.  Now: exit 2 and one line, the file whole, the rerun resumes; an unwritable output is
refused before any game."""

from __future__ import annotations

import errno
import os
import subprocess
import sys

import numpy as np
import pytest

from cernunos_widget.cli import EXIT_BAD_INPUT, EXIT_OK, main
from cernunos_widget.record import destination as dest
from cernunos_widget.record.files import read_games
from cernunos_widget.tools import selfplay_file
from cernunos_widget.tools.explorer import Explorer, ExplorerError
from cernunos_widget.tools.selfplay import SelfPlay

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock, chattr")

RUN = ["selfplay", "--bot", "random", "--seed", "7", "--workers", "1"]


def full_after(monkeypatch, writes: int) -> None:
    """The disk fills after ``writes`` writes of the file writers."""
    real, count = os.write, [0]

    def write(fd: int, data) -> int:
        count[0] += 1
        if count[0] > writes:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    monkeypatch.setattr(dest.os, "write", write)


def test_selfplay_on_a_disk_that_fills_exits_2_keeps_whole_games_and_resumes(
    tmp_path, monkeypatch, capsys
):
    out = tmp_path / "sp.cgn"
    monkeypatch.setattr(selfplay_file, "FLUSH_SECONDS", 0.0)  # an append a game
    command = [*RUN, "--games", "12", "--out", str(out)]
    with monkeypatch.context() as patch:
        full_after(patch, 5)
        assert main(command) == EXIT_BAD_INPUT
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert f"cannot write games to {out}: No space left on device; the file keeps" in err
    kept = [g.export() for g in read_games(out)]
    assert 1 <= len(kept) < 12  # the games before the full disk, whole
    assert sorted(os.listdir(tmp_path)) == ["sp.cgn"]  # no lock, run or temporary file
    assert main(command) == EXIT_OK  # room again: the same command resumes
    assert f"({len(kept)} resumed)" in capsys.readouterr().out
    alone = tmp_path / "alone.cgn"
    selfplay_file.write_run(SelfPlay.checked(12, "random", "random", seed=7), alone, workers=1)
    assert out.read_bytes() == alone.read_bytes()  # as a run the disk never stopped


def test_selfplay_on_a_real_full_disk_exits_2_with_whole_games(small_disk, monkeypatch, capsys):
    out = small_disk / "sp.cgn"
    monkeypatch.setattr(selfplay_file, "FLUSH_SECONDS", 0.0)
    assert main([*RUN, "--games", "3000", "--out", str(out)]) == EXIT_BAD_INPUT
    assert "No space left on device" in capsys.readouterr().err.strip().splitlines()[-1]
    rounds = [g.headers["Round"] for g in read_games(out)]
    assert rounds and rounds == [str(i + 1) for i in range(len(rounds))]
    assert sorted(os.listdir(small_disk)) == ["sp.cgn"]


def test_an_explorer_file_on_a_full_disk_is_an_explorer_error_and_the_old_file_stays(
    tmp_path, monkeypatch
):
    path = tmp_path / "book.npz"
    book = Explorer.build([])
    book.save(path)
    before = path.read_bytes()
    monkeypatch.setattr(
        dest.os, "fsync", lambda _fd: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space"))
    )
    with pytest.raises(ExplorerError, match=r"book\.npz: No space"):
        book.save(path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["book.npz"]
    assert np.load(path)["keys"].shape == np.load(path)["keys"].shape  # still loads


def chattr(flag: str, path) -> bool:
    return subprocess.run(["chattr", flag, str(path)], capture_output=True).returncode == 0


@pytest.fixture
def immutable(tmp_path):
    """A game file of an earlier run that nobody may change (``chattr +i``); skipped where
    the file system or the user cannot set the flag."""
    out = tmp_path / "sp.cgn"
    selfplay_file.write_run(SelfPlay.checked(2, "random", "random", seed=7), out, workers=1)
    if not chattr("+i", out):
        pytest.skip("chattr +i is not possible here")
    try:
        yield out
    finally:
        chattr("-i", out)


@pytest.mark.parametrize("replace", [True, False])
def test_an_immutable_output_is_refused_before_any_game(immutable, monkeypatch, capsys, replace):
    before = immutable.read_bytes()
    monkeypatch.setattr(SelfPlay, "played", lambda *a, **k: pytest.fail("a game was played"))
    command = [*RUN, "--games", "40", "--out", str(immutable)]
    assert main(command + (["--replace"] if replace else [])) == EXIT_BAD_INPUT
    err = capsys.readouterr().err.strip()
    how = "replaced" if replace else "appended to"
    assert f"it cannot be {how} (Operation not permitted); give another --out" in err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert immutable.read_bytes() == before
