"""Vectors for the page's own session (js/local.js, issue #21 item 3), written by the kernel.

A page without a kernel answers the requests a kernel answers; here the widget's own handler
(``CernunosWidget._on_page_message``) answers random sequences of them: plays (legal,
illegal, hostile, several decisions at once, an existing child), navigation, promotion,
deletion (the root too), comments (a lone surrogate too), glyphs (bad ones too), the
editor's check and set up, an unknown node, the game's text and .cgn file. Each sequence
starts from the widget's full state (the ``tree`` trait) and records, per request, the
reply's ``ok``, ``message`` and ``value``, and at its end every node's record and view.
``local.test.mjs`` replays them on the page's session and compares field for field.

Run alone: ``python tests/js/make_session_vectors.py FOLDER`` prints the counts.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from cernunos_widget.engine import CELL_NAMES
from cernunos_widget.session import page
from cernunos_widget.widget.adapter import CernunosWidget

RULES = ("standard", "wolf-1", "power-all+counts=T6,B4,D2,W3,S2,X3,C3,F2")
GLYPHS = ("", "!", "?!", "?", "??", "!!", "?!?", " ")
COMMENTS = (
    "a fine move", "", "{braces} and \\ backslash", "line\nbreak", "é 漢字 🦌", "\ud800 lone"
)
HOSTILE = (
    "B@z9", "Q@a1", "B@b2 B@", "grow:", "a1~a1", "pass pass", "B@b2" * 300, "\u3000", "b1~c3~a1"
)
CPNS = (
    ".,.,.,./.,.,.,./.,.,.,. g 2 0-0",
    ".,B,.,./.,.,.,./t,B,.,. p 1 0-0",
    "not a cpn",
    ".,.,.,./.,.,.,./.,.,.,. x 2 0-0",
    "T,T,T,T/T,T,T,T/T,T,T,T g 2 0-0",
    "",
)


class Kernel:
    """A widget whose page messages are answered here, replies collected."""

    def __init__(self, rules: str, language: str = "en") -> None:
        self.widget = CernunosWidget(rules=rules, language=language)
        self.replies: list[dict] = []
        self.widget.send = lambda content, buffers=None: self.replies.append(content)

    def ask(self, request: dict) -> dict:
        request = {**request, "id": len(self.replies), "gen": self.widget.session.generation}
        self.widget._on_page_message(self.widget, request, [])  # noqa: SLF001 - the handler under test
        reply = self.replies[-1]
        out = {"ok": reply["ok"], "message": reply["message"]}
        if "value" in reply:
            out["value"] = reply["value"]
        return out

    def state(self) -> dict:
        return page.full_state(self.widget.session)


def _request(rng: random.Random, kernel: Kernel) -> dict:
    session = kernel.widget.session
    nodes = session.game.nodes()
    node = rng.choice(nodes)
    roll = rng.random()
    if roll < 0.45:
        here = session.node
        position = here.position
        if position.is_over:
            return {"type": "goto", "node": rng.choice(nodes).id}
        options = position.legal_texts()
        if rng.random() < 0.15:
            text = rng.choice(HOSTILE)
        elif rng.random() < 0.2:  # several at once, the last maybe illegal
            first = rng.choice(options)
            after = position.play(first)
            text = first + " " + (rng.choice(after.legal_texts() or ["pass"]))
        elif rng.random() < 0.1:
            kind = rng.choice("TBDWSXCF")
            text = f"{kind}@{rng.choice(CELL_NAMES)}"
        else:
            text = rng.choice(options)
        return {"type": "play", "node": here.id, "decision": text}
    if roll < 0.65:
        return {"type": "goto", "node": node.id if rng.random() < 0.95 else 9999}
    if roll < 0.72:
        return {"type": "promote", "node": node.id}
    if roll < 0.77:
        return {"type": "delete", "node": node.id if rng.random() < 0.9 else 0}
    if roll < 0.83:
        return {"type": "comment", "node": node.id, "text": rng.choice(COMMENTS)}
    if roll < 0.89:
        return {"type": "annotate", "node": node.id, "glyph": rng.choice(GLYPHS)}
    if roll < 0.93:
        return {"type": "check_position", "cpn": rng.choice(CPNS)}
    if roll < 0.94:
        return {"type": "setup", "cpn": rng.choice(CPNS)}
    if roll < 0.96:
        return {"type": "line", "index": 0, **({"node": node.id} if rng.random() < 0.5 else {})}
    return {"type": rng.choice(("export_game", "export_cgn"))}


def write_vectors(folder: Path, seed: int = 21, sequences: int = 60, length: int = 60) -> dict:
    """Write ``session.jsonl`` into ``folder``; returns the counts."""
    rng = random.Random(seed)
    requests = 0
    with (folder / "session.jsonl").open("w", encoding="utf-8") as out:
        for index in range(sequences):
            # every third board speaks French: its refusals and views too (issue #22 item 1)
            kernel = Kernel(RULES[index % len(RULES)], "fr" if index % 3 == 2 else "en")
            start = kernel.state()
            steps = []
            for _ in range(length):
                request = _request(rng, kernel)
                steps.append({"request": request, "reply": kernel.ask(request)})
            end = kernel.state()
            session = kernel.widget.session
            views = {n.id: session.display.view(n) for n in session.game.nodes()}
            record = {"index": index, "start": start, "steps": steps, "end": end, "views": views}
            out.write(json.dumps(record, ensure_ascii=True) + "\n")
            requests += len(steps)
    return {"sequences": sequences, "requests": requests}


if __name__ == "__main__":
    target = Path(sys.argv[1])
    target.mkdir(parents=True, exist_ok=True)
    print(write_vectors(target))
