"""The opening explorer: for a position, the decisions played from it in a set of games,
how often, and Green's score after each (a win 1, a draw ½, R-17), like lichess's.

``Explorer.build(games)`` reads the main line of every finished game once (``Game`` trees,
e.g. from ``read_games``, or bots' ``GameRecord``); ``explorer.query(position)`` answers
from sorted arrays (a binary search, then a few rows), so a query costs microseconds
whatever the number of games. ``save(path)`` / ``Explorer.load(path)`` keep it in one
compressed ``.npz`` file.

**Keys.** A position between placements is named by its rules and canonical CPN (RULES.md
§6): ``"standard|<cpn>"``, so transpositions meet. A position in the middle of an effect
has no CPN; it is named by the last CPN before it and the decisions played since
(``"standard|<cpn>|B@b2 b3"``), so ``query`` takes the :class:`GameNode` there (or a
``(position, decisions)`` pair). Keys are stored as 64-bit BLAKE2b digests: two different
positions share one with a chance of about n²/2⁶⁵ (under 10⁻⁵ for 10⁷ positions).
"""

from __future__ import annotations

import hashlib
import json
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..engine import CernunosError, Player, Position
from ..engine.errors import clip
from ..engine.gamelength import MAX_GAME_DECISIONS
from ..engine.jsonfile import loads
from ..record.destination import destination, replacing
from ..record.movetext import decision_label
from .balance import BalanceError, game_line
from .npzfile import Header, NpzError, NpzReader

FORMAT = "cernunos-explorer"
FORMAT_VERSION = 1
_OUTCOMES = ("green", "draw", "purple")
MAX_ROWS = 1 << 25  # decisions listed in a file (100,000 random games: about 4.4 million)
MAX_META = 1 << 16  # bytes of metadata
MAX_GAMES = 1 << 40
_ARRAYS = {  # name: (dtype, columns after the first dimension)
    "keys": (np.dtype(np.uint64), ()),
    "starts": (np.dtype(np.int64), ()),
    "codes": (np.dtype(np.int16), ()),
    "outcomes": (np.dtype(np.int32), (3,)),
}


class ExplorerError(CernunosError):
    """A query or a file the explorer cannot answer or read."""


@dataclass(frozen=True)
class Entry:
    """A decision played from the queried position, and how its games ended."""

    decision: str  # the decision's text (RULES.md section 6)
    label: str  # readable ("Boar b2", "push b1→b3"; movetext.py)
    count: int  # games that played it here
    green_wins: int
    draws: int
    purple_wins: int

    @property
    def score(self) -> float:
        """Green's score in these games, draws ½ (0..1)."""
        return (self.green_wins + 0.5 * self.draws) / self.count

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "score": self.score}


def rules_name(position: Position) -> str:
    """The rules a position is played under, as text (``"standard"`` by default)."""
    return str(getattr(position, "rules", None) or "standard")


def position_key(position: Position, decisions: Sequence[str] = ()) -> str:
    """The explorer's key of ``position`` (a CPN boundary), or of the mid-effect position
    reached from it by ``decisions`` (their texts)."""
    key = f"{rules_name(position)}|{position.cpn()}"
    return f"{key}|{' '.join(decisions)}" if decisions else key


def digest(key: str) -> int:
    """The 64-bit key stored for ``key``."""
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "little")


def line_keys(positions: Sequence[Position], decisions: Sequence[Any]) -> list[int]:
    """The digest of the position before each decision of a line (``positions`` holds the
    position before each decision). Mid-effect positions are keyed by their last CPN and
    the decisions since (see the module docstring)."""
    if not positions[0].at_boundary:
        raise ExplorerError("a game must start between placements (at a CPN) to be explored")
    out, base, since = [], "", []
    for position, decision in zip(positions, decisions, strict=False):
        if position.at_boundary:
            base, since = position_key(position), []
            out.append(digest(base))
        else:
            out.append(digest(f"{base}|{' '.join(since)}"))
        since.append(str(decision))
    return out


