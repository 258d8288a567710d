"""Batch analysis: every main-line position of every game, on any executor, to Parquet.

>>> from cernunos_widget.tools.batch import analyse_games, read_results
>>> report = analyse_games("tournament.cgn", Limit(nodes=20_000), out="analysis/")
>>> read_results("analysis/")                      # a pandas DataFrame, a row a position

Work is cut in *one task per game* (lichess's fishnet does the same): a task replays its
game and analyses the positions of its main line (the start and the position after each
decision, the last one included) that no other game of the run has; each analysis starts
from a fresh table, so with a node limit a position's result is the same whichever worker
computes it and whatever it computed before.

* **Cache.** A position (its CPN, or between the decisions of an effect its last CPN and
  the decisions since) is searched once per run: the first game that holds it owns it,
  later games copy its result (``cached`` is True in their rows).  Entries are keyed by
  rules and position; the limit, engine and engine version are the same for a whole run
  (a resumed run checks them).
* **Output.** ``out`` is a directory, one Parquet file per finished game
  (``game-00000012.parquet``), each written to a temporary name and renamed, so a file is
  either whole or absent.  :data:`COLUMNS` lists the columns.  ``worker`` (host:pid) and
  ``seconds`` describe the run; every other column is a function of the game, the limit
  and the engine only.
* **Resume.** Run again with the same ``out``: games with a file are read back, not
  searched (their positions fill the cache); a file made from another input file, for
  another game or index, with another limit, engine or version, or holding fewer rows
  than its game, is an error naming it (:mod:`.provenance`), never silently mixed.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import time
from collections.abc import Iterable, Iterator, Sized
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..engine import CernunosError, Player, Position
from ..engine.errors import clip
from ..record.destination import Destination, claimed, destination, replacing
from ..record.tree import Game
from ..solver import Limit, analyse, check_engine
from ..version import __version__
from .executors import executor_for
from .outputs import check_folder
from .provenance import file_digest, made_from, mismatch
from .selfplay import start_position

COLUMNS = (
    ("game", "int64"),  # the game's index in the input, from 0
    ("ply", "int64"),  # decisions from the game's start (0: the start)
    ("node", "int64"),  # the main-line node's id in the game (GameNode.id)
    ("cpn", "string"),  # the position's CPN; null in the middle of an effect
    ("decider", "string"),  # 'g' or 'p'; null when the game is over
    ("decision", "string"),  # the game's decision that led here; null at ply 0
    ("value", "float64"),  # -1 .. 1 from Green's side (1 / 0 / -1 when proven)
    ("proven", "bool"),  # the value is exact (or the game is over)
    ("best", "string"),  # the best decision found; null when the game is over
    ("pv", "string"),  # the principal variation, decision texts joined by spaces
    ("depth", "int64"),  # the depth reached (decisions)
    ("nodes", "int64"),  # decisions the search applied
    ("cached", "bool"),  # copied from the same position earlier in the run
    ("seconds", "float64"),  # the search's wall time (a measurement, not a result)
    ("worker", "string"),  # host:pid of the process that searched (a measurement)
)
MEASUREMENTS = ("seconds", "worker")
DEFAULT_LIMIT = Limit(nodes=10_000)
WINDOW = 256  # tasks in flight at most: memory stays bounded on long inputs
_FILE = "game-{:08d}.parquet"
_META = b"cernunos"


class BatchError(CernunosError):
    """Bad input to a batch analysis: limit, games, output directory, results."""


# ---------------------------------------------------------------------------- tasks


@dataclass(frozen=True)
class Task:
    """One game's positions to search (small to send to a worker)."""

    game: int
    start: str  # the start CPN
    rules: str
    decisions: tuple[str, ...]  # the main line
    plies: tuple[int, ...]  # the positions to search, by ply
    limit: Limit
    engine: str


Analysis = tuple[float, bool, str | None, str, int, int, float, str]
# value, proven, best, pv, depth, nodes, seconds, worker


@dataclass
class TaskResult:
    game: int
    analyses: dict[int, Analysis]  # by ply
    searches: int


