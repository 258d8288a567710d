"""Monte Carlo tree search (UCT) with MCTS-Solver over the engine's decisions.

Every node keeps its statistics from Green's point of view; the player who decides at a
node (R-27: the owner of the token whose effect asks) picks among its children.  Random
playouts score a finished game as +1 / 0 / -1.  MCTS-Solver: a node is *proven* when one
child gives its decider a win, or when every child is proven (the decider then takes the
best); proven values replace estimates, so proven wins and losses propagate up the tree.

The tree lives in compact preallocated arrays sized from ``memory_mb`` (about 30 bytes a
node, no state stored: ``compiled/mcts_tree.py``); when they are full the search goes on
without adding nodes, so memory stays bounded however long it runs, and is given back to
the system when the tree is dropped.  The iterations and playouts run on the compiled core
in slices of a few milliseconds, between which the budget (time, nodes, stop) is checked.
"""

from __future__ import annotations

import math
import mmap
import numbers
import random
import threading
import time
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..engine import Decision, Player, Position
from ..engine.decisions import decision_of
from ..engine.errors import CernunosError
from .compiled.convert import encode
from .compiled.evaluation import HANDWRITTEN
from .compiled.mcts_tree import (
    NO_NODE,
    NODE_BYTES,
    NODES,
    PLAYOUTS,
    UNKNOWN,
    init_root,
    iterate,
    principal_line,
)
from .learned import search_weights
from .pov import seen_by
from .search import Budget, SearchAborted

DEFAULT_MEMORY_MB = 512
MAX_NODES = 2**31 - 1  # node indices are int32
MAX_MEMORY_MB = MAX_NODES * NODE_BYTES // 2**20
_NO_DEPTH = 1 << 30
_NO_LIMIT = 1 << 62
_SLICE_SECONDS = 0.005  # compiled work between two looks at the budget
_MAX_SLICE = 1 << 16  # iterations


class MemoryBudgetError(CernunosError):
    """A tree memory budget (``memory_mb``) that is not a positive finite number in range."""


def check_memory_mb(memory_mb: object) -> float:
    """``memory_mb`` as a float if it is a usable budget; else :class:`MemoryBudgetError`."""
    accepted = f"a finite number of MiB above 0 and at most {MAX_MEMORY_MB} (int or float)"
    if isinstance(memory_mb, (bool, np.bool_)) or not isinstance(memory_mb, numbers.Real):
        raise MemoryBudgetError(f"memory_mb must be {accepted}, not {memory_mb!r:.80}")
    try:
        value = float(memory_mb)
    except (OverflowError, ValueError):
        value = math.inf
    if not (math.isfinite(value) and 0 < value <= MAX_MEMORY_MB):
        raise MemoryBudgetError(f"memory_mb must be {accepted}, not {memory_mb!r:.80}")
    return value


class NodeArrays(NamedTuple):
    """A tree's node arrays, by node index, in the order ``compiled/mcts_tree.py`` takes."""

    visits: np.ndarray  # int64
    total: np.ndarray  # float64: the sum of playout outcomes, Green's point of view
    first: np.ndarray  # int32: the first child, or NO_NODE
    sibling: np.ndarray  # int32: the next sibling, or NO_NODE
    code: np.ndarray  # int16: the decision that leads here
    tried: np.ndarray  # int16: children made so far
    proven: np.ndarray  # int8: 1 / 0 / -1 (Green's point of view), or UNKNOWN
    green: np.ndarray  # int8: Green decides here (or the game is over)


class Node:
    """A read-only view of one node of an :class:`Mcts` tree (its values are live)."""

    __slots__ = ("tree", "index")

    def __init__(self, tree: Mcts, index: int) -> None:
        self.tree = tree
        self.index = index

    @property
    def visits(self) -> int:
        return int(self.tree.arrays.visits[self.index])

    @property
    def total(self) -> float:
        """The sum of playout outcomes through this node, Green's point of view."""
        return float(self.tree.arrays.total[self.index])

    @property
    def proven(self) -> int | None:
        """1 / 0 / -1 (Green's point of view) when proven, else None."""
        p = int(self.tree.arrays.proven[self.index])
        return None if p == UNKNOWN else p

    @property
    def green(self) -> bool:
        """Green decides here (or the game is over)."""
        return bool(self.tree.arrays.green[self.index])

    @property
    def children(self) -> dict[int, Node]:
        """The children made so far, by decision code, oldest first."""
        tree, arrays, found = self.tree, self.tree.arrays, []
        child = int(arrays.first[self.index])
        while child != NO_NODE:
            found.append(child)
            child = int(arrays.sibling[child])
        return {int(arrays.code[c]): Node(tree, c) for c in reversed(found)}

    def mean(self) -> float:
        visits = self.visits
        return self.total / visits if visits else 0.0


@dataclass
class MctsResult:
    """The search's opinion of each first decision (values for the root's decider)."""

    decision: Decision
    visits: int
    value: float  # -1 .. 1, the mean playout outcome (or the proven outcome)
    proven: int | None  # 1 win / 0 draw / -1 loss for the root's decider, when proven
    pv: list[Decision]