class Explorer:
    """An index of the decisions played from each position of a set of games."""

    def __init__(
        self,
        keys: np.ndarray,
        starts: np.ndarray,
        codes: np.ndarray,
        outcomes: np.ndarray,
        games: int,
        skipped: int = 0,
    ) -> None:
        self._keys = keys  # sorted unique position digests (uint64)
        self._starts = starts  # row range of keys[i]: starts[i] .. starts[i + 1]
        self._codes = codes  # per row: a decision code (int16)
        self._outcomes = outcomes  # per row: games won by Green, drawn, won by Purple
        self.games = games  # games indexed
        self.skipped = skipped  # unfinished games left out

    @property
    def positions(self) -> int:
        """How many distinct positions have at least one decision indexed."""
        return len(self._keys)

    def __repr__(self) -> str:
        return f"<Explorer: {self.games:,} games, {self.positions:,} positions>"

    # ------------------------------------------------------------------ building

    @classmethod
    def build(cls, games: Iterable[Any], max_decisions: int | None = None) -> Explorer:
        """Index the main lines of the finished ``games`` (``Game`` or ``GameRecord``);
        ``max_decisions`` keeps only each game's first decisions (an opening book)."""
        if max_decisions is not None and (
            isinstance(max_decisions, bool) or not isinstance(max_decisions, int)
            or max_decisions < 1
        ):
            raise ExplorerError(f"max_decisions is a whole number from 1, not {max_decisions!r}")
        digests, codes, outcome_of_row = array("Q"), array("h"), array("b")
        indexed = skipped = 0
        for game in games:
            try:
                line = game_line(game)
            except BalanceError as e:
                raise ExplorerError(str(e)) from None
            positions = line.walk()
            result = positions[-1].result()
            if result is None:
                skipped += 1
                continue
            outcome = 1 if result.winner is None else (0 if result.winner == Player.GREEN else 2)
            decisions = line.decisions[:max_decisions] if max_decisions else line.decisions
            digests.extend(line_keys(positions, decisions))
            codes.extend(d.code for d in decisions)
            outcome_of_row.extend([outcome] * len(decisions))
            indexed += 1
        return cls._from_rows(
            np.frombuffer(digests, np.uint64) if digests else np.zeros(0, np.uint64),
            np.frombuffer(codes, np.int16) if codes else np.zeros(0, np.int16),
            np.frombuffer(outcome_of_row, np.int8) if outcome_of_row else np.zeros(0, np.int8),
            indexed,
            skipped,
        )

    @classmethod
    def _from_rows(cls, digests, codes, outcomes, games: int, skipped: int) -> Explorer:
        """Aggregate one row per (position, decision, game) into the sorted index."""
        order = np.lexsort((codes, digests))
        digests, codes, outcomes = digests[order], codes[order], outcomes[order]
        n = len(digests)
        new_group = np.ones(n, bool)
        if n:
            new_group[1:] = (digests[1:] != digests[:-1]) | (codes[1:] != codes[:-1])
        group_starts = np.flatnonzero(new_group)
        counts = np.zeros((len(group_starts), 3), np.int32)
        for k in range(3):
            hits = (outcomes == k).astype(np.int32)
            counts[:, k] = np.add.reduceat(hits, group_starts) if n else hits[:0]
        group_digests = digests[group_starts]
        new_key = np.ones(len(group_starts), bool)
        new_key[1:] = group_digests[1:] != group_digests[:-1]
        key_rows = np.flatnonzero(new_key)
        starts = np.append(key_rows, len(group_starts)).astype(np.int64)
        return cls(
            group_digests[key_rows], starts, codes[group_starts], counts, games, skipped
        )

    # ------------------------------------------------------------------ queries

    def query(
        self, where: Any, decisions: Sequence[str] = (), limit: int | None = None
    ) -> list[Entry]:
        """The decisions played from ``where``, most played first (then listing order);
        the first ``limit`` of them if given.

        ``where`` is a position between placements, a :class:`GameNode` (any position,
        mid-effect included), or a position at a CPN with ``decisions`` (the ones played
        since, for a mid-effect position). Labels are readable decisions (movetext.py).
        """
        if limit is not None and (
            isinstance(limit, bool) or not isinstance(limit, int) or limit < 0
        ):
            raise ExplorerError(f"limit is None or an integer >= 0, not {clip(limit)}")
        position, key = _resolve(where, decisions)
        rows = sorted(self._rows(digest(key)), key=lambda row: -sum(row[1]))  # stable
        entries = []
        for code, (g, d, p) in rows[:limit]:
            try:
                label = decision_label(position, int(code))
            except CernunosError:  # only a 64-bit digest collision could bring one here
                continue
            text = str(position.parse_decision(int(code)))
            entries.append(Entry(text, label, int(g + d + p), int(g), int(d), int(p)))
        return entries

    def count(self, where: Any, decisions: Sequence[str] = ()) -> int:
        """How many different decisions were played from ``where``."""
        return len(self._rows(digest(_resolve(where, decisions)[1])))

    def _rows(self, key: int) -> list[tuple[int, tuple[int, int, int]]]:
        i = int(np.searchsorted(self._keys, np.uint64(key)))
        if i == len(self._keys) or int(self._keys[i]) != key:
            return []
        lo, hi = int(self._starts[i]), int(self._starts[i + 1])
        return [
            (int(c), tuple(int(x) for x in row))
            for c, row in zip(self._codes[lo:hi], self._outcomes[lo:hi], strict=True)
        ]

    # ------------------------------------------------------------------ files

    def save(self, path: str | Path) -> None:
        """Write the index to one compressed ``.npz`` file, replaced atomically
        (:func:`.record.destination.replacing`: written whole under a name of its own, then
        renamed; a failed save leaves none behind and the old file as it was; a link is
        followed).  :class:`ExplorerError` for a folder, a missing folder, or a FIFO or a
        device (an index is a file to load back)."""
        meta = {
            "format": FORMAT, "version": FORMAT_VERSION,
            "games": self.games, "skipped": self.skipped,
        }
        where = destination(path, "the explorer file", ExplorerError)
        if where.stream:
            raise where.refused("not a regular file (an explorer file is replaced whole)")
        with replacing(where) as (out, _separator):
            np.savez_compressed(
                out, meta=np.frombuffer(json.dumps(meta).encode(), np.uint8), keys=self._keys,
                starts=self._starts, codes=self._codes, outcomes=self._outcomes,
            )

    @classmethod
    def load(cls, path: str | Path, max_rows: int = MAX_ROWS) -> Explorer:
        """Read a file written by :meth:`save`; :class:`ExplorerError` naming the file and
        the part for anything else.  Sizes are checked from the arrays' headers, against
        the metadata and ``max_rows`` (decisions listed in all), before any array is
        decompressed, so a small hostile file cannot take much memory."""
        if type(max_rows) is not int or max_rows < 0:
            raise ExplorerError(f"max_rows is a number of rows from 0, not {clip(max_rows)}")
        try:
            with NpzReader(Path(path)) as z:
                meta = _read_meta(z, path)
                headers = {name: z.header(name) for name in _ARRAYS}
                _check_headers(path, headers, meta["games"], max_rows)
                keys, starts, codes, outcomes = (z.array(n, headers[n]) for n in _ARRAYS)
        except NpzError as e:
            raise ExplorerError(f"cannot read the explorer file {path}: {e}") from None
        _check_arrays(path, keys, starts, codes, outcomes, meta["games"])
        return cls(keys, starts, codes, outcomes, meta["games"], meta["skipped"])


