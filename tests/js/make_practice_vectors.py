"""Vectors for a study's practice chapters in a page with no kernel (js/practice.js through
js/studyplay.js), answered by the kernel (session/practice.py through the widget).

``practice.jsonl``: random studies of practice chapters (starts from random games, most of
them small endgames; the student Green, Purple or the side to move; goals from the lessons'
language, or none: win the game) opened in a widget (``w.study``), which answers random
sequences of the reader's plays (legal, illegal, while the engine is to play, after the
verdict), the engine's replies (``advance``, at the practice's node or another), retries,
chapters opened and the board's language, through its handler. Per request: the reply's
``ok`` and ``message``, the ``study_state`` (node, waiting, verdict with its reasons in both
languages, the engine's reply and how it was chosen, solved), the current node, its CPN, the
language. The page's replay plays the kernel's recorded reply where the engine answers (its
own choice is checked by the endgames below), so every verdict is compared word for word.

``endgames.json``: small endgames (at most 6 tokens left, R-8) with each legal decision's
exact value for the decider (``solver.solve``): the page's reply must be ``perfect`` and
keep the best value; the kernel's reply here is checked to do the same.

Run alone: ``python tests/js/make_practice_vectors.py FOLDER`` prints the counts.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from kernel_double import study_kernel

from cernunos_widget.engine import Position
from cernunos_widget.record.tree import Game
from cernunos_widget.session.practice import reply, tokens_left
from cernunos_widget.solver import Limit, final_score, solve
from cernunos_widget.study import Chapter, Study
from cernunos_widget.widget.adapter import CernunosWidget

NODE_LIMIT = 30_000  # endgames the engine proves within this (as make_hint_vectors.py)
GOALS = (
    None,
    None,
    {"within": 2, "test": {"cells": {"at_least": 6}}},
    {"within": 4, "test": {"result": "win"}},
    {"within": 3, "test": {"any": [{"owns": "b2"}, {"event": "push"}]}},
    {"within": 1, "test": {"all": [{"owns": "a1"}, {"owns": "d3"}]}},
    {"within": 2, "test": {"power": {"cell": "c2", "at_least": 2}}},
    {"within": 8, "test": {"phase": "L"}},
)


def random_start(rng: random.Random, left: int) -> Position:
    """A position (between placements, the game going on) of a random game played until at
    most ``left`` tokens are left in both reserves."""
    while True:
        p = Position.start()
        while not p.is_over and (tokens_left(p) > left or not p.at_boundary):
            p = p.play(rng.choice(p.legal_texts()))
        if not p.is_over:
            return p


def random_chapter(rng: random.Random) -> Chapter:
    left = rng.choice((2, 3, 3, 4, 4, 5, 30))
    goal = rng.choice(GOALS)
    if goal is not None:
        goal = {**goal, "text": rng.choice(("Do it", {"en": "Hold on", "fr": "Tenez bon"}))}
    student = rng.choice((None, "Green", "Purple"))
    game = Game(random_start(rng, left))
    return Chapter(game, title=rng.choice(("", "Practice")), mode="practice", student=student,
                   goal=goal)  # fmt: skip


def _request(rng: random.Random, w: CernunosWidget) -> dict:
    state = w.study_state
    roll = rng.random()
    if roll < 0.04:
        return {"type": "study", "action": "open", "chapter": rng.randrange(3)}
    if roll < 0.06:
        return {"type": "language", "language": rng.choice(("en", "fr"))}
    if state["done"] and roll < 0.5 or roll < 0.1:
        return {"type": "study", "action": "retry"}
    if state["waiting"] or roll < 0.14:
        node = state["node"] if rng.random() < 0.9 else state["node"] + 1
        return {"type": "study", "action": "advance", "node": node}
    position = w.session.resolve(state["node"]).position
    legal = position.legal_texts() if not position.is_over else ["T@a1"]
    decision = rng.choice(legal) if rng.random() < 0.93 else rng.choice(("T@z9", "pass", "a1"))
    if rng.random() < 0.5:
        return {"type": "play", "node": w.current, "decision": decision}
    return {"type": "study", "action": "try", "decision": decision}


def values(position: Position) -> dict[str, int]:
    """Each legal decision's exact value for the decider (R-15, R-17)."""
    out = {}
    for text in position.legal_texts():
        child = position.play(text)
        if child.is_over:
            green = final_score(child)
            out[text] = green if position.decider == 0 else -green
            continue
        s = solve(child, Limit(nodes=NODE_LIMIT * 4), threads=1)
        if not s.proven or s.score is None:
            return {}
        out[text] = s.score if child.decider == position.decider else -s.score
    return out


def endgames(rng: random.Random, count: int) -> list[dict]:
    """Small endgames (some inside an effect: the last boundary's CPN and the decisions
    since) with every decision's value, the kernel's reply checked optimal."""
    out = []
    while len(out) < count:
        p = random_start(rng, rng.choice((3, 4, 5, 6)))
        cpn, path = p.cpn(), []
        for _ in range(rng.choice((0, 0, 1, 2))):
            if p.is_over:
                break
            text = rng.choice(p.legal_texts())
            p = p.play(text)
            cpn, path = (p.cpn(), []) if p.at_boundary else (cpn, [*path, text])
        if p.is_over or not solve(p, Limit(nodes=NODE_LIMIT), threads=1).proven:
            continue
        scored = values(p)
        if not scored:
            continue
        decision, how = reply(p)
        assert how == "perfect" and scored[decision] == max(scored.values()), (p, decision)
        out.append({"cpn": cpn, "path": path, "values": scored})
    return out


def write_vectors(
    folder: Path, seed: int = 34, sequences: int = 12, length: int = 40, positions: int = 30
) -> dict:
    rng = random.Random(seed)
    counts = {"sequences": sequences, "requests": 0, "refused": 0, "perfect": 0, "search": 0}
    counts.update(solved=0, failed=0)
    with (folder / "practice.jsonl").open("w", encoding="utf-8") as out:
        for index in range(sequences):
            kernel = study_kernel(Study([random_chapter(rng) for _ in range(3)]))
            w = kernel.widget
            start = w.state_for_export()
            start = {k: start[k] for k in ("tree", "study_data", "study_state")}
            steps = []
            while len(steps) < length:
                request = _request(rng, w)
                before = w.study_state.get("verdict"), w.study_state.get("reply")
                answer = kernel.ask(request)
                steps.append({"request": request, "answer": answer})
                state = answer["study_state"]
                counts["refused"] += not answer["ok"]
                if state.get("verdict") and state["verdict"] != before[0]:
                    counts[state["verdict"]["status"]] += 1
                if state.get("reply") and state["reply"] != before[1]:
                    counts[state["reply"]["by"]] += 1
            counts["requests"] += len(steps)
            out.write(json.dumps({"index": index, "start": start, "steps": steps}) + "\n")
    found = endgames(rng, positions)
    (folder / "endgames.json").write_text(json.dumps(found), encoding="utf-8")
    counts["endgames"] = len(found)
    return counts


if __name__ == "__main__":
    target = Path(sys.argv[1])
    target.mkdir(parents=True, exist_ok=True)
    print(write_vectors(target))
