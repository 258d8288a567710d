"""Make the critical endgames (issue #11, item 5): python benchmarks/make_critical.py [N]

From strong games ``SEED``, ``SEED + 1``, ... (``sets.strong_game``), every position
between placements with 7 to 10 tokens left in the two reserves, in game order: each
first decision's child is solved exactly (win / draw / loss, one table per position, at
most ``CAP`` decisions applied in all, so the set does not depend on the machine); the
position is *critical* when every child is proven and they do not all have the same
outcome (some legal decision changes the proven outcome).  A position the cap cannot
prove is skipped (so the set leans to the endgames that prove fastest: say so when
quoting it).  Lines of ``benchmarks/data/critical.txt``:

    <CPN> TAB <proven outcome for the decider> TAB <the decisions that keep it> TAB <game>

Appends, so it resumes; it stops after N positions (default 200).  Slow: use ``nice``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from sets import reserves, strong_game

from cernunos_widget.engine import Position
from cernunos_widget.engine.decisions import decision_of
from cernunos_widget.solver.compiled.searchers import CompiledExactSearch
from cernunos_widget.solver.search import Budget, SearchAborted
from cernunos_widget.solver.values import outcome_word

SEED = 110_000  # the games of calibrate.py (stored in strong_games.txt)
CAP = 3_000_000  # decisions applied, for all the children of one position
OUT = Path(__file__).parent / "data" / "critical.txt"
HEADER = "# made by: python benchmarks/make_critical.py (CPN, outcome, keeping decisions, game)"


def critical(position: Position) -> tuple[str, list[str]] | None:
    """The proven outcome for the decider and the decisions keeping it, if critical."""
    sign = 1 if position.decider.letter == "g" else -1
    search = CompiledExactSearch(Budget(nodes=CAP))
    outcomes = {}
    try:
        for code in position.option_codes:
            outcomes[code] = sign * search.outcome(position.child(code))
    except SearchAborted:
        return None
    best = max(outcomes.values())
    if min(outcomes.values()) == best:
        return None
    keeping = [str(decision_of(c)) for c, o in outcomes.items() if o == best]
    return outcome_word(best), keeping


def candidates(game: int) -> list[Position]:
    played = strong_game(SEED + game)
    return [
        p for p in played.positions if not p.is_over and p.at_boundary and 7 <= reserves(p) <= 10
    ]


def main() -> None:
    wanted = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    lines = OUT.read_text().splitlines() if OUT.exists() else [HEADER]
    rows = [line for line in lines if not line.startswith("#")]
    game = int(rows[-1].split("\t")[3]) + 1 if rows else 0
    started = time.perf_counter()
    with OUT.open("w" if not rows else "a") as out:
        if not rows:
            out.write(HEADER + "\n")
        while len(rows) < wanted:
            for p in candidates(game):
                found = critical(p)
                if found and len(rows) < wanted:
                    row = f"{p.cpn()}\t{found[0]}\t{' '.join(found[1])}\t{game}"
                    rows.append(row)
                    out.write(row + "\n")
                    out.flush()
            print(f"game {game}: {len(rows)} critical, {time.perf_counter() - started:.0f} s",
                  file=sys.stderr)
            game += 1


if __name__ == "__main__":
    main()
