"""Self-play streamed to a game file: the games are appended as they finish.

A long run keeps memory bounded (the finished games wait at most
:data:`FLUSH_SECONDS` or :data:`FLUSH_DECISIONS` decisions, then go to the file), and an
interrupted one (Ctrl-C, an error in a worker, ``kill -9``) leaves the games written so
far on disk, whole: each batch goes through :func:`.record.files.write_games`, which
appends it under the file's lock.  A rerun with ``resume=True`` (the command's default)
keeps the games already in the file, checked to be this run's first games (the same bots,
rules, seed and opening, rounds 1, 2, ...), and plays the rest; a file holding anything
else is refused before any game.  :func:`check_out` refuses a path the games could not be
written to, before any game is played.
"""

from __future__ import annotations

import errno
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from ..engine.errors import clip
from ..record.destination import NO_WAIT, Destination, claimed, destination, stream
from ..record.errors import GameFileError
from ..record.files import read_games, write_games
from ..record.tree import Game
from .outputs import check_folder
from .selfplay import PlayedGame, SelfPlay, SelfPlayError, to_game

FLUSH_SECONDS = 2.0  # finished games are appended at least this often while games finish
FLUSH_DECISIONS = 200_000  # ... and as soon as this many decisions wait (memory)
STDOUT = "-"  # the path that means standard output


