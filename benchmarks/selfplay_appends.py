"""Self-play's streamed appends: what an append costs as the file grows (a script, not a test).

    python benchmarks/selfplay_appends.py [--games 2000] [--batch 1] [--sizes 1 10 50] [--runs 3]

Formats ``--games`` short games (tags and two decisions, about 130 bytes each), then appends
them to a new ``.cgn`` file ``--batch`` at a time with ``write_games(..., append=True)``,
as ``cernunos selfplay --out`` does at each flush (the worst case, one game a flush), and
prints the total time and the time of the first and of the last 10% of the appends: with
an append that copies the file (main before issue #24's leftovers) the last ones cost far
more than the first (quadratic in the run's length); with an ``O_APPEND`` write they cost
the same.  Then the time of one append of one game to files of ``--sizes`` megabytes (a
long run's file: 30,000 random games are about 60 MB).  The best of ``--runs`` is printed;
on a shared machine the figures are noisy.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from cernunos_widget.record.files import format_game, read_games, write_games
from cernunos_widget.record.tree import Game


def short_games(count: int) -> list[Game]:
    games = []
    for i in range(count):
        game = Game(headers={"Green": "random", "Purple": "random", "Round": str(i + 1)})
        game.root.play("B@b2").play("B@b3")
        games.append(game)
    return games


def run_once(games: list[Game], batch: int) -> tuple[float, float, float]:
    """Seconds for all appends, for the first 10% of them and for the last 10%."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.cgn"
        batches = [games[i : i + batch] for i in range(0, len(games), batch)]
        times = []
        for chunk in batches:
            start = time.perf_counter()
            write_games(chunk, path, append=True)
            times.append(time.perf_counter() - start)
        assert sum(1 for _ in read_games(path)) == len(games)
        tenth = max(1, len(times) // 10)
        return sum(times), sum(times[:tenth]), sum(times[-tenth:])


def one_append(games: list[Game], megabytes: int) -> float:
    """Seconds to append one game to a file of about ``megabytes`` MB of games."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.cgn"
        text = "\n".join(format_game(g) for g in games).encode() + b"\n"
        with open(path, "wb") as out:
            for _ in range(megabytes * 2**20 // len(text) + 1):
                out.write(text)
            out.flush()
            os.fsync(out.fileno())  # on disk before the clock starts
        start = time.perf_counter()
        write_games(games[:1], path, append=True)
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=1, help="games an append")
    parser.add_argument("--sizes", type=int, nargs="*", default=[1, 10, 50], help="MB")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    games = short_games(args.games)
    best = min((run_once(games, args.batch) for _ in range(args.runs)), key=lambda t: t[0])
    total, first, last = best
    appends = -(-args.games // args.batch)
    print(f"{args.games} games, {appends} appends of {args.batch}: {total:.2f} s in all")
    print(f"  first 10% of the appends: {first * 1000:.1f} ms")
    print(f"  last 10% of the appends:  {last * 1000:.1f} ms ({last / first:.1f}x the first)")
    for megabytes in args.sizes:
        best = min(one_append(games[:100], megabytes) for _ in range(args.runs))
        print(f"one game appended to a {megabytes} MB file: {best * 1000:.1f} ms")


if __name__ == "__main__":
    main()
