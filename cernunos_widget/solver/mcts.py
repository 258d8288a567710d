"""Monte Carlo tree search (UCT) with MCTS-Solver over the engine's decisions.

Every node keeps its statistics from Green's point of view; the player who decides at a
node (R-27: the owner of the token whose effect asks) picks among its children.  Random
playouts score a finished game as +1 / 0 / -1.  MCTS-Solver: a node is *proven* when one
child gives its decider a win, or when every child is proven (the decider then takes the
best); proven values replace estimates, so proven wins and losses propagate up the tree.
The tree and the playouts run on the compiled core (``compiled/``).
"""

from __future__ import annotations

import math
import random
import threading
from dataclasses import dataclass

import numpy as np

from ..engine import Decision, Position
from ..engine.decisions import decision_of
from .compiled import rules
from .compiled.convert import encode
from .compiled.playout import playout
from .search import Budget, SearchAborted
from .values import estimate

_NO_DEPTH = 1 << 30


class Node:
    """A position of the tree, as a compiled state (``compiled/layout.py``)."""

    __slots__ = ("state", "green", "untried", "children", "visits", "total", "proven")

    def __init__(self, state: np.ndarray, codes: list[int], rng: random.Random) -> None:
        self.state = state
        over = rules.is_over(state)
        self.green = over or rules.decider(state) == 0
        rng.shuffle(codes)
        self.untried = codes
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0  # sum of playout outcomes, Green's point of view
        self.proven: int | None = None
        if over:
            score = rules.final_score(state)
            self.proven = (score > 0) - (score < 0)

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class MctsResult:
    """The search's opinion of each first decision (values for the root's decider)."""

    decision: Decision
    visits: int
    value: float  # -1 .. 1, the mean playout outcome (or the proven outcome)
    proven: int | None  # 1 win / 0 draw / -1 loss for the root's decider, when proven
    pv: list[Decision]


class Mcts:
    """UCT with MCTS-Solver; ``run`` until the budget ends, then read ``results``."""

    def __init__(
        self,
        position: Position,
        *,
        exploration: float = 1.2,
        seed: int | None = None,
        budget: Budget | None = None,
        playout_depth: int | None = None,
    ) -> None:
        if position.is_over:
            raise ValueError(f"the game is over ({position.result()}): nothing to search")
        self.rng = random.Random(seed)
        self.root = Node(encode(position), list(position.option_codes), self.rng)
        self.c = exploration
        self.budget = budget or Budget()
        self.playout_depth = playout_depth  # None: play out to the end
        self._random = np.array([self.rng.getrandbits(64)], np.uint64)  # playouts' generator
        self._options = rules.new_options()
        self.playouts = 0

    # ------------------------------------------------------------------ search

    def run(self, playouts: int | None = None) -> bool:
        """Search until the budget (or ``playouts`` more playouts) is spent, or proven.

        Returns False once the budget is spent (the results so far stay readable).
        """
        done = 0
        try:
            while self.root.proven is None and (playouts is None or done < playouts):
                self._iterate()
                done += 1
        except SearchAborted:
            return False
        return True

    def _iterate(self) -> None:
        # Every iteration counts against the budget: one that only revisits a proven node
        # applies no decision, and would otherwise never reach a time check.
        self.budget.tick()
        node, path = self.root, [self.root]
        while node.proven is None and not node.untried and node.children:
            node = self._select(node)
            path.append(node)
        if node.proven is None and node.untried:
            code = node.untried.pop()
            self.budget.tick()
            state, n = rules.child(node.state, code, self._options)
            child_node = Node(state, self._options[:n].tolist(), self.rng)
            node.children[code] = child_node
            node = child_node
            path.append(node)
        outcome = node.proven if node.proven is not None else self._playout(node.state)
        self.playouts += 1
        for visited in reversed(path):
            visited.visits += 1
            visited.total += outcome
            if visited.proven is None and visited.children:
                self._try_prove(visited)

    def _select(self, node: Node) -> Node:
        sign = 1 if node.green else -1
        log_n = math.log(node.visits + 1)
        best, best_value = None, -math.inf
        for child in node.children.values():
            if child.proven is not None:
                value = sign * child.proven * 10.0  # proven: certainty beats any estimate
            else:
                value = sign * child.mean() + self.c * math.sqrt(log_n / (child.visits + 1))
            if value > best_value:
                best, best_value = child, value
        return best

    def _try_prove(self, node: Node) -> None:
        """MCTS-Solver: a child winning for the decider proves the node; else all must be."""
        sign = 1 if node.green else -1
        best = None
        for child in node.children.values():
            if child.proven is None:
                continue
            if sign * child.proven == 1:
                node.proven = child.proven
                return
            best = child.proven if best is None or sign * child.proven > sign * best else best
        if not node.untried and all(c.proven is not None for c in node.children.values()):
            node.proven = best

    def _playout(self, state: np.ndarray) -> float:
        """A random playout (compiled): to the end (+1 / 0 / -1), or ``playout_depth``
        decisions then the heuristic score squashed into (-1, 1)."""
        steps = _NO_DEPTH if self.playout_depth is None else self.playout_depth
        finished, score, used = playout(state, steps, self._random, self._options)
        self.budget.charge(used)
        if finished:
            return (score > 0) - (score < 0)
        return estimate(score)

    # ------------------------------------------------------------------ results

    def results(self) -> list[MctsResult]:
        """First decisions, best first for the root's decider."""
        sign = 1 if self.root.green else -1
        out = []
        for code, child in self.root.children.items():
            proven = None if child.proven is None else sign * child.proven
            value = float(proven) if proven is not None else sign * child.mean()
            out.append(
                MctsResult(
                    decision_of(code),
                    child.visits,
                    value,
                    proven,
                    [decision_of(code), *self._pv(child)],
                )
            )

        def rank(r: MctsResult) -> tuple[int, int]:
            tier = {1: 2, -1: 0}.get(r.proven, 1)  # proven wins, the rest, proven losses
            return tier, r.visits

        return sorted(out, key=rank, reverse=True)

    def _pv(self, node: Node, length: int = 12) -> list[Decision]:
        line = []
        while node.children and len(line) < length:
            code, node = max(node.children.items(), key=lambda kv: kv[1].visits)
            line.append(decision_of(code))
        return line


def mcts_search(
    position: Position,
    seconds: float | None = None,
    playouts: int | None = None,
    seed: int | None = None,
    stop: threading.Event | None = None,
    playout_depth: int | None = None,
) -> Mcts:
    """Run MCTS on ``position`` for a time or a number of playouts; return the tree."""
    tree = Mcts(
        position, seed=seed, budget=Budget(seconds=seconds, stop=stop), playout_depth=playout_depth
    )
    tree.run(playouts)
    return tree