def _damaged(path, part: str, reason: str) -> ExplorerError:
    return ExplorerError(f"the explorer file {path} is damaged: {part}: {reason}")


def _read_meta(z: NpzReader, path) -> dict[str, int]:
    """The metadata (format, version, games, skipped), checked."""
    header = z.header("meta")
    if header.dtype != np.uint8 or len(header.shape) != 1 or header.nbytes > MAX_META:
        raise _damaged(path, "meta", f"not JSON text of at most {MAX_META} bytes")
    try:
        meta = loads(z.array("meta", header).tobytes().decode())
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise _damaged(path, "meta", f"not JSON ({type(e).__name__})") from None
    if not isinstance(meta, dict) or (meta.get("format"), meta.get("version")) != (
        FORMAT, FORMAT_VERSION
    ):
        raise ExplorerError(f"{path} is not a cernunos explorer file of version {FORMAT_VERSION}")
    for field in ("games", "skipped"):
        value = meta.get(field)
        if type(value) is not int or not 0 <= value <= MAX_GAMES:
            raise _damaged(path, f"meta.{field}", f"a count of games, not {clip(value)}")
    return meta


def _check_headers(path, headers: dict[str, Header], games: int, max_rows: int) -> None:
    """The arrays' dtypes and shapes agree with each other, the metadata and the bounds."""
    for name, (dtype, columns) in _ARRAYS.items():
        header = headers[name]
        if header.dtype != dtype or header.shape[1:] != columns or not header.shape:
            raise _damaged(
                path, name, f"{header.dtype} {header.shape}, not {dtype} (n, {columns})"
            )
    rows, positions = headers["codes"].shape[0], headers["keys"].shape[0]
    bound = min(max_rows, games * MAX_GAME_DECISIONS)  # a game's length
    if rows > bound:
        raise _damaged(
            path, "codes", f"{rows:,} rows, more than {bound:,} ({games:,} games, "
            f"at most {max_rows:,} rows)"
        )
    if headers["outcomes"].shape[0] != rows:
        raise _damaged(path, "outcomes", f"{headers['outcomes'].shape[0]:,} rows, not {rows:,}")
    if headers["starts"].shape[0] != positions + 1 or positions > rows:
        raise _damaged(path, "keys, starts", f"{positions:,} keys for {rows:,} rows")