def node_capacity(memory_mb: float, root_options: int) -> int:
    """Nodes that fit in ``memory_mb`` MiB, but always the root and all its children."""
    return max(int(memory_mb * 2**20) // NODE_BYTES, 1 + root_options)


class Mcts:
    """UCT with MCTS-Solver; ``run`` until the budget ends, then read ``results``.

    The tree holds at most ``capacity`` nodes (``memory_mb`` MiB of node arrays, but never
    fewer than the root and its children); ``nodes`` says how many it holds.
    """

    def __init__(
        self,
        position: Position,
        *,
        exploration: float = 1.2,
        seed: int | None = None,
        budget: Budget | None = None,
        playout_depth: int | None = None,
        memory_mb: float = DEFAULT_MEMORY_MB,
        evaluator: int = HANDWRITTEN,
        weights: np.ndarray | None = None,
    ) -> None:
        memory_mb = check_memory_mb(memory_mb)
        self.evaluator = evaluator
        self._weights = search_weights(evaluator, weights)
        if position.is_over:
            raise ValueError(f"the game is over ({position.result()}): nothing to search")
        self.c = exploration
        self.budget = budget or Budget()
        self.playout_depth = playout_depth  # None: play out to the end
        rng = random.Random(seed)
        self._random = np.array([rng.getrandbits(64)], np.uint64)  # playouts' generator
        self._seed = np.uint64(rng.getrandbits(64))  # each node's order of options
        self.capacity = node_capacity(memory_mb, len(position.option_codes))
        self._allocate(self.capacity)
        self._state = encode(position)
        self._counts = np.zeros(2, np.int64)
        init_root(self._state, *self.arrays, self._counts)
        self._slice = 16

    def _allocate(self, capacity: int) -> None:
        """One anonymous mapping holds every node array: pages are taken as nodes are made,
        and all of it goes back to the system when the tree is dropped."""
        try:
            buffer = mmap.mmap(-1, capacity * NODE_BYTES)
        except (OSError, OverflowError) as error:
            raise MemoryBudgetError(
                f"could not reserve {capacity * NODE_BYTES / 2**20:.0f} MiB for the tree "
                f"({error}): use a smaller memory_mb"
            ) from None
        offset = 0

        def carve(dtype: type) -> np.ndarray:
            nonlocal offset
            array = np.frombuffer(buffer, dtype, capacity, offset)
            offset += array.nbytes
            return array

        widths = (np.int64, np.float64, np.int32, np.int32, np.int16, np.int16, np.int8, np.int8)
        self.arrays = NodeArrays(*(carve(w) for w in widths))  # widest first: all aligned

    @property
    def root(self) -> Node:
        """The root (a view made on demand: a tree holds no reference to itself, so it is
        freed as soon as it is dropped)."""
        return Node(self, 0)

    @property
    def nodes(self) -> int:
        """How many nodes the tree holds (at most ``capacity``)."""
        return int(self._counts[NODES])

    @property
    def playouts(self) -> int:
        """Iterations so far: each ends in one playout (or a proven node's value)."""
        return int(self._counts[PLAYOUTS])

    # ------------------------------------------------------------------ search

    def run(self, playouts: int | None = None) -> bool:
        """Search until the budget (or ``playouts`` more playouts) is spent, or proven.

        Returns False once the budget is spent (the results so far stay readable).
        """
        budget = self.budget
        steps = _NO_DEPTH if self.playout_depth is None else self.playout_depth
        done = 0
        try:
            while self.root.proven is None and (playouts is None or done < playouts):
                budget.charge(0)  # raises at the time limit or a stop
                room = _NO_LIMIT if budget.max_nodes is None else budget.max_nodes - budget.spent
                if room <= 0:
                    return False
                wanted = self._slice if playouts is None else min(self._slice, playouts - done)
                started = time.perf_counter()
                count, spent = iterate(
                    self._state,
                    *self.arrays,
                    self._counts,
                    wanted,
                    room,
                    self.c,
                    steps,
                    self._random,
                    self._seed,
                    self.evaluator,
                    self._weights,
                )
                elapsed = time.perf_counter() - started
                done += count
                if count and elapsed > 0:
                    self._slice = max(1, min(_MAX_SLICE, int(count * _SLICE_SECONDS / elapsed)))
                budget.charge(spent)
        except SearchAborted:
            return False
        return True

    # ------------------------------------------------------------------ results

    def results(self) -> list[MctsResult]:
        """First decisions, best first for the root's decider."""
        turn = Player.GREEN if self.root.green else Player.PURPLE
        out = []
        for code, child in self.root.children.items():
            proven = None if child.proven is None else seen_by(turn, child.proven)
            value = float(proven) if proven is not None else seen_by(turn, child.mean())
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
        line = np.empty(length, np.int64)
        a = self.arrays
        n = principal_line(node.index, a.first, a.sibling, a.visits, a.code, line)
        return [decision_of(int(code)) for code in line[:n]]


def mcts_search(
    position: Position,
    seconds: float | None = None,
    playouts: int | None = None,
    seed: int | None = None,
    stop: threading.Event | None = None,
    playout_depth: int | None = None,
    memory_mb: float = DEFAULT_MEMORY_MB,
    evaluator: int = HANDWRITTEN,
) -> Mcts:
    """Run MCTS on ``position`` for a time or a number of playouts; return the tree.

    The tree holds at most ``memory_mb`` MiB of nodes; the search goes on when it is full.
    ``evaluator=1`` values new nodes with the learned evaluation instead of playouts.
    """
    tree = Mcts(
        position,
        seed=seed,
        budget=Budget(seconds=seconds, stop=stop),
        playout_depth=playout_depth,
        memory_mb=memory_mb,
        evaluator=evaluator,
    )
    tree.run(playouts)
    return tree
