"""A big game tree through the page (issue #24 item 7): what opening it costs the kernel and
what the page receives, and what a static page of it weighs.

A tree of ``--nodes`` positions (99,000 by default: under the 100,000 a game may hold) is
grown by random decisions from random nodes (seeded), written as a ``.cgn`` text, then
opened through the page's request (``load_cgn``, as Open .cgn… does): the time the handler
holds the session, the reply's size; then ``w.to_html()``'s time and size.

    python benchmarks/big_tree.py [--nodes 99000]
"""

from __future__ import annotations

import argparse
import json
import random
import time

from cernunos_widget.record.files import format_game
from cernunos_widget.record.tree import Game
from cernunos_widget.widget.adapter import CernunosWidget


def grow(nodes: int, seed: int = 7) -> Game:
    """A tree of ``nodes`` positions: random decisions from recent nodes, and some old ones."""
    rng = random.Random(seed)
    game = Game()
    pool = [game.root]
    while game.next_id < nodes:
        node = rng.choice(pool[-200:]) if rng.random() < 0.9 else rng.choice(pool)
        options = node.position.legal_texts()
        if options:
            before = game.next_id
            child = node.play(rng.choice(options))
            if game.next_id > before:
                pool.append(child)
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=99_000)
    args = parser.parse_args()
    started = time.perf_counter()
    game = grow(args.nodes)
    text = format_game(game)
    print(f"tree: {len(game.nodes()):,} nodes, .cgn text {len(text.encode()) / 1e3:,.0f} KB "
          f"(grown in {time.perf_counter() - started:.1f} s)")
    w = CernunosWidget()
    replies: list[dict] = []
    w.send = lambda content, buffers=None: replies.append(content)
    started = time.perf_counter()
    w._on_page_message(w, {"type": "load_cgn", "text": text, "id": 1, "gen": 0}, [])  # noqa: SLF001
    held = time.perf_counter() - started
    reply = replies[-1]
    assert reply["ok"], reply["message"]
    size = len(json.dumps(reply, ensure_ascii=False).encode())
    print(f"load_cgn: answered in {held:.1f} s, reply {size / 1e6:.2f} MB")
    started = time.perf_counter()
    html = w.to_html()
    print(f"to_html: {time.perf_counter() - started:.1f} s, page {len(html.encode()) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
