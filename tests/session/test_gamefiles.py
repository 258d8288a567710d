"""A session's game files (session/gamefiles.py): a slow file never holds the session."""

from __future__ import annotations

import os
import threading

from cernunos_widget.record.files import read_games
from cernunos_widget.session import Session
from cernunos_widget.session.gamefiles import save_game


def test_saving_to_a_fifo_without_a_reader_leaves_the_session_free(tmp_path):
    session = Session()
    session.play("B@b2 B@b3")
    fifo = tmp_path / "game.fifo"
    os.mkfifo(fifo)
    saver = threading.Thread(target=save_game, args=(session, fifo), daemon=True)
    saver.start()  # opening the FIFO waits for a reader
    try:
        assert session.lock.acquire(timeout=5), "save_game held the session's lock"
        session.lock.release()
        session.play("D@a1")  # the session goes on while the file waits
    finally:
        with open(fifo, "rb") as reader:  # the reader comes: the save ends
            received = reader.read()
        saver.join(timeout=30)
    assert not saver.is_alive()
    (tmp_path / "got.cgn").write_bytes(received)
    [game] = read_games(tmp_path / "got.cgn")
    assert game.export().endswith("] B@b2 B@b3")  # the game as it was when saved
