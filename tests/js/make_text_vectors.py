"""Vectors for the record's mirror (js/rules/movetext.js and gametext.js, issue #21), written
by the engine's record and session layers (make_rules_vectors.py gives a share of its games'
decisions their move records).

- :func:`write_trees` writes ``trees.jsonl``: game trees with random variations (some
  promoted, some deleted), hostile comments (braces, backslashes, new lines, quotes, Unicode,
  very long), glyphs, headers needing escapes or refused, variants, roots other than the
  start and finished games with stale [Result] / [Score] tags; per tree the page's node
  records (``session.page.record``, move records included), ``game.export()`` and
  ``session.gamefiles.cgn_text`` (or the error each raises).  Two trees hold a comment near
  the .cgn size limit (built by the test from ``big``; the texts are given by digest).
- :func:`write_refusals` writes ``refusals.json``: ``write_tag`` and ``check_comment`` on
  hostile names, values and comments (lone surrogates too), with the answer.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from make_rules_vectors import VARIANTS, any_char

from cernunos_widget.engine import CernunosError, Position, Rules
from cernunos_widget.record.text import MAX_GAME_TEXT, check_comment, write_tag
from cernunos_widget.record.tree import Game
from cernunos_widget.session.core import Session
from cernunos_widget.session.gamefiles import cgn_text
from cernunos_widget.session.page import record

GLYPHS = ("", "", "", "!", "?!", "?", "??")
PIECES = ("{", "}", "\\", "\\}", "\\\\", '"', "\n", "\r\n", "\t", "(", ")", "[", "]", " ", "🌲")
DIGEST_OVER = 200_000  # characters: a longer expected text is given by its SHA-256


def hostile_comment(rng: random.Random) -> str:
    pick = rng.randrange(4)
    if pick == 0:
        return "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 30)))
    if pick == 1:
        return "".join(any_char(rng) for _ in range(rng.randint(1, 12)))
    if pick == 2:
        return rng.choice(PIECES + ("é", "x y")) * rng.randint(50, 3000)
    return rng.choice(["quiet", " a comment with spaces at both ends ", "}", "\\", "{x}"])


def hostile_value(rng: random.Random) -> str:
    pick = rng.randrange(3)
    if pick == 0:
        return "".join(rng.choice('Ann "Bo" \\ Ö 🌲 ] [ } {\t') for _ in range(rng.randint(0, 20)))
    if pick == 1:
        return (
            "".join(any_char(rng) for _ in range(rng.randint(1, 6)))
            .replace("\n", " ")
            .replace("\r", " ")
        )
    return rng.choice(["Ann", "Bo", "2026.11.26", "x" * 300, ""])


BAD_HEADERS = (
    ("Bad Name", "x"),
    ("1st", "x"),
    ("", "x"),
    ("Öl", "x"),
    ("Note", "two\nlines"),
    ("Note", "cr\rhere"),
    ("Round", 3),
    ("Round", None),
)


def headers_of(rng: random.Random, rules: Rules, root: Position) -> dict:
    headers: dict = {}
    for name in rng.sample(["Event", "Site", "Date", "Green", "Purple", "Annotator"], 3):
        headers[name] = hostile_value(rng)
    if rng.random() < 0.2:
        headers["CPN"] = root.cpn()
    if rng.random() < 0.2:
        headers["Rules"] = rng.choice(["", " "]) + str(rules)
    if rng.random() < 0.5:  # maybe stale: cgn_text puts the main line's
        headers["Result"] = rng.choice(["1-0", "0-1", "1/2-1/2", "*", "2-0"])
    if rng.random() < 0.3:
        headers["Score"] = rng.choice(["7-5 3-2 0-1", "0-0 0-0 0-0"])
    if rng.random() < 0.2:
        headers["Termination"] = rng.choice(["forfeit", "time"])
    if rng.random() < 0.08:
        name, value = rng.choice(BAD_HEADERS)
        headers[name] = value
    keys = list(headers)
    rng.shuffle(keys)
    return {k: headers[k] for k in keys}


def root_of(rng: random.Random, rules: Rules) -> Position:
    """The start, a position some random decisions in, or a finished game's end."""
    position = Position.start(rules)
    pick = rng.random()
    if pick < 0.5:
        return position
    depth = rng.randint(1, 30) if pick < 0.93 else 10_000
    for _ in range(depth):
        if position.is_over:
            break
        position = position.play(rng.choice(position.legal_texts()))
    while not position.at_boundary:  # a root has a CPN
        position = position.play(rng.choice(position.legal_texts()))
    return Position.from_cpn(position.cpn(), rules)


def play_line(rng: random.Random, node, length: int):
    for _ in range(length):
        if node.position.is_over:
            break
        node = node.play(rng.choice(node.position.legal_texts()))
    return node


