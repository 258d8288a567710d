"""The public, immutable :class:`Position`: a game state at a decision or at the end.

A position is always *settled*: decisions with a single option (a forced placement, growth
without choice, a forced Boar target ...) are made by the engine as soon as they arise, so
``legal_decisions()`` lists a real choice (two options or more) or nothing (game over).
Positions in the middle of an effect (a Boar target pending ...) are positions too; they
have no CPN (``at_boundary`` is False).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from ..i18n import Message
from . import events as ev
from .board import coverable_cells, occupied_counts, power_parts, top_tree_counts
from .decisions import Decision, code_of, code_to_text, decision_of, is_code
from .deprecation import warn_renamed
from .effects import (
    CHOICE_NAMES,
    FORFEIT,
    LAST,
    ONE,
    OVER,
    PHASE_LETTERS,
    START,
    TWO,
    Work,
)
from .errors import (
    CernunosError,
    IllegalDecisionError,
    NotAtBoundaryError,
    NotationError,
    clip,
)
from .events import Event
from .geometry import CELL_INDEX, CELL_NAMES
from .notation import START_CPN, check_reachable, format_cpn, parse_cpn, reserves_of
from .rules import STANDARD_RULES, Rules
from .tokens import CODE_MASK, KIND_MASK, OWNER_BIT, TREE, Kind, Player

DecisionLike = str | Decision | int
RulesLike = Rules | str | None
_PLAYERS = (Player.GREEN, Player.PURPLE)  # by index: cheaper than calling Player(i)
_KINDS = tuple(Kind)  # by index, likewise


class Token(NamedTuple):
    """A token as seen from outside: its owner and kind."""

    owner: Player
    kind: Kind

    @property
    def letter(self) -> str:
        """The CPN letter (uppercase Green, lowercase Purple)."""
        return self.kind.letter if self.owner == Player.GREEN else self.kind.letter.lower()


@dataclass(frozen=True)
class PowerInfo:
    """R-9, R-10: the power of a top token and where it comes from."""

    cell: str
    token: Token
    base: int
    deer: tuple[str, ...]  # cells of the own Deer adding +1 each (R-21)
    wolves: tuple[str, ...]  # cells of the opposing Wolves taking -1 each (R-24)

    @property
    def total(self) -> int:
        return self.base + len(self.deer) - len(self.wolves)

    def __str__(self) -> str:
        return self.message().text()

    def message(self) -> Message:
        """The power and its breakdown in words: ``"2 (base 1, +1 Deer c2)"``."""
        parts = (
            Message("power.base", {"base": self.base}),
            *(Message("power.deer", {"cell": c}) for c in self.deer),
            *(Message("power.wolf", {"cell": c}) for c in self.wolves),
        )
        return Message("power.text", {"total": self.total, "parts": parts})


@dataclass(frozen=True)
class Result:
    """R-15, R-17: the outcome of a finished game."""

    winner: Player | None
    forfeit: bool
    cells: tuple[int, int] = (0, 0)
    trees: tuple[int, int] = (0, 0)
    burned: tuple[int, int] = (0, 0)

    def __str__(self) -> str:
        """The ``cernunos result`` line: ``green 7-5 3-2 0-1`` or ``purple forfeit``."""
        who = "draw" if self.winner is None else self.winner.name.lower()
        if self.forfeit:
            return f"{who} forfeit"
        c, t, b = self.cells, self.trees, self.burned
        return f"{who} {c[0]}-{c[1]} {t[0]}-{t[1]} {b[0]}-{b[1]}"

    @property
    def summary(self) -> str:
        """In words, for people (English; :meth:`summary_message` for another language)."""
        return self.summary_message().text()

    def summary_message(self) -> Message:
        """The outcome in words, as a message (``"Green wins (cells 7-5, ...)"``, ``"Vert
        gagne (cases 7-5, ...)"``)."""
        if self.forfeit:
            return Message("result.forfeit", {"player": Message(f"player.{self.winner.letter}")})
        score = {
            "cells": f"{self.cells[0]}-{self.cells[1]}",
            "trees": f"{self.trees[0]}-{self.trees[1]}",
            "burned": f"{self.burned[0]}-{self.burned[1]}",
        }
        if self.winner is None:
            return Message("result.draw", score)
        return Message("result.wins", {"player": Message(f"player.{self.winner.letter}"), **score})


def _score(board, burned: tuple[int, int]) -> Result:
    """R-17: cells occupied, then more Trees on top, then fewer burned Trees."""
    cells = occupied_counts(board)
    trees = top_tree_counts(board)
    keys = (cells[0] - cells[1], trees[0] - trees[1], burned[1] - burned[0])
    winner = None
    for k in keys:
        if k:
            winner = Player.GREEN if k > 0 else Player.PURPLE
            break
    return Result(winner, False, cells, trees, tuple(burned))


class Position:
    """An immutable Cernunos state; compare and hash by content (usable as a table key)."""

    __slots__ = (
        "_board",
        "_reserve",
        "_burned",
        "_side",
        "_phase",
        "_agenda",
        "_count",
        "_options",
        "_hash",
        "_rules",
    )

    # ------------------------------------------------------------------ construction

    @classmethod
    def start(cls, rules: RulesLike = None) -> Position:
        """The initial position (R-3: every token in reserve, Green to place) under
        ``rules`` (a :class:`Rules`, its text, or None for the standard rules)."""
        return cls.from_cpn(START_CPN, rules=rules)

    @classmethod
    def from_cpn(cls, text: str, rules: RulesLike = None) -> Position:
        """Read a CPN under ``rules`` (default: RULES.md), check R-8 against the rules'
        token counts, and play on through any forced step.

        Raises :class:`CpnSyntaxError` for malformed text,
        :class:`InvalidPositionError` for a board R-8 forbids or play cannot reach, and
        :class:`RulesError` for rules that name no rule set.
        """
        rules = _rules_of(rules)
        fields = parse_cpn(text)
        reserve = reserves_of(fields, text, rules)
        check_reachable(fields, reserve, text)
        work = Work(
            fields.board, reserve, fields.burned, fields.side, fields.phase, (), 0, None, rules
        )
        if work.phase == START:
            work.begin_turn()  # a CPN read at phase s is played on (RULES.md section 6)
        return cls._freeze(work, work.settle())

    @classmethod
    def _freeze(cls, work: Work, options: tuple[int, ...]) -> Position:
        p = object.__new__(cls)
        p._board = tuple(work.board)
        p._reserve = tuple(work.reserve)
        p._burned = tuple(work.burned)
        p._side = 0 if work.phase == OVER else work.side  # canonical: side g at phase #
        p._phase = work.phase
        p._agenda = tuple(work.agenda)
        p._count = work.count
        p._options = options
        p._hash = None
        p._rules = work.rules
        return p

    def _work(self, events: list | None = None) -> Work:
        return Work(
            self._board,
            self._reserve,
            self._burned,
            self._side,
            self._phase,
            self._agenda,
            self._count,
            events,
            self._rules,
        )

    # ------------------------------------------------------------------ notation

    def cpn(self) -> str:
        """The CPN of this position; raises :class:`NotAtBoundaryError` mid-effect."""
        if self._agenda:
            raise NotAtBoundaryError(
                "this position is in the middle of an effect "
                f"({self.describe_pending()}): it has no CPN until the choice is made"
            )
        return format_cpn(self._board, self._side, self._phase, self._burned)

    @property
    def at_boundary(self) -> bool:
        """True between placements, at a growth choice or at the end (a CPN exists)."""
        return not self._agenda

    @property
    def rules(self) -> Rules:
        """The rules this position is played under (D-10); play keeps them."""
        return self._rules

    def __repr__(self) -> str:
        variant = "" if self._rules.is_standard else f", rules={str(self._rules)!r}"
        if self._agenda:
            return f"<Position mid-effect{variant}: {self.describe_pending()}>"
        return f"Position.from_cpn({self.cpn()!r}{variant})"

    def __str__(self) -> str:
        from .render import render_text

        return render_text(self)

    def _repr_svg_(self) -> str:
        """Jupyter shows a position as a picture (like python-chess boards)."""
        from .svg import render_svg

        return render_svg(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self._board == other._board
            and self._side == other._side
            and self._phase == other._phase
            and self._burned == other._burned
            and self._agenda == other._agenda
            and self._count == other._count
            and (self._rules is other._rules or self._rules == other._rules)
        )

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            key = (self._board, self._side, self._phase, self._burned, self._agenda, self._count)
            rules = self._rules
            if rules is not STANDARD_RULES and not rules.is_standard:  # rules hash apart
                key += (self._rules,)
            h = self._hash = hash(key)
        return h

    # ------------------------------------------------------------------ who decides what

    @property
    def side(self) -> Player:
        """The player making the placements of this turn (or the final one)."""
        return _PLAYERS[self._side]

    @property
    def phase(self) -> str:
        """The CPN phase letter: ``s 2 1 L # x``."""
        return PHASE_LETTERS[self._phase]

    @property
    def is_over(self) -> bool:
        return self._phase >= OVER  # OVER and FORFEIT are the last phases

    @property
    def decider(self) -> Player | None:
        """Who makes the next decision (R-27); None when the game is over."""
        if self._agenda:
            return _PLAYERS[self._agenda[-1][1]]
        return None if self._phase >= OVER else _PLAYERS[self._side]

    @property
    def choice(self) -> str | None:
        """What the pending choice is: ``placement``, ``final-placement``, ``growth``,
        ``boar-target``, ``fox-swap``, ``fox-order``, ``crow-cell``; None when over."""
        if self._agenda:
            return CHOICE_NAMES[self._agenda[-1][0]]
        if self.is_over:
            return None
        if self._phase == START:
            return "growth"
        return "final-placement" if self._phase == LAST else "placement"

    @property
    def choice_cell(self) -> str | None:
        """The cell of the token whose effect asks the pending choice (mid-effect only)."""
        return CELL_NAMES[self._agenda[-1][2]] if self._agenda else None

    @property
    def placements_left(self) -> int:
        """Placements left in this turn: 2, 1 (or 1 for the final placement), else 0."""
        return {TWO: 2, ONE: 1, LAST: 1}.get(self._phase, 0)

    def pending_message(self) -> Message:
        """Who chooses what (:meth:`describe_pending`), as a message to put in a language."""
        who = self.decider
        if who is None:
            return Message("prompt.over")
        params: dict[str, object] = {"player": Message(f"player.{who.letter}")}
        choice = self.choice
        if self._agenda:
            params["cell"] = CELL_NAMES[self._agenda[-1][2]]
        elif choice == "placement":
            choice = "placement-two" if self._phase == TWO else "placement-one"
        return Message(f"prompt.{choice}", params)

    def describe_pending(self, language: str = "en") -> str:
        """Who chooses what, in words (``"Purple chooses which token their Boar on b2
        pushes"``; ``language="fr"``: ``"Violet choisit le jeton que pousse son Sanglier en
        b2"``)."""
        return self.pending_message().text(language)

    # ------------------------------------------------------------------ decisions

    @property
    def option_codes(self) -> tuple[int, ...]:
        """The legal decisions as integer codes, in the listing order (for search)."""
        return self._options

    def legal_decisions(self) -> tuple[Decision, ...]:
        """The legal decisions, in the listing order of RULES.md; () when the game is over."""
        return tuple(decision_of(c) for c in self._options)

    def legal_texts(self) -> tuple[str, ...]:
        """The legal decisions' texts (``"B@b2"``, ``"pass"`` ...; RULES.md section 6 calls
        a decision's text a token)."""
        return tuple(code_to_text(c) for c in self._options)

    def legal_tokens(self) -> tuple[str, ...]:
        """Deprecated alias of :meth:`legal_texts`."""
        warn_renamed("Position", "legal_tokens", "legal_texts")
        return self.legal_texts()

    def is_legal(self, decision: object) -> bool:
        """True if ``decision`` (a decision text, a :class:`Decision` or a code) is legal here;
        False for anything else, whatever its type."""
        try:
            return self._code_of(decision) in self._options
        except CernunosError:
            return False

    def _code_of(self, decision: object) -> int:
        """The legal code meant by ``decision``: a decision text (str), a :class:`Decision` or an
        int code. A bool or any other type is a :class:`DecisionSyntaxError`; a code no
        decision has, or one not legal here, an :class:`IllegalDecisionError`."""
        code = code_of(decision)
        if code in self._options:
            return code
        legal = self.legal_texts()
        if not is_code(code):
            text = clip(code)
            what = Message("refusal.no_code", {"text": text})
        else:
            text = code_to_text(code)
            what = Message("refusal.illegal", {"text": repr(text)})
        if not legal:
            why = Message("refusal.over", {"what": what, "result": str(self.result())})
        else:
            pending = self.pending_message()
            why = Message(
                "refusal.not_legal", {"what": what, "pending": pending, "legal": " ".join(legal)}
            )
        raise IllegalDecisionError(why.text(), text, legal).said(why)

    def parse_decision(self, decision: DecisionLike) -> Decision:
        """The legal :class:`Decision` meant by ``decision``; raises if malformed or illegal."""
        return decision_of(self._code_of(decision))

    def placement_refusal(self, kind: Kind | str, cell: str, language: str = "en") -> str | None:
        """Why the side may not place ``kind`` on ``cell`` now, in words; None if it may."""
        why = self.placement_refusal_message(kind, cell)
        return None if why is None else why.text(language)

    def placement_refusal_message(self, kind: Kind | str, cell: str) -> Message | None:
        """:meth:`placement_refusal` as a message to put in a language."""
        k = Kind.from_letter(kind) if isinstance(kind, str) else Kind(kind)
        i = _cell(cell)
        if self.choice not in ("placement", "final-placement"):
            return Message("refusal.not_time", {"pending": self.pending_message()})
        who = Player(self._side)
        if not self._reserve[self._side * OWNER_BIT + k]:
            player = Message(f"player.{who.letter}")
            return Message(
                "refusal.none_left", {"player": player, "kind": Message(f"kind.{k.letter}")}
            )
        stack = self._board[i]
        if not stack:
            return None
        top = _token(stack[-1])
        if k == Kind.TREE and top.kind == Kind.FIRE:
            return Message("refusal.tree_on_fire", {"cell": cell})
        if top.owner != who:
            info = self.power(cell)
            if info.total > 0:
                token = ev.token_message(stack[-1])
                return Message(
                    "refusal.power", {"cell": cell, "token": token, "power": info.message()}
                )
        return None

    def play(self, decision: DecisionLike) -> Position:
        """The position after ``decision`` (a decision text, a :class:`Decision` or a code)."""
        code = self._code_of(decision)
        work = self._work()
        work.apply(code)
        return Position._freeze(work, work.settle())

    def play_with_events(self, decision: DecisionLike) -> tuple[Position, tuple[Event, ...]]:
        """Like :meth:`play`, also returning what happened, in order."""
        step = self.step(decision)
        return step.position, step.events

    def step(self, decision: DecisionLike) -> Step:
        """``decision`` checked once and resolved once: the legal :class:`Decision`, the
        position after it and what happened, in order (one click of the board)."""
        code = self._code_of(decision)
        events: list[Event] = []
        work = self._work(events)
        work.apply(code)
        after = Position._freeze(work, work.settle())
        if after._phase == OVER:
            events.append(ev.game_over(after.result().summary_message()))
        return Step(self, decision_of(code), after, tuple(events))

    def play_line(self, decisions: str | Iterable[DecisionLike]) -> Position:
        """Play several decisions (a space-separated string or an iterable) in turn."""
        items = decisions.split() if isinstance(decisions, str) else decisions
        position = self
        for d in items:
            position = position.play(d)
        return position

    def child(self, code: int) -> Position:
        """The position after a legal decision code, unchecked (the search's fast path)."""
        work = self._work()
        work.apply(code)
        return Position._freeze(work, work.settle())

    # ------------------------------------------------------------------ result

    def result(self) -> Result | None:
        """R-15, R-17: the outcome, or None while the game goes on."""
        if self._phase == FORFEIT:
            return Result(Player(1 - self._side), True)
        if self._phase == OVER:
            return _score(self._board, self._burned)
        return None

    # ------------------------------------------------------------------ what is on the board

    @property
    def burned(self) -> tuple[int, int]:
        """Burned Trees, Green's then Purple's (R-7)."""
        return self._burned

    def reserve(self, player: Player | str) -> dict[Kind, int]:
        """R-8: how many tokens of each kind ``player`` still holds."""
        p = _player(player)
        return {_KINDS[k]: self._reserve[p * OWNER_BIT + k] for k in range(8)}

    def reserve_size(self, player: Player | str) -> int:
        p = _player(player)
        return sum(self._reserve[p * OWNER_BIT : p * OWNER_BIT + 8])

    def stack(self, cell: str) -> tuple[Token, ...]:
        """The tokens on ``cell``, bottom to top (R-4)."""
        return tuple(_token(x) for x in self._board[_cell(cell)])

    def top(self, cell: str) -> Token | None:
        s = self._board[_cell(cell)]
        return _token(s[-1]) if s else None

    def occupant(self, cell: str) -> Player | None:
        """R-4: the owner of the top token of ``cell``."""
        s = self._board[_cell(cell)]
        return Player((s[-1] & OWNER_BIT) >> 3) if s else None

    def power(self, cell: str) -> PowerInfo | None:
        """R-9, R-10: the power of the top token of ``cell`` with its breakdown."""
        i = _cell(cell)
        if not self._board[i]:
            return None
        base, deer, wolves = power_parts(self._board, i, self._rules)
        return PowerInfo(
            CELL_NAMES[i],
            _token(self._board[i][-1]),
            base,
            tuple(CELL_NAMES[c] for c in deer),
            tuple(CELL_NAMES[c] for c in wolves),
        )

    def powers(self) -> dict[str, PowerInfo]:
        """The power of every top token, by cell."""
        return {name: self.power(name) for name in CELL_NAMES if self._board[CELL_INDEX[name]]}

    def placement_cells(
        self, kind: Kind | str, player: Player | str | None = None
    ) -> tuple[str, ...]:
        """R-11, R-12: the cells where ``player`` (default: the side) may place ``kind``,
        whatever their reserve holds."""
        k = Kind.from_letter(kind) if isinstance(kind, str) else Kind(kind)
        p = self._side if player is None else _player(player)
        anything, trees = coverable_cells(self._board, p, self._rules)
        return tuple(CELL_NAMES[c] for c in (trees if k == Kind.TREE else anything))

    def coverable(self, player: Player | str | None = None) -> tuple[tuple[str, ...], ...]:
        """R-11, R-12: the cells where ``player`` (default: the side) may place any kind
        but a Tree, and those where a Tree may go, whatever their reserve holds."""
        p = self._side if player is None else _player(player)
        anything, trees = coverable_cells(self._board, p, self._rules)
        return tuple(CELL_NAMES[c] for c in anything), tuple(CELL_NAMES[c] for c in trees)

    def placement_map(self, player: Player | str | None = None) -> dict[Kind, tuple[str, ...]]:
        """For each kind ``player`` holds in reserve, the cells it may be placed on."""
        p = self._side if player is None else _player(player)
        anything, trees = self.coverable(p)
        return {
            Kind(k): trees if k == TREE else anything
            for k in range(8)
            if self._reserve[p * OWNER_BIT + k]
        }


class Step(NamedTuple):
    """One decision made: the position before it, the decision, the position after it and
    the events it caused (:meth:`Position.step`)."""

    before: Position
    decision: Decision
    position: Position
    events: tuple[Event, ...]


def _rules_of(rules: RulesLike) -> Rules:
    """The rules meant (None: the standard ones), the standard ones as one shared object."""
    rules = STANDARD_RULES if rules is None else Rules.parse(rules)
    return STANDARD_RULES if rules == STANDARD_RULES else rules


# Every token by its untagged code (owner bit and kind): made once, looked up for each view.
_TOKENS = tuple(
    Token(_PLAYERS[(code & OWNER_BIT) >> 3], Kind(code & KIND_MASK)) for code in range(16)
)


def _token(code: int) -> Token:
    return _TOKENS[code & CODE_MASK]


def _player(player: Player | str | int) -> int:
    if isinstance(player, str):
        if player not in ("g", "p", "green", "purple"):
            raise NotationError(f"unknown player {clip(player)}: expected 'g' or 'p'")
        return 0 if player[0] == "g" else 1
    if isinstance(player, int) and not isinstance(player, bool) and player in (0, 1):
        return int(player)
    raise NotationError(f"unknown player {clip(player)}: expected 'g', 'p' or a Player")


def _cell(cell: str) -> int:
    try:
        return CELL_INDEX[cell]
    except (KeyError, TypeError):
        raise NotationError(f"unknown cell {clip(cell)}: expected a1 ... d3") from None