def worker_id() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def run_task(task: Task) -> TaskResult:
    """Replay the game and search the asked positions, each with a fresh table."""
    position = start_position(task.rules, task.start)
    positions = [position]
    for decision in task.decisions[: max(task.plies, default=0)]:
        position = position.play(decision)
        positions.append(position)
    me = worker_id()
    analyses = {}
    for ply in task.plies:
        analyses[ply] = analyse_position(positions[ply], task.limit, task.engine, me)
    return TaskResult(task.game, analyses, len(task.plies))


def analyse_position(position: Position, limit: Limit, engine: str, worker: str) -> Analysis:
    """One search of a position whose game goes on; values from Green's side."""
    started = time.perf_counter()
    info = analyse(position, limit, engine=engine, threads=1)[0]  # the workers are the parallelism
    seconds = time.perf_counter() - started
    pv = " ".join(str(d) for d in info.pv)
    value = info.pov.green().number  # the analysis's value is its decider's
    return (value, info.proven, str(info.decision), pv, info.depth, info.nodes, seconds, worker)


def _final(position: Position) -> Analysis:
    """A finished game's value: the result (R-15, R-17), proven, nothing searched."""
    winner = position.result().winner
    value = 0.0 if winner is None else (1.0 if winner == Player.GREEN else -1.0)
    return (value, True, None, "", 0, 0, 0.0, "")


# ---------------------------------------------------------------------------- the run


@dataclass
class BatchReport:
    """What a run did; ``results`` holds the rows when there was no ``out`` directory."""

    games: int = 0  # games in the input
    analysed: int = 0  # games finished by this run
    resumed: int = 0  # games read back from ``out``
    positions: int = 0  # rows written by this run
    searches: int = 0  # positions searched by this run
    cache_hits: int = 0  # rows copied from a search made for another row
    out: Path | None = None
    results: Any = None  # a pandas DataFrame when ``out`` is None
    workers: set[str] = field(default_factory=set)  # host:pid of the processes that searched

    def __str__(self) -> str:
        return (
            f"{self.games} games: {self.analysed} analysed, {self.resumed} resumed; "
            f"{self.positions} positions, {self.searches} searches, "
            f"{self.cache_hits} cache hits"
        )


@dataclass
class _Pending:
    """A game whose file is not written yet."""

    index: int
    fingerprint: str
    rows: list[dict[str, Any]]  # the game's columns, without the analyses
    keys: list[tuple[str, str]]  # (rules, position key) by ply
    own: set[int]  # plies this game searches itself
    task_done: bool = False


