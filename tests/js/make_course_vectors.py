"""Vectors for the lessons in a page with no kernel (js/course.js), answered by the kernel.

A widget with a lesson open (``w.lesson``) answers random sequences of the lessons panel's
requests (open, next, retry, the board's language, some refused) and of plays (the hints'
decisions, the first tries the search walks, random decisions, illegal ones) through its handler
(``CernunosWidget._on_page_message``); per request the vectors keep the reply's ``ok`` and
``message``, then the widget's ``lesson_state``, its current node, its CPN and its language.
``course.test.mjs`` replays them on the page's session wrapped by course.js and compares.

Run alone: ``python tests/js/make_course_vectors.py FOLDER`` prints the counts.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from kernel_double import Kernel, lesson_kernel

from cernunos_widget.lessons import load
from cernunos_widget.lessons.search import tries
from cernunos_widget.session import page

BAD = (
    {"action": "open", "lesson": "chess", "exercise": 0},
    {"action": "open", "lesson": "power", "exercise": 7},
    {"action": "jump"},
)
BAD_LANGUAGE = {"type": "language", "language": "de"}


def _tries_of(lessons) -> dict[tuple[str, int], list[list[str]]]:
    out = {}
    for lesson in lessons:
        for i, ex in enumerate(lesson.exercises):
            found = [list(t.decisions) for t in tries(ex.goal, ex.position, 30)]
            out[lesson.name, i] = [ex.hint.decisions.split(), *found]
    return out


def _requests(rng: random.Random, kernel: Kernel, known: dict) -> list[dict]:
    w = kernel.widget
    state = w.lesson_state
    roll = rng.random()
    if roll < 0.15:
        lesson = rng.choice(load())
        return [{"type": "lesson", "action": "open", "lesson": lesson.name,
                 "exercise": rng.randrange(len(lesson))}]  # fmt: skip
    if roll < 0.22:
        return [{"type": "lesson", "action": "next"}]
    if roll < 0.27:
        return [{"type": "lesson", "action": "retry"}]
    if roll < 0.31:
        return [{"type": "language", "language": rng.choice(("en", "fr"))}]
    if roll < 0.34:
        return [rng.choice([*({"type": "lesson", **bad} for bad in BAD), BAD_LANGUAGE])]
    if roll < 0.38 or w.position.is_over:
        return [{"type": "goto", "node": 0}]
    if roll < 0.8 and w.current == 0:  # a known try, decision by decision
        line = rng.choice(known[state["name"], state["exercise"]])
        return [{"type": "play", "node": None, "decision": d} for d in line]
    texts = w.position.legal_texts()
    text = rng.choice(texts) if rng.random() < 0.9 else "T@z9"
    return [{"type": "play", "node": None, "decision": text}]


def write_vectors(folder: Path, seed: int = 22, sequences: int = 24, length: int = 40) -> dict:
    rng = random.Random(seed)
    known = _tries_of(load())
    counts = {"sequences": sequences, "requests": 0, "solved": 0, "failed": 0, "refused": 0}
    with (folder / "course.jsonl").open("w", encoding="utf-8") as out:
        for index in range(sequences):
            kernel = lesson_kernel(load()[index % len(load())].name)
            w = kernel.widget
            start = {"tree": page.full_state(w.session), "course": w.course,
                     "lesson_state": w.lesson_state}  # fmt: skip
            steps = []
            while len(steps) < length:
                for request in _requests(rng, kernel, known):
                    if request["type"] == "play":
                        request["node"] = w.current
                    answer = kernel.ask(request)
                    steps.append({"request": request, "answer": answer})
                    verdict = answer["lesson_state"]["verdict"]
                    if verdict and request["type"] == "play":
                        counts[verdict["status"]] += 1
                    counts["refused"] += not answer["ok"]
                    if not answer["ok"] or (verdict and request["type"] == "play"):
                        break
            counts["requests"] += len(steps)
            out.write(json.dumps({"index": index, "start": start, "steps": steps}) + "\n")
    return counts


if __name__ == "__main__":
    target = Path(sys.argv[1])
    target.mkdir(parents=True, exist_ok=True)
    print(write_vectors(target))
