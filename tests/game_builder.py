"""Random game trees for the game-file tests: tags with quotes and backslashes, variations,
comments with braces, new lines and tabs, glyphs, CPN starts, rule variants (D-10), finished
and unfinished games."""

from __future__ import annotations

import random

from cernunos_widget.engine import Position, Rules
from cernunos_widget.record.files import fill_result
from cernunos_widget.record.text import GLYPHS
from cernunos_widget.record.tree import RESULTS, Game, GameNode, outcome_tags

RULE_SETS = ("wolf-1", "power-all", "counts=T4,B1", "wolf-1+power-all")
TAG_NAMES = ("Green", "Purple", "Date", "Event", "Site", "Round", "Version", "Note_2")
VALUE_PIECES = ("a", "Z", "0", " ", '"', "\\", '\\"', "[", "]", "{", "}", "\t", "é", "🌲", "''")
COMMENT_PIECES = (
    "a", " ", "{", "}", "\\", "\\}", "\n", "\r\n", "\t", "\n\n", "(", ")", "é", "B@b2", "?!",
    '\n[Result "1-0"]\n', "\n\n[Green \"x\"]\n", "  ", "\\\\",
)


def _text(rng: random.Random, pieces: tuple[str, ...], most: int) -> str:
    return "".join(rng.choice(pieces) for _ in range(rng.randrange(most)))


def _play_random(rng: random.Random, node: GameNode, count: int) -> GameNode:
    for _ in range(count):
        if node.position.result() is not None:
            break
        node = node.play(rng.choice(node.position.legal_decisions()))
    return node


def random_start(rng: random.Random) -> Position:
    """The initial position (3 times in 4), or one reached by random play (a CPN start);
    under a rule variant one time in 5."""
    p = Position.start(rules=rng.choice(RULE_SETS) if rng.random() < 0.2 else None)
    if rng.random() < 0.75:
        return p
    for _ in range(rng.randrange(1, 40)):
        if p.result() is not None:
            break
        p = p.play(rng.choice(p.legal_decisions()))
    while not p.at_boundary:
        p = p.play(rng.choice(p.legal_decisions()))
    return p


def random_game(rng: random.Random) -> Game:
    """A random tree: a main line (played to the end 3 times in 10), variations (some
    nested), comments, glyphs and tags; [Result] consistent with the main line."""
    game = Game(random_start(rng))
    _play_random(rng, game.root, 10_000 if rng.random() < 0.3 else rng.randrange(0, 20))
    for _ in range(rng.randrange(4)):
        nodes = [n for n in game.nodes() if n.position.result() is None]
        if not nodes:
            break
        branch = rng.choice(nodes)
        taken = {c.decision for c in branch.children}
        fresh = [d for d in branch.position.legal_decisions() if d not in taken]
        if fresh:
            _play_random(rng, branch.play(rng.choice(fresh)), rng.randrange(6))
    for node in game.nodes():
        if rng.random() < 0.15:
            node.comment = _text(rng, COMMENT_PIECES, 8)
        if node.parent is not None and rng.random() < 0.15:
            node.glyph = rng.choice(GLYPHS)
    for name in rng.sample(TAG_NAMES, rng.randrange(4)):
        game.headers[name] = _text(rng, VALUE_PIECES, 10)
    if game.root.end().position.result() is not None:
        fill_result(game)
    elif rng.random() < 0.7:
        game.headers["Result"] = rng.choice(RESULTS)  # a resignation, an adjournment ...
    return game


def expected_headers(game: Game) -> list[tuple[str, str]]:
    """The tags a file holds for ``game``: its headers, then [CPN] and [Result] if added."""
    headers = dict(game.headers)
    if "Rules" in headers or game.rules != Rules():
        headers["Rules"] = str(game.rules)
    if "CPN" in headers or game.root.position != Position.start(rules=game.rules):
        headers["CPN"] = game.root.position.cpn()
    if "Result" not in headers:
        headers["Result"] = outcome_tags(game.root.end().position)["Result"]
    return list(headers.items())
