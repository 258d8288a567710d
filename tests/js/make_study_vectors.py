"""Vectors for a study in a page with no kernel (js/studyplay.js), answered by the kernel.

Random studies (each: interactive chapters for Green, for Purple and for the side to move,
a normal chapter and a hidden-moves one; their main lines commented, with questions, hints,
commented variations and "also good" ones marked ``!``) are opened in a widget
(``w.study``), which answers random sequences of the study panel's requests and of plays
(the main line's decision, a variation's, any other legal one, illegal ones, the board's
replies, chapters opened, retries, reveals, walks, the board's language, edits of a normal
chapter left and opened again) through its handler (``CernunosWidget._on_page_message``).
Per request the vectors keep the reply's ``ok`` and ``message``, then the widget's
``study_state``, its current node, its CPN and its language. ``study.test.mjs`` replays them
on the page's session wrapped by studyplay.js, from the page's state, and compares.

Run alone: ``python tests/js/make_study_vectors.py FOLDER`` prints the counts.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from kernel_double import Kernel, study_kernel

from cernunos_widget.record.tree import Game
from cernunos_widget.study import Chapter, Study

COMMENTS = ("", "", "Think of the Boar.", "[%hint The corner.] Where now?", "Why not here?")


def random_chapter(rng: random.Random, mode: str, student: str | None) -> Chapter:
    """A main line of 8 to 16 random decisions, commented, with variations (some ``!``)."""
    game = Game()
    node = game.root
    for _ in range(rng.randint(8, 16)):
        if node.position.is_over:
            break
        options = list(node.position.legal_texts())
        main = node.play(rng.choice(options))
        main.comment = rng.choice(COMMENTS)
        others = [o for o in options if o != main.decision_text]
        for text in rng.sample(others, min(len(others), rng.choice((0, 0, 1, 2)))):
            variation = node.play(text)
            variation.glyph = rng.choice(("", "", "!", "?"))
            variation.comment = rng.choice(("", "No: see why.", "Also fine."))
            if rng.random() < 0.4 and not variation.position.is_over:
                follow = variation.play(rng.choice(variation.position.legal_texts()))
                follow.comment = rng.choice(("", "This loses the corner."))
        node = main
    title = rng.choice(("", "Gamebook", "Les arbres"))
    return Chapter(game, title=title, mode=mode, student=student)


def random_study(rng: random.Random) -> Study:
    return Study(
        [
            random_chapter(rng, "interactive", "Purple"),
            random_chapter(rng, "normal", None),
            random_chapter(rng, "interactive", "Green"),
            random_chapter(rng, "conceal", None),
            random_chapter(rng, "interactive", None),
        ]
    )


def _study(action: str, **fields) -> dict:
    return {"type": "study", "action": action, **fields}


def _requests(rng: random.Random, kernel: Kernel) -> list[dict]:
    w = kernel.widget
    state = w.study_state
    roll = rng.random()
    if roll < 0.08:
        return [_study("open", chapter=rng.randrange(len(w.study_data["chapters"]) + 1))]
    if roll < 0.13:
        return [_study(rng.choice(("next", "previous", "retry")))]
    if roll < 0.16:
        return [{"type": "language", "language": rng.choice(("en", "fr"))}]
    if roll < 0.19:
        return [_study("reveal")]
    if state["mode"] == "interactive":
        if state["waiting"] or roll < 0.22:
            node = state["node"] if rng.random() < 0.9 else state["node"] + 1
            return [_study("advance", node=node)]
        here = w.session.resolve(state["node"])
        position = here.position
        if not here.children or position.is_over:
            return [_study("retry")]
        choices = [c.decision_text for c in here.children]
        roll = rng.random()
        if roll < 0.45:
            decision = choices[0]
        elif roll < 0.7 and len(choices) > 1:
            decision = rng.choice(choices[1:])
        elif roll < 0.95:
            decision = rng.choice(position.legal_texts())
        else:
            decision = rng.choice(("T@z9", "pass", "a1~a1"))
        kind = "play" if rng.random() < 0.3 else "study"
        if kind == "play":
            return [{"type": "play", "node": w.current, "decision": decision}]
        return [_study("try", decision=decision)]
    nodes = [n.id for n in w.game.nodes()]
    if roll < 0.6 or w.position.is_over:
        return [{"type": "goto", "node": rng.choice(nodes)}]
    return [{"type": "play", "node": w.current, "decision": rng.choice(w.position.legal_texts())}]


def write_vectors(folder: Path, seed: int = 33, sequences: int = 16, length: int = 60) -> dict:
    rng = random.Random(seed)
    counts = {"sequences": sequences, "requests": 0, "refused": 0, "solved": 0}
    counts.update(right=0, good=0, answer=0, wrong=0)
    with (folder / "study.jsonl").open("w", encoding="utf-8") as out:
        for index in range(sequences):
            kernel = study_kernel(random_study(rng))
            w = kernel.widget
            start = w.state_for_export()
            start = {k: start[k] for k in ("tree", "study_data", "study_state")}
            steps = []
            while len(steps) < length:
                for request in _requests(rng, kernel):
                    before = w.study_state.get("wrong", 0), w.study_state["feedback"]
                    answer = kernel.ask(request)
                    steps.append({"request": request, "answer": answer})
                    state = answer["study_state"]
                    if (state.get("wrong", 0), state["feedback"]) != before and state["feedback"]:
                        counts[state["feedback"]["kind"]] += 1
                    counts["refused"] += not answer["ok"]
            counts["solved"] += len(w.study_state["solved"])
            counts["requests"] += len(steps)
            out.write(json.dumps({"index": index, "start": start, "steps": steps}) + "\n")
    return counts


if __name__ == "__main__":
    target = Path(sys.argv[1])
    target.mkdir(parents=True, exist_ok=True)
    print(write_vectors(target))
