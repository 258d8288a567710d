"""Checking a puzzle: its data replays by the rules (fast), and its claims are proven (slow).

:func:`problems` replays the stored data with the engine only: the position, its decider
and tokens, every step legal in turn, every wrong try legal and its refutation line legal
to the end of a game with the claimed result, the proof line to the end of a win.
:func:`proof_problems` re-proves with the exact solver that each decider step's decision is
the only one keeping the win and that each refutation's result is the proven one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import CernunosError, Position
from .mine import tokens_left
from .model import Puzzle

if TYPE_CHECKING:
    from ..solver import Limit

# The solver is imported where it searches: the puzzles' data (study chapters, the widget's
# puzzles) load without its compiled core (numba), as in JupyterLite (docs/widget.md).


def _result_for(position: Position, decider: str) -> str:
    """How the finished game at ``position`` ends for ``decider``."""
    winner = position.result().winner
    if winner is None:
        return "draw"
    return "win" if winner.letter == decider else "loss"


def _play_out(position: Position, line: tuple[str, ...]) -> Position:
    for token in line:
        position = position.play(token)
    return position


def problems(puzzle: Puzzle) -> list[str]:
    """What in ``puzzle``'s data the rules contradict (empty: it replays)."""
    found: list[str] = []
    try:
        position = puzzle.position
    except CernunosError as e:
        return [f"its CPN: {e}"]
    if position.decider is None or position.decider.letter != puzzle.decider:
        found.append(f"the decider is {position.decider}, not {puzzle.decider!r}")
    if tokens_left(position) != puzzle.tokens:
        found.append(f"{tokens_left(position)} tokens are left, not {puzzle.tokens}")
    try:
        end = _play_out(position, puzzle.line)
        if not end.is_over or _result_for(end, puzzle.decider) != "win":
            found.append("the proof line does not end in the decider's win")
    except CernunosError as e:
        found.append(f"the proof line: {e}")
    for n, step in enumerate(puzzle.steps):
        if n >= len(puzzle.line) or step.play != puzzle.line[n]:
            found.append(f"step {n + 1} ({step.play}) leaves the proof line")
        if step.cpn is not None and step.cpn != position.cpn():
            found.append(f"step {n + 1}: the position before it is {position.cpn()}")
        is_decider = position.decider is not None and position.decider.letter == puzzle.decider
        if is_decider != (step.by == "decider"):
            found.append(f"step {n + 1} is not the {step.by}'s")
        if step.by == "decider":
            wrong = set(position.legal_texts()) - {step.play}
            if set(step.refutations) != wrong:
                found.append(f"step {n + 1}: the refutations are not every other decision")
            for token, refutation in step.refutations.items():
                try:
                    end = _play_out(position.play(token), refutation.line)
                except CernunosError as e:
                    found.append(f"step {n + 1}, {token}: {e}")
                    continue
                if not end.is_over or _result_for(end, puzzle.decider) != refutation.result:
                    found.append(
                        f"step {n + 1}, {token}: the line does not end in a {refutation.result}"
                    )
        try:
            position = position.play(step.play)
        except CernunosError as e:
            return [*found, f"step {n + 1}: {e}"]
    return found


def proof_problems(puzzle: Puzzle, limit: Limit | None = None) -> list[str]:
    """What the exact solver does not confirm: at each decider step, the stored decision
    as the only one keeping a proven win, and every refutation's proven result."""
    from ..solver import verdicts

    found: list[str] = []
    position = puzzle.position
    for n, step in enumerate(puzzle.steps):
        if step.by == "decider":
            proof = verdicts(position, limit)
            if not proof.proven or not proof.complete:
                found.append(f"step {n + 1}: not proven within the limit")
            elif [str(d) for d in proof.wins] != [step.play]:
                wins = " ".join(str(d) for d in proof.wins) or "none"
                found.append(f"step {n + 1}: the winning decisions are {wins}, not {step.play}")
            else:
                for d, v in proof.decisions.items():
                    stored = step.refutations.get(str(d))
                    if stored is not None and stored.result != v.outcome:
                        found.append(
                            f"step {n + 1}, {d}: a proven {v.outcome}, not {stored.result}"
                        )
        position = position.play(step.play)
    return found
