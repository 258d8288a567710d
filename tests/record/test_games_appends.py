"""Appends to a game file cost the new data only (issue #24: self-play copied the whole file
at each flush, quadratic in the run's length), and keep the guarantees of a replace: a
failed append leaves the file as it was, an append killed half-way (``kill -9``) is undone
by the next writer and never read, a reader never sees half an append."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from cernunos_widget.record.destination import appending, destination
from cernunos_widget.record.files import format_game, read_games, write_games
from cernunos_widget.record.tree import Game

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock")


def game(round_: str) -> Game:
    one = Game(headers={"Round": round_})
    one.root.play("B@b2")
    return one


def rounds(path: Path) -> list[str]:
    return [g.headers["Round"] for g in read_games(path)]


def test_an_append_writes_in_place_and_leaves_the_bytes_before_it(tmp_path):
    path = tmp_path / "games.cgn"
    write_games([game("1"), game("2")], path)
    before, inode = path.read_bytes(), path.stat().st_ino
    assert write_games([game("3")], path, append=True) == 1
    assert path.stat().st_ino == inode  # main: a copy renamed over the file, a new inode
    assert path.read_bytes() == before + b"\n" + format_game(game("3")).encode()
    assert rounds(path) == ["1", "2", "3"]
    assert sorted(os.listdir(tmp_path)) == ["games.cgn"]  # no lock or temporary file


def test_a_failed_append_leaves_the_file_as_it_was(tmp_path):
    path = tmp_path / "games.cgn"
    write_games([game("1")], path)
    before = path.read_bytes()

    def games():
        yield from (game(str(i)) for i in range(2, 2000))  # past a write buffer
        raise RuntimeError("the games' iterator fails")

    with pytest.raises(RuntimeError, match="iterator fails"):
        write_games(games(), path, append=True)
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["games.cgn"]


KILLED = textwrap.dedent(
    """
    import os, signal, sys
    from cernunos_widget.record.destination import _PIECE
    from cernunos_widget.record.files import write_texts

    def texts():
        written, i = 0, 0
        while True:
            if written > 1.5 * _PIECE:  # a piece of the append went to the file: die
                os.kill(os.getpid(), signal.SIGKILL)
            text = f'[Round "lost-{i}"]\\n[Result "*"]\\nB@b2\\n'
            written, i = written + len(text) + 1, i + 1
            yield text

    write_texts(texts(), sys.argv[1], append=True)
    """
)


def test_an_append_killed_half_way_is_never_read_and_is_undone_by_the_next_writer(tmp_path):
    path = tmp_path / "games.cgn"
    write_games([game("1"), game("2")], path)
    before = path.read_bytes()
    killed = subprocess.run([sys.executable, "-c", KILLED, str(path)], timeout=300)
    assert killed.returncode == -signal.SIGKILL
    assert len(path.read_bytes()) > len(before)  # the killed append's first part is there
    assert rounds(path) == ["1", "2"]  # a reader reads only the finished writes
    assert write_games([game("3")], path, append=True) == 1
    assert path.read_bytes() == before + b"\n" + format_game(game("3")).encode()
    assert sorted(os.listdir(tmp_path)) == ["games.cgn"]  # the killed writer's lock: gone


def test_a_reader_waits_for_an_append_under_way(tmp_path):
    path = tmp_path / "games.cgn"
    write_games([game("1")], path)
    seen: list[list[str]] = []
    reader = threading.Thread(target=lambda: seen.append(rounds(path)), daemon=True)
    with appending(destination(path)) as (out, separator):
        out.write(separator + b'[Round "2"]\n')  # half a game on disk
        out.flush()
        reader.start()
        time.sleep(0.5)  # time enough to read (no assertion on time: see below)
        assert seen == []  # the reader waits (main: read at once, half a game)
        out.write(format_game(game("2")).encode().partition(b"\n")[2])
    reader.join(timeout=120)
    assert seen == [["1", "2"]]
