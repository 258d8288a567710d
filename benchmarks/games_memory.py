"""Game files: peak memory of reading one long tag value or comment (a script, not a test).

    python benchmarks/games_memory.py [--chars 10000000]

Writes games whose one tag value (``[Note "xxx..."]``, then the same of ``€``) or one
comment holds about ``--chars`` characters (the most one game may hold is 10,000,000),
then reads each back with ``read_games(path)`` in a fresh process and prints the file's
size, the seconds and the reading process's peak resident memory above what it held once
the package was imported (``VmHWM``, Linux; ``ru_maxrss`` would count the parent's peak
before ``exec``).  The process runs in the temporary folder, so ``PYTHONPATH`` chooses the
code measured.  Issue #24
item 11: a tag pattern repeating a group per character made the 10 MB tag cost 1.7 GB.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from cernunos_widget.record.files import format_game
from cernunos_widget.record.tree import Game

READ = textwrap.dedent(
    """
    import sys, time
    from cernunos_widget.record.files import read_games

    def peak():  # this process's peak resident memory, in bytes (Linux)
        with open("/proc/self/status") as status:
            line = next(line for line in status if line.startswith("VmHWM:"))
        return int(line.split()[1]) * 1024

    base = peak()
    start = time.perf_counter()
    count = sum(1 for _ in read_games(sys.argv[1]))
    print(count, time.perf_counter() - start, peak() - base)
    """
)
ROOM = 100  # characters of the game's text besides the long part


def cases(chars: int) -> dict[str, Game]:
    """One game per case, the long part ``chars - ROOM`` characters."""
    long = chars - ROOM
    games = {
        "tag of x": Game(headers={"Note": "x" * long}),
        "tag of €": Game(headers={"Note": "€" * long}),
        "comment of x": Game(),
        "comment of }": Game(),
    }
    games["comment of x"].root.play("B@b2").comment = "x" * long
    games["comment of }"].root.play("B@b2").comment = "}" * (long // 2)  # written \}
    return games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chars", type=int, default=10_000_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print(f"{'case':14} {'file':>10} {'seconds':>8} {'peak above import':>18}")
        for name, game in cases(args.chars).items():
            path = Path(folder) / "long.cgn"
            path.write_text(format_game(game), encoding="utf-8")
            out = subprocess.run(
                [sys.executable, "-c", READ, str(path)], capture_output=True, text=True, cwd=folder
            )
            if out.returncode:
                print(f"{name:14} failed: {out.stderr.strip().splitlines()[-1]}")
                continue
            count, seconds, peak = out.stdout.split()
            assert count == "1", out.stdout
            size = path.stat().st_size
            print(
                f"{name:14} {size / 1e6:8.1f} MB {float(seconds):8.2f} "
                f"{int(peak) / 1e6:12.1f} MB ({int(peak) / size:.1f} bytes a byte)"
            )


if __name__ == "__main__":
    main()
