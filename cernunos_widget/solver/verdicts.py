"""Every decision's proven outcome at one position, and a shallow search's ranking of them.

What puzzles are mined from (``cernunos_widget.puzzles``): a position is a puzzle when its
decider has exactly one decision that keeps a proven win and every other decision is a
proven draw or loss (:func:`verdicts` with ``unique_win=True`` stops as soon as that is
settled either way).

>>> v = verdicts(position, Limit(time=30), unique_win=True)
>>> v.proven and v.unique and str(v.wins[0])        # the one winning decision
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from ..engine import Decision, Position
from ..engine.decisions import decision_of
from .analyse import Limit, _budget, proof_ordering
from .compiled.searchers import CompiledDepthSearch, CompiledExactSearch
from .pov import seen_by, turn_at
from .prepare import prepare_engine
from .search import SearchAborted
from .values import outcome_word


@dataclass(frozen=True)
class Verdict:
    """One decision's proven outcome for the position's decider, and a line proving it
    (the decisions after it: best play keeping that outcome, to the end of the game)."""

    decision: Decision
    outcome: str  # 'win' / 'draw' / 'loss' for the decider at the analysed position
    line: list[Decision]


@dataclass
class Verdicts:
    """What :func:`verdicts` proved at one position, for its decider."""

    proven: bool  # False: the limit ran out before the question was settled
    outcome: str | None  # the position's proven outcome for its decider
    decisions: dict[Decision, Verdict] = field(default_factory=dict)  # in the listing order
    complete: bool = False  # every legal decision has its verdict

    @property
    def wins(self) -> list[Decision]:
        """The decisions proven to keep the win."""
        return [d for d, v in self.decisions.items() if v.outcome == "win"]

    @property
    def unique(self) -> bool:
        """Exactly one decision keeps the win and every other one is proven not to."""
        return self.proven and self.complete and len(self.wins) == 1


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def verdicts(
    position: Position,
    limit: Limit | None = None,
    *,
    unique_win: bool = False,
    stop: threading.Event | None = None,
) -> Verdicts:
    """Prove the outcome of every legal decision at ``position`` (for its decider), each
    with a line; the searches share one table.  With ``unique_win`` it stops as soon as
    the answer to "does exactly one decision win?" is known: at once if the position is
    not a win, at the second winning decision (the winning line's first decision is
    proven first).  Within ``limit`` (None: no limit), else ``proven`` is False."""
    prepare_engine(search="exact")
    budget = _budget(limit, stop)
    turn = turn_at(position)
    exact = CompiledExactSearch(budget, evaluator=proof_ordering(position))
    try:
        green = exact.outcome(position)
        result = Verdicts(True, outcome_word(seen_by(turn, green)))
        if position.is_over or (unique_win and result.outcome != "win"):
            result.complete = position.is_over
            return result
        codes = list(position.option_codes)
        if unique_win:
            first = exact.principal_variation(position, lambda v: _sign(v) == green, (-1, 1))
            codes.sort(key=lambda c: c != first[0])
        for code in codes:
            child = position.child(code)
            outcome = exact.outcome(child)
            line = exact.principal_variation(child, lambda v, o=outcome: _sign(v) == o, (-1, 1))
            decision = decision_of(code)
            result.decisions[decision] = Verdict(
                decision, outcome_word(seen_by(turn, outcome)), [decision_of(c) for c in line]
            )
            if unique_win and len(result.wins) > 1:
                break
        else:
            result.complete = True
        order = {code: i for i, code in enumerate(position.option_codes)}
        result.decisions = dict(sorted(result.decisions.items(), key=lambda i: order[i[0].code]))
        return result
    except (SearchAborted, KeyboardInterrupt):
        return Verdicts(False, None)


def shallow_values(position: Position, depth: int = 2) -> dict[Decision, int]:
    """Each legal decision's score for the decider after a search ``depth`` decisions deep
    (the decision itself included), ordered by the evaluation that orders the proofs:
    what a shallow look prefers, to rate how misleading a puzzle is."""
    prepare_engine(search="exact")
    turn = turn_at(position)
    search = CompiledDepthSearch(_budget(None, None), evaluator=proof_ordering(position))
    return {
        decision_of(code): seen_by(turn, search.value(position.child(code), depth - 1))
        for code in position.option_codes
    }
