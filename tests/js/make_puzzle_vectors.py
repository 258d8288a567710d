"""Vectors for puzzle mode in the page's own session (js/puzzle.js through js/local.js):
the widget's handler (the kernel's judge, puzzles/play.py) answers random sequences of
`puzzle` requests on each committed puzzle: wrong tries, the winning decision, illegal and
hostile decisions, start again, next (a set of one: the same puzzle again), the picker's
open (the one puzzle, or one past the set: refused). Each sequence
records the widget's full state at the start (its `puzzle` key included), every reply's ok
and message and the `puzzle` state after it, and at the end the nodes, the current node
and the `puzzle` state.
``puzzle.test.mjs`` replays them on the page's session and compares."""

from __future__ import annotations

import json
import random
from pathlib import Path

from cernunos_widget import puzzles
from cernunos_widget.widget.adapter import CernunosWidget

HOSTILE = ("grow:a1", "B@z9", "", "pass pass", "T@a1 T@b1")


def _request(rng: random.Random, widget: CernunosWidget, puzzle) -> dict:
    state = widget.puzzle_state
    roll = rng.random()
    if roll < 0.05:
        return {"type": "puzzle", "action": rng.choice(("again", "next")), "decision": ""}
    if roll < 0.08:  # the picker's choice: the one puzzle of the set, or one past it (refused)
        return {"type": "puzzle", "action": "open", "decision": "", "index": rng.choice((0, 1))}
    if state["status"] == "solved" or roll < 0.12:
        text = puzzle.solution if rng.random() < 0.5 else rng.choice(HOSTILE)
        return {"type": "puzzle", "action": "try", "decision": text}
    step = puzzle.steps[state["step"]]
    if roll < 0.55 and step.refutations:
        return {"type": "puzzle", "action": "try", "decision": rng.choice(list(step.refutations))}
    return {"type": "puzzle", "action": "try", "decision": step.play}


def write_vectors(folder: Path, seed: int = 22, length: int = 12) -> dict:
    """Write ``puzzles.jsonl`` into ``folder``; returns the counts."""
    rng = random.Random(seed)
    requests = 0
    committed = puzzles.load()
    with (folder / "puzzles.jsonl").open("w", encoding="utf-8") as out:
        for index, puzzle in enumerate(committed):
            widget = CernunosWidget()
            replies: list[dict] = []
            widget.send = lambda content, buffers=None, r=replies: r.append(content)
            widget.puzzle(puzzle, puzzles=[puzzle])
            start = widget._full_state()  # noqa: SLF001 - the state a page starts from
            steps = []
            for _ in range(length):
                request = _request(rng, widget, puzzle)
                sent = {**request, "id": len(replies), "gen": widget.session.generation}
                widget._on_page_message(widget, sent, [])  # noqa: SLF001 - the handler under test
                reply = replies[-1]
                answer = {"ok": reply["ok"], "message": reply["message"]}
                puzzle_state = widget._puzzle.state()  # noqa: SLF001 - the kernel's state
                steps.append({"request": request, "reply": answer, "puzzle": puzzle_state})
            end = widget._full_state()  # noqa: SLF001
            record = {"index": index, "start": start, "steps": steps, "end": end}
            out.write(json.dumps(record, ensure_ascii=True) + "\n")
            requests += len(steps)
    return {"sequences": len(committed), "requests": requests}
