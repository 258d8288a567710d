"""The game record: a tree of decisions with a main line, variations and comments.

Modelled on python-chess's ``GameNode``: each node keeps its parent, the decision that led
to it and the position after it; the first child is the main continuation, the others are
variations.  The text form is the decision tokens of RULES.md, variations in parentheses
after the decision they replace, comments in braces, and a ``[CPN "..."]`` header when the
game does not start from the initial position::

    B@b2 B@b3 (D@a1 {quieter}) T@a1 B@b2 b1
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .engine import START_CPN, Decision, NotationError, Position
from .engine.events import Event


class GameTextError(NotationError):
    """A game text that cannot be read (bad syntax, or an illegal decision in it)."""


class GameNode:
    """One position in the tree and the decision that reached it."""

    __slots__ = (
        "game",
        "id",
        "parent",
        "decision",
        "position",
        "events",
        "children",
        "comment",
        "mark",
        "mark_text",
        "glyph",
    )

    def __init__(
        self,
        game: Game,
        parent: GameNode | None,
        decision: Decision | None,
        position: Position,
        events: tuple[Event, ...] = (),
    ) -> None:
        self.game = game
        self.id = game._register(self)
        self.parent = parent
        self.decision = decision
        self.position = position
        self.events = events
        self.children: list[GameNode] = []
        self.comment = ""
        self.mark = ""  # "?" or "??" when a game analysis found a mistake here
        self.mark_text = ""
        self.glyph = ""  # the user's annotation glyph: "!", "?!", "?", "??" or ""

    @property
    def token(self) -> str:
        """The decision token that led here ("" at the root)."""
        return "" if self.decision is None else str(self.decision)

    @property
    def ply(self) -> int:
        """How many decisions from the root."""
        n, node = 0, self
        while node.parent is not None:
            n, node = n + 1, node.parent
        return n

    def play(self, decision: str | Decision) -> GameNode:
        """The child reached by ``decision``, adding it as a new variation if needed."""
        chosen = self.position.parse_decision(decision)  # raises for bad or illegal input
        for child in self.children:
            if child.decision == chosen:
                return child
        position, events = self.position.play_with_events(chosen)
        child = GameNode(self.game, self, chosen, position, events)
        self.children.append(child)
        return child

    def is_main_variation(self) -> bool:
        """True if this node is the first child of its parent (or the root)."""
        return self.parent is None or self.parent.children[0] is self

    def is_mainline(self) -> bool:
        """True if every node from the root to here is a main variation."""
        node = self
        while node.parent is not None:
            if not node.is_main_variation():
                return False
            node = node.parent
        return True

    def main_child(self) -> GameNode | None:
        return self.children[0] if self.children else None

    def end(self) -> GameNode:
        """The last node of this node's line (following first children)."""
        node = self
        while node.children:
            node = node.children[0]
        return node

    def path(self) -> list[GameNode]:
        """The nodes from the root to this one."""
        nodes, node = [], self
        while node is not None:
            nodes.append(node)
            node = node.parent
        return nodes[::-1]

    def variation_start(self) -> GameNode:
        """The first node of the variation this node belongs to (itself if it starts one)."""
        node = self
        while node.parent is not None and node.is_main_variation():
            node = node.parent
        return node

    def promote_to_main(self) -> None:
        """Make the variation holding this node the main continuation of its branch point."""
        start = self.variation_start()
        if start.parent is not None:
            siblings = start.parent.children
            siblings.remove(start)
            siblings.insert(0, start)

    def promote(self) -> None:
        """Move the variation holding this node one place up among its siblings."""
        start = self.variation_start()
        if start.parent is not None:
            siblings = start.parent.children
            i = siblings.index(start)
            siblings[i - 1], siblings[i] = siblings[i], siblings[i - 1]

    def remove(self) -> GameNode:
        """Delete this node and everything after it; return its parent."""
        if self.parent is None:
            raise ValueError("the root of a game cannot be deleted")
        self.parent.children.remove(self)
        for node in self.walk():
            self.game._unregister(node)
        return self.parent

    def walk(self) -> Iterator[GameNode]:
        """This node and all its descendants, depth first, main lines first."""
        yield self
        for child in self.children:
            yield from child.walk()

    def __repr__(self) -> str:
        return f"<GameNode #{self.id} {self.token or 'root'} ply {self.ply}>"


