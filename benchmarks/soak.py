"""Soak test: many analyse/cancel cycles; does memory or the thread count creep up?

    python benchmarks/soak.py [--cycles 100] [--min-seconds 0.05] [--max-seconds 0.5]
                              [--engines alphabeta,mcts] [--memory-mb 512] [--seed 1]
                              [--via api,session]

Per engine: ``cycles`` times, ``analysis(position, stop=event)`` runs in a background
thread (no time limit: it runs until cancelled) on one of a few positions in turn, and is
cancelled (``event.set()``) after a random time between the two durations.  Printed: the
resident memory (RSS, ``/proc/self/status``) and the thread counts before and after the
cycles, the peak RSS while they ran, and how long cancelling took.  The "before" level is
taken after a warm-up cycle per engine (compiling or loading the compiled core is a
one-off cost).  A quick run: ``--cycles 5 --max-seconds 0.2``.

Any analysis job can be soaked: :func:`soak` takes a function ``job(stop_event)`` that
runs until the event is set.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from cernunos_widget.engine import Position
from cernunos_widget.record.tree import Game
from cernunos_widget.session.core import Session
from cernunos_widget.solver import Limit, analysis, prepare_engine

POSITIONS = [
    Position.start(),
    Position.from_cpn(".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1"),  # a midgame
    Position.from_cpn("S,ttwttT,bTTTT,cttttt/XDB,DDttb,d,dB/TxWTT,CW,tFwd,f p 1 1-0"),  # endgame
]
_SAMPLE = 0.01  # seconds between two looks at the RSS while a job runs
_JOIN = 30.0  # seconds a cancelled job may take to end before it counts as stuck


def status(field_name: str) -> int:
    """A number from /proc/self/status (``VmRSS``, ``VmHWM`` in kB; ``Threads``)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field_name + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field_name} in /proc/self/status (Linux only)")


def rss_mib() -> float:
    return status("VmRSS") / 1024


@dataclass
class Report:
    """What one soak measured."""

    label: str
    rss_before: float
    threads_before: tuple[int, int]  # Python threads, OS threads
    rss_after: float = 0.0
    threads_after: tuple[int, int] = (0, 0)
    peak: float = 0.0
    cancel_seconds: list[float] = field(default_factory=list)
    answered: int = 0  # cycles whose job produced a result
    stuck: int = 0  # jobs still running _JOIN seconds after their cancel

    def lines(self) -> list[str]:
        cancels = sorted(self.cancel_seconds) or [0.0]
        return [
            f"{self.label}: {len(self.cancel_seconds)} cycles, {self.answered} with a result,"
            f" {self.stuck} stuck",
            f"  RSS before {self.rss_before:8.1f} MiB   after {self.rss_after:8.1f} MiB"
            f"   ({self.rss_after - self.rss_before:+.1f})   peak {self.peak:8.1f} MiB"
            f"   ({self.peak - self.rss_before:+.1f})",
            f"  threads (Python, OS) before {self.threads_before}   after {self.threads_after}",
            f"  cancel -> thread ended: median {statistics.median(cancels) * 1000:.1f} ms,"
            f" max {cancels[-1] * 1000:.1f} ms",
        ]


def threads() -> tuple[int, int]:
    return threading.active_count(), status("Threads")


def soak(
    label: str,
    job: Callable[[threading.Event], bool],
    cycles: int,
    durations: tuple[float, float],
    rng: random.Random,
) -> Report:
    """Run ``job(stop)`` in a thread ``cycles`` times, cancelling each after a random time.

    ``job`` returns whether it produced a result.
    """
    gc.collect()
    report = Report(label, rss_mib(), threads())
    report.peak = report.rss_before
    for _ in range(cycles):
        stop = threading.Event()
        answered: list[bool] = []
        worker = threading.Thread(
            target=lambda s=stop, out=answered: out.append(job(s)), daemon=True
        )
        worker.start()
        cancel_at = time.perf_counter() + rng.uniform(*durations)
        while time.perf_counter() < cancel_at:
            report.peak = max(report.peak, rss_mib())
            time.sleep(_SAMPLE)
        report.peak = max(report.peak, rss_mib())
        stop.set()
        cancelled = time.perf_counter()
        worker.join(_JOIN)
        if worker.is_alive():
            report.stuck += 1
            continue
        report.cancel_seconds.append(time.perf_counter() - cancelled)
        report.answered += bool(answered and answered[0])
    gc.collect()
    report.rss_after, report.threads_after = rss_mib(), threads()
    return report


def analysis_job(engine: str, memory_mb: float) -> Callable[[threading.Event], bool]:
    """A job: ``analysis`` of the next position until stopped; True if it gave a result."""
    turn = iter(range(1 << 62))

    def job(stop: threading.Event) -> bool:
        position = POSITIONS[next(turn) % len(POSITIONS)]
        found = False
        for _ in analysis(position, multipv=2, stop=stop, engine=engine, memory_mb=memory_mb):
            found = True
        return found

    return job


def session_job(engine: str, memory_mb: float) -> Callable[[threading.Event], bool]:
    """A job through the widget's session: a new game per cycle (a new generation), an
    analysis until stopped, then ``job.stop()`` and ``job.wait()`` as the page's Stop does."""
    session = Session()
    turn = iter(range(1 << 62))

    def job(stop: threading.Event) -> bool:
        session.replace_game(Game(POSITIONS[next(turn) % len(POSITIONS)]))
        running = session.analyse(Limit(), 2, engine, memory_mb=memory_mb)
        stop.wait()
        running.stop()
        running.wait(_JOIN)
        return bool(session.analysis.get("lines"))

    return job


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=100, help="per engine (default 100)")
    parser.add_argument("--min-seconds", type=float, default=0.05, help="earliest cancel")
    parser.add_argument("--max-seconds", type=float, default=0.5, help="latest cancel")
    parser.add_argument("--engines", default="alphabeta,mcts", help="comma-separated")
    parser.add_argument("--memory-mb", type=float, default=512, help="MCTS tree budget")
    parser.add_argument("--seed", type=int, default=1, help="for the cancel times")
    parser.add_argument(
        "--via", default="api,session", help="analysis() directly, the widget's Session, or both"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"RSS at start {rss_mib():.1f} MiB, threads {threads()}")
    prepare_engine()
    makers = {"api": analysis_job, "session": session_job}
    jobs = {
        f"{engine} ({via})": makers[via](engine, args.memory_mb)
        for via in args.via.split(",")
        for engine in args.engines.split(",")
    }
    durations = (args.min_seconds, args.max_seconds)
    for label, job in jobs.items():  # one cycle each, not measured: first-use costs
        soak(label, job, 1, durations, rng)
    print(f"RSS after warm-up {rss_mib():.1f} MiB, threads {threads()}")
    for label, job in jobs.items():
        print("\n".join(soak(label, job, args.cycles, durations, rng).lines()))
    print(f"peak RSS of the process (VmHWM) {status('VmHWM') / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
