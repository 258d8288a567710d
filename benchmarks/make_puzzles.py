"""Mine the committed puzzles from the self-play games of benchmarks/data/strong_games.txt.

    nice -n 10 python benchmarks/make_puzzles.py [LOG] [--time S] [--wanted N]

Appends to LOG (default benchmarks/data/puzzles_log.jsonl): stop it anywhere and run it
again to go on.  `cernunos puzzles build LOG` then writes cernunos_widget/puzzles/puzzles.json.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from cernunos_widget.engine import Position
from cernunos_widget.puzzles import candidates, mine
from cernunos_widget.solver import Limit

DATA = Path(__file__).parent / "data"
GAMES = DATA / "strong_games.txt"  # seed TAB decision codes (calibrate.py's self-play)


def games(part: int = 0, parts: int = 1):
    lines = [x for x in GAMES.read_text().splitlines() if x and not x.startswith("#")]
    for line in lines[part::parts]:
        _, codes = line.split("\t")
        yield Position.start(), [int(c) for c in codes.split()]


def new_games(first: int, part: int = 0, parts: int = 1):
    """Strong games not in the file: seeds ``first``, ``first + 1``, ... played now
    (``sets.play_strong_game``: a random opening, then NodeBot on both sides)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from sets import play_strong_game

    seed = first + part
    while True:
        yield Position.start(), play_strong_game(seed)
        seed += parts


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("log", nargs="?", default=str(DATA / "puzzles_log.jsonl"))
    parser.add_argument("--time", type=float, default=20.0, help="seconds per search")
    parser.add_argument("--wanted", type=int, default=None)
    parser.add_argument("--part", default="0/1", help="I/N: every Nth game from the Ith")
    parser.add_argument(
        "--new",
        type=int,
        default=None,
        metavar="SEED",
        help="play new strong games from SEED on instead of the stored ones",
    )
    args = parser.parse_args()
    started = time.monotonic()

    def found(puzzle, report):
        print(
            f"{report.found:4d} found / {report.tried} tried, {time.monotonic() - started:7.0f}s:"
            f" {puzzle.tokens} tokens, rating {puzzle.rating}, {' '.join(puzzle.themes)}",
            flush=True,
        )

    part = tuple(map(int, args.part.split("/")))
    source = games(*part) if args.new is None else new_games(args.new, *part)
    report = mine(
        candidates(source),
        args.log,
        Limit(time=args.time),
        wanted=args.wanted,
        on_found=found,
    )
    print(
        f"tried {report.tried}, found {report.found}, skipped {report.skipped}, "
        f"{report.seconds:.0f}s"
    )


if __name__ == "__main__":
    main()
