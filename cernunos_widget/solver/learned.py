"""The learned evaluation's weights: the shipped file, its version, and values from Python.

The weights (``weights/ntuple.npz``, made by ``scripts/train_search.sh``) are one ``float32``
vector for the n-tuple network of ``compiled/evaluation.py``, trained by self-play for the
default rules; exact proofs are ordered by other weights of the same network,
``weights/ordering.npz`` (:func:`ordering`, TD(0) self-play).  A file records the feature
layout, the training (seed, games) and a version, ``<layout>-<first 12 hex digits of the
weights' SHA-256>``; loading recomputes it, so a damaged or foreign file is refused with
:class:`WeightsError`.  :func:`version` (also ``learned.VERSION``) belongs in every cache
key of a value computed with these weights.

>>> from cernunos_widget.solver import learned
>>> learned.evaluate(position)   # -1 .. 1 for the player who decides at ``position``
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..engine import CernunosError, Position
from .compiled.convert import encode
from .compiled.evaluation import HANDWRITTEN, LAYOUT_ID, LEARNED, N_WEIGHTS, value
from .pov import PovValue, Value

WEIGHTS_PATH = Path(__file__).parent / "weights" / "ntuple.npz"
# The weights that order exact proofs: TD(0)'s (``scripts/train_eval.py``), which order
# the frontier's proofs better than the evaluation trained on search (docs/solver.md).
ORDERING_PATH = WEIGHTS_PATH.with_name("ordering.npz")
_MAX_FILE_BYTES = 64 * 2**20  # far above N_WEIGHTS float32: a bigger file is not ours
_KEYS = ("weights", "layout", "version", "seed", "games")
_NO_WEIGHTS = np.zeros(0, np.float32)


class WeightsError(CernunosError):
    """A weights file that cannot be used: unreadable, corrupt, or for another layout."""


@dataclass(frozen=True)
class Weights:
    """Checked weights: the vector, its version, and how they were trained."""

    array: np.ndarray  # float32, shape (N_WEIGHTS,); never written (numba wants it writable)
    version: str
    seed: int
    games: int


def version_of(array: np.ndarray) -> str:
    """The version of a weight vector: the layout and a hash of its bytes."""
    digest = hashlib.sha256(np.ascontiguousarray(array, np.float32).tobytes()).hexdigest()
    return f"{LAYOUT_ID}-{digest[:12]}"


def save_weights(path: str | Path, array: np.ndarray, *, seed: int, games: int) -> str:
    """Write ``array`` as a weights file (byte-reproducible); return its version."""
    array = np.ascontiguousarray(array, np.float32)
    if array.shape != (N_WEIGHTS,):
        raise WeightsError(f"weights must have shape ({N_WEIGHTS},), not {array.shape}")
    version = version_of(array)
    buffer = io.BytesIO()
    np.savez_compressed(
        buffer,
        weights=array,
        layout=np.array(LAYOUT_ID),
        version=np.array(version),
        seed=np.array(seed, np.int64),
        games=np.array(games, np.int64),
    )
    Path(path).write_bytes(buffer.getvalue())
    return version


def load_weights(path: str | Path) -> Weights:
    """Read and check a weights file; :class:`WeightsError` says what is wrong."""
    path = Path(path)
    where = f"weights file {str(path)!r}"
    try:
        size = path.stat().st_size
        if size > _MAX_FILE_BYTES:
            raise WeightsError(f"{where} has {size} bytes: at most {_MAX_FILE_BYTES} accepted")
        with np.load(path, allow_pickle=False) as data:
            missing = [k for k in _KEYS if k not in data.files]
            if missing:
                raise WeightsError(f"{where} lacks {', '.join(missing)}: needs {', '.join(_KEYS)}")
            layout = str(data["layout"])
            array = data["weights"]
            version = str(data["version"])
            seed, games = int(data["seed"]), int(data["games"])
    except WeightsError:
        raise
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, KeyError, TypeError) as error:
        raise WeightsError(f"{where} cannot be read as an .npz weights file: {error}") from None
    if layout != LAYOUT_ID:
        raise WeightsError(f"{where} is for layout {layout!r}: this engine reads {LAYOUT_ID!r}")
    if array.dtype != np.float32 or array.shape != (N_WEIGHTS,):
        raise WeightsError(
            f"{where} holds {array.dtype} weights of shape {array.shape}: "
            f"expected float32 of shape ({N_WEIGHTS},)"
        )
    if not np.all(np.isfinite(array)):
        raise WeightsError(f"{where} holds weights that are not finite numbers")
    if version_of(array) != version:
        raise WeightsError(
            f"{where} is damaged: its weights hash to {version_of(array)}, not {version}"
        )
    return Weights(array.copy(), version, seed, games)  # writable and C-ordered


@lru_cache(maxsize=1)
def shipped() -> Weights:
    """The weights shipped with the package (loaded once per process)."""
    return load_weights(WEIGHTS_PATH)


@lru_cache(maxsize=1)
def ordering() -> Weights:
    """The weights that order exact proofs by default (loaded once per process)."""
    return load_weights(ORDERING_PATH)


def version() -> str:
    """The shipped weights' version (part of every cache key that depends on them)."""
    return shipped().version


def __getattr__(name: str) -> str:
    if name == "VERSION":  # loaded on first use, not at import
        return version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def search_weights(evaluator: int, weights: Weights | np.ndarray | None = None) -> np.ndarray:
    """The weight vector a compiled search takes for ``evaluator`` (checked).

    ``HANDWRITTEN`` (0) needs none (an empty vector); ``LEARNED`` (1) takes ``weights``,
    or the shipped ones (:func:`shipped`).  The learned evaluation is trained for the
    default rules: other rule sets must use ``HANDWRITTEN``."""
    if isinstance(evaluator, bool) or evaluator not in (HANDWRITTEN, LEARNED):
        raise UnknownEvaluatorError(
            f"evaluator must be {HANDWRITTEN} (handwritten) or {LEARNED} (learned), "
            f"not {evaluator!r:.40}"
        )
    if evaluator == HANDWRITTEN:
        return _NO_WEIGHTS
    if weights is None:
        return shipped().array
    if isinstance(weights, Weights):
        return weights.array
    array = np.asarray(weights)
    if array.dtype != np.float32 or array.shape != (N_WEIGHTS,):
        raise WeightsError(
            f"weights must be float32 of shape ({N_WEIGHTS},), "
            f"not {array.dtype} of shape {array.shape}"
        )
    return np.ascontiguousarray(array)


class UnknownEvaluatorError(CernunosError):
    """An ``evaluator`` that is neither 0 (handwritten) nor 1 (learned)."""


def evaluate_state(state: np.ndarray, weights: Weights | None = None) -> float:
    """The learned value of a compiled state for its decider, from -1 to 1."""
    return float(value(state, (weights or shipped()).array))


def evaluate(position: Position, weights: Weights | None = None) -> float:
    """The learned value of ``position`` for the player who decides there (R-27), -1 to 1.

    Only for unfinished positions (a finished game has a result, not an estimate)."""
    if position.is_over:
        raise ValueError(f"the game is over ({position.result()}): it has a result, not a value")
    return evaluate_state(encode(position), weights)


def green_value(position: Position, weights: Weights | None = None) -> float:
    """:func:`evaluate` from Green's point of view."""
    return PovValue(Value(evaluate(position, weights)), position.decider).green().number