def check_out(path: object) -> Path:
    """``path`` as a game file to write, or :class:`SelfPlayError` saying why it cannot be
    (a directory; a folder that does not exist, is not a folder or cannot be written; a
    name too long; a file system that refuses a new file)."""
    if not isinstance(path, (str, os.PathLike)) or not str(path):
        raise SelfPlayError(f"the game file is a path, not {clip(path)}")
    where = f"cannot write the games to {clip(str(path))}"
    if not os.path.lexists(path) or Path(path).is_symlink():
        try:  # a link is checked where it leads, as write_games follows it
            out = destination(path).path
        except GameFileError as e:
            raise SelfPlayError(f"{where}: {str(e).rpartition(': ')[2]}") from None
    else:
        out = Path(path)
    if out.is_dir():
        raise SelfPlayError(f"{where}: it is a directory")
    folder = out.absolute().parent
    if not folder.exists():
        raise SelfPlayError(f"{where}: its folder does not exist")
    if not folder.is_dir():
        raise SelfPlayError(f"{where}: {clip(str(folder))} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise SelfPlayError(f"{where}: its folder cannot be written")
    if not out.exists() or out.is_file():  # a device or a FIFO is written as a stream
        check_folder(_output(out, path))
    return out


def _output(out: Path, named: object) -> Destination:
    """``out`` as the destination of :func:`.outputs.check_folder`, refused as a self-play."""
    return Destination(out, False, str(named), "the games", SelfPlayError)


def _check_writable(out: Path, append: bool) -> None:
    """:class:`SelfPlayError`, before any game, when the system forbids writing the games
    into the existing file ``out``: appending to it (``append``: the file cannot be
    written), or replacing it (an immutable or append-only file, ``chattr +i`` / ``+a``).
    Nothing is written: the file is opened without truncating, and closed."""
    flags = os.O_WRONLY | (os.O_APPEND if append else 0) | NO_WAIT
    try:
        os.close(os.open(out, flags))
    except PermissionError as e:
        if append or e.errno == errno.EPERM:  # not replaceable (a read-only file is)
            how = "appended to" if append else "replaced"
            raise SelfPlayError(
                f"cannot write the games to {clip(str(out))}: it cannot be {how} "
                f"({e.strerror}); give another --out"
            ) from None


class RunResults(Counter):
    """How many games of the file had each result (``"1-0"`` ...), and how many of them
    were kept from an earlier, interrupted run (``resumed``)."""

    resumed: int = 0


def kept_games(run: SelfPlay, path: Path) -> RunResults:
    """The results of the games already in ``path`` (``resumed`` their number), each
    checked to be this run's game of that round: :class:`SelfPlayError` naming the file
    and the first game that is not (another run's file, more games than the run has, a
    file that is not a game file).  Reads one game at a time."""
    results = RunResults()
    tags = {**run.tags(), "Opening": str(run.opening or "")}
    refuse = f"{clip(str(path))} holds"
    advice = "give another --out, or --replace to replace it"
    try:
        for index, game in enumerate(read_games(path)):
            if index >= run.n:
                raise SelfPlayError(f"{refuse} more games than the {run.n} asked; {advice}")
            want = {**tags, "Round": str(index + 1)}
            for name, value in want.items():
                found = game.headers.get(name, "")
                if found != value:
                    raise SelfPlayError(
                        f"{refuse} games of another run: game {index + 1} has {name} "
                        f"{clip(found)}, this run's has {clip(value)}; {advice}"
                    )
            if not game.root.end().position.is_over:
                raise SelfPlayError(f"{refuse} an unfinished game {index + 1}; {advice}")
            results[game.headers["Result"]] += 1
            results.resumed += 1
    except GameFileError as e:
        raise SelfPlayError(f"{refuse} no games of this run: {e}; {advice}") from None
    return results


class _Appender:
    """Finished games waiting for the file, and the results of those written.  A regular
    file gets each batch through :func:`write_games` (the first batch replaces it, the
    next ones append); a stream (``out``: standard output, a FIFO, a device) stays open
    and gets the games in order, a blank line between batches as between games."""

    def __init__(
        self, run: SelfPlay, path: Path | None, out: IO[bytes] | None = None, named: str = ""
    ) -> None:
        self.run, self.path, self.out, self.tags = run, path, out, run.tags()
        self.named = named  # the stream's name, for errors
        self.waiting: list[PlayedGame] = []
        self.decisions = 0
        self.results = RunResults()
        self.started = False  # a batch was written (a file: the next ones append)
        self.last = time.monotonic()

    def add(self, played: PlayedGame) -> None:
        self.waiting.append(played)
        self.decisions += len(played.decisions)
        if self.decisions >= FLUSH_DECISIONS or time.monotonic() - self.last >= FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        """Write the waiting games, each batch once: one that failed is not tried again."""
        waiting, self.waiting = self.waiting, []
        self.decisions, self.last = 0, time.monotonic()
        results: Counter[str] = Counter()

        def games():
            for played in waiting:
                game = to_game(played, self.tags, self.run.rules)
                results[game.headers["Result"]] += 1
                yield game

        if self.out is None:
            self._to_file(games())
        elif waiting:
            self._to_stream(games())
        self.started = True
        self.results += results

    def _to_file(self, games: Iterator[Game]) -> None:
        """Append (or at first replace) the file; a write that fails (a full disk) leaves
        it as it was, and its :class:`GameFileError` says what the file keeps."""
        try:
            write_games(games, self.path, append=self.started)
        except GameFileError as e:
            kept = sum(self.results.values())
            if not kept:
                raise GameFileError(f"{e}; no game of the run was written") from None
            raise GameFileError(
                f"{e}; the file keeps the run's first {kept} games, whole: resume the run "
                "(the command without --replace) to play the others"
            ) from None

    def _to_stream(self, games: Iterator[Game]) -> None:
        """Write the games to the stream; a write it refuses (a full disk, ``/dev/full``)
        is a :class:`GameFileError`, a reader that left (a broken pipe) stays one."""
        try:
            if self.results:  # a game went out before: a blank line, as between games
                self.out.write(b"\n")
            write_games(games, self.out)
        except BrokenPipeError:
            raise
        except OSError as e:
            raise GameFileError(f"cannot write games to {self.named}: {e.strerror or e}") from None


def write_run(
    run: SelfPlay,
    path: str | os.PathLike,
    executor: object = None,
    *,
    resume: bool = False,
    **where,
) -> RunResults:
    """Play ``run`` into the game file ``path`` (:data:`STDOUT` for standard output, and a
    FIFO or a device is written as a stream), appending the games in index order as they
    finish; returns how many games of the file had each result (``"1-0"`` ...).  A regular
    file is replaced, or with ``resume`` continued: the games in it are kept if they are
    this run's first ones (:func:`kept_games`; else :class:`SelfPlayError`) and the run
    plays the others.  ``where`` as in :meth:`SelfPlay.played`.  Whatever stops the run,
    the games finished before it are in the file (and a run stopped before its first game
    leaves it as it was).  A file the system will not change (``chattr +i``) is refused
    before any game (:class:`SelfPlayError`); a write refused during the run (a full disk)
    is a :class:`GameFileError` saying how many games the file keeps."""
    # a stream is written unbuffered (``raw``): a write it refused leaves nothing behind
    # for the close to try again
    if path == STDOUT:
        sys.stdout.flush()
        with os.fdopen(os.dup(sys.stdout.fileno()), "wb", buffering=0) as raw:
            return _play(run, _Appender(run, None, raw, "standard output"), executor, where)
    out = check_out(path)
    target = destination(out)
    if target.stream:
        with stream(target) as handle:
            return _play(run, _Appender(run, None, handle.raw, str(path)), executor, where)
    with claimed(target, "self-play run"):  # a second run on this file: refused at once
        appender = _Appender(run, out)
        if resume and out.is_file():
            appender.results = kept_games(run, out)
            appender.started = appender.results.resumed > 0  # the next games are appended
        if out.is_file():  # before any game: the file can take them (#36 item 5)
            _check_writable(out, append=appender.started)
        return _play(run, appender, executor, where)


def _play(run: SelfPlay, appender: _Appender, executor: object, where: dict) -> RunResults:
    start = appender.results.resumed
    try:
        for played in run.played(executor, start=start, **where):
            appender.add(played)
    finally:
        if appender.waiting:
            appender.flush()
    if not appender.started:  # no game at all: the file is made, empty
        appender.flush()
    return appender.results
