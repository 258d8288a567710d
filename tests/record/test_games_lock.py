"""The lock file beside a game file cannot destroy it (issue #36, items 1-4): an append's
record is applied only to the file it was written for, the lock file is never a link, a
FIFO, a folder or a second name of another file, a temporary file never goes through a
planted link, and a full disk leaves the file byte-identical.  Each case failed on the
code before (the test names say what it did)."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from bounded import run_bounded
from hypothesis import given, settings
from hypothesis import strategies as st
from test_games_appends import game, rounds

from cernunos_widget.record import destination as dest
from cernunos_widget.record.files import GameFileError, format_game, write_games

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock")


def lock_of(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


def killed_append(path: Path, names: list[str], after: int, piece: int = 64) -> None:
    """Append games ``names`` to ``path`` in a child process that dies (``_exit``, as
    ``kill -9``: no clean-up) once ``after`` bytes of them are in the file; pieces of
    ``piece`` bytes, so the record has covered several."""
    pid = os.fork()
    if pid == 0:  # the child: never returns
        try:
            dest._PIECE = piece
            real, written = os.write, 0

            def dying(fd: int, data) -> int:
                nonlocal written
                count = real(fd, bytes(data[: max(0, after - written)]))
                written += count
                if written >= after:
                    os._exit(9)
                return count

            os.write = dying
            write_games([game(name) for name in names], path, append=True)
        finally:
            os._exit(3)  # the append ended before dying: the test's mistake
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 9


# ------------------------------------------------------------ 1. a record not the file's


@pytest.mark.parametrize("restore", ["copied over", "replaced"])
def test_a_stale_record_from_an_empty_file_never_cuts_a_restored_one(tmp_path, restore):
    """Main: a record of an append to the empty file, then 100 games restored in its
    place: read_games gave 0 of 100 games, and the next append cut the file to 18 bytes."""
    path, backup = tmp_path / "club.cgn", tmp_path / "backup.cgn"
    write_games([game(str(i)) for i in range(100)], backup)
    path.write_bytes(b"")
    killed_append(path, [f"lost-{i}" for i in range(50)], after=100)
    assert lock_of(path).stat().st_size > 0  # the killed append's record
    if restore == "copied over":  # same inode, as cp, an editor or a sync writing in place
        path.write_bytes(backup.read_bytes())
    else:  # a new inode, as mv, git checkout or a restore
        shutil.copyfile(backup, tmp_path / "new")
        os.replace(tmp_path / "new", path)
    assert rounds(path) == [str(i) for i in range(100)]
    write_games([game("100")], path, append=True)
    assert rounds(path) == [str(i) for i in range(101)]
    assert path.read_bytes() == backup.read_bytes() + b"\n" + format_game(game("100")).encode()
    assert not lock_of(path).exists()


def test_an_earlier_version_s_record_is_ignored(tmp_path):
    """The record of the version before (the size alone, 20 characters) cannot be checked:
    it is cleared, never applied."""
    path = tmp_path / "club.cgn"
    write_games([game(str(i)) for i in range(100)], path)
    lock_of(path).write_bytes(b"%20d" % 0)
    assert len(rounds(path)) == 100
    write_games([game("100")], path, append=True)
    assert len(rounds(path)) == 101
    assert not lock_of(path).exists()


def test_a_killed_append_of_this_very_file_is_still_undone(tmp_path):
    path = tmp_path / "club.cgn"
    write_games([game("1"), game("2")], path)
    before = path.read_bytes()
    killed_append(path, [f"lost-{i}" for i in range(40)], after=300)
    assert len(path.read_bytes()) == len(before) + 300
    assert rounds(path) == ["1", "2"]  # the reader reads the finished writes only
    write_games([game("3")], path, append=True)
    assert path.read_bytes() == before + b"\n" + format_game(game("3")).encode()


def test_a_file_changed_after_the_killed_append_keeps_its_games(tmp_path):
    """The bytes after the recorded size are not the append's (another program added a
    game): the record is stale and the file is read and appended to whole."""
    path = tmp_path / "club.cgn"
    write_games([game("1")], path)
    killed_append(path, ["lost"], after=10)
    with open(path, "r+b") as out:  # in place: same inode, same bytes before the append
        out.truncate(len(format_game(game("1"))))
        out.seek(0, os.SEEK_END)
        out.write(b"\n" + format_game(game("2")).encode())
    assert rounds(path) == ["1", "2"]
    write_games([game("3")], path, append=True)
    assert rounds(path) == ["1", "2", "3"]


def test_an_append_that_wrote_everything_before_dying_keeps_its_games(tmp_path):
    path = tmp_path / "club.cgn"
    write_games([game("1")], path)
    size = path.stat().st_size
    total = sum(len(format_game(game(n)).encode()) + 1 for n in ("2", "3"))
    killed_append(path, ["2", "3"], after=total, piece=1 << 20)
    assert path.stat().st_size == size + total
    assert rounds(path) == ["1", "2", "3"]
    write_games([game("4")], path, append=True)
    assert rounds(path) == ["1", "2", "3", "4"]


# ---------------------------------------------- 2-3. a lock file that is not a lock file


def plant(kind: str, lock: Path, victim: Path) -> None:
    if kind == "symbolic link":
        lock.symlink_to(victim)
    elif kind == "FIFO":
        os.mkfifo(lock)
    elif kind == "folder":
        lock.mkdir()
    else:  # a second name of another file
        os.link(victim, lock)


KINDS = {"symbolic link": "a symbolic link", "FIFO": "a FIFO", "folder": "a folder",
         "hard link": "a file with 2 names"}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("append", [True, False])
def test_a_lock_file_that_is_not_one_is_refused_and_nothing_is_written(tmp_path, kind, append):
    """Main: a link made every append overwrite its target's first 20 bytes; a FIFO
    blocked the reader forever and the append died with a raw OSError (Illegal seek)."""
    path, victim = tmp_path / "club.cgn", tmp_path / "bashrc"
    write_games([game("1")], path)
    victim.write_bytes(b"export IMPORTANT=1\n" * 3)
    before, kept = path.read_bytes(), victim.read_bytes()
    plant(kind, lock_of(path), victim)
    with pytest.raises(GameFileError) as refused:
        outcome = run_bounded(lambda: write_games([game("2")], path, append=append))
        raise AssertionError(f"written: {outcome}")
    message = str(refused.value)
    assert str(lock_of(path)) in message and "club.cgn" in message
    assert f"is {KINDS[kind]}" in message
    assert path.read_bytes() == before
    assert victim.read_bytes() == kept
    assert sorted(os.listdir(tmp_path)) == sorted(["club.cgn", "bashrc", lock_of(path).name])


@pytest.mark.parametrize("kind", KINDS)
def test_a_reader_refuses_a_lock_file_that_is_not_one_at_once(tmp_path, kind):
    path, victim = tmp_path / "club.cgn", tmp_path / "victim"
    write_games([game("1")], path)
    victim.write_bytes(b"x" * 40)
    plant(kind, lock_of(path), victim)
    with pytest.raises(GameFileError, match=r"cannot read games from .*club\.cgn'?: its lock"):
        run_bounded(lambda: rounds(path))
    assert victim.read_bytes() == b"x" * 40


def test_a_lock_file_holding_something_else_is_not_written_over(tmp_path):
    path = tmp_path / "club.cgn"
    write_games([game("1")], path)
    lock_of(path).write_bytes(b"my notes, not a lock\n")
    with pytest.raises(GameFileError, match="is not a lock record"):
        write_games([game("2")], path, append=True)
    assert lock_of(path).read_bytes() == b"my notes, not a lock\n"
    assert rounds(path) == ["1"]


def test_the_command_line_refuses_a_fifo_lock_with_exit_2(tmp_path):
    path = tmp_path / "club.cgn"
    write_games([game("1")], path)
    os.mkfifo(lock_of(path))
    run = subprocess.run(
        [sys.executable, "-m", "cernunos_widget", "balance", str(path)],
        capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 2, run.stderr
    assert "is a FIFO" in run.stderr and "Traceback" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_a_temporary_file_name_taken_by_a_link_is_passed_over(tmp_path, monkeypatch):
    """The temporary file of an atomic write is made with O_EXCL and O_NOFOLLOW: a link
    planted under its name (as guessed) is never written through."""
    path, victim = tmp_path / "club.cgn", tmp_path / "victim"
    victim.write_bytes(b"keep me")
    names = iter(["guessed", "fresh"])
    monkeypatch.setattr(dest.secrets, "token_hex", lambda _n: next(names))
    (tmp_path / ".club.cgn.guessed.tmp").symlink_to(victim)
    write_games([game("1")], path)
    assert rounds(path) == ["1"] and victim.read_bytes() == b"keep me"


# ---------------------------------------------------------------------- 4. a full disk


def test_a_full_disk_mid_append_leaves_the_file_byte_identical(tmp_path, monkeypatch):
    """Main: the error branch flushed first, which failed again, so the file kept half a
    game (58,319 -> 61,440 bytes) and a raw OSError went out."""
    path = tmp_path / "club.cgn"
    write_games([game(str(i)) for i in range(100)], path)
    before = path.read_bytes()
    monkeypatch.setattr(dest, "_PIECE", 256)
    real, calls = os.write, []

    def full(fd: int, data) -> int:
        calls.append(len(data))
        if len(calls) > 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, bytes(data[: len(data) // 2]))  # a short write, then more

    monkeypatch.setattr(dest.os, "write", full)
    with pytest.raises(GameFileError, match=r"club\.cgn: No space left on device"):
        write_games([game(f"new-{i}") for i in range(50)], path, append=True)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["club.cgn"]


def test_a_full_disk_mid_replace_leaves_the_file_byte_identical(tmp_path, monkeypatch):
    path = tmp_path / "club.cgn"
    write_games([game("1")], path)
    before = path.read_bytes()
    monkeypatch.setattr(
        dest.os, "fsync", lambda _fd: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space"))
    )
    with pytest.raises(GameFileError, match=r"club\.cgn: No space"):
        write_games([game("2")], path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["club.cgn"]


def test_a_real_full_disk_append_and_replace_leave_the_file_as_it_was(small_disk):
    path = small_disk / "club.cgn"
    write_games([game(str(i)) for i in range(100)], path)
    before = path.read_bytes()
    many = [game(f"new-{i}-{'x' * 200}") for i in range(2000)]  # far more than the disk
    with pytest.raises(GameFileError, match="No space left on device"):
        write_games(many, path, append=True)
    assert path.read_bytes() == before
    with pytest.raises(GameFileError, match="No space left on device"):
        write_games(many, path)
    assert path.read_bytes() == before
    assert sorted(os.listdir(small_disk)) == ["club.cgn"]
    write_games([game("100")], path, append=True)  # room for one more: it lands
    assert len(rounds(path)) == 101


# ------------------------------------------------- kills, restores and appends together

OPS = st.lists(
    st.one_of(
        st.tuples(st.just("append"), st.integers(1, 6)),
        st.tuples(st.just("kill"), st.integers(1, 6), st.integers(1, 400)),
        st.tuples(st.just("restore"), st.integers(0, 50), st.booleans()),
        st.tuples(st.just("foreign"), st.integers(0, 3), st.integers(0, 60)),
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=60, deadline=None)
@given(ops=OPS)
def test_kills_restores_and_appends_never_lose_a_game(ops):
    """Appends, appends killed half-way (their records left behind), restores of earlier
    versions (in place or as a new file) and versions from elsewhere (the file's games,
    then others): every game of the file as last written or restored is read, and is still
    there after the next append."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "club.cgn"
        write_games([game("0")], path)
        model, versions, made = ["0"], [(path.read_bytes(), ["0"])], 1
        for op in ops:
            if op[0] == "append":
                names = [str(made + i) for i in range(op[1])]
                write_games([game(name) for name in names], path, append=True)
                model, made = model + names, made + op[1]
                versions.append((path.read_bytes(), model))
            elif op[0] == "kill":
                names = [f"lost-{made + i}" for i in range(op[1])]
                made += op[1]
                total = sum(len(format_game(game(n)).encode()) + 1 for n in names)
                if op[2] < total:
                    killed_append(path, names, after=op[2], piece=37)
            else:
                if op[0] == "restore":
                    data, model = versions[op[1] % len(versions)]
                else:  # the file's first games, then a few of another's, of any size
                    names = model[: op[1] + 1] + [f"x{'y' * op[2]}"]
                    data = b"\n".join(format_game(game(n)).encode() for n in names)
                    model = names
                in_place = op[0] == "foreign" or op[2]
                if in_place:
                    path.write_bytes(data)
                else:
                    (Path(folder) / "new").write_bytes(data)
                    os.replace(Path(folder) / "new", path)
            assert rounds(path) == model
        write_games([game("end")], path, append=True)
        assert rounds(path) == [*model, "end"]


def test_a_folder_the_writer_cannot_write_is_named_with_the_reason():
    """Main said "(No such file or directory)": the error of the read-only retry of a lock
    file that could not be made, not the reason (run as another user than the folder's)."""
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to write as another user")
    with tempfile.TemporaryDirectory() as top:  # pytest's own folders: for root only
        os.chmod(top, 0o755)
        folder = Path(top) / "class"
        folder.mkdir(mode=0o755)
        last = write_as_another_user(folder)
    assert last.endswith(f"its folder {folder} cannot be written (Permission denied)"), last


def write_as_another_user(folder: Path) -> str:
    """The last line a game write into ``folder`` printed, run as user nobody."""
    script = (
        "from cernunos_widget.record.files import write_games\n"
        "from cernunos_widget.record.tree import Game\n"
        "g = Game(); g.root.play('B@b2')\n"
        f"write_games([g], {str(folder / 'x.cgn')!r})\n"
    )
    run = subprocess.run(
        ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c",
         script],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "PYTHONPATH": str(Path(dest.__file__).parents[2])},
    )
    return run.stderr.strip().splitlines()[-1]
