"""Fuzzing game files (issue #12 item 1): truncations, byte flips, hostile text and hostile
tags give a GameFileError with a line number inside the file, or games that write back and
read back the same; never another exception. The writers (issue #24): random writes to
special paths (links, a FIFO, a device, bad folders) keep every path's kind and the file's
games as a model says; writers in several processes lose nothing. Seeded and derandomized:
the same cases on every run; every wait is bounded."""

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
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cernunos_widget.engine.errors import RulesError
from cernunos_widget.record.files import GameFileError, format_game, read_games, write_games
from cernunos_widget.record.tree import Game

FUZZ = settings(
    max_examples=300,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SPECIAL = b'{}[]()"\\\n\r\t !?@~,:#*/-'
ALPHABET = '{}[]()"\\\n\r\t xB@b2pass~a1,T!?\ufeff'


@pytest.fixture(scope="module")
def sample() -> bytes:
    rng = random.Random(2026)
    return "\n".join(format_game(random_game(rng)) for _ in range(6)).encode("utf-8")


def read_or_refuse(data: bytes) -> list[Game] | GameFileError:
    """Read ``data``: the games, or the GameFileError (any other exception fails the test)."""
    try:
        games = list(read_games(io.BytesIO(data)))
    except GameFileError as error:
        lines = data.count(b"\n") + 1
        assert isinstance(error.line, int) and 1 <= error.line <= lines, (error.line, lines)
        assert str(error).startswith(f"line {error.line}")
        return error
    text = "\n".join(format_game(g) for g in games)  # what was read writes back ...
    again = list(read_games(io.StringIO(text)))  # ... and reads back the same
    assert len(again) == len(games)
    for g, h in zip(games, again, strict=True):
        assert h.movetext() == g.movetext() and h.root.position == g.root.position
        kept = {k: v for k, v in g.headers.items() if k != "CPN"}  # [CPN] comes back canonical
        assert h.headers.items() >= kept.items()
    return games


def test_the_sample_reads(sample):
    assert len(read_or_refuse(sample)) == 6


def test_truncations(sample):
    rng = random.Random(1)
    refused = 0
    for cut in sorted(rng.sample(range(len(sample)), 250)):
        refused += isinstance(read_or_refuse(sample[:cut]), GameFileError)
    assert refused > 50  # the cuts do hit the middle of comments, tags and tokens


@pytest.mark.parametrize("seed", range(4))
def test_random_byte_flips(sample, seed):
    rng = random.Random(seed)
    refused = 0
    for _ in range(80):
        data = bytearray(sample)
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(data))
            data[at] = rng.choice(SPECIAL) if rng.random() < 0.6 else rng.randrange(256)
        refused += isinstance(read_or_refuse(bytes(data)), GameFileError)
    assert refused > 20


def test_deletions_and_insertions(sample):
    rng = random.Random(7)
    for _ in range(150):
        at = rng.randrange(len(sample))
        if rng.random() < 0.5:
            data = sample[:at] + sample[at + rng.randrange(1, 30) :]
        else:
            data = sample[:at] + bytes(rng.choices(SPECIAL, k=rng.randrange(1, 6))) + sample[at:]
        read_or_refuse(data)


@FUZZ
@given(st.text(alphabet=st.sampled_from(list(ALPHABET)), max_size=200))
def test_hostile_text(text):
    read_or_refuse(text.encode("utf-8"))


@FUZZ
@given(st.binary(max_size=200))
def test_hostile_bytes(data):
    read_or_refuse(data)


@FUZZ
@given(
    st.dictionaries(
        st.text(min_size=1, max_size=8),
        st.one_of(st.text(max_size=20), st.integers()),
        max_size=4,
    )
)
@example({"Rules": ""})
@example({"Rules": 0})
def test_hostile_tags_are_written_exactly_or_refused(headers):
    try:
        game = Game(headers=headers)
    except RulesError as error:  # a [Rules] tag that names no rules (D-10): refused
        assert "Rules" in headers and "rules" in str(error)
        return
    game.root.play("B@b2")
    try:
        text = format_game(game, 0)
    except GameFileError as error:
        assert error.index == 0 and error.line is None
        return
    (back,) = read_games(io.StringIO(text))
    assert back.headers.items() >= headers.items()  # exactly what was set ([Result] added)


# ---------------------------------------------------------------------- the writers


