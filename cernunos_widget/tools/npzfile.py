"""Reading ``.npz`` files that may be hostile, with memory bounded by what the caller allows.

``numpy.load`` decompresses an array whole before anyone can look at its size: a 7.8 MB
file holding a deflated array of 10⁹ zeros costs 7.45 GiB.  Here each member's ``.npy``
header is read first (at most :data:`MAX_HEADER` bytes, also for format 2.0 whose length
field allows 4 GiB), so the caller checks dtypes and shapes before :meth:`NpzReader.array`
decompresses exactly the bytes they imply, nothing more.  Every problem is an
:class:`NpzError` naming the member.
"""

from __future__ import annotations

import io
import struct
import tokenize
import zipfile
import zlib
from dataclasses import dataclass
from os import PathLike
from typing import IO

import numpy as np
from numpy.lib import format as npy

from ..engine import CernunosError

MAX_HEADER = 4096  # bytes of an .npy header (numpy writes 128 for small dicts)
_LENGTH = {(1, 0): "<H", (2, 0): "<I"}  # the header length field of each format version
_UNREADABLE = (
    OSError, EOFError, ValueError, RuntimeError, NotImplementedError, zlib.error,
    zipfile.BadZipFile, struct.error,
)  # zipfile and zlib on a damaged archive or member (RuntimeError: an encrypted one)


class NpzError(CernunosError):
    """A ``.npz`` member that cannot be read; ``part`` names it."""

    def __init__(self, part: str, reason: str) -> None:
        super().__init__(f"{part}: {reason}")
        self.part, self.reason = part, reason


@dataclass(frozen=True)
class Header:
    """What an ``.npy`` header says: the array's dtype, shape and byte count."""

    dtype: np.dtype
    shape: tuple[int, ...]

    @property
    def nbytes(self) -> int:
        count = 1
        for n in self.shape:
            count *= n
        return count * self.dtype.itemsize


class NpzReader:
    """An open ``.npz`` archive whose members are read header first."""

    def __init__(self, path: str | PathLike) -> None:
        try:
            self._zip = zipfile.ZipFile(path)
        except _UNREADABLE as e:
            raise NpzError("the archive", f"{type(e).__name__}: {e}") from None

    def __enter__(self) -> NpzReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self._zip.close()

    def header(self, name: str) -> Header:
        """The header of the member ``name`` (``name.npy``), nothing else decompressed."""
        with self._open(name) as stream:
            return self._header(name, stream)

    def array(self, name: str, header: Header) -> np.ndarray:
        """The member's array (read-only), after a :meth:`header` the caller checked: exactly
        ``header.nbytes`` bytes are decompressed, and the member must end there."""
        with self._open(name) as stream:
            if self._header(name, stream) != header:
                raise NpzError(name, "its header changed while it was read")
            try:
                data = stream.read(header.nbytes)
                extra = stream.read(1)  # at the end: zipfile checks the CRC
            except _UNREADABLE as e:
                raise NpzError(name, f"{type(e).__name__}: {e}") from None
        if len(data) != header.nbytes or extra:
            raise NpzError(name, f"holds {'more' if extra else len(data)} bytes, not "
                           f"the {header.nbytes} its header says")
        return np.frombuffer(data, header.dtype).reshape(header.shape)

    def _open(self, name: str) -> IO[bytes]:
        try:
            return self._zip.open(f"{name}.npy")
        except KeyError:
            raise NpzError(name, "missing") from None
        except _UNREADABLE as e:
            raise NpzError(name, f"{type(e).__name__}: {e}") from None

    @staticmethod
    def _header(name: str, stream: IO[bytes]) -> Header:
        try:
            version = npy.read_magic(stream)
            length_format = _LENGTH.get(version)
            if length_format is None:
                raise NpzError(name, f"npy format {version} is not 1.0 or 2.0")
            field = stream.read(struct.calcsize(length_format))
            (length,) = struct.unpack(length_format, field)
            if length > MAX_HEADER:
                raise NpzError(name, f"its header is {length} bytes, at most {MAX_HEADER}")
            text = stream.read(length)
            if len(text) != length:
                raise NpzError(name, "its header is cut short")
            read = npy.read_array_header_1_0 if version == (1, 0) else npy.read_array_header_2_0
            shape, fortran, dtype = read(io.BytesIO(field + text), max_header_size=MAX_HEADER)
        except NpzError:
            raise
        except (*_UNREADABLE, SyntaxError, TypeError, RecursionError, tokenize.TokenError) as e:
            # numpy's header parser: ast.literal_eval, and tokenize for old headers
            raise NpzError(name, f"a bad npy header ({type(e).__name__}: {e})") from None
        if any(n < 0 for n in shape):
            raise NpzError(name, f"a negative size in its shape {shape}")
        if fortran or dtype.hasobject:
            raise NpzError(name, "holds a Fortran-ordered or object array")
        return Header(dtype, shape)
