"""A big game tree through the page (issues #24 item 7, #35 item 3): what opening it costs
the kernel, what the page receives, and what a static page of it weighs.

Trees are grown by random decisions from random nodes (seeded).  For each size of
``--sizes`` (20,000 and 100,000 positions by default; a game holds at most 100,000) the tree
is opened from Python (``w.load_games(stream)``, then the end of the cell's ``w.flush()``),
and the script prints: the message the page gets (the reset patch), the ``tree`` trait a
page opening then gets, the longest time the session was held meanwhile (a probe thread
takes its lock every 5 ms, so the page's requests and the analysis wait at most that long),
then ``w.to_html()``'s time and size.  Then the
biggest tree the page may open itself (``load_cgn``, as Open .cgn… does: its games up to the
one opened hold at most ``PAGE_CGN_CHARS`` characters): the time the request held the
session and the reply's size.

Goals (#35): a 20,000-position tree's message at most 4 MB, the session never held more
than 2 s; its static page at most 6 MB; a 100,000-position tree opens without freezing the
kernel (the session held as briefly).

    python benchmarks/big_tree.py [--sizes 20000 100000]
"""

from __future__ import annotations

import argparse
import io
import json
import random
import threading
import time

from cernunos_widget.record.files import format_game
from cernunos_widget.record.tree import Game
from cernunos_widget.session.gamefiles import PAGE_CGN_CHARS
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


class LockProbe:
    """A thread taking ``lock`` every 5 ms: :attr:`longest` is the longest it waited."""

    def __init__(self, lock) -> None:
        self.lock = lock
        self.longest = 0.0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._done.wait(0.005):
            asked = time.perf_counter()
            with self.lock:
                self.longest = max(self.longest, time.perf_counter() - asked)

    def __enter__(self) -> LockProbe:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()


def size(message: object) -> float:
    """MB of ``message`` as JSON (UTF-8)."""
    return len(json.dumps(message, ensure_ascii=False).encode()) / 1e6


def listening() -> tuple[CernunosWidget, list[dict]]:
    w = CernunosWidget()
    sent: list[dict] = []
    w.send = lambda content, buffers=None: sent.append(content)
    return w, sent


def from_python(nodes: int) -> None:
    """Open a tree of ``nodes`` positions from Python; the session held, what is sent."""
    started = time.perf_counter()
    game = grow(nodes)
    text = format_game(game)
    print(f"{nodes:,} positions: .cgn text {len(text.encode()) / 1e3:,.0f} KB "
          f"(grown in {time.perf_counter() - started:.1f} s)")
    w, sent = listening()
    with LockProbe(w.session.lock) as probe:
        started = time.perf_counter()
        w.load_games(io.StringIO(text))
        opened = time.perf_counter() - started
        started = time.perf_counter()
        w.flush()  # the end of the cell: the tree trait
        trait = w.get_state("tree")  # what a page opening now gets
        flushed = time.perf_counter() - started
    print(f"  load_games: {opened:.1f} s, the page's patch {size(sent[-1]):.2f} MB; the end of "
          f"the cell {flushed:.1f} s, the tree trait {size(trait):.2f} MB; the session held "
          f"{probe.longest:.2f} s at most")
    started = time.perf_counter()
    html = w.to_html()
    print(f"  to_html: {time.perf_counter() - started:.1f} s, page "
          f"{len(html.encode()) / 1e6:.2f} MB")


def from_the_page() -> None:
    """The biggest tree the page may open itself (its .cgn text within the page's limit)."""
    low, high = 1_000, 20_000
    while high - low > 100:  # the most positions whose text fits
        middle = (low + high) // 2
        low, high = (middle, high) if len(format_game(grow(middle))) <= PAGE_CGN_CHARS else (
            low, middle
        )
    text = format_game(grow(low))
    w, sent = listening()
    started = time.perf_counter()
    w._on_page_message(w, {"type": "load_cgn", "text": text, "id": 1, "gen": 0}, [])  # noqa: SLF001
    held = time.perf_counter() - started
    reply = sent[-1]
    assert reply["ok"], reply["message"]
    print(f"from the page, {len(w.game.nodes()):,} positions ({len(text):,} characters of "
          f".cgn, the page's most {PAGE_CGN_CHARS:,}): load_cgn held the session {held:.2f} s, "
          f"reply {size(reply):.2f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20_000, 100_000])
    args = parser.parse_args()
    for nodes in args.sizes:
        from_python(nodes)
    from_the_page()


if __name__ == "__main__":
    main()
