"""Batch figures (a script, not a test): python benchmarks/batch.py [options]

1. Batch analysis: positions analysed per second with 1 and with 2 local worker processes
   (the same seeded games, a node limit per position), and the parallel efficiency
   ``rate(2) / (2 * rate(1))`` (the goal: at least 85 %).  The pool is started and every
   worker has loaded the compiled core before the clock starts: the figure is the steady
   state of a long run, not the start-up of a short one.
2. Self-play: games per second with 1 and 2 workers, for a cheap bot and a searching one.

The results of the 1- and 2-worker runs are checked to be equal (node limits).  Figures are
wall-clock on whatever the machine is doing: on a shared machine they are noisy, and the
efficiency only means something on a quiet one with at least 2 free cores.  For a loaded
machine the script also prints CPU seconds a position (this process and the workers, their
start-up excluded) and how busy the workers were, and from them an estimate of the
efficiency on free cores.  (Linux with autogroup scheduling gives all the processes of one
session one share of a busy machine: there, 2 workers get the CPU 1 would, whatever the
code does.)
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import time
from concurrent.futures import ProcessPoolExecutor

import pandas  # noqa: F401  (imported before any clock: the first batch run would pay it)
import pyarrow.parquet  # noqa: F401

from cernunos_widget.solver import Limit, prepare_engine
from cernunos_widget.tools.batch import MEASUREMENTS, analyse_games
from cernunos_widget.tools.executors import _worker_start
from cernunos_widget.tools.selfplay import play_games


def pool(workers: int) -> ProcessPoolExecutor:
    """``workers`` spawned processes, each with the compiled core loaded."""
    executor = ProcessPoolExecutor(
        workers, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_start
    )
    for future in [executor.submit(os.getpid) for _ in range(workers * 4)]:
        future.result()
    return executor


def cpu_seconds(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def start_up_cpu(workers: int) -> float:
    """CPU seconds a pool of ``workers`` spends starting (imports, compiled core) and
    stopping, with no work: subtracted from a measured run's."""
    before = cpu_seconds(resource.RUSAGE_CHILDREN)
    with pool(workers):
        pass
    return cpu_seconds(resource.RUSAGE_CHILDREN) - before


def analysis_rate(games, limit: Limit, workers: int):
    """Positions a second, CPU seconds a position (this process and the workers), the
    share of the wall time the workers spent searching, and the results, of one batch
    analysis on ``workers`` processes."""
    idle = start_up_cpu(workers) if workers > 1 else 0.0
    children = cpu_seconds(resource.RUSAGE_CHILDREN)
    mine = cpu_seconds(resource.RUSAGE_SELF)
    if workers == 1:
        started = time.perf_counter()
        report = analyse_games(games, limit, workers=1)
        wall = time.perf_counter() - started
    else:
        with pool(workers) as executor:
            started = time.perf_counter()
            report = analyse_games(games, limit, executor=executor)
            wall = time.perf_counter() - started
    cpu = cpu_seconds(resource.RUSAGE_SELF) - mine
    cpu += cpu_seconds(resource.RUSAGE_CHILDREN) - children - idle
    busy = report.results.seconds[~report.results.cached].sum()
    n = report.positions
    return n / wall, cpu / n, busy / (workers * wall), report.results


def selfplay_rate(n: int, bot: str, workers: int, seed: int) -> float:
    if workers == 1:
        started = time.perf_counter()
        play_games(n, bot, bot, seed=seed, workers=1)
        return n / (time.perf_counter() - started)
    with pool(workers) as executor:
        started = time.perf_counter()
        play_games(n, bot, bot, seed=seed, executor=executor)
        return n / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16, help="games analysed (default 16)")
    parser.add_argument("--nodes", type=int, default=20_000, help="node limit a position")
    parser.add_argument("--selfplay", type=int, default=40, help="self-play games a run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    prepare_engine()
    print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f} (noisy if high)")

    games = play_games(args.games, "greedy", "random", seed=args.seed, workers=1)
    positions = sum(len(g.mainline()) + 1 for g in games)
    limit = Limit(nodes=args.nodes)
    print(f"batch analysis: {args.games} games, {positions} positions, {limit}")
    one, cpu_one, busy_one, results_one = analysis_rate(games, limit, 1)
    two, cpu_two, busy_two, results_two = analysis_rate(games, limit, 2)
    same = results_one.drop(columns=list(MEASUREMENTS)).equals(
        results_two.drop(columns=list(MEASUREMENTS))
    )
    print(
        f"  1 worker : {one:8.1f} positions/s, {cpu_one * 1000:.0f} CPU ms a position "
        f"(searching {busy_one:.0%} of the wall time)"
    )
    print(
        f"  2 workers: {two:8.1f} positions/s, {cpu_two * 1000:.0f} CPU ms a position "
        f"(each searching {busy_two:.0%} of the wall time)"
    )
    print(f"  parallel efficiency with 2 workers: {two / (2 * one):.0%} (goal >= 85%)")
    print(
        "  on 2 free cores it would be about "
        f"{busy_two * cpu_one / cpu_two:.0%} (the workers' busy share times the CPU a "
        "position costs alone / in parallel): a load-independent estimate"
    )
    print(f"  results equal with 1 and 2 workers: {same}")

    for bot in ("greedy", "alphabeta:nodes=1000"):
        n = args.selfplay if bot == "greedy" else max(2, args.selfplay // 4)
        rates = [selfplay_rate(n, bot, workers, args.seed) for workers in (1, 2)]
        print(
            f"self-play {bot} vs itself, {n} games: {rates[0]:.1f} games/s (1 worker), "
            f"{rates[1]:.1f} games/s (2 workers)"
        )


if __name__ == "__main__":
    main()
