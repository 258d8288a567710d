"""Vectors for the page's hint (js/rules/solve.js, issue #21 item 4), solved by the engine.

``write_vectors(folder)`` writes ``hint.json``: small endgames (at most 6 tokens left in
both reserves together, some at most 4 or 3) with the Python solver's exact answer
(``solver.solve``: the outcome and the strong value for the position's decider, R-15,
R-17). Positions come from random games under the standard rules and three variants
(D-10), some in the middle of an effect (a boundary CPN and the decisions played since),
and from boards where Green holds every cell, so that play can end by forfeit (R-15).

Run alone: ``python tests/js/make_hint_vectors.py FOLDER`` prints the counts.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from cernunos_widget.engine import CernunosError, Position, Rules
from cernunos_widget.solver import Limit, solve
from cernunos_widget.solver.compiled.evaluation import HANDWRITTEN

HINT_TOKEN_LIMIT = 6  # js/rules/solve.js: tokens left in both reserves together
# Positions the engine cannot prove within this many nodes, ordering its search by the
# handwritten heuristic as solve.js does, are left out: the check keeps to seconds (a few
# 6-token endgames need millions of nodes: benchmarks/hint_speed.mjs).
NODE_LIMIT = 30_000
# D-10: standard, two variants, and small counts where draws are more frequent
VARIANTS = ("standard", "wolf-1", "power-all", "counts=T4,B1,D1,W0,S1,X0,C0,F0")
THRESHOLDS = (6, 6, 4, 3)
FORFEIT_RULES = ("counts=T16,F0", "wolf-1+counts=T16,F0")  # 27 tokens a player, no Fire
LETTERS = "TBDWSXCF"


def tokens_left(position: Position) -> int:
    return position.reserve_size("g") + position.reserve_size("p")


def random_endgame(rng: random.Random, rules: Rules, limit: int) -> tuple[str, list[str]] | None:
    """A random game played until at most ``limit`` tokens are left (then a few decisions
    more, sometimes, to stop inside an effect): (the last boundary CPN, decisions since)."""
    p = Position.start(rules)
    cpn, path = p.cpn(), []
    extra = rng.choice((0, 0, 1, 2, 3))
    while not p.is_over and (tokens_left(p) > limit or extra > 0):
        if tokens_left(p) <= limit:
            extra -= 1
        text = rng.choice(p.legal_texts())
        p = p.play(text)
        if p.at_boundary and not p.is_over:
            cpn, path = p.cpn(), []
        else:
            path.append(text)
    if p.is_over or tokens_left(p) > HINT_TOKEN_LIMIT:
        return None
    return cpn, path


def green_topped(rng: random.Random, rules: Rules) -> str:
    """A CPN where Green tops every cell, mostly with a Green token below (power 1, R-9),
    Purple's tokens under them, one or two cells sometimes left weak, at most 6 tokens in
    the reserves and Green to place: Purple forfeits (R-15) unless Green's own effects open
    a cell. ``rules`` need 24 Green tokens or more and no Fire."""
    counts = list(zip(LETTERS, rules.counts, strict=True))
    green = [letter for letter, n in counts for _ in range(n)]
    purple = [letter.lower() for letter in green]
    rng.shuffle(green)
    rng.shuffle(purple)
    green = green[rng.randint(0, 3) :]
    purple = purple[rng.randint(0, HINT_TOKEN_LIMIT - 3) :]
    stacks: list[list[str]] = [[] for _ in range(12)]
    for token in purple:
        stacks[rng.randrange(12)].append(token)
    weak = set(rng.sample(range(12), rng.choice((0, 0, 1, 2))))
    for cell in range(12):
        stacks[cell] += [green.pop()] if cell in weak else [green.pop(), green.pop()]
    while green:
        stacks[rng.randrange(12)].append(green.pop())
    rows = [",".join("".join(stacks[r * 4 + c]) for c in range(4)) for r in (2, 1, 0)]
    return f"{'/'.join(rows)} g {rng.choice('s21')} 0-0"


def solved(name: str, rules: Rules, cpn: str, path: list[str]) -> dict | None:
    """The vector: where the position is, and the engine's exact answer there (None if it
    takes more than NODE_LIMIT nodes)."""
    p = Position.from_cpn(cpn, rules).play_line(path) if path else Position.from_cpn(cpn, rules)
    s = solve(p, Limit(nodes=NODE_LIMIT), evaluator=HANDWRITTEN)
    if not s.proven or s.margin_out_of_reach:
        return None
    return {
        "name": name,
        "rules": str(rules),
        "cpn": cpn,
        "path": path,
        "tokens": tokens_left(p),
        "boundary": p.at_boundary,
        "turn": s.turn.letter,
        "outcome": s.outcome,
        "score": s.score,
        "pv": [str(d) for d in s.pv],
        "nodes": s.nodes,
    }


def write_vectors(folder: Path, seed: int = 21, games: int = 160, forfeits: int = 12) -> dict:
    """Write hint.json into ``folder``; return the counts."""
    rng = random.Random(seed)
    vectors: list[dict] = []
    n = 0
    while len(vectors) < games:
        rules = Rules.parse(VARIANTS[n % len(VARIANTS)])
        limit = THRESHOLDS[(n // len(VARIANTS)) % len(THRESHOLDS)]
        n += 1
        found = random_endgame(rng, rules, limit)
        vector = found and solved(f"game-{n}", rules, *found)
        if vector:
            vectors.append(vector)
    tries = 0
    found_forfeits = 0
    while found_forfeits < forfeits and tries < 50 * forfeits:
        tries += 1
        rules = Rules.parse(FORFEIT_RULES[tries % len(FORFEIT_RULES)])
        cpn = green_topped(rng, rules)
        try:
            p = Position.from_cpn(cpn, rules)
        except CernunosError:
            continue
        if p.is_over or tokens_left(p) > HINT_TOKEN_LIMIT:
            continue
        vector = solved(f"forfeit-{tries}", rules, cpn, [])
        if vector and abs(vector["score"]) >= 100_000:  # solver/values.py FORFEIT_SCORE
            vectors.append(vector)
            found_forfeits += 1
    (folder / "hint.json").write_text(json.dumps(vectors, indent=0), encoding="utf-8")
    return {
        "positions": len(vectors),
        "mid_effect": sum(not v["boundary"] for v in vectors),
        "forfeits": found_forfeits,
        "at_most_3": sum(v["tokens"] <= 3 for v in vectors),
        "outcomes": {w: sum(v["outcome"] == w for v in vectors) for w in ("win", "draw", "loss")},
    }


if __name__ == "__main__":
    print(write_vectors(Path(sys.argv[1])))
