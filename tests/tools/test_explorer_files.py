"""Hostile explorer files (issue #24 item 5): damaged metadata, rows counting no game, arrays
whose headers claim more than the file may hold, oversized headers.  Every refusal is an
ExplorerError naming the file and the part, and nothing big is decompressed first."""

from __future__ import annotations

import json
import struct
import tracemalloc
import zipfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cernunos_widget.engine import Position
from cernunos_widget.solver.bots import RandomBot, play_game
from cernunos_widget.tools.explorer import Explorer, ExplorerError
from cernunos_widget.widget.adapter import CernunosWidget

MEMORY = 32 << 20  # bytes a refusal may allocate at most (the good file's arrays are ~10 KB)


@pytest.fixture(scope="module")
def book():
    return Explorer.build(play_game(RandomBot(s), RandomBot(50 + s)) for s in range(12))


@pytest.fixture(scope="module")
def members(book, tmp_path_factory):
    """The good file's members: name -> .npy bytes."""
    path = tmp_path_factory.mktemp("book") / "book.npz"
    book.save(path)
    with zipfile.ZipFile(path) as z:
        return {name.removesuffix(".npy"): z.read(name) for name in z.namelist()}


def npy_header(descr: str, shape: tuple, version: int = 1, pad: int = 0) -> bytes:
    """An .npy header (magic, version, length, dict) such as numpy writes, padded."""
    text = repr({"descr": descr, "fortran_order": False, "shape": shape}).encode()
    text += b" " * pad + b"\n"
    length = struct.pack("<H" if version == 1 else "<I", len(text))
    return b"\x93NUMPY" + bytes([version, 0]) + length + text


def npy(array: np.ndarray) -> bytes:
    return npy_header(array.dtype.str, array.shape) + array.tobytes()


