"""How long a page's "Open .cgn…" holds the session (a script, not a test).

    python benchmarks/page_files.py [--chars 30000 59000 400000] [--seed 1]

The page sends a ``.cgn`` file's text (``load_cgn``); the kernel reads the games up to the
one asked for, each replayed through the engine, under the session's lock.  For each size
(characters) three files of about that size are opened at their last game: tiny games
(``B@b2``, the most games a character), random games played to their end with their tags,
and one game whose tree grows random variations; the time and microseconds a character
are printed, or the refusal when the text is over the page's limit
(``session.gamefiles.PAGE_CGN_CHARS``).  Figures are noisy on a shared machine.
"""

from __future__ import annotations

import argparse
import random
import time

from cernunos_widget.engine import CernunosError
from cernunos_widget.record.files import fill_result, format_game
from cernunos_widget.record.tree import Game
from cernunos_widget.session import Session, gamefiles
from cernunos_widget.solver import RandomBot, play_game


def tiny_games(chars: int) -> tuple[str, int]:
    count = chars // 6
    return "B@b2\n\n" * count, count - 1


def played_games(chars: int, seed: int) -> tuple[str, int]:
    texts, size = [], 0
    while size < chars:
        i = len(texts)
        record = play_game(RandomBot(seed + 2 * i), RandomBot(seed + 2 * i + 1))
        game = Game(record.start, {"Green": "random", "Purple": "random", "Round": str(i)})
        node = game.root
        for decision in record.decisions:
            node = node.play(decision)
        texts.append(format_game(fill_result(game)) + "\n")
        size += len(texts[-1])
    return "".join(texts), len(texts) - 1


def variation_tree(chars: int, seed: int) -> tuple[str, int]:
    rng = random.Random(seed)
    game = Game()
    nodes = [game.root]
    size = 0
    while size < chars:
        node = rng.choice(nodes)
        for _ in range(20):
            if node.position.is_over:
                break
            node = node.play(rng.choice(node.position.legal_texts()))
            nodes.append(node)
            size += 6
    return format_game(game), 0


def opened(text: str, index: int) -> tuple[float, str]:
    """Seconds ``open_cgn`` took, and what it said (or refused)."""
    session = Session()
    started = time.perf_counter()
    try:
        said = gamefiles.open_cgn(session, text, index)
    except CernunosError as error:
        said = f"refused: {error}"
    return time.perf_counter() - started, said


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, nargs="+", default=[30_000, 59_000, 400_000])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for chars in args.chars:
        shapes = {
            "tiny games": tiny_games(chars),
            "played games": played_games(chars, args.seed),
            "variation tree": variation_tree(chars, args.seed),
        }
        for name, (text, index) in shapes.items():
            seconds, said = opened(text, index)
            per_char = seconds / len(text) * 1e6
            print(
                f"{name:15} {len(text):>9,} chars, game index {index:>6,}: {seconds:6.2f} s "
                f"({per_char:4.1f} us/char) {said[:70]}"
            )


if __name__ == "__main__":
    main()