def grow_tree(rng: random.Random, game: Game) -> None:
    """A main line (to the end or not), variations, some promoted or deleted, comments, glyphs."""
    play_line(rng, game.root, 10_000 if rng.random() < 0.5 else rng.randint(0, 40))
    for _ in range(rng.randint(0, 8)):
        node = rng.choice(game.nodes())
        taken = {c.decision_text for c in node.children}
        others = [d for d in node.position.legal_texts() if d not in taken]
        if others:
            child = node.play(rng.choice(others))
            play_line(rng, child, rng.choice([0, rng.randint(1, 12), 10_000]))
    for _ in range(rng.randint(0, 2)):
        node = rng.choice(game.nodes())
        if node.parent is not None:
            rng.choice([node.promote_to_main, node.promote, node.remove])()
    for node in game.nodes():
        if rng.random() < 0.25:
            node.comment = hostile_comment(rng)
        if node.parent is not None:
            node.glyph = rng.choice(GLYPHS)


def _answer(call) -> dict:
    try:
        text = call()
    except CernunosError as e:
        return {"error": [type(e).__name__, str(e)]}
    if len(text) > DIGEST_OVER:
        return {"sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()}
    return {"ok": text}


def tree_vector(name: str, rules: Rules, root: Position, session: Session) -> dict:
    game = session.game
    vector = {
        "name": name,
        "rules": str(rules),
        "cpn": root.cpn(),
        "headers": dict(game.headers),
        "nodes": {n.id: record(session, n) for n in game.root.walk()},
    }
    vector["export"] = _answer(game.export)
    vector["cgn"] = _answer(lambda: cgn_text(session))
    return vector


def big_trees(rng: random.Random) -> list[dict]:
    """A comment that takes a game's .cgn to the size limit in characters (over it in UTF-16
    units: the limit counts code points), and one a character over it."""
    out = []
    for name, unit, over in (("big-at-limit", "🌲", 0), ("big-over-limit", "x", 1)):
        game = Game()
        node = play_line(rng, game.root, 6)
        head = len(cgn_text(Session(game)))
        times = MAX_GAME_TEXT - head - 3 + over  # a line break, "{" and "}"
        node.comment = unit * times
        vector = tree_vector(name, Rules(), game.root.position, Session(game))
        vector["nodes"][node.id]["comment"] = ""  # the test puts it back
        vector["big"] = [node.id, unit, times]
        out.append(vector)
    return out


def write_trees(folder: Path, rng: random.Random, count: int, big: bool = True) -> int:
    """``count`` random trees (and with ``big`` the two big ones) into trees.jsonl; return
    how many."""
    vectors = big_trees(rng) if big else []
    for n in range(count):
        rules = Rules.parse(VARIANTS[n % len(VARIANTS)])
        root = root_of(rng, rules)
        game = Game(root, headers_of(rng, rules, root))
        grow_tree(rng, game)
        vectors.append(tree_vector(f"tree-{n}", rules, root, Session(game)))
    with (folder / "trees.jsonl").open("w", encoding="utf-8") as out:
        for vector in vectors:
            out.write(json.dumps(vector, separators=(",", ":")) + "\n")
    return len(vectors)


def write_refusals(folder: Path, rng: random.Random) -> int:
    """write_tag and check_comment on hostile input, with the answers; return how many."""
    names = ["Green", "G_2", "g", "Bad Name", "1st", "", "Öl", "A-b", "x" * 90, 7, None, ["x"]]
    values = ['Ann "Bo" \\', "", "two\nlines", "cr\r", "🌲", "a\udc00b", "\ud800", 5, None, 1.5]
    cases = []
    for name in names:
        for value in values:
            cases.append(
                {"what": "tag", "name": name, "value": value, **_refusal(write_tag, name, value)}
            )
    comments = ["", "x", "🌲🌲\udc00", "a\ud800", "}\\{", 5, None, "\udfff" + "é" * 3]
    for _ in range(30):
        comments.append("".join(rng.choice(PIECES + ("\udc00", "x")) for _ in range(8)))
    for text in comments:
        cases.append({"what": "comment", "text": text, **_refusal(check_comment, text)})
    (folder / "refusals.json").write_text(json.dumps(cases), encoding="utf-8")
    return len(cases)


def _refusal(call, *args) -> dict:
    try:
        return {"ok": call(*args)}
    except CernunosError as e:
        return {"error": [type(e).__name__, str(e)]}


def write_text_vectors(folder: Path, seed: int = 21, trees: int = 300, big: bool = True) -> dict:
    """trees.jsonl and refusals.json into ``folder``; return the counts."""
    rng = random.Random(seed)
    counts = {"trees": write_trees(folder, rng, trees, big)}
    counts["refusals"] = write_refusals(folder, rng)
    return counts


if __name__ == "__main__":
    import sys

    from make_rules_vectors import write_vectors

    print(write_vectors(Path(sys.argv[1])), write_text_vectors(Path(sys.argv[1])))
