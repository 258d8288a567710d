"""Game review through the widget (a script, not a test): python benchmarks/review_widget.py

The game: the first 40 decisions of benchmarks/scripted_game.txt (41 main-line nodes).
Prints, from ``w.analyse_game()`` (default passes: 0.2 s, 1 s, 5 s a node):

1. the time until every main-line node has an evaluation on the page (the coarse graph),
   and the patches and bytes sent for it;
2. a re-review with the session's cache after the coarse pass: searches performed (0
   expected) and time.

Wall-clock seconds on whatever the machine is doing (a 2-core machine shared with other
work gives noisy figures).  The compiled core is loaded before the clock starts.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from cernunos_widget import CernunosWidget
from cernunos_widget.session.review import COARSE
from cernunos_widget.solver import Limit, analyse

GAME = Path(__file__).with_name("scripted_game.txt")


def main() -> None:
    tokens = [t for t in GAME.read_text().split("\n", 1)[1].split() if t][:40]
    analyse(CernunosWidget().position, Limit(depth=1))  # load the compiled core first
    w = CernunosWidget(game=" ".join(tokens))
    nodes = [w.game.root, *w.game.mainline()]
    sent: list[dict] = []
    w.send = lambda content, buffers=None: sent.append(content)
    start = time.perf_counter()
    job = w.analyse_game()
    while not all(w.session.evaluation(n) for n in nodes):
        time.sleep(0.01)
    coarse = time.perf_counter() - start
    size = sum(len(json.dumps(m)) for m in sent)
    print(f"{len(nodes)} main-line nodes: coarse graph in {coarse:.1f} s "
          f"({len(sent)} patches, {size:,} bytes)")
    job.stop()
    job.wait()
    start = time.perf_counter()
    job = w.analyse_game(COARSE, wait=True)
    print(f"re-review at the coarse limit: {w.review_status['searches']} searches, "
          f"{time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
