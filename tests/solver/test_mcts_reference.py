"""The compiled MCTS iteration (``solver/compiled/mcts_tree.py``, ``iterate``) against a
plain Python transcription of the algorithm docs/solver.md describes: a seeded search of N
playouts must give the same tree, node for node (visits, outcome sums, proofs, children,
decision codes), and charge the same decisions to the budget.

The compiled iteration is optimised (issue #23: the root's options listed once per slice,
MCTS-Solver tried only where a proof can appear, copies, the evaluation's features); the
reference below is none of that: every iteration lists the root's options, replays each
level with ``child_into``, tries to prove every node of the path that has children, values
a leaf by ``tanh`` of the sum of its features' weights or by a random playout written here.
It uses only the compiled rules (``options``, ``child_into``; checked against the engine by
``test_compiled_rules.py``) and ``evaluation.features`` (checked by ``test_learned_eval.py``).
"""

from __future__ import annotations

import hashlib
import math

import numpy as np
import pytest

from cernunos_widget.engine import Position
from cernunos_widget.solver.compiled.evaluation import HANDWRITTEN, LEARNED, N_FEATURES, features
from cernunos_widget.solver.compiled.mcts_tree import NO_NODE, UNKNOWN
from cernunos_widget.solver.compiled.rules import (
    child_into,
    decider,
    final_score,
    heuristic_score,
    is_over,
    new_options,
    options,
)
from cernunos_widget.solver.mcts import Mcts
from cernunos_widget.solver.values import CELL_WEIGHT, FORFEIT_SCORE

START = Position.start()
MIDGAME = Position.from_cpn(".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1")
ENDGAME = Position.from_cpn("d,tdBD,c,wSTTT/bb,t,ttttttCT,sdtt/Ff,.,WtTTTTD,WXT p 1 3-1")
# Purple to move wins (test_mcts_memory.py): the root gets proven.
FORCED_WIN = Position.from_cpn("S,ttwttT,bTTTT,cttttt/XDB,DDttb,d,dB/TxWTT,CW,tFwd,f p 1 1-0")

M64 = 2**64 - 1
GOLDEN = 0x9E3779B97F4A7C15


def mix(z: int) -> int:
    """splitmix64's finaliser."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


class Reference:
    """The search of :class:`Mcts`, one plain step after another, on a tree's arrays."""

    def __init__(self, tree: Mcts) -> None:
        self.root = tree._state
        self.a = tree.arrays
        self.counts = tree._counts
        self.c = tree.c
        self.steps = 1 << 30 if tree.playout_depth is None else tree.playout_depth
        self.rng = int(tree._random[0])
        self.seed = int(tree._seed)
        self.evaluator = tree.evaluator
        self.w = tree._weights
        self.out = new_options()
        self.spent = 0

    def run(self, playouts: int) -> None:
        for _ in range(playouts):
            if self.a.proven[0] != UNKNOWN:
                return
            self.iteration()

    def child(self, s: np.ndarray, code: int) -> tuple[np.ndarray, list[int]]:
        dst = np.empty_like(s)
        n = child_into(s, code, dst, self.out)
        return dst, [int(x) for x in self.out[:n]]

    def iteration(self) -> None:
        a = self.a
        self.spent += 1
        s = self.root.copy()
        n = options(s, self.out)
        opts = [int(x) for x in self.out[:n]]
        node, path, widths = 0, [0], [len(opts)]
        while a.proven[node] == UNKNOWN and a.tried[node] == len(opts) and a.first[node] >= 0:
            node = self.select(node)
            s, opts = self.child(s, int(a.code[node]))
            path.append(node)
            widths.append(len(opts))
        if (
            a.proven[node] == UNKNOWN
            and a.tried[node] < len(opts)
            and self.counts[0] < len(a.visits)
        ):
            pick = self.nth_untried(node, int(a.tried[node]), opts)
            self.spent += 1
            s, opts = self.child(s, pick)
            new = int(self.counts[0])
            a.visits[new], a.total[new], a.first[new] = 0, 0.0, NO_NODE
            a.sibling[new], a.code[new], a.tried[new] = a.first[node], pick, 0
            over = is_over(s)
            a.green[new] = over or decider(s) == 0
            a.proven[new] = np.sign(final_score(s)) if over else UNKNOWN
            self.counts[0] = new + 1
            a.first[node] = new
            a.tried[node] += 1
            node = new
            path.append(node)
            widths.append(len(opts))
        if a.proven[node] != UNKNOWN:
            outcome = float(a.proven[node])
        elif self.evaluator == LEARNED:
            idx = np.empty(N_FEATURES, np.int64)
            raw = 0.0
            for i in idx[: features(s, idx)]:
                raw += float(self.w[i])
            outcome = math.tanh(raw) * (1 if decider(s) == 0 else -1)
        else:
            outcome = self.playout(s)
        self.counts[1] += 1
        for v, width in zip(reversed(path), reversed(widths), strict=True):
            a.visits[v] += 1
            a.total[v] += outcome
            if a.proven[v] == UNKNOWN and a.first[v] != NO_NODE:
                self.try_prove(v, width)

    def select(self, node: int) -> int:
        """UCT; proven children count as certain (+-10)."""
        a = self.a
        sign = 1.0 if a.green[node] else -1.0
        log_n = math.log(int(a.visits[node]) + 1)
        best, best_value = NO_NODE, -math.inf
        child = int(a.first[node])
        while child != NO_NODE:
            v = int(a.visits[child])
            if a.proven[child] != UNKNOWN:
                value = sign * int(a.proven[child]) * 10.0
            else:
                mean = float(a.total[child]) / v if v else 0.0
                value = sign * mean + self.c * math.sqrt(log_n / (v + 1))
            if value > best_value:
                best, best_value = child, value
            child = int(a.sibling[child])
        return best

    def try_prove(self, node: int, width: int) -> None:
        """MCTS-Solver: a child winning for the decider proves the node; else all must."""
        a = self.a
        sign = 1 if a.green[node] else -1
        children = []
        child = int(a.first[node])
        while child != NO_NODE:
            children.append(int(a.proven[child]))
            child = int(a.sibling[child])
        known = [p for p in children if p != UNKNOWN]
        for p in known:
            if sign * p == 1:
                a.proven[node] = p
                return
        if a.tried[node] == width and len(known) == len(children):
            a.proven[node] = max(known, key=lambda p: sign * p)

    def nth_untried(self, node: int, t: int, opts: list[int]) -> int:
        """The ``t``-th option in the node's fixed order (a seeded Fisher-Yates prefix)."""
        perm = list(range(len(opts)))
        h = self.seed ^ ((node * GOLDEN) & M64)
        for i in range(t + 1):
            h = (h + GOLDEN) & M64
            j = i + mix(h) % (len(opts) - i)
            perm[i], perm[j] = perm[j], perm[i]
        return opts[perm[t]]

    def playout(self, s: np.ndarray) -> float:
        """Random decisions (splitmix64) to the end or ``steps``; +-1 / 0 or the estimate."""
        n = options(s, self.out)
        steps = 0
        while n and steps < self.steps:
            self.rng = (self.rng + GOLDEN) & M64
            s, opts = self.child(s, int(self.out[mix(self.rng) % n]))
            n = len(opts)
            steps += 1
        self.spent += steps
        if is_over(s):
            return float(np.sign(final_score(s)))
        score = heuristic_score(s)
        if abs(score) >= FORFEIT_SCORE:
            return 1.0 if score > 0 else -1.0
        return math.tanh(score / (2.5 * CELL_WEIGHT))