class _Run:
    def __init__(
        self,
        limit: Limit,
        engine: str,
        out: Path | None,
        progress: bool,
        total: int | None,
        source: str | None = None,
    ) -> None:
        self.source = source  # the input file's digest (None: games given as objects)
        self.limit = limit
        self.engine = engine
        self.out = out
        self.settings = json.dumps(
            {
                "limit": [limit.time, limit.nodes, limit.depth],
                "engine": engine,
                "version": __version__,
            },
        )
        self.cache: dict[tuple[str, str], Analysis] = {}
        self.owner: dict[tuple[str, str], int] = {}
        self.waiting: dict[tuple[str, str], list[int]] = {}
        self.pending: dict[int, _Pending] = {}
        self.report = BatchReport(out=out)
        self.frames: list[Any] = []
        from tqdm import tqdm

        self.bar = tqdm(desc="analysing games", unit=" games", total=total, disable=not progress)

    def add(self, index: int, game: Game) -> Task | None:
        """Plan a game: resume it, or the task searching the positions it owns."""
        self.report.games += 1
        rules = str(game.root.position.rules)
        fingerprint = _fingerprint(game)
        rows, keys, positions = _layout(index, game, rules)
        stored = self._stored(index, fingerprint, len(keys))
        if stored is not None:  # resumed: its positions feed the cache
            for key, analysis in zip(keys, stored, strict=True):
                self.cache.setdefault(key, analysis)
            self.report.resumed += 1
            self.bar.update(1)
            return None
        pending = _Pending(index, fingerprint, rows, keys, set())
        for ply, (key, position) in enumerate(zip(keys, positions, strict=True)):
            if key in self.cache or key in self.owner:
                if self.owner.get(key) != index and key not in self.cache:
                    self.waiting.setdefault(key, []).append(index)
                continue
            if position.is_over:
                self.cache[key] = _final(position)
                continue
            self.owner[key] = index
            pending.own.add(ply)
        self.pending[index] = pending
        if not pending.own:
            pending.task_done = True
            self._try_finish(index)
            return None
        first = positions[0]
        return Task(
            index,
            first.cpn(),
            rules,
            tuple(row["decision"] for row in rows[1:]),
            tuple(sorted(pending.own)),
            self.limit,
            self.engine,
        )

    def done(self, result: TaskResult) -> None:
        """A task's searches arrived: fill the cache, then finish what they unblock."""
        pending = self.pending[result.game]
        pending.task_done = True
        self.report.searches += result.searches
        unblocked = {result.game}
        for ply, analysis in result.analyses.items():
            key = pending.keys[ply]
            self.cache[key] = analysis
            del self.owner[key]
            unblocked.update(self.waiting.pop(key, ()))
            self.report.workers.add(analysis[7])
        for index in sorted(unblocked):
            self._try_finish(index)

    def _try_finish(self, index: int) -> None:
        pending = self.pending.get(index)
        if pending is None or not pending.task_done:
            return
        if any(key not in self.cache for key in pending.keys):
            return
        rows = pending.rows
        seen: set[tuple[str, str]] = set()
        for ply, (row, key) in enumerate(zip(rows, pending.keys, strict=True)):
            analysis = self.cache[key]
            searched_here = ply in pending.own and key not in seen
            seen.add(key)
            row.update(zip(_ANALYSIS_COLUMNS, analysis, strict=True))
            row["cached"] = not searched_here and analysis[2] is not None  # not a final one
            self.report.cache_hits += row["cached"]
        table = _table(rows, made_from(self.source, index, pending.fingerprint, self.settings))
        if self.out is None:
            self.frames.append(table)
        else:
            _write_atomic(table, self.out / _FILE.format(index))
        del self.pending[index]
        self.report.analysed += 1
        self.report.positions += len(rows)
        self.bar.update(1)

    def _stored(self, index: int, fingerprint: str, positions: int) -> list[Analysis] | None:
        """The analyses of a game already in ``out``, or None; BatchError if the file was
        not made from this input, for this game, with these settings, whole
        (:mod:`.provenance`)."""
        if self.out is None:
            return None
        path = self.out / _FILE.format(index)
        if not path.exists():
            return None
        if not path.is_file():  # a FIFO would block the reader for ever
            raise BatchError(f"{path} is not a regular file, so not a results file")
        import pyarrow.parquet as pq

        try:
            table = pq.read_table(path)
            meta = json.loads((table.schema.metadata or {}).get(_META, b"{}"))
            stored = table.select(list(_ANALYSIS_COLUMNS)).to_pylist()
            place = table.select(["game", "ply"]).to_pydict()
        except Exception as error:  # not a file of ours (ours are renamed whole)
            raise BatchError(f"{path} is not a readable results file: {clip(str(error))}") from None
        expected = made_from(self.source, index, fingerprint, self.settings)
        problem = mismatch(meta, expected, place["game"], place["ply"], positions)
        if problem is not None:
            raise BatchError(f"{path} {problem}")
        return [tuple(row[c] for c in _ANALYSIS_COLUMNS) for row in stored]

    def close(self) -> BatchReport:
        self.bar.close()
        if self.out is None:
            import pyarrow as pa

            self.report.results = _sorted(
                pa.concat_tables(self.frames) if self.frames else _empty()
            )
        return self.report


_ANALYSIS_COLUMNS = ("value", "proven", "best", "pv", "depth", "nodes", "seconds", "worker")


