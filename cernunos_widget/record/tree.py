"""The game record: a tree of decisions with a main line, variations and comments.

Modelled on python-chess's ``GameNode``: each node keeps its parent, the decision that led
to it and the position after it; the first child is the main continuation, the others are
variations.  The text form is the decision tokens of RULES.md, variations in parentheses
after the decision they replace, comments in braces (``\\}`` and ``\\\\`` escaped), and a
``[CPN "..."]`` header when the game does not start from the initial position::

    B@b2 B@b3 (D@a1 {quieter}) T@a1 B@b2 b1

Tag pairs (``[Green "Ann"]``) come first and are kept in :attr:`Game.headers`, in order;
``[CPN]`` names the start; ``[Result]``, ``[Score]`` and ``[Termination]`` are checked
against the main line's end when it ends the game.  Files of many games are
:mod:`cernunos_widget.record.files`.

Reading and writing never recurse per nesting level; the words and the limits (10,000,000
characters, 10,000 nested variations, 100,000 positions per game) are in
:mod:`cernunos_widget.record.text`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain

from ..engine import START_CPN, CernunosError, Decision, Player, Position, Rules, Step
from ..engine.decisions import code_of
from ..engine.deprecation import warn_renamed
from ..engine.errors import clip
from ..engine.events import Event
from ..i18n import Message
from .tags import check_tags
from .text import (
    MAX_NESTING,
    MAX_NODES,
    GameTextError,
    Word,
    check_comment,
    words,
    write_comment,
    write_tag,
)

__all__ = ["RESULTS", "Game", "GameNode", "GameTextError"]
__all__ += ["outcome_problem", "outcome_tags", "start_position"]

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")  # [Result]: Green first; "*" unfinished


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
        "_comment",
        "mark",
        "mark_text",
        "glyph",
        "_ply",
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
        self.id = game.register(self)
        self.parent = parent
        self.decision = decision
        self.position = position
        self.events = events
        self.children: list[GameNode] = []
        self._comment = ""
        self.mark = ""  # "?" or "??" when a game analysis found a mistake here
        self.mark_text = ""
        self.glyph = ""  # the user's annotation glyph: "!", "?!", "?", "??" or ""
        self._ply = 0 if parent is None else parent.ply + 1  # a node keeps its parent

    @property
    def decision_text(self) -> str:
        """The text of the decision that led here (``"B@b2"``; "" at the root)."""
        return "" if self.decision is None else str(self.decision)

    @property
    def token(self) -> str:
        """Deprecated alias of :attr:`decision_text` (a token is a piece)."""
        warn_renamed("GameNode", "token", "decision_text")
        return self.decision_text

    @property
    def comment(self) -> str:
        """The comment on this node ("" for none): any text without lone surrogates."""
        return self._comment

    @comment.setter
    def comment(self, text: str) -> None:
        self._comment = check_comment(text)

    @property
    def ply(self) -> int:
        """How many decisions from the root."""
        return self._ply

    def play(self, decision: str | Decision) -> GameNode:
        """The child reached by ``decision``, adding it as a new variation if needed
        (a new child: the decision checked and resolved once, :meth:`Position.step`)."""
        return self.child_for(decision) or self.attach(self.position.step(decision))

    def child_for(self, decision: str | Decision | int) -> GameNode | None:
        """The child ``decision`` leads to, if it is in the tree (None otherwise). A child's
        decision was legal here, so a match needs no legality check; a malformed token
        raises :class:`DecisionSyntaxError`."""
        if not self.children:
            return None
        code = code_of(decision)
        return next((c for c in self.children if c.decision.code == code), None)

    def attach(self, step: Step) -> GameNode:
        """The child ``step`` (a :meth:`Position.step` from this node's position) reaches,
        added as a new variation unless it is already in the tree."""
        if step.before is not self.position and step.before != self.position:
            raise CernunosError("this step starts from another position than the node's")
        child = self.child_for(step.decision)
        if child is None:
            child = GameNode(self.game, self, step.decision, step.position, step.events)
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
            self.game.unregister(node)
        return self.parent

    def walk(self) -> Iterator[GameNode]:
        """This node and all its descendants, depth first, main lines first."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def __repr__(self) -> str:
        return f"<GameNode #{self.id} {self.decision_text or 'root'} ply {self.ply}>"


class Game:
    """A tree of :class:`GameNode`; ``game.root`` holds the starting position.

    The game is played under its start position's rules (D-10): ``rules``, else the
    ``[Rules]`` header, names them when no start is given (the initial position under them).
    """

    def __init__(
        self,
        start: Position | None = None,
        headers: dict[str, str] | None = None,
        *,
        rules: Rules | str | None = None,
    ) -> None:
        self._nodes: dict[int, GameNode] = {}
        self._next_id = 0
        self.headers: dict[str, str] = dict(headers or {})  # tag pairs, in order
        if rules is None and "Rules" in self.headers:
            rules = Rules.parse(self.headers["Rules"])
        if start is not None and rules is not None and start.rules != Rules.parse(rules):
            raise CernunosError(
                f"the start position is played under the rules {str(start.rules)!r}, "
                f"not {str(Rules.parse(rules))!r}"
            )
        self.root = GameNode(self, None, None, start or Position.start(rules=rules))

    @property
    def rules(self) -> Rules:
        """The rules of this game (its start position's, D-10)."""
        return self.root.position.rules

    def register(self, node: GameNode) -> int:
        """Give a new node of this game its id (:class:`GameNode` asks when it is made)."""
        self._nodes[self._next_id] = node
        self._next_id += 1
        return self._next_id - 1

    def unregister(self, node: GameNode) -> None:
        """Forget a deleted node (:meth:`GameNode.remove` tells the game)."""
        self._nodes.pop(node.id, None)

    @property
    def next_id(self) -> int:
        """The id the next new node gets: ids below it were given, some maybe deleted."""
        return self._next_id

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

    def tags(self) -> list[str]:
        """The tag pairs to write: :attr:`headers` in order, ``[Rules]`` under a variant and
        ``[CPN]`` when the root is not the rules' initial position (each added last unless a
        header of that name is set)."""
        pairs = dict(self.headers)
        if "Rules" not in pairs and self.rules != Rules():
            cpn = pairs.pop("CPN", None)  # [Rules] comes before the [CPN] read under it
            pairs["Rules"] = str(self.rules)
            if cpn is not None:
                pairs["CPN"] = cpn
        if "Rules" in pairs:
            pairs["Rules"] = str(self.rules)
        if "CPN" in pairs or self.root.position != Position.start(rules=self.rules):
            pairs["CPN"] = self.root.position.cpn()
        return [write_tag(name, value) for name, value in pairs.items()]

    def movetext(self) -> list[str]:
        """The root's comment and the moves, as the words of the game text."""
        parts = [write_comment(self.root.comment)] if self.root.comment else []
        _export_moves(self.root, parts)
        return parts

    def export(self) -> str:
        """The game as text: tags, decisions, variations in parentheses, comments in braces."""
        return " ".join(self.tags() + self.movetext())

    def __str__(self) -> str:
        return self.export()

    @classmethod
    def parse(cls, text: str, rules: Rules | str | None = None) -> Game:
        """Read one game written by :meth:`export` (or by hand in the same form), played
        under ``rules`` (default: RULES.md; the text does not name them).

        Raises :class:`GameTextError` saying where the text is wrong (``at``: the offset),
        or which limit it passes (see :mod:`cernunos_widget.record.text`).  A bad ``[CPN]``
        raises the engine's own error (``CpnSyntaxError``, ...) with ``at`` set to the tag.
        """
        items = enumerate(words(text), 1)
        headers: dict[str, str] = {}
        where: dict[str, int] = {}
        first = next(items, None)
        while first is not None and first[1].role == "tag":
            tag = first[1]
            if tag.name in headers:
                raise _refused(tag.at, "record.tag_twice", name=tag.name, at=tag.at + 1)
            headers[tag.name], where[tag.name] = tag.text, tag.at
            first = next(items, None)
        try:
            start = start_position(headers, rules)
        except CernunosError as e:
            e.at = where.get("CPN", where.get("Rules"))
            raise
        check_tags(headers, where)
        game = cls(start, headers)
        _read_moves(game.root, items if first is None else chain([first], items))
        problem = outcome_problem(headers, game.root.end().position)
        if problem is not None:
            raise GameTextError(problem[1], where[problem[0]])
        return game


def start_position(headers: dict[str, str], rules: Rules | str | None = None) -> Position:
    """The position a game with these tags starts from: ``[CPN]`` (empty or absent: the
    initial position) under ``[Rules]`` (D-10; absent: ``rules``, else RULES.md).  The one
    place a game's start is built; a ``[Rules]`` tag that contradicts ``rules`` is refused."""
    if "Rules" in headers:
        tagged = Rules.parse(headers["Rules"])
        if rules is not None and Rules.parse(rules) != tagged:
            raise CernunosError(
                f'the tag [Rules "{clip(headers["Rules"])}"] contradicts the rules asked for, '
                f"{str(Rules.parse(rules))!r}"
            )
        rules = tagged
    return Position.from_cpn(headers.get("CPN") or START_CPN, rules=rules)


def outcome_tags(position: Position) -> dict[str, str]:
    """``[Result]`` and ``[Score]`` or ``[Termination]`` for a game that ends at ``position``
    (R-15, R-17): ``{"Result": "*"}`` while it goes on."""
    result = position.result()
    if result is None:
        return {"Result": "*"}
    won = {None: "1/2-1/2", Player.GREEN: "1-0", Player.PURPLE: "0-1"}[result.winner]
    if result.forfeit:
        return {"Result": won, "Termination": "forfeit"}
    return {"Result": won, "Score": str(result).split(" ", 1)[1]}


def outcome_problem(headers: dict[str, str], end: Position) -> tuple[str, str] | None:
    """The tag that disagrees with a main line ending at ``end``, and why (None if none).

    ``[Result]`` is one of :data:`RESULTS`; when the main line ends the game it must be the
    engine's, and so must ``[Score]`` (R-17) and ``[Termination "forfeit"]`` (R-15); a
    main line that does not end the game has no ``[Score]`` and no forfeit.
    """
    result = headers.get("Result")
    if result is not None and result not in RESULTS:
        return "Result", f"{_shown('Result', result)} is not one of {', '.join(RESULTS)}"
    if end.result() is None:
        if "Score" in headers:
            return "Score", "[Score] is set but the main line does not end the game (R-16)"
        if headers.get("Termination") == "forfeit":
            return "Termination", (
                '[Termination "forfeit"] is set but the main line does not end by forfeit (R-15)'
            )
        return None
    expected = outcome_tags(end)
    for name in ("Result", "Score", "Termination"):
        value = headers.get(name)
        if value is None or value == expected.get(name):
            continue
        if name == "Termination" and value != "forfeit" and "Score" in expected:
            continue  # a scored game may say in other words how it ended
        want = f'[{name} "{expected[name]}"]' if name in expected else f"no [{name}]"
        return name, (
            f"{_shown(name, value)} does not match the main line's end: "
            f"{end.result().summary}, which is {want}"
        )
    return None


def _shown(name: str, value: object) -> str:
    """A tag as an error message shows it (the value cut to 80 characters)."""
    text = value if isinstance(value, str) else clip(value)
    return f'[{name} "{text[:80]}{"..." if len(text) > 80 else ""}"]'


def _export_moves(root: GameNode, parts: list[str]) -> None:
    """Append the moves after ``root`` to ``parts`` (an explicit stack, no recursion)."""
    todo: list[tuple[str, GameNode | None]] = [("line", root)]
    while todo:
        what, node = todo.pop()
        if what == "close":
            parts[-1] += ")"
            continue
        if what == "open":
            parts.append("(" + node.decision_text + node.glyph)
            if node.comment:
                parts.append(write_comment(node.comment))
            continue
        if not node.children:
            continue
        main, *variations = node.children
        parts.append(main.decision_text + main.glyph)
        if main.comment:
            parts.append(write_comment(main.comment))
        todo.append(("line", main))  # after the variations
        for variation in reversed(variations):
            todo += [("close", None), ("line", variation), ("open", variation)]


def _refused(offset: int, key: str, /, **params: object) -> GameTextError:
    """A game text refused at ``offset``, in the words of the message ``key``."""
    words = Message(key, params)
    return GameTextError(words.text(), offset).said(words)


def _read_moves(root: GameNode, items: Iterator[tuple[int, Word]]) -> None:
    """Play the words from ``root``; each open variation is a frame on an explicit stack:
    [the node it starts from, the last node played in it, where its '(' is]."""
    frames: list[list] = [[root, None, 0]]
    for number, word in items:
        role = word.role
        if role == "decision":
            frame = frames[-1]
            try:
                frame[1] = (frame[1] or frame[0]).play(word.text)
                if root.game.next_id > MAX_NODES:
                    raise GameTextError(f"more than {MAX_NODES:,} positions in one game")
            except CernunosError as e:
                reason = str(e) if e.words is None else e.words
                raise _refused(
                    word.at, "record.word", number=number, text=clip(word.text), at=word.at + 1,
                    reason=reason,
                ) from None  # fmt: skip
        elif role == "glyph":
            (frames[-1][1] or frames[-1][0]).glyph = word.text
        elif role == "comment":
            try:
                (frames[-1][1] or frames[-1][0]).comment = word.text
            except GameTextError as e:
                raise GameTextError(
                    f"the comment at character {word.at + 1}: {e}", word.at
                ) from None
        elif role == "open":
            last = frames[-1][1]
            if last is None:
                raise _refused(word.at, "record.no_decision", number=number, at=word.at + 1)
            if len(frames) > MAX_NESTING:
                raise GameTextError(
                    f"more than {MAX_NESTING:,} nested variations at character {word.at + 1}",
                    word.at,
                )
            frames.append([last.parent, None, word.at])
        elif role == "close":
            if len(frames) == 1:
                raise _refused(word.at, "record.unbalanced", number=number, at=word.at + 1)
            frames.pop()
        else:  # a tag after the start
            raise _refused(word.at, "record.tag_first", at=word.at + 1)
    if len(frames) > 1:
        at = frames[-1][2]
        raise _refused(at, "record.not_closed", count=len(frames) - 1, at=at + 1)
