"""Solving a puzzle, one try at a time: the judge the widget's kernel uses (the page
without a kernel has the same in js/puzzle.js, over the same stored data).

A try at the decider's step is either the stored winning decision (then it is played with
the opponent's best replies after it, up to the decider's next step) or a wrong decision,
answered with its proven refutation (the board stays where it was); anything else is
refused with the engine's reason.  Solving the last step counts the puzzle solved.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Position
from ..engine.decisions import code_of
from ..i18n import refusal
from .model import Puzzle, PuzzleError


@dataclass
class PuzzleRun:
    """A set of puzzles being solved: which one, which step, how many solved."""

    puzzles: list[Puzzle]
    index: int = 0
    step: int = 0
    solved: int = 0
    node: int = 0  # the board's node where the decider is to play
    tried: dict | None = None  # the last wrong try: decision, result, line
    solved_ids: list[str] = field(default_factory=list)

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    @property
    def done(self) -> bool:
        return self.step >= len(self.puzzle.steps)

    def try_decision(self, decision: str, position: Position) -> list[str] | None:
        """Judge ``decision`` at ``position`` (the puzzle's current one): the decisions to
        play (it and the opponent's replies) when it is the winning one, else None after
        recording its refutation in :attr:`tried`.  An illegal decision raises the engine's
        error; a solved puzzle refuses further tries."""
        if self.done:
            raise refusal(PuzzleError, "refusal.puzzle_solved")
        step = self.puzzle.steps[self.step]
        code = position.parse_decision(decision).code  # IllegalDecisionError if illegal
        if code == code_of(step.play):
            plays = [step.play]
            self.step += 1
            while not self.done and self.puzzle.steps[self.step].by == "opponent":
                plays.append(self.puzzle.steps[self.step].play)
                self.step += 1
            self.tried = None
            if self.done:
                self.solved += 1
                self.solved_ids.append(self.puzzle.id)
            return plays
        for token, refutation in step.refutations.items():
            if code_of(token) == code:
                self.tried = {
                    "decision": token,
                    "result": refutation.result,
                    "line": list(refutation.line),
                }
                return None
        raise refusal(PuzzleError, "refusal.no_refutation", decision=decision, id=self.puzzle.id)

    def catalogue(self) -> list[dict]:
        """The set as the page's puzzle picker lists it: each puzzle's id, rating, themes."""
        return [{"id": p.id, "rating": p.rating, "themes": list(p.themes)} for p in self.puzzles]

    def go_to(self, index: int) -> Puzzle:
        """Start puzzle ``index`` of the set (wrapping around) from its first step."""
        self.index = index % len(self.puzzles)
        self.step = 0
        self.tried = None
        return self.puzzle

    def state(self, *, whole_set: bool = False) -> dict:
        """What the page shows (the ``puzzle`` key of the ``tree`` state): the puzzle,
        where the run is, the count solved, the last wrong try; with ``whole_set`` every
        puzzle too (a page without a kernel takes the next one itself)."""
        out = {
            "puzzle": self.puzzle.to_dict(),
            "index": self.index,
            "count": len(self.puzzles),
            "step": self.step,
            "solved": self.solved,
            "node": self.node,
            "status": "solved" if self.done else "playing",
            "tried": self.tried,
            "solved_ids": list(self.solved_ids),  # the picker's "solved or not"
        }
        if whole_set:
            out["set"] = [p.to_dict() for p in self.puzzles]
        return out
