"""What one click costs in the kernel: engine calls and reply bytes (a script, not a test).

    python benchmarks/click_path.py

Plays clicks as the page sends them (one ``play`` request on a new node, answered by
the widget) and counts, per click, the engine's

- **legality** checks (``Position._code_of``: the one place a decision is found legal),
- **resolves** (``Position._work``: a decision's effects carried out, R-18..R-26),
- **coverable** computations (``board.coverable_masks``, R-11, R-12),

the bytes of the reply (its JSON) and the kernel's time to answer (the median of
``--repeat`` clicks, each on a fresh board). The clicks: ``B@b2`` from the start, and the
decisions 1, 20 and 40 of the committed scripted game (``benchmarks/scripted_game.txt``;
20 and 40 are effect choices), each on a new node.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from cernunos_widget.engine import board, effects
from cernunos_widget.engine.position import Position
from cernunos_widget.widget.adapter import CernunosWidget

SCRIPTED_GAME = Path(__file__).with_name("scripted_game.txt")


def scripted_decisions() -> list[str]:
    lines = SCRIPTED_GAME.read_text().splitlines()
    return " ".join(line for line in lines if not line.startswith("#")).split()


def _counted(counts: Counter, name: str, fn: Callable) -> Callable:
    def wrapper(*args, **kwargs):
        counts[name] += 1
        return fn(*args, **kwargs)

    return wrapper


@contextmanager
def engine_calls() -> Iterator[Counter]:
    """Count the engine's legality checks, resolves and coverable computations."""
    counts: Counter = Counter()
    saved = (Position._code_of, Position._work, board.coverable_masks, effects.coverable_masks)
    Position._code_of = _counted(counts, "legality", saved[0])
    Position._work = _counted(counts, "resolve", saved[1])
    board.coverable_masks = _counted(counts, "coverable", saved[2])
    effects.coverable_masks = _counted(counts, "coverable", saved[3])
    try:
        yield counts
    finally:
        Position._code_of, Position._work = saved[0], saved[1]
        board.coverable_masks, effects.coverable_masks = saved[2], saved[3]


def click(widget: CernunosWidget, token: str) -> tuple[dict, float]:
    """One page ``play`` request from the current node: the reply and the seconds taken."""
    sent: list[dict] = []
    widget.send = lambda content, buffers=None: sent.append(content)
    request = {"id": 1, "gen": widget.session.generation, "type": "play",
               "node": widget.current, "decision": token}
    start = time.perf_counter()
    widget._on_page_message(widget, request, [])
    seconds = time.perf_counter() - start
    (reply,) = sent
    assert reply["ok"], reply["message"]
    return reply, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50, help="timed clicks per case")
    repeat = parser.parse_args().repeat
    decisions = scripted_decisions()
    cases = [("B@b2 from the start", [], "B@b2")]
    cases += [(f"scripted decision {n}", decisions[: n - 1], decisions[n - 1]) for n in (1, 20, 40)]
    print(f"{'click':<24} {'legality':>8} {'resolve':>8} {'coverable':>9} {'reply bytes':>11} "
          f"{'median ms':>9}")
    for name, before, token in cases:
        widget = CernunosWidget(game=" ".join(before))
        with engine_calls() as counts:
            reply, _ = click(widget, token)
        times = [click(CernunosWidget(game=" ".join(before)), token)[1] for _ in range(repeat)]
        print(
            f"{name:<24} {counts['legality']:>8} {counts['resolve']:>8} "
            f"{counts['coverable']:>9} {len(json.dumps(reply).encode()):>11,} "
            f"{statistics.median(times) * 1000:>9.2f}"
        )


if __name__ == "__main__":
    main()