def _check_arrays(path, keys, starts, codes, outcomes, games: int) -> None:
    """The arrays' contents: sorted unique keys, row ranges that cover every row, and each
    row's counts from 1 to the games in the file."""
    if len(starts) and not (
        starts[0] == 0 and starts[-1] == len(codes) and bool(np.all(starts[1:] > starts[:-1]))
    ):
        raise _damaged(path, "starts", "the row ranges are not increasing from 0 to the rows")
    if not bool(np.all(keys[1:] > keys[:-1])):
        raise _damaged(path, "keys", "not sorted and unique")
    totals = outcomes.sum(axis=1, dtype=np.int64)
    if not (bool(np.all(outcomes >= 0)) and bool(np.all(totals >= 1))
            and bool(np.all(totals <= games))):
        raise _damaged(
            path, "outcomes", f"a row's counts are not from 1 to the {games:,} games in all"
        )


def _resolve(where: Any, decisions: Sequence[str]) -> tuple[Position, str]:
    """The position asked about and its key."""
    if isinstance(where, Position):
        if where.at_boundary:
            if decisions:
                position = where.play_line(list(decisions))
                return position, position_key(where, [str(d) for d in decisions])
            return where, position_key(where)
        raise ExplorerError(
            "a position in the middle of an effect has no CPN: query its GameNode, or the "
            "position at the last CPN with the decisions played since"
        )
    if hasattr(where, "position") and hasattr(where, "parent"):  # a GameNode
        node, since = where, []
        while not node.position.at_boundary:
            if node.parent is None:
                raise ExplorerError("this game starts in the middle of an effect")
            since.append(node.decision_text)
            node = node.parent
        return where.position, position_key(node.position, since[::-1])
    raise ExplorerError(
        f"query takes a Position or a GameNode, not a {type(where).__name__}"
    )
