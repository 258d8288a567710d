"""MCTS in several threads by root parallelism: independent trees, merged at the root.

Each of ``threads`` trees (:class:`.mcts.Mcts`, seeds apart, ``memory_mb`` shared out
among them) is searched in its own thread (the compiled iterations hold no GIL) under one
:class:`.search.Budget`; a first decision's visits are the sum over the trees, its value
their visit-weighted mean, and a proof found by any tree stands (proofs are exact, so the
trees never disagree on one).  Simpler than tree parallelism with virtual loss and
without locks; ``docs/solver.md`` has what it measured.
"""

from __future__ import annotations

import threading
import time

from .mcts import Mcts, MctsResult, Node


class RootParallelMcts:
    """Several MCTS trees of one position searched at once; the same ``run`` /
    ``results`` / ``root`` as one :class:`.mcts.Mcts`."""

    def __init__(self, trees: list[Mcts]) -> None:
        """``trees``: of one position, under one budget (seeds apart)."""
        self.trees = trees
        self.budget = trees[0].budget

    @property
    def root(self) -> Node:
        """A proven root if a tree has one, else the first tree's."""
        return next((t.root for t in self.trees if t.root.proven is not None), self.trees[0].root)

    def run(self, playouts: int, seconds: float = 0.0) -> bool:
        """About ``playouts`` more playouts, shared out among the trees, each in its own
        thread, and more shares until ``seconds`` have passed (the trees wait for each
        other only once a call); False once the budget is spent."""
        share = max(1, playouts // len(self.trees))
        more = [True] * len(self.trees)
        until = time.perf_counter() + seconds

        def work(i: int) -> None:
            tree = self.trees[i]
            more[i] = tree.run(share)
            while more[i] and tree.root.proven is None and time.perf_counter() < until:
                more[i] = tree.run(share)

        workers = [
            threading.Thread(target=work, args=(i,), name="cernunos-mcts", daemon=True)
            for i in range(len(self.trees))
        ]
        for worker in workers:
            worker.start()
        try:
            for worker in workers:
                worker.join()
        except KeyboardInterrupt:  # every tree stops at its next look at the clock
            self.budget.deadline = self.budget.started
            for worker in workers:
                worker.join()
            raise
        return all(more)

    def results(self) -> list[MctsResult]:
        """First decisions, best first for the root's decider, merged over the trees."""
        merged: dict[int, list[MctsResult]] = {}
        for tree in self.trees:
            for r in tree.results():
                merged.setdefault(r.decision.code, []).append(r)
        out = [_merge(rs) for rs in merged.values()]

        def rank(r: MctsResult) -> tuple[int, int]:
            tier = {1: 2, -1: 0}.get(r.proven, 1)  # proven wins, the rest, proven losses
            return tier, r.visits

        return sorted(out, key=rank, reverse=True)


def _merge(results: list[MctsResult]) -> MctsResult:
    """One first decision's results from several trees as one."""
    visits = sum(r.visits for r in results)
    most = max(results, key=lambda r: r.visits)
    proof = next((r for r in results if r.proven is not None), None)
    if proof is not None:
        return MctsResult(most.decision, visits, float(proof.proven), proof.proven, proof.pv)
    value = sum(r.value * r.visits for r in results) / visits if visits else 0.0
    return MctsResult(most.decision, visits, value, None, most.pv)
