"""Game files: games written and read per second (a script, not a test).

    python benchmarks/games_io.py [--games 1000] [--seed 1] [--runs 3]

Plays ``--games`` random games to their end (random bots, about 60 decisions each, their
Result and Score filled in), writes them to a temporary ``.cgn`` file with ``write_games``
and reads them back with ``read_games``; then the same for games of two decisions (where the
file handling, not the engine replaying the decisions, is what costs).  Reading replays
every decision through the engine (``Position.play``), so it is bounded by the engine's
speed.  The best of ``--runs`` is printed; on a shared machine the figures are noisy.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from cernunos_widget.record.files import fill_result, read_games, write_games
from cernunos_widget.record.tree import Game
from cernunos_widget.solver import RandomBot, play_game


def random_games(count: int, seed: int) -> list[Game]:
    games = []
    for i in range(count):
        record = play_game(RandomBot(seed + 2 * i), RandomBot(seed + 2 * i + 1))
        game = Game(record.start, {"Green": "random", "Purple": "random", "Round": str(i)})
        node = game.root
        for decision in record.decisions:
            node = node.play(decision)
        games.append(fill_result(game))
    return games


def short_games(count: int) -> list[Game]:
    games = []
    for i in range(count):
        game = Game(headers={"Round": str(i)})
        game.root.play("B@b2").play("B@b3").comment = "a short game"
        games.append(game)
    return games


def measure(name: str, games: list[Game], runs: int) -> None:
    decisions = sum(len(g.nodes()) - 1 for g in games)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.cgn"
        write_s = read_s = float("inf")
        for _ in range(runs):
            t = time.perf_counter()
            write_games(games, path)
            write_s = min(write_s, time.perf_counter() - t)
            t = time.perf_counter()
            count = sum(1 for _ in read_games(path))
            read_s = min(read_s, time.perf_counter() - t)
        assert count == len(games)
        size = path.stat().st_size
    print(
        f"{name}: {len(games):,} games, {decisions / len(games):.1f} decisions each, "
        f"{size / 1e6:.2f} MB\n"
        f"  write_games: {len(games) / write_s:10,.0f} games/s  ({size / 1e6 / write_s:.1f} MB/s)\n"
        f"  read_games:  {len(games) / read_s:10,.0f} games/s  ({decisions / read_s:,.0f} "
        f"decisions/s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    t = time.perf_counter()
    games = random_games(args.games, args.seed)
    print(f"(played {args.games:,} random games in {time.perf_counter() - t:.1f} s)")
    measure("finished random games", games, args.runs)
    measure("two-decision games", short_games(args.games * 10), args.runs)


if __name__ == "__main__":
    main()