def _layout(
    index: int, game: Game, rules: str
) -> tuple[list[dict[str, Any]], list[tuple[str, str]], list[Position]]:
    """The static columns, cache keys and positions of a game's main line (start first)."""
    rows, keys, positions = [], [], []
    base, since = "", []
    for ply, node in enumerate([game.root, *game.mainline()]):
        position = node.position
        if position.at_boundary:
            base, since = position.cpn(), []
            cpn = base
        else:
            since.append(node.decision_text)
            cpn = None
        decider = position.decider
        rows.append(
            {
                "game": index,
                "ply": ply,
                "node": node.id,
                "cpn": cpn,
                "decider": None if decider is None else decider.letter,
                "decision": node.decision_text or None,
            }
        )
        keys.append((rules, base if not since else f"{base} | {' '.join(since)}"))
        positions.append(position)
    return rows, keys, positions


def _fingerprint(game: Game) -> str:
    """Identifies a game's tags and moves (a resumed run checks it against the file)."""
    headers = getattr(game, "headers", {}) or {}
    text = json.dumps(sorted(headers.items())) + "\n" + game.export()
    return hashlib.sha256(text.encode()).hexdigest()


def _schema():
    import pyarrow as pa

    kinds = {
        "int64": pa.int64(),
        "string": pa.string(),
        "float64": pa.float64(),
        "bool": pa.bool_(),
    }
    return pa.schema([(name, kinds[kind]) for name, kind in COLUMNS])


def _table(rows: list[dict[str, Any]], meta: dict[str, Any]):
    import pyarrow as pa

    schema = _schema().with_metadata({_META: json.dumps(meta)})
    return pa.Table.from_pylist(rows, schema=schema)


def _empty():
    return _schema().empty_table()


def _write_atomic(table, path: Path) -> None:
    """Write ``path`` whole or not at all (:func:`.record.destination.replacing`: a
    temporary file in the same folder, renamed, deleted on failure; a link followed); a
    FIFO or a device there is refused, as a results file must be read back."""
    import pyarrow.parquet as pq

    where = destination(path, "the results", BatchError)
    if where.stream:
        raise where.refused("not a regular file (a results file is replaced whole)")
    with replacing(where) as (out, _separator):
        pq.write_table(table, out)


def _sorted(table):
    frame = table.replace_schema_metadata(None).to_pandas()
    return frame.sort_values(["game", "ply"], kind="stable").reset_index(drop=True)


# ---------------------------------------------------------------------------- API


def _check_extra() -> None:
    """pyarrow and pandas come with the ``batch`` extra: say so when they are missing."""
    try:
        import pandas  # noqa: F401
        import pyarrow.parquet  # noqa: F401
    except ImportError as error:
        raise BatchError(
            f"batch analysis needs pyarrow and pandas ({error}): "
            'pip install "cernunos-widget[batch]"'
        ) from None


def _check_limit(limit: object) -> Limit:
    if limit is None:
        return DEFAULT_LIMIT
    if not isinstance(limit, Limit):
        raise BatchError(f"limit is a solver Limit (nodes= or time=), not {clip(limit)}")
    if limit.nodes is None and limit.time is None:
        raise BatchError("a batch limit needs nodes= (reproducible) or time=, else it never ends")
    return limit


def _games(games: object) -> Iterator[Game]:
    if isinstance(games, (str, os.PathLike)):
        from ..record.files import read_games

        yield from read_games(games)
        return
    if isinstance(games, Game):
        yield games
        return
    if not isinstance(games, Iterable):
        raise BatchError(f"games are a file path or Game objects, not {clip(games)}")
    for game in games:
        if not isinstance(game, Game):
            raise BatchError(f"games are a file path or Game objects, not {clip(game)}")
        yield game


def _out_dir(out: object) -> Path | None:
    if out is None:
        return None
    if not isinstance(out, (str, os.PathLike)):
        raise BatchError(f"out is a directory path, not {clip(out)}")
    path = Path(out)
    if path.exists() and not path.is_dir():
        raise BatchError(f"out must be a directory, and {clip(str(path))} is a file")
    return path  # made as the run starts


