"""Start-up of ``cernunos solve`` on a warm install (a script, not a test).

    python benchmarks/startup.py [--runs 7] [--repo PATH]

For each run, a fresh process runs ``cernunos solve --time 0.05``; the figures are the
time from launching it to its search clock starting (its first ``Budget``), and to its
exit.  ``cernunos play`` and a bare interpreter are timed for reference.  ``--repo``
times another checkout (e.g. main) the same way.  "solve: CPU" is the CPU time (user and
system) of the whole solve process, which a loaded machine disturbs much less than the
wall-clock figures.  The first run of each is discarded (it
may compile or fill the disk cache).  On a shared machine the figures are noisy: the
median and the best of the runs are printed.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

CPN = "d,tdBD,c,wSTTT/bb,t,ttttttCT,sdtt/Ff,.,WtTTTTD,WXT p 1 3-1"
MARK = "search clock starts at "

# Runs the command line in the child, printing the wall time when the first Budget
# (the search clock) is made.
CHILD = f"""
import sys, time
import cernunos_widget.solver.search as search
made = search.Budget.__post_init__
def post_init(self):
    if not getattr(search, "_benchmark_seen", False):
        search._benchmark_seen = True
        print("{MARK}" + repr(time.time()), file=sys.stderr, flush=True)
    made(self)
search.Budget.__post_init__ = post_init
from cernunos_widget.cli import main
sys.exit(main(["solve", "--from", {CPN!r}, "--time", "0.05"]))
"""


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float | None, float]:
    """(seconds to exit, seconds to the search clock or None, CPU seconds) for one process."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.time()
    out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
    end = time.time()
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = now.ru_utime + now.ru_stime - used.ru_utime - used.ru_stime
    clock = None
    for line in out.stderr.splitlines():
        if line.startswith(MARK):
            clock = float(line[len(MARK) :]) - start
    return end - start, clock, cpu


def figures(name: str, samples: list[float]) -> None:
    print(
        f"  {name:34s} median {statistics.median(samples):5.2f} s, "
        f"best {min(samples):5.2f} s ({len(samples)} runs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--repo", default=str(Path(__file__).resolve().parents[1]))
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": args.repo}
    solve = [sys.executable, "-c", CHILD]
    play = [sys.executable, "-m", "cernunos_widget", "play", "B@b2"]
    bare = [sys.executable, "-c", "pass"]
    print(f"start-up, {args.repo}:")
    for argv in (solve, play, bare):
        timed(argv, env)  # discarded: a cold cache compiles here
    names = ("solve: to the search clock", "solve: to exit", "solve: CPU", "play", "bare")
    runs: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(args.runs):
        total, clock, cpu = timed(solve, env)
        runs["solve: to the search clock"].append(clock)
        runs["solve: to exit"].append(total)
        runs["solve: CPU"].append(cpu)
        runs["play"].append(timed(play, env)[0])
        runs["bare"].append(timed(bare, env)[0])
    for name, samples in runs.items():
        figures(name, samples)


if __name__ == "__main__":
    main()