def write_npz(path: Path, members: dict[str, bytes], zeros: dict[str, int] | None = None) -> Path:
    """An .npz (deflated) of ``members``; ``zeros[name]`` bytes of zeros follow that
    member's bytes, written in chunks (the test itself stays small)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            with z.open(f"{name}.npy", "w", force_zip64=True) as out:
                out.write(data)
                left = (zeros or {}).get(name, 0)
                chunk = bytes(1 << 20)
                while left > 0:
                    out.write(chunk[: min(left, len(chunk))])
                    left -= len(chunk)
    return path


def meta(**fields) -> bytes:
    text = json.dumps(fields).encode()
    return npy(np.frombuffer(text, np.uint8))


def refused(path: Path, part: str) -> ExplorerError:
    """Loading ``path`` raises an ExplorerError naming it and ``part``, within MEMORY."""
    tracemalloc.start()
    try:
        with pytest.raises(ExplorerError) as caught:
            Explorer.load(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    message = str(caught.value)
    assert str(path) in message and part in message
    assert peak < MEMORY, f"{peak:,} bytes allocated to refuse {path.name}"
    return caught.value


GOOD_META = {"format": "cernunos-explorer", "version": 1, "games": 12, "skipped": 0}


@pytest.mark.parametrize(
    "bad",
    [
        [1, 2],  # a list for the metadata (main: AttributeError)
        {"format": "cernunos-explorer", "version": 1, "skipped": 0},  # no games (KeyError)
        {**GOOD_META, "games": [12]},  # main: TypeError
        {**GOOD_META, "games": "twelve"},  # main: bare ValueError
        {**GOOD_META, "games": True},
        {**GOOD_META, "games": -1},
        {**GOOD_META, "skipped": 1.5},
    ],
)
def test_damaged_metadata_is_an_explorer_error_naming_the_part(tmp_path, members, bad):
    damaged = {**members, "meta": npy(np.frombuffer(json.dumps(bad).encode(), np.uint8))}
    error = refused(write_npz(tmp_path / "book.npz", damaged), "")
    assert "meta" in str(error) or "not a cernunos explorer file" in str(error)


def test_metadata_that_is_not_json_text(tmp_path, members):
    many_digits = b'{"games": ' + b"1" * 5000 + b"}"  # main: a bare ValueError (int digits)
    for data in (b"\xff\xfe", b"{" * 100_000, b"[" * 50_000, many_digits):
        hostile = {**members, "meta": npy(np.frombuffer(data, np.uint8))}
        path = write_npz(tmp_path / "meta.npz", hostile)
        refused(path, "meta")


def test_a_row_counting_no_game_is_refused_at_load(tmp_path, book, members):
    """Main loaded it; then setting w.explorer raised ZeroDivisionError."""
    outcomes = book._outcomes.copy()
    outcomes[0] = 0
    path = write_npz(tmp_path / "zero.npz", {**members, "outcomes": npy(outcomes)})
    refused(path, "outcomes")
    outcomes[0] = (13, 0, 0)  # more games than the file indexes
    refused(write_npz(tmp_path / "more.npz", {**members, "outcomes": npy(outcomes)}), "outcomes")
    good = tmp_path / "good.npz"
    book.save(good)
    w = CernunosWidget()
    w.explorer = Explorer.load(good)  # the good file still loads, and the panel shows
    assert w.explorer.query(Position.start())


def test_a_deflated_bomb_is_refused_from_its_header_before_any_decompression(tmp_path, members):
    """Main allocated the whole array (10^8 uint64: 800 MB here; 7.45 GiB for 10^9)."""
    rows = 10**8
    bomb = {
        **members,
        "keys": npy_header("<u8", (rows,)),
        "starts": npy_header("<i8", (rows + 1,)),
        "codes": npy_header("<i2", (rows,)),
        "outcomes": npy_header("<i4", (rows, 3)),
    }
    path = write_npz(tmp_path / "bomb.npz", bomb, zeros={"keys": 64 << 20})
    assert path.stat().st_size < 1 << 20
    refused(path, "codes")  # 10^8 rows cannot come from 12 games
    many = {**bomb, "meta": meta(**{**GOOD_META, "games": 10**9})}
    refused(write_npz(tmp_path / "many.npz", many, zeros={"keys": 64 << 20}), "codes")


def test_sizes_are_bounded_by_max_rows(tmp_path, book):
    path = tmp_path / "book.npz"
    book.save(path)
    with pytest.raises(ExplorerError, match="codes"):
        Explorer.load(path, max_rows=10)
    assert Explorer.load(path, max_rows=len(book._codes)).positions == book.positions
    with pytest.raises(ExplorerError, match="max_rows"):
        Explorer.load(path, max_rows=-1)


@pytest.mark.parametrize(
    ("header", "words"),
    [
        (npy_header("<u8", (4,), version=2, pad=40 << 20), "header is"),  # 40 MB of header
        (npy_header("<u8", (4,), version=1, pad=60_000), "header is"),
        (b"\x93NUMPY\x02\x00\xf0\xff\xff\xff{", "header"),  # claims 4 GiB, holds one byte
        (b"\x93NUMPY\x03\x00" + struct.pack("<I", 10) + b"{}        ", "format"),
        (b"\x93NUMPX\x01\x00", "header"),
        (npy_header("|O", (4,)), "object"),
        (npy_header("<u8", (-5,)), "negative"),
        (npy_header("<u8", (4, 2)), "keys"),
    ],
    ids=["v2-40MB", "v1-60KB", "v2-claims-4GiB", "v3", "magic", "object", "negative", "2-D"],
)
def test_bad_or_oversized_headers(tmp_path, members, header, words):
    path = write_npz(tmp_path / "head.npz", {**members, "keys": header})
    assert words in str(refused(path, "keys"))


def test_arrays_shorter_or_longer_than_their_headers(tmp_path, members):
    keys = members["keys"]
    refused(write_npz(tmp_path / "short.npz", {**members, "keys": keys[:-8]}), "keys")
    refused(write_npz(tmp_path / "long.npz", {**members, "keys": keys + bytes(8)}), "keys")
    missing = {k: v for k, v in members.items() if k != "codes"}
    assert "missing" in str(refused(write_npz(tmp_path / "missing.npz", missing), "codes"))


FUZZ = settings(
    max_examples=150,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
DESCRS = ["<u8", "<i8", "<i2", "<i4", "|u1", "<f8", "|O", "<U3", "[('a', '<i4')]", "x"]
SIZES = st.one_of(st.integers(-2, 40), st.integers(0, 2**62), st.just(10**9))


@FUZZ
@given(
    name=st.sampled_from(["meta", "keys", "starts", "codes", "outcomes"]),
    descr=st.sampled_from(DESCRS),
    shape=st.lists(SIZES, max_size=3).map(tuple),
    version=st.sampled_from([1, 2, 3]),
    pad=st.integers(0, 65_000),  # npy 1.0 headers hold up to 65,535 bytes
    body=st.binary(max_size=64),
    flips=st.lists(st.tuples(st.integers(0, 10_000), st.integers(1, 255)), max_size=4),
)
def test_fuzzed_files_load_or_are_refused_with_bounded_memory(
    tmp_path, members, name, descr, shape, version, pad, body, flips
):
    """A member replaced by a hostile header and body, then bytes of the archive flipped:
    only an Explorer or an ExplorerError comes out, and memory stays bounded."""
    hostile = {**members, name: npy_header(descr, shape, version, pad) + body}
    path = write_npz(tmp_path / "fuzz.npz", hostile)
    data = bytearray(path.read_bytes())
    for at, xor in flips:
        data[at % len(data)] ^= xor
    path.write_bytes(bytes(data))
    tracemalloc.start()
    try:
        try:
            Explorer.load(path)
        except ExplorerError as e:
            assert str(path) in str(e)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < MEMORY
