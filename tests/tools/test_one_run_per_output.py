"""One run per output (issue #35 item 6): a self-play or batch-analysis run holds its output
for its whole duration; a second run on it is refused at once (exit 2, one line) and the
first run's games are neither lost nor mixed.  Main: two identical ``selfplay --games 200``
runs on one file both exited 0, and the file held 367 games, rounds out of order."""

from __future__ import annotations

import os
import sys

import pytest
from test_kill import finished_games, start, wait_for

from cernunos_widget.cli import EXIT_BAD_INPUT, EXIT_OK, main
from cernunos_widget.record.destination import Destination, claimed, destination
from cernunos_widget.record.errors import GameFileError
from cernunos_widget.record.files import read_games
from cernunos_widget.tools.batch import BatchError, analyse_games
from cernunos_widget.tools.selfplay import SelfPlay

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock")


def test_a_claim_refuses_a_second_one_at_once_and_frees_the_output_as_it_ends(tmp_path):
    where = destination(tmp_path / "sp.cgn")
    refused = pytest.raises(GameFileError, match="another self-play run is writing to it")
    with claimed(where, "self-play run"), refused, claimed(where, "self-play run"):
        raise AssertionError("claimed twice")
    assert os.listdir(tmp_path) == []  # the run file is gone with the run
    with claimed(where, "self-play run"):  # free again
        pass


def test_a_killed_run_s_claim_is_free(tmp_path):
    where = destination(tmp_path / "sp.cgn")
    pid = os.fork()
    if pid == 0:
        with claimed(where, "self-play run"):
            os._exit(9)  # as kill -9: no clean-up, the run file stays
    os.waitpid(pid, 0)
    assert (tmp_path / ".sp.cgn.run").exists()
    with claimed(where, "self-play run"):
        pass


def test_a_run_file_that_is_a_link_is_refused(tmp_path):
    victim = tmp_path / "victim"
    victim.write_bytes(b"keep")
    (tmp_path / ".sp.cgn.run").symlink_to(victim)
    refused = pytest.raises(GameFileError, match=r"its run file .*\.sp\.cgn\.run is a symbolic")
    with refused, claimed(destination(tmp_path / "sp.cgn"), "self-play run"):
        pass
    assert victim.read_bytes() == b"keep"


def test_a_second_selfplay_on_the_same_file_exits_2_at_once_and_nothing_is_mixed(
    tmp_path, capsys, monkeypatch
):
    out = tmp_path / "sp.cgn"
    command = ["selfplay", "--games", "10000000", "--bot", "greedy", "--seed", "4"]
    command += ["--workers", "1", "--out", str(out)]
    first = start(*command, cwd=tmp_path)
    try:
        wait_for(lambda: finished_games(out) >= 1, "the first run's games reach the file")
        assert first.poll() is None, "the first run ended before the second started"
        with monkeypatch.context() as patch:
            patch.setattr(SelfPlay, "played", refuse_to_play)
            assert main(command) == EXIT_BAD_INPUT  # main: it played and mixed its games in
        err = capsys.readouterr().err.strip()
        assert err.startswith("cernunos selfplay: cannot write games to")
        assert "another self-play run is writing to it" in err and len(err.splitlines()) == 1
        assert first.poll() is None  # the first run goes on
    finally:
        first.kill()
        first.wait()
    rounds = [g.headers["Round"] for g in read_games(out)]
    assert rounds == [str(i + 1) for i in range(len(rounds))]  # one run's, in order
    small = ["selfplay", "--games", str(len(rounds) + 2), *command[3:-2], "--out", str(out)]
    assert main(small) == EXIT_OK  # a killed run's claim is free: the rerun resumes it
    assert len(list(read_games(out))) == len(rounds) + 2


def refuse_to_play(*_args, **_kwargs):
    raise AssertionError("the second run plays")


def test_a_second_batch_analysis_on_the_same_folder_is_refused(tmp_path):
    out = tmp_path / "results"
    refused = pytest.raises(BatchError, match="another batch analysis is writing to it")
    with claimed(Destination(out, False, str(out)), "batch analysis"), refused:
        analyse_games([], out=out, workers=1)
    assert analyse_games([], out=out, workers=1).games == 0
