"""Vectors for the page's goal mirror (js/goals.js), judged by the engine's goals.py.

``write_vectors(folder)`` writes ``lessons.json``: tries (a CPN, a goal, decisions) with the
engine's verdict (status, steps, reasons in English and French), from

- every exercise of the course: its hint, and the first tries the search walks, solved and
  failed (wrong tries and their reasons), and a pending prefix;
- random goals of every test (owns, empty, top, power, height, cells, event, phase, result,
  all, any) on positions of random games, played on at random until judged, endings included;

and, for each course exercise, whether its goal is met at its start (never).

Run alone: ``python tests/js/make_lesson_vectors.py FOLDER`` prints the counts.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from cernunos_widget.engine import CELL_NAMES, Position
from cernunos_widget.lessons import Goal, Text, judge_decisions, load
from cernunos_widget.lessons.goals import EVENT_TYPES, met_at_start
from cernunos_widget.lessons.search import tries

WORDS = Text(en="-", fr="-")
TRIES_PER_EXERCISE = 40
RANDOM_TRIES = 1500
LETTERS = "TBDWSXCFtbdwsxcf"


def vector(cpn: str, goal: dict, decisions: list[str], source: str) -> dict:
    verdict = judge_decisions(Goal.from_data(goal, WORDS), Position.from_cpn(cpn), decisions)
    return {"source": source, "cpn": cpn, "goal": goal, "decisions": decisions, **verdict.to_data()}


def course_vectors() -> tuple[list[dict], list[dict]]:
    out, starts = [], []
    for lesson in load():
        for i, ex in enumerate(lesson.exercises):
            name, goal = f"{lesson.name} {i + 1}", ex.goal.to_data()
            out.append(vector(ex.cpn, goal, ex.hint.decisions.split(), f"{name} hint"))
            for n, t in enumerate(tries(ex.goal, ex.position, TRIES_PER_EXERCISE)):
                out.append(vector(ex.cpn, goal, list(t.decisions), f"{name} try {n}"))
                if len(t.decisions) > 1 and n % 5 == 0:
                    out.append(vector(ex.cpn, goal, list(t.decisions[:-1]), f"{name} prefix {n}"))
            starts.append({"cpn": ex.cpn, "goal": goal, "met": met_at_start(ex.goal, ex.position)})
    return out, starts


def random_test(rng: random.Random, depth: int = 0) -> dict:
    cell = rng.choice(CELL_NAMES)
    kinds = ["owns", "empty", "top", "power", "height", "cells", "event", "phase", "result"]
    if depth < 2:
        kinds += ["all", "any"]
    kind = rng.choice(kinds)
    if kind in ("owns", "empty"):
        return {kind: cell}
    if kind == "top":
        return {"top": {"cell": cell, "token": rng.choice(LETTERS)}}
    if kind == "power":
        bound = rng.choice(("at_least", "at_most"))
        return {"power": {"cell": cell, bound: rng.randint(-2, 3)}}
    if kind == "height":
        return {"height": {"cell": cell, "at_least": rng.randint(1, 4)}}
    if kind == "cells":
        return {"cells": {"at_least": rng.randint(1, 8)}}
    if kind == "event":
        return {"event": rng.choice(EVENT_TYPES)}
    if kind == "phase":
        return {"phase": "L"}
    if kind == "result":
        return {"result": rng.choice(("win", "forfeit"))}
    return {kind: [random_test(rng, depth + 1) for _ in range(rng.randint(1, 3))]}


def random_start(rng: random.Random) -> Position:
    """A boundary position of a random game, sometimes near its end (R-15, R-16, R-17)."""
    p = Position.start()
    plies = rng.choice((rng.randint(0, 30), rng.randint(60, 140)))
    for _ in range(plies):
        if p.is_over:
            break
        p = p.play(rng.choice(p.legal_texts()))
    while not p.is_over and not p.at_boundary:
        p = p.play(rng.choice(p.legal_texts()))
    return p


def random_vectors(rng: random.Random) -> list[dict]:
    out = []
    while len(out) < RANDOM_TRIES:
        start = random_start(rng)
        if start.is_over:
            continue
        goal = {"within": rng.randint(1, 3), "test": random_test(rng)}
        parsed = Goal.from_data(goal, WORDS)
        decisions, p = [], start
        while not p.is_over and len(decisions) < 12:
            decisions.append(rng.choice(p.legal_texts()))
            p = p.play(decisions[-1])
            if judge_decisions(parsed, start, decisions).status != "pending":
                break
        out.append(vector(start.cpn(), goal, decisions, f"random {len(out)}"))
    return out


def test_names(test: dict) -> set[str]:
    """The tests a goal's test uses, all/any and what they hold included."""
    ((name, value),) = test.items()
    inner = value if name in ("all", "any") else []
    return {name}.union(*(test_names(t) for t in inner))


def write_vectors(folder: Path, seed: int = 22) -> dict:
    tries_, starts = course_vectors()
    tries_ += random_vectors(random.Random(seed))
    (folder / "lessons.json").write_text(
        json.dumps({"tries": tries_, "starts": starts}, ensure_ascii=False), encoding="utf-8"
    )
    statuses = {s: sum(v["status"] == s for v in tries_) for s in ("solved", "failed", "pending")}
    tests = sorted({name for v in tries_ for name in test_names(v["goal"]["test"])})
    return {"tries": len(tries_), "starts": len(starts), **statuses, "tests": tests}


if __name__ == "__main__":
    print(write_vectors(Path(sys.argv[1])))
