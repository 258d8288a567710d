"""Start-up of ``cernunos solve`` on a warm install, or a cold one (a script, not a test).

    python benchmarks/startup.py [--runs 7] [--repo PATH]
    python benchmarks/startup.py --cold [--runs 3] [--repo PATH] [--second-process yes|no]
    python benchmarks/startup.py --steps [--repo PATH]

``--cold`` simulates a fresh install: each run has an empty ``NUMBA_CACHE_DIR``, so numba
compiles what the search needs; it times ``cernunos solve --time 2`` from the start
(MCTS, what ``engine="auto"`` runs there) and from an endgame (alpha-beta and
proof-number search): to the search clock, to exit, and the CPU time (the second
process's included).  The exact search compiles proof-number search in a second process
when a core is idle (``solver/compiled/elsewhere.py``); ``--second-process yes`` or ``no``
decides it whatever the load (on a shared machine, to see what an idle one would do).

``--steps`` compiles each search's steps one at a time in a process with an empty cache
(no second process), printing each step's CPU seconds (``loading.COMPILE_SECONDS``), and
the compiled functions that took longest, by numba's compile events (each function's own
time, without the functions it compiled meanwhile).

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
import tempfile
import time
from pathlib import Path

CPN = "d,tdBD,c,wSTTT/bb,t,ttttttCT,sdtt/Ff,.,WtTTTTD,WXT p 1 3-1"
ENDGAME = "TC,Sw,XB,Dcd/WDTTTTT,.,BF,W/bw,Ddttttfd,bxB,st g 2 5-5"
MARK = "search clock starts at "

# Runs the command line in the child, printing the wall time when the first Budget
# (the search clock) is made.
CHILD = """
import sys, time
import cernunos_widget.solver.search as search
if {spare!r} is not None:
    from cernunos_widget.solver.compiled import elsewhere
    elsewhere.spare_core = lambda: {spare!r}
made = search.Budget.__post_init__
def post_init(self):
    if not getattr(search, "_benchmark_seen", False):
        search._benchmark_seen = True
        print("{mark}" + repr(time.time()), file=sys.stderr, flush=True)
    made(self)
search.Budget.__post_init__ = post_init
from cernunos_widget.cli import main
sys.exit(main({argv!r}))
"""


# Compiles the steps of a search one at a time, printing CPU seconds for each, then the
# compiled functions that took longest (their own time).
STEPS = """
import time
from numba.core import event
from cernunos_widget.solver.compiled import loading
under_way, own = [], {}
class Timer(event.Listener):
    def on_start(self, ev):
        under_way.append([ev.data["dispatcher"].py_func.__qualname__, time.process_time(), 0.0])
    def on_end(self, ev):
        name, start, inner = under_way.pop()
        spent = time.process_time() - start
        if under_way:
            under_way[-1][2] += spent
        own[name] = own.get(name, 0.0) + spent - inner
event.register("numba:compile", Timer())
for step in loading.steps_of({search!r}):
    start = time.process_time()
    loading.run(step)
    print(f"  {step:12s} {time.process_time() - start:5.2f} CPU s")
for name, spent in sorted(own.items(), key=lambda item: -item[1])[:12]:
    print(f"      {spent:5.2f}  {name}")
"""


def child(argv: list[str], spare: bool | None = None) -> str:
    """The child's code running ``cernunos`` with ``argv`` (``spare``: a core is idle, or
    not, whatever the load; None: as measured)."""
    code = CHILD.replace("{mark}", MARK).replace("{argv!r}", repr(argv))
    return code.replace("{spare!r}", repr(spare))


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float | None, float]:
    """(seconds to exit, seconds to the search clock or None, CPU seconds) for one process,
    run in the checkout timed (``PYTHONPATH``: ``python -c`` imports from its folder first)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.time()
    out = subprocess.run(
        argv, env=env, cwd=env["PYTHONPATH"], capture_output=True, text=True, check=True
    )
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
        f"  {name:52s} median {statistics.median(samples):5.2f} s, "
        f"best {min(samples):5.2f} s ({len(samples)} runs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--repo", default=str(Path(__file__).resolve().parents[1]))
    parser.add_argument("--cold", action="store_true", help="an empty numba cache each run")
    parser.add_argument("--second-process", choices=("yes", "no"), help="(--cold) any load")
    parser.add_argument("--steps", action="store_true", help="each step's compile time")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": args.repo}
    if args.steps:
        return steps(env)
    if args.cold:
        spare = None if args.second_process is None else args.second_process == "yes"
        return cold(args.repo, args.runs if args.runs != 7 else 3, env, spare)
    solve = [sys.executable, "-c", child(["solve", "--from", CPN, "--time", "0.05"])]
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


def steps(env: dict[str, str]) -> None:
    """Each search's steps compiled one at a time (an empty numba cache for each search)."""
    print(f"compiling each step (CPU seconds), {env['PYTHONPATH']}:")
    for search in ("mcts", "exact"):
        print(f"{search}:")
        with tempfile.TemporaryDirectory() as cache:
            code = STEPS.replace("{search!r}", repr(search))
            subprocess.run(
                [sys.executable, "-c", code],
                env={**env, "NUMBA_CACHE_DIR": cache},
                cwd=env["PYTHONPATH"],
                check=True,
            )


def cold(repo: str, runs: int, env: dict[str, str], spare: bool | None) -> None:
    """``cernunos solve --time 2`` from the start and from an endgame, each run with an
    empty numba cache (a fresh install, but for the packages' own files)."""
    told = {None: "when a core is idle", True: "yes", False: "no"}[spare]
    print(f"cold start (empty NUMBA_CACHE_DIR each run; second process: {told}), {repo}:")
    for name, argv in (
        ("solve --time 2 (start: MCTS)", ["solve", "--time", "2"]),
        ("solve --time 2 (endgame: exact)", ["solve", "--from", ENDGAME, "--time", "2"]),
    ):
        samples: dict[str, list[float]] = {"to the search clock": [], "to exit": [], "CPU": []}
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as cache:
                total, clock, cpu = timed(
                    [sys.executable, "-c", child(argv, spare)], {**env, "NUMBA_CACHE_DIR": cache}
                )
            samples["to the search clock"].append(clock)
            samples["to exit"].append(total)
            samples["CPU"].append(cpu)
        for what, values in samples.items():
            figures(f"{name}: {what}", values)


if __name__ == "__main__":
    main()
