"""Mining puzzles: positions of played games where exactly one decision keeps a proven win.

Each candidate (a position between placements, R-27, with at least two legal decisions and
a number of tokens left in a chosen range) is put to :func:`..solver.verdicts`: a puzzle
when the decider's win is proven after one decision and every other one is proven a draw
or a loss.  The strong proof's line (:func:`..solver.solve`) then gives the opponent's
best replies, and the puzzle goes on while the decider again has exactly one winning
decision.  Mining runs (:mod:`.runs`) prove the candidates on a batch executor and append
the results to a JSON-lines log (:mod:`.log`, one line per candidate tried), so a run
stopped anywhere resumes where it was.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from ..engine import Decision, Position
from .model import Puzzle, Refutation, Step

if TYPE_CHECKING:
    from ..solver import Limit, Verdicts

# The solver is imported where it searches: the puzzles' data (study chapters, the widget's
# puzzles) load without its compiled core (numba), as in JupyterLite (docs/widget.md).

TOKENS = (6, 14)  # the default range of tokens left (both reserves): not trivial, provable
SHALLOW_DEPTH = 2  # decisions deep: the look whose preferences rate a puzzle's decoys
CHOICE_THEMES = {"boar-target": "boar", "fox-swap": "fox", "fox-order": "fox", "crow-cell": "crow"}


def tokens_left(position: Position) -> int:
    """Tokens left in both reserves together."""
    return position.reserve_size("g") + position.reserve_size("p")


def candidates(
    games: Iterable[tuple[Position, Sequence[object]]], tokens: tuple[int, int] = TOKENS
) -> Iterator[Position]:
    """The positions along each game (its start and its decisions) worth trying: between
    placements (a CPN exists), at least two legal decisions, ``tokens`` left (inclusive)."""
    low, high = tokens
    for start, decisions in games:
        position = start
        for decision in (*decisions, None):
            left = tokens_left(position)
            if (
                low <= left <= high
                and position.at_boundary
                and not position.is_over
                and len(position.option_codes) > 1
            ):
                yield position
            if decision is None or position.is_over or left < low:
                break
            position = position.play(decision)


def puzzle_id(position: Position) -> str:
    """A short stable name: a digest of the CPN and the rules."""
    text = f"{position.cpn()}|{position.rules}"
    return hashlib.sha1(text.encode()).hexdigest()[:10]


def puzzle_at(
    position: Position, limit: Limit | None = None, *, threads: int | None = None
) -> Puzzle | None:
    """The puzzle at ``position`` if its decider has exactly one winning decision (proven
    within ``limit`` for each search), else None.  ``threads`` as in :func:`..solver.solve`
    (``1``: one thread, deterministic, as mining runs use)."""
    from ..solver import shallow_values, solve, verdicts

    if len(position.option_codes) < 2:
        return None
    found = verdicts(position, limit, unique_win=True)
    if not found.unique:
        return None
    proof = solve(position, limit, threads=threads)
    if not proof.proven or proof.outcome != "win" or proof.pv[0] != found.wins[0]:
        return None
    steps = _steps(position, proof.pv, found, _longer(limit))
    decider = position.decider
    key = found.wins[0]
    alternatives = shallow_values(position, SHALLOW_DEPTH)
    decoys = sum(1 for d, v in alternatives.items() if d != key and v > alternatives[key])
    line = tuple(str(d) for d in proof.pv)
    mine = sum(1 for s in steps if s.by == "decider")
    return Puzzle(
        id=puzzle_id(position),
        cpn=position.cpn(),
        decider=decider.letter,
        tokens=tokens_left(position),
        rating=rating(len(line), decoys, mine),
        depth=len(line),
        decoys=decoys,
        themes=themes(position, steps, proof.score),
        line=line,
        steps=tuple(steps),
        rules=None if position.rules.is_standard else str(position.rules),
    )


FOLLOW_UP = 4  # times the limit for the later steps: a found puzzle is worth the time


def _longer(limit: Limit | None) -> Limit | None:
    """The limit for proving a found puzzle's later steps unique."""
    from ..solver import Limit

    if limit is None or limit.time is None:
        return limit
    return Limit(time=limit.time * FOLLOW_UP, nodes=limit.nodes)


def rating(depth: int, decoys: int, decider_steps: int) -> int:
    """A puzzle's difficulty: longer proofs, more tempting wrong decisions (a shallow
    search prefers them) and more decisions to find rate higher."""
    return 800 + 25 * min(depth, 40) + 120 * min(decoys, 10) + 80 * (decider_steps - 1)


def _steps(
    position: Position, line: list[Decision], first: Verdicts, limit: Limit | None
) -> list[Step]:
    """The solution's steps along ``line`` while the decider's winning decision is unique."""
    from ..solver import verdicts

    decider = position.decider
    steps: list[Step] = []
    found = first
    for decision in line:
        cpn = position.cpn() if position.at_boundary else None
        if position.decider == decider:
            if found is None:
                if len(position.option_codes) < 2:
                    break
                found = verdicts(position, limit, unique_win=True)
                if not found.unique or found.wins[0] != decision:
                    break
            refutations = {
                str(d): Refutation(v.outcome, tuple(str(x) for x in v.line))
                for d, v in found.decisions.items()
                if v.outcome != "win"
            }
            steps.append(Step(cpn, str(decision), "decider", refutations))
            found = None
        else:
            steps.append(Step(cpn, str(decision), "opponent"))
        position = position.play(decision)
    while steps and steps[-1].by == "opponent":
        steps.pop()
    return steps


def themes(position: Position, steps: list[Step], score: int | None) -> tuple[str, ...]:
    """The tokens whose placement or effect the decider's decisions are (the key one
    first), then ``final-placement``, ``growth``, ``pass`` and ``forfeit`` where they
    apply."""
    found: list[str] = []
    extra: list[str] = []
    for step in steps:
        if step.by == "decider":
            decision = Decision.parse(step.play)
            choice = position.choice
            if decision.family == "place":
                found.append(decision.kind.name.lower())
            elif choice in CHOICE_THEMES:
                found.append(CHOICE_THEMES[choice])
            elif decision.family == "grow":
                extra.append("growth")
            elif decision.family == "pass":
                extra.append("pass")
            if choice == "final-placement":
                extra.append("final-placement")
        position = position.play(step.play)
    if score is not None and abs(score) >= 100_000:
        extra.append("forfeit")
    return tuple(dict.fromkeys(found + extra))
