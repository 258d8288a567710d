"""The analysis stream to the page (a script, not a test): python benchmarks/analysis_stream.py

For a 2 s analysis (``w.analyse(Limit(time=2), multipv=3)``, the default engine) of the
start position (first while the engine loads from numba's cache, as a widget's first
analysis does, then again) and of the position after the first 12 decisions of
benchmarks/scripted_game.txt, prints what the kernel sends the page while it runs: the
messages (every ``w.send``), their bytes (JSON), the most messages in any 1 s window, and
the legality checks made for the stream (``Position._code_of`` calls: the search itself
plays codes unchecked, so these are the replays of the lines for the page), and how many
improved results the search yielded (each was one message before the stream was throttled).

Wall-clock seconds on whatever the machine is doing (a 2-core machine shared with other
work gives noisy figures).  The compiled core is compiled (cached) before the first
analysis, in another process, so that the first only loads it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from cernunos_widget import CernunosWidget, solver
from cernunos_widget.engine import Position
from cernunos_widget.solver import Limit

GAME = Path(__file__).with_name("scripted_game.txt")


def busiest_second(times: list[float]) -> int:
    """The most of ``times`` (sorted seconds) inside any window of 1 s."""
    best, start = 0, 0
    for end, t in enumerate(times):
        while t - times[start] >= 1.0:
            start += 1
        best = max(best, end - start + 1)
    return best


def measure(w: CernunosWidget, seconds: float, multipv: int, engine: str) -> dict:
    """Run one analysis on ``w``'s current node and count what reaches the page."""
    sent: list[tuple[float, int]] = []
    w.send = lambda content, buffers=None: sent.append(
        (time.perf_counter(), len(json.dumps(content)))
    )
    checks = [0]
    original = Position._code_of

    def counted(self, decision):
        checks[0] += 1
        return original(self, decision)

    improvements = [0]
    search = solver.analysis

    def counted_search(*args, **kwargs):
        for infos in search(*args, **kwargs):
            improvements[0] += 1
            yield infos

    Position._code_of, solver.analysis = counted, counted_search
    try:
        w.analyse(Limit(time=seconds), multipv=multipv, engine=engine, wait=True)
    finally:
        Position._code_of, solver.analysis = original, search
    last = w.analysis
    times = [t for t, _ in sent]
    return {
        "messages": len(sent),
        "closest": min((b - a for a, b in zip(times, times[1:], strict=False)), default=0.0),
        "bytes": sum(size for _, size in sent),
        "busiest_second": busiest_second(times),
        "checks": checks[0],
        "improvements": improvements[0],
        "status": last.get("status"),
        "lines": len(last.get("lines", [])),
        "nodes": last["lines"][0]["nodes"] if last.get("lines") else 0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--multipv", type=int, default=3)
    parser.add_argument("--engine", default="auto")
    args = parser.parse_args()
    tokens = [t for t in GAME.read_text().split("\n", 1)[1].split() if t][:12]
    subprocess.run(  # compiled once per install: this process only loads it
        [sys.executable, "-c", "from cernunos_widget.solver import prepare_engine as p; p()"],
        check=True,
    )
    boards = {
        "first (loads)": CernunosWidget(),
        "start": CernunosWidget(),
        "12 decisions": CernunosWidget(game=" ".join(tokens)),
    }
    for name, w in boards.items():
        r = measure(w, args.seconds, args.multipv, args.engine)
        print(
            f"{name:>13}: {r['improvements']} improvements -> {r['messages']} messages, "
            f"{r['bytes']:,} bytes, at most "
            f"{r['busiest_second']} in 1 s, {r['closest'] * 1000:.0f} ms apart at least, "
            f"{r['checks']:,} legality checks "
            f"({r['status']}, {r['lines']} lines, {r['nodes']:,} decisions searched)"
        )


if __name__ == "__main__":
    main()