def kinds(folder: Path) -> dict[str, int]:
    """Every path under ``folder`` and its kind (file, link, FIFO, device, folder)."""
    return {
        str(path.relative_to(folder)): stat.S_IFMT(os.lstat(path).st_mode)
        for path in sorted(folder.rglob("*"))
    }


def games_for(rng: random.Random, step: int) -> list[Game]:
    """0 to 3 games (random trees, or empty ones), each named by its [Round]."""
    games = []
    for j in range(rng.randrange(4)):
        game = random_game(rng) if rng.random() < 0.5 else Game()
        game.headers["Round"] = f"{step}-{j}"
        games.append(game)
    return games


def read_fifo(fifo: Path, got: list[bytes]) -> threading.Thread:
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    return reader


def test_random_writes_to_special_paths_keep_every_kind(tmp_path):
    rng = random.Random(24)
    real = tmp_path / "real.cgn"
    write_games([], real)
    (tmp_path / "link.cgn").symlink_to("real.cgn")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "chain.cgn").symlink_to(Path("..") / "link.cgn")
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "dir").mkdir()
    targets = ["real.cgn", "link.cgn", "sub/chain.cgn", "fifo", "dir", "nope/x.cgn", "real.cgn/x"]
    if os.geteuid() == 0:  # a /dev/null of our own
        os.mknod(tmp_path / "null", stat.S_IFCHR | 0o666, os.makedev(1, 3))
        targets.append("null")
    model: list[str] = []  # the [Round]s real.cgn holds
    before = kinds(tmp_path)
    for step in range(80):
        name, append = rng.choice(targets), rng.random() < 0.5
        target = tmp_path / name
        games = games_for(rng, step)
        bad = rng.random() < 0.2
        if bad:
            games.append(Game(headers={"Result": "no"}))
        got: list[bytes] = []
        reader = read_fifo(target, got) if target.name == "fifo" else None
        refused = name in ("dir", "nope/x.cgn", "real.cgn/x") or bad
        try:
            write_games(games, target, append=append)
            assert not refused
        except GameFileError as error:
            assert refused, error
        if reader is not None:  # write_games opened the FIFO even for no game
            reader.join(timeout=60)
            assert not reader.is_alive()
            whole = games[:-1] if bad else games
            assert got == ["\n".join(format_game(g) for g in whole).encode("utf-8")]
        elif name in ("real.cgn", "link.cgn", "sub/chain.cgn") and not bad:
            rounds = [g.headers["Round"] for g in games]
            model = model + rounds if append else rounds
        assert kinds(tmp_path) == before  # no link, FIFO or device replaced, nothing left
        assert [g.headers.get("Round") for g in read_games(real)] == model


WRITER = textwrap.dedent(
    """
    import random, sys, time
    from pathlib import Path
    from cernunos_widget.record.files import write_games
    from cernunos_widget.record.tree import Game

    names, worker, go = sys.argv[1:3], int(sys.argv[3]), Path(sys.argv[4])
    rng = random.Random(worker)
    while not go.exists():
        time.sleep(0.001)
    for i in range(15):
        games = []
        for j in range(rng.randrange(1, 4)):
            game = Game(headers={"Round": f"w{worker}-{i}-{j}"})
            game.root.play("B@b2").comment = "x" * rng.randrange(50_000)
            games.append(game)
        write_games(games, rng.choice(names), append=True)
        print(len(games), flush=True)
    """
)


def test_writers_in_several_processes_lose_nothing(tmp_path):
    real, link, go = tmp_path / "games.cgn", tmp_path / "link.cgn", tmp_path / "go"
    write_games([Game(headers={"Round": "first"})], real)
    link.symlink_to("games.cgn")
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(real), str(link), str(w), str(go)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for w in range(3)
    ]
    go.touch()
    counts = [1]
    try:
        while any(w.poll() is None for w in writers):  # a reader meanwhile: whole games
            counts.append(sum(1 for _ in read_games(real)))
        outputs = [w.communicate(timeout=120)[0] for w in writers]
    finally:
        for w in writers:
            w.kill()
    assert [w.returncode for w in writers] == [0, 0, 0]
    assert counts == sorted(counts)
    rounds = [g.headers["Round"] for g in read_games(real)]
    written = sum(int(n) for out in outputs for n in out.split())
    assert len(rounds) == len(set(rounds)) == 1 + written
    assert link.is_symlink() and sorted(os.listdir(tmp_path)) == ["games.cgn", "go", "link.cgn"]