CASES = {
    "start-learned": (START, LEARNED, 1_500, {}),
    "midgame-learned": (MIDGAME, LEARNED, 2_000, {}),
    "endgame-learned": (ENDGAME, LEARNED, 3_000, {}),
    "start-playouts": (START, HANDWRITTEN, 300, {}),
    "endgame-playouts": (ENDGAME, HANDWRITTEN, 1_500, {}),
    "short-playouts": (MIDGAME, HANDWRITTEN, 800, {"playout_depth": 3}),
    "full-tree": (MIDGAME, LEARNED, 2_000, {"memory_mb": 0.01}),  # 349 nodes
    "proofs-playouts": (FORCED_WIN, HANDWRITTEN, 600, {}),  # some proofs, not the root
    "proven-root-playouts": (FORCED_WIN, HANDWRITTEN, 30_000, {"memory_mb": 0.05}),
    "proven-root-learned": (FORCED_WIN, LEARNED, 30_000, {}),
}


@pytest.mark.parametrize("case", CASES)
def test_the_compiled_search_builds_the_reference_tree(case):
    position, evaluator, playouts, options_ = CASES[case]

    def tree() -> Mcts:
        return Mcts(position, seed=7, evaluator=evaluator, **options_)

    compiled, plain = tree(), tree()
    compiled.run(playouts)
    reference = Reference(plain)
    reference.run(playouts)
    assert compiled.playouts == plain.playouts > 0
    assert compiled.nodes == plain.nodes > 1
    n = compiled.nodes
    for name, mine, theirs in zip(
        compiled.arrays._fields, compiled.arrays, plain.arrays, strict=True
    ):
        assert np.array_equal(mine[:n], theirs[:n]), f"{case}: {name} differs"
    assert compiled.budget.spent == reference.spent
    proven = np.count_nonzero(compiled.arrays.proven[:n] != UNKNOWN)
    if case.startswith("proofs"):
        assert proven > 20 and compiled.root.proven is None  # MCTS-Solver's proofs compared
    if case.startswith("proven-root"):
        assert compiled.root.proven == -1 and compiled.playouts < playouts and proven > 200
    if case == "full-tree":
        assert compiled.nodes == compiled.capacity and compiled.playouts == playouts


def digest(tree: Mcts) -> str:
    """The first 12 hex digits of the SHA-256 of the tree's node arrays."""
    h = hashlib.sha256()
    for array in tree.arrays:
        h.update(np.ascontiguousarray(array[: tree.nodes]).tobytes())
    return h.hexdigest()[:12]


# Recorded from main before the iteration was optimised (commit 239d5b1, x86-64 glibc):
# large seeded searches, where even a float32 rounding of UCT's exploration term changes
# the tree.  New weights change the learned ones: record them again from a checkout whose
# search is known good (the learned ones were recorded again for ntuple-1-111701b6e4c5 on
# commit abb1a1f, whose trees match the transcription above).
RECORDED = {
    ("start", LEARNED, 100_000): "ba9764b45a47",
    ("midgame", LEARNED, 100_000): "c1b585b1eead",
    ("endgame", LEARNED, 100_000): "590121643c46",
    ("start", HANDWRITTEN, 25_000): "14a117dc0f2e",
    ("midgame", HANDWRITTEN, 25_000): "127098731c8d",
    ("endgame", HANDWRITTEN, 25_000): "e0e7c6f8c1f7",
}
POSITIONS = {"start": START, "midgame": MIDGAME, "endgame": ENDGAME}


@pytest.mark.parametrize(("name", "evaluator", "playouts"), RECORDED)
def test_large_seeded_searches_build_the_trees_recorded_before_the_speed_up(
    name, evaluator, playouts
):
    tree = Mcts(POSITIONS[name], seed=1, evaluator=evaluator, memory_mb=64)
    tree.run(playouts)
    assert tree.playouts == playouts and tree.nodes == playouts + 1
    assert digest(tree) == RECORDED[name, evaluator, playouts]
