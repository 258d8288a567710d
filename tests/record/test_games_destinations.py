"""Where write_games writes (issue #24 items 1 and 2): appends from several processes all
land and a reader never sees half a write; a symbolic link is followed; a FIFO, a device
or a descriptor is written as a stream and keeps its kind; a folder that cannot take the
file is refused by name and nothing is made; open streams take games too."""

from __future__ import annotations

import io
import os
import random
import stat
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from game_builder import random_game

from cernunos_widget.record.destination import destination
from cernunos_widget.record.files import GameFileError, format_game, read_games, write_games
from cernunos_widget.record.tree import Game

APPENDER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from cernunos_widget.record.files import write_games
    from cernunos_widget.record.tree import Game

    path, worker, count, go = sys.argv[1], sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
    while not go.exists():
        time.sleep(0.001)
    for i in range(count):
        game = Game(headers={"Round": f"{worker}-{i}"})
        game.root.play("B@b2")
        write_games([game], path, append=True)
    """
)


def rounds(path: Path) -> list[str]:
    return [g.headers.get("Round", "") for g in read_games(path)]


def start_appenders(path: Path, go: Path, workers: int, count: int) -> list[subprocess.Popen]:
    return [
        subprocess.Popen([sys.executable, "-c", APPENDER, str(path), f"w{w}", str(count), str(go)])
        for w in range(workers)
    ]


def test_appends_from_two_processes_all_land_and_readers_see_whole_games(tmp_path):
    path, go = tmp_path / "games.cgn", tmp_path / "go"
    rng = random.Random(24)
    write_games([random_game(rng) for _ in range(200)], path)
    workers = start_appenders(path, go, 2, 40)
    go.touch()
    seen = [200]
    while any(w.poll() is None for w in workers):  # a reader meanwhile: whole games only
        seen.append(len(rounds(path)))  # (read_games raises at a half-written game)
    assert [w.wait(timeout=120) for w in workers] == [0, 0]
    assert seen == sorted(seen)  # never fewer games than before
    after = rounds(path)
    assert len(after) == 280  # main: 245-271, the later rename dropped the other's appends
    assert sorted(after[200:]) == sorted(f"w{w}-{i}" for w in range(2) for i in range(40))
    assert sorted(os.listdir(tmp_path)) == ["games.cgn", "go"]  # no lock or temporary file


def test_a_symbolic_link_is_followed_and_stays_a_link(tmp_path):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "games.cgn"
    link = tmp_path / "games.cgn"
    link.symlink_to(Path("real") / "games.cgn")  # relative, and dangling until written
    assert write_games([Game(), Game()], link) == 2
    assert write_games([Game()], link, append=True) == 1
    chain = tmp_path / "chain.cgn"
    chain.symlink_to("games.cgn")  # a link to the link
    assert write_games([Game()], chain, append=True) == 1
    assert link.is_symlink() and chain.is_symlink()  # main: replaced by regular files
    assert len(list(read_games(target))) == 4
    assert sorted(os.listdir(tmp_path / "real")) == ["games.cgn"]


def test_a_fifo_is_written_as_a_stream_to_its_reader(tmp_path):
    fifo = tmp_path / "games.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    games = [Game(headers={"Round": str(i)}) for i in range(3)]
    assert write_games(games, fifo) == 3
    reader.join(timeout=60)  # main: replaced the FIFO, the reader waited for ever
    assert not reader.is_alive()
    assert got == ["\n".join(format_game(g) for g in games).encode("utf-8")]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device needs root")
def test_a_device_keeps_its_kind(tmp_path):
    null = tmp_path / "null"  # a /dev/null of our own: main's code must not meet the real one
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    assert write_games([Game()], null) == 1
    assert write_games([Game()], null, append=True) == 1
    mode = os.lstat(null)
    assert stat.S_ISCHR(mode.st_mode) and mode.st_rdev == os.makedev(1, 3)  # main: a file
    assert os.listdir(tmp_path) == ["null"]


def test_dev_null_stays_a_character_device():
    assert destination("/dev/null").stream  # checked first: never risk replacing it
    before = os.stat("/dev/null")
    assert write_games([Game(), Game()], "/dev/null") == 2
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (
        before.st_ino,
        before.st_rdev,
    )


STDOUT = textwrap.dedent(
    """
    import sys
    from cernunos_widget.record.destination import destination
    from cernunos_widget.record.files import write_games
    from cernunos_widget.record.tree import Game

    assert destination(sys.argv[1]).stream, "not a stream: stop before replacing anything"
    print("before", flush=True)
    write_games([Game(headers={"Round": "1"}), Game(headers={"Round": "2"})], sys.argv[1])
    """
)


@pytest.mark.parametrize("name", ["/dev/stdout", "/proc/self/fd/1"])
def test_a_descriptor_is_written_as_a_stream(tmp_path, name):
    shown = subprocess.run(
        [sys.executable, "-c", STDOUT, name], capture_output=True, text=True, timeout=120
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == 'before\n[Round "1"]\n[Result "*"]\n\n[Round "2"]\n[Result "*"]\n'
    out = tmp_path / "out.cgn"  # stdout sent to a file: written at its end, not replaced
    with open(out, "w") as sink:
        inode = os.fstat(sink.fileno()).st_ino
        done = subprocess.run(
            [sys.executable, "-c", STDOUT, name], stdout=sink, stderr=subprocess.PIPE, timeout=120
        )
    assert done.returncode == 0, done.stderr
    assert os.stat(out).st_ino == inode
    assert out.read_text().startswith("before\n")
    assert [g.headers["Round"] for g in read_games(io.StringIO(out.read_text()[7:]))] == ["1", "2"]


@pytest.mark.parametrize(
    "where, fragment",
    [
        ("missing/games.cgn", "its folder .*missing does not exist"),
        ("file.cgn/games.cgn", "file.cgn is not a folder"),
        ("file.cgn/deeper/games.cgn", "file.cgn is not a folder"),
        (".", "it is a folder"),
    ],
)
def test_a_folder_that_cannot_take_the_file_is_refused_by_name(tmp_path, where, fragment):
    (tmp_path / "file.cgn").write_text("")
    before = sorted(os.listdir(tmp_path))
    for append in (False, True):
        with pytest.raises(GameFileError, match=f"cannot write games to .*{fragment}") as e:
            write_games([Game()], tmp_path / where, append=append)
        assert str(e.value).count("cannot write games") == 1  # main: said twice for "."
    assert sorted(os.listdir(tmp_path)) == before  # no folder made, no file left


def test_a_folder_that_cannot_be_written_is_refused_by_name():
    with pytest.raises(GameFileError, match=r"/proc/self/games.cgn: its folder .* cannot be"):
        write_games([Game()], "/proc/self/games.cgn")  # main: a bare FileNotFoundError


def test_open_streams_take_whole_games():
    games = [Game(headers={"Round": str(i)}) for i in range(3)]
    text, data = io.StringIO(), io.BytesIO()
    assert write_games(games, text) == 3 and write_games(games, data) == 3
    expected = "\n".join(format_game(g) for g in games)
    assert text.getvalue() == expected and data.getvalue() == expected.encode("utf-8")
    bad = Game(headers={"Result": "nonsense"})
    partial = io.StringIO()
    with pytest.raises(GameFileError, match="game index 1"):
        write_games([games[0], bad, games[2]], partial)
    assert partial.getvalue() == format_game(games[0])  # whole games only
    with pytest.raises(GameFileError, match="a path or a writable stream, not int"):
        write_games([Game()], 3)


def test_an_unbuffered_binary_stream_takes_bytes(tmp_path):
    # sys.stdout.buffer is a raw FileIO under python -u (PYTHONUNBUFFERED)
    games = [Game(headers={"Round": str(i)}) for i in range(2)]
    with io.FileIO(tmp_path / "raw.cgn", "w") as raw:
        assert write_games(games, raw) == 2
    assert [g.headers["Round"] for g in read_games(tmp_path / "raw.cgn")] == ["0", "1"]


def test_a_fifo_reader_gets_each_game_as_it_is_written(tmp_path):
    fifo = tmp_path / "games.fifo"
    os.mkfifo(fifo)
    received, first_seen = bytearray(), threading.Event()
    first = Game(headers={"Round": "1"})

    def read() -> None:
        with open(fifo, "rb", buffering=0) as pipe:
            while chunk := pipe.read(65536):
                received.extend(chunk)
                if bytes(received) == format_game(first).encode("utf-8"):
                    first_seen.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()

    def games():  # the second game waits until the reader has the first (a streamed run)
        yield first
        assert first_seen.wait(timeout=60), "the first game was not flushed"
        yield Game(headers={"Round": "2"})

    assert write_games(games(), fifo) == 2
    reader.join(timeout=60)
    assert [g.headers["Round"] for g in read_games(io.BytesIO(bytes(received)))] == ["1", "2"]


def test_a_loop_of_links_is_refused_by_name(tmp_path):
    (tmp_path / "a.cgn").symlink_to("b.cgn")
    (tmp_path / "b.cgn").symlink_to("a.cgn")
    with pytest.raises(GameFileError, match=r"a\.cgn: too many symbolic links"):
        write_games([Game()], tmp_path / "a.cgn")
    assert sorted(os.listdir(tmp_path)) == ["a.cgn", "b.cgn"]


class Trickle(io.RawIOBase):
    """A raw stream that takes at most 5 bytes a write, as a pipe may."""

    def __init__(self):
        self.data = bytearray()

    def writable(self):
        return True

    def write(self, b):
        self.data += bytes(b[:5])
        return min(5, len(b))


def test_a_raw_stream_that_takes_part_of_a_write_gets_every_byte():
    games = [Game(headers={"Round": str(i)}) for i in range(2)]
    trickle = Trickle()
    assert write_games(games, trickle) == 2
    assert bytes(trickle.data) == "\n".join(format_game(g) for g in games).encode("utf-8")


@pytest.mark.parametrize(
    ("name", "words"), [("g" * 300 + ".cgn", "File name too long"), ("a\0b.cgn", "null byte")]
)
def test_a_path_the_system_refuses_is_a_game_file_error(tmp_path, name, words):
    with pytest.raises(GameFileError, match=words):
        write_games([Game()], tmp_path / name)
    assert list(tmp_path.iterdir()) == []