def analyse_games(
    games: Iterable[Game] | str | os.PathLike,
    limit: Limit | None = None,
    executor: Executor | object | None = None,
    out: str | os.PathLike | None = None,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    engine: str = "auto",
    progress: bool = False,
) -> BatchReport:
    """Analyse every main-line position of every game (a game per task).

    ``games``: Game objects or a game file (read as a stream).  ``limit``: per position
    (default ``Limit(nodes=10_000)``; a node limit makes results reproducible).  Work goes
    to ``executor`` (any ``concurrent.futures.Executor`` or a Dask ``Client``), else to
    the Dask ``scheduler`` at that address, else to ``workers`` local processes (``None``:
    one per core; 1: this process).  ``engine`` as in :func:`.analyse` (``"auto"``: under a
    node limit, alpha-beta).  Results stream to the Parquet directory ``out``
    (resumable), or come back in ``report.results`` (a pandas DataFrame) without one.
    """
    _check_extra()
    limit = _check_limit(limit)
    check_engine(engine)
    sized = isinstance(games, Sized) and not isinstance(games, (str, Game))
    total = len(games) if sized else None
    source = file_digest(games) if isinstance(games, (str, os.PathLike)) else None
    directory = _out_dir(out)
    with _claimed(directory):
        run = _Run(limit, engine, directory, progress, total, source)
        report = _analyse(run, games, executor, workers, scheduler)
    return report


@contextmanager
def _claimed(directory: Path | None) -> Iterator[None]:
    """Make the results folder and hold it for the whole run: a second run on it is
    refused at once, and a folder that cannot take the results before any game; a run
    that fails before its first result leaves no folder it made."""
    if directory is None:
        yield
        return
    where = Destination(
        Path(os.path.realpath(directory)), False, str(directory), "the results", BatchError
    )
    made = not directory.exists()
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise where.refused(f"it cannot be made ({e.strerror or e})") from None
    try:
        with claimed(where, "batch analysis"):
            # before any game: its results can be written there (#36 item 5)
            check_folder(replace(where, path=where.path / _FILE.format(0)))
            yield
    except BaseException:
        if made:  # a run refused or stopped before its first result leaves no folder
            with suppress(OSError):
                directory.rmdir()
        raise


def _analyse(run: _Run, games, executor, workers: int | None, scheduler: str | None):
    try:
        with executor_for(executor, workers, scheduler) as pool:
            if pool is None:
                for index, game in enumerate(_games(games)):
                    task = run.add(index, game)
                    if task is not None:
                        run.done(run_task(task))
            else:
                _pipeline(run, pool, _games(games))
    finally:
        report = run.close()
    return report


def _pipeline(run: _Run, pool: Executor, games: Iterator[Game]) -> None:
    """Submit tasks as games are read, at most :data:`WINDOW` in flight."""
    in_flight: set[Future] = set()

    def collect() -> None:
        nonlocal in_flight
        finished, in_flight = wait(in_flight, return_when=FIRST_COMPLETED)
        for result in sorted((f.result() for f in finished), key=lambda r: r.game):
            run.done(result)

    try:
        for index, game in enumerate(games):
            task = run.add(index, game)
            if task is not None:
                in_flight.add(pool.submit(run_task, task))
            while len(in_flight) >= WINDOW:
                collect()
        while in_flight:
            collect()
    finally:
        for future in in_flight:
            future.cancel()


def read_results(directory: str | os.PathLike):
    """The rows of a results directory as a pandas DataFrame, sorted by game and ply."""
    _check_extra()
    import pyarrow.parquet as pq

    path = Path(directory)
    if not path.is_dir():
        raise BatchError(f"no results directory {clip(str(path))}")
    files = sorted(path.glob("game-*.parquet"))
    if not files:
        return _sorted(_empty())
    import pyarrow as pa

    tables = []
    for file in files:
        try:
            table = pq.read_table(file, schema=_schema())
        except Exception as error:  # not a file of ours
            raise BatchError(f"{file} is not a readable results file: {clip(str(error))}") from None
        games = set(table.column("game").to_pylist())
        names = {_FILE.format(g) for g in games if isinstance(g, int)}
        if len(games) != 1 or names != {file.name}:
            raise BatchError(
                f"{file} holds the rows of games {sorted(games)[:3]}, not of the game its name "
                "says: it belongs to another run"
            )
        tables.append(table)
    return _sorted(pa.concat_tables(tables))