class Game:
    """A tree of :class:`GameNode`; ``game.root`` holds the starting position."""

    def __init__(self, start: Position | None = None) -> None:
        self._nodes: dict[int, GameNode] = {}
        self._next_id = 0
        self.root = GameNode(self, None, None, start or Position.start())

    def _register(self, node: GameNode) -> int:
        self._nodes[self._next_id] = node
        self._next_id += 1
        return self._next_id - 1

    def _unregister(self, node: GameNode) -> None:
        self._nodes.pop(node.id, None)

    def node(self, node_id: int) -> GameNode:
        """The node with this id; ``KeyError``-free: raises ValueError naming the ids."""
        try:
            return self._nodes[node_id]
        except KeyError:
            raise ValueError(f"no node #{node_id} in this game") from None

    def __contains__(self, node: GameNode) -> bool:
        return self._nodes.get(node.id) is node

    def nodes(self) -> list[GameNode]:
        return list(self.root.walk())

    def mainline(self) -> list[GameNode]:
        """The nodes of the main line, after the root."""
        return self.root.end().path()[1:]

    # ------------------------------------------------------------------ text

    def export(self) -> str:
        """The game as text: tokens, variations in parentheses, comments in braces."""
        parts: list[str] = []
        if self.root.position != Position.start():
            parts.append(f'[CPN "{self.root.position.cpn()}"]')
        if self.root.comment:
            parts.append(_comment(self.root.comment))
        _export_line(self.root, parts)
        return " ".join(parts)

    def __str__(self) -> str:
        return self.export()

    @classmethod
    def parse(cls, text: str) -> Game:
        """Read a game written by :meth:`export` (or by hand in the same form)."""
        tokens = _tokenize(text)
        start = Position.start()
        if tokens and tokens[0].startswith("[CPN"):
            cpn = tokens.pop(0)[6:-2]
            start = Position.from_cpn(cpn if cpn else START_CPN)
        game = cls(start)
        rest = _parse_line(game.root, tokens, 0, depth=0)
        if rest != len(tokens):
            raise GameTextError(f"unbalanced ')' at token {rest + 1} of the game text")
        return game


def _comment(text: str) -> str:
    return "{" + text.replace("}", ")") + "}"


def _export_line(node: GameNode, parts: list[str]) -> None:
    while node.children:
        main, *variations = node.children
        parts.append(main.token)
        if main.comment:
            parts.append(_comment(main.comment))
        for variation in variations:
            parts.append("(" + variation.token)
            if variation.comment:
                parts.append(_comment(variation.comment))
            _export_line(variation, parts)
            parts[-1] += ")"
        node = main


_TOKEN = re.compile(r'\[CPN "[^"]*"\]|\{[^}]*\}|\(|\)|[^\s(){}]+')


def _tokenize(text: str) -> list[str]:
    if not isinstance(text, str):
        raise GameTextError(f"a game text is a string, not {type(text).__name__}")
    tokens = _TOKEN.findall(text)
    if "".join(tokens).replace(" ", "") != re.sub(r"\s+", "", text):
        raise GameTextError("unbalanced '{' or '[' in the game text")
    return tokens


def _parse_line(node: GameNode, tokens: list[str], i: int, depth: int) -> int:
    """Read a line from ``node`` until a ')' closing it or the end; return the next index."""
    last: GameNode | None = None
    while i < len(tokens):
        tok = tokens[i]
        if tok == ")":
            if depth == 0:
                return i
            return i + 1
        if tok == "(":
            if last is None:
                raise GameTextError(f"a variation at token {i + 1} has no decision to replace")
            i = _parse_line(last.parent, tokens, i + 1, depth + 1)
            continue
        if tok.startswith("{"):
            (last or node).comment = tok[1:-1].strip()
            i += 1
            continue
        base = last or node
        try:
            last = base.play(tok)
        except ValueError as e:
            raise GameTextError(f"token {i + 1} of the game text, {tok!r}: {e}") from None
        i += 1
    if depth > 0:
        raise GameTextError("a variation is not closed with ')'")
    return i
