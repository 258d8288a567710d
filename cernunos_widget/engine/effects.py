"""The resolution machinery: placements, tree growth, activations and their chains.

A :class:`Work` is a short-lived mutable copy of a position.  It applies one decision,
runs the effects it sets off until either a player must choose (a Boar target, a Fox swap
or order, a Crow cell) or the placement has fully resolved, and is then frozen back into an
immutable ``Position``.  What is still to do lives in an explicit *agenda* (a stack of
tuples), so a state in the middle of an effect is a plain value that can be copied,
compared and searched.

Agenda entries (the last one is the next thing to do):

* ``(ACT, tag, may_double, code)``: activate the tagged token if it is still on top
  (a Squirrel's second activation R-25, or the second of a Fox's swapped tokens R-22);
* ``(CHOICE_*, chooser, cell, options)``: a choice pending for the token on ``cell``;
  ``options`` are decision codes in the listing order.
"""

from __future__ import annotations

from itertools import combinations

from . import events as ev
from .board import burnable_cell, coverable_masks
from .decisions import CELL_BASE, GROW_BASE, PASS, SWAP_BASE, cell_code, grow_code, mask_cells
from .geometry import ADJACENT, AROUND, BOAR_PUSH, CELL_COUNT
from .rules import STANDARD_RULES, Rules
from .tokens import (
    ACTIVATABLE,
    BOAR,
    CODE_MASK,
    CROW,
    FIRE,
    FOX,
    KIND_MASK,
    OWNER_BIT,
    SQUIRREL,
    TAG_SHIFT,
    TREE,
)

# Phases, as in CPN (RULES.md section 6).
START, TWO, ONE, LAST, OVER, FORFEIT = range(6)
PHASE_LETTERS = "s21L#x"

ACTIVATION_CAP = 64  # R-28, D-9

ACT = 0
CHOICE_BOAR, CHOICE_FOX_SWAP, CHOICE_FOX_ORDER, CHOICE_CROW = 1, 2, 3, 4
CHOICE_NAMES = {
    CHOICE_BOAR: "boar-target",
    CHOICE_FOX_SWAP: "fox-swap",
    CHOICE_FOX_ORDER: "fox-order",
    CHOICE_CROW: "crow-cell",
}

_PLACED_AND_ACTIVATED = frozenset((BOAR, FOX, CROW))  # Trees activate at growth only


# _KIND_CODES[kind][mask]: the placement codes of ``kind`` on the cells of ``mask``, in board
# order; built once (8 x 4096 small tuples) so that listing options is a few concatenations.
_KIND_CODES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(kind * CELL_COUNT + c for c in range(CELL_COUNT) if mask >> c & 1)
        for mask in range(1 << CELL_COUNT)
    )
    for kind in range(8)
)
_PASS_ONLY = (PASS,)


def _placement_codes(anything: int, trees: int, held: int, final: bool) -> tuple[int, ...]:
    """Placement codes in the listing order (kind, then cell), ``pass`` last if final."""
    out: tuple[int, ...] = _KIND_CODES[TREE][trees] if held & 1 else ()
    for kind in range(1, 8):
        if held >> kind & 1:
            out += _KIND_CODES[kind][anything]
    return out + _PASS_ONLY if final else out  # the final placement may be declined


class Work:
    """A mutable position being resolved; see the module docstring."""

    __slots__ = (
        "board",
        "reserve",
        "burned",
        "side",
        "phase",
        "agenda",
        "count",
        "tagged",
        "events",
        "rules",
    )

    def __init__(
        self,
        board,
        reserve,
        burned,
        side,
        phase,
        agenda,
        count,
        events=None,
        rules: Rules = STANDARD_RULES,
    ):
        self.board: list[tuple[int, ...]] = list(board)
        self.reserve: list[int] = list(reserve)
        self.burned: tuple[int, int] = tuple(burned)  # rebuilt only when a Tree burns
        self.side: int = side
        self.phase: int = phase
        self.agenda: list[tuple] = list(agenda)
        self.count: int = count
        self.tagged: bool = bool(agenda)
        self.events: list | None = events
        self.rules: Rules = rules  # D-10: the variant in play (read by)

    # ------------------------------------------------------------------ decisions

    def options(self) -> tuple[int, ...]:
        """The codes of the next decision, in the listing order; () when the game is over.

        Finding no legal placement where one is due ends the game by forfeit (R-15).
        """
        if self.agenda:
            return self.agenda[-1][3]
        phase = self.phase
        if phase == START:
            return self._growth_options()
        if phase in (OVER, FORFEIT):
            return ()
        side = self.side
        anything, trees = coverable_masks(self.board, side, self.rules)
        reserve = self.reserve
        base = side * OWNER_BIT
        held = 0
        for kind in range(8):
            if reserve[base + kind]:
                held |= 1 << kind
        out = _placement_codes(anything, trees, held, phase == LAST)
        if out or phase == LAST:
            return out
        self.phase = FORFEIT
        if self.events is not None:
            self.events.append(ev.forfeit(side))
        return out

    def settle(self) -> tuple[int, ...]:
        """Apply single-option decisions until a real choice or the end; return the options."""
        while True:
            opts = self.options()
            if len(opts) != 1:
                return opts
            self.apply(opts[0])

    def apply(self, code: int) -> None:
        """Apply one legal decision code (legality is checked by the caller)."""
        if self.agenda:
            choice, _, cell, opts = self.agenda.pop()
            self._answer(choice, cell, opts, code)
            self.resume()
        elif self.phase == START:
            self._grow(mask_cells(code - GROW_BASE))
            self._after_growth()
        elif code == PASS:
            if self.events is not None:
                self.events.append(ev.passed(self.side))
            self.phase = OVER
        else:
            self._place(code)

    def _answer(self, choice: int, cell: int, opts: tuple[int, ...], code: int) -> None:
        """Carry out ``code``, the answer to the pending choice of the token on ``cell``."""
        if choice == CHOICE_FOX_SWAP:
            a, b = divmod(code - SWAP_BASE, CELL_COUNT)
            self._swap(cell, a, b)
        elif choice == CHOICE_FOX_ORDER:
            first = code - CELL_BASE
            a, b = (o - CELL_BASE for o in opts)
            self._fox_order(first, b if first == a else a)
        else:
            self._do_cell_choice(choice, cell, code - CELL_BASE)

    # ------------------------------------------------------------------ turn structure

    def begin_turn(self) -> None:
        """R-13, R-14: the turn of ``side`` starts with tree growth."""
        if self.events is not None:
            self.events.append(ev.turn_begins(self.side))
        trees = self._growing_trees()
        held = self.reserve[self.side * OWNER_BIT + TREE]
        if len(trees) > held > 0:
            self.phase = START  # D-3: the player chooses which Trees grow
            return
        if held == 0:
            if trees and self.events is not None:
                self.events.append(ev.growth_skipped(self.side, trees))
        else:
            self._grow(trees)
        self._after_growth()

    def _growing_trees(self) -> tuple[int, ...]:
        mine = self.side * OWNER_BIT + TREE
        return tuple(c for c in range(CELL_COUNT) if self.board[c] and self.board[c][-1] == mine)

    def _growth_options(self) -> tuple[int, ...]:
        trees = self._growing_trees()
        held = self.reserve[self.side * OWNER_BIT + TREE]
        # RULES.md listing order: compare the cells' board indices in turn.
        return tuple(grow_code(chosen) for chosen in combinations(trees, held))

    def _grow(self, cells: tuple[int, ...]) -> None:
        """R-14, R-19: each chosen Tree grows once; the new Trees do not grow this turn."""
        tree = self.side * OWNER_BIT + TREE
        board = self.board
        for c in cells:
            self.reserve[tree] -= 1
            board[c] = board[c] + (tree,)
            if self.events is not None:
                self.events.append(ev.grew(tree, c, by_growth=True))
        # No burning check: each new Tree covers a Tree that was not burnable, next to the
        # same cells, so it is not burnable either.

    def _after_growth(self) -> None:
        if not self._game_end_triggered():
            self.phase = TWO

    def _place(self, code: int) -> None:
        """R-11..R-13: put a token from the reserve on a cell, then resolve its effect."""
        kind, cell = divmod(code, CELL_COUNT)
        token = self.side * OWNER_BIT + kind
        self.reserve[token] -= 1
        height = len(self.board[cell]) + 1
        self.board[cell] = self.board[cell] + (token,)
        self.count = 0
        if self.events is not None:
            self.events.append(ev.placed(token, cell))
        # R-26, D-8: nothing is burnable between changes, so a placement can only set off
        # burning by bringing a Fire, or a Tree next to a visible Fire (R-12: never on one).
        if kind == FIRE or (kind == TREE and self._top_next_to(cell, FIRE, KIND_MASK)):
            self._burn()
        if kind in _PLACED_AND_ACTIVATED and len(self.board[cell]) == height:
            self._activate(cell, may_double=True)
        self.resume()

    def resume(self) -> None:
        """Run the agenda until a choice is pending or the placement has fully resolved."""
        agenda = self.agenda
        while agenda:
            task = agenda[-1]
            if task[0] != ACT:
                return
            agenda.pop()
            _, tag, may_double, code = task
            cell = self._find_top(tag)
            if cell < 0:
                if self.events is not None:
                    self.events.append(ev.not_activated(code, "it is no longer on top"))
                continue
            self._activate(cell, may_double)
        self._end_of_placement()

    def _end_of_placement(self) -> None:
        self.count = 0
        if self.tagged:
            self.board = [
                tuple(x & CODE_MASK for x in s) if s and max(s) > CODE_MASK else s
                for s in self.board
            ]
            self.tagged = False
        if self._game_end_triggered():
            return
        if self.phase == TWO:
            self.phase = ONE
        else:
            self.side ^= 1
            self.phase = START
            self.begin_turn()

    def _game_end_triggered(self) -> bool:
        """R-16, D-4: after a placement or the growth has resolved, is the game ending?"""
        if self.phase == LAST:
            self.phase = OVER
            return True
        reserve = self.reserve
        green_empty = not any(reserve[0:8])
        purple_empty = not any(reserve[8:16])
        if not (green_empty or purple_empty):
            return False
        if green_empty and purple_empty:
            self.phase = OVER
        else:
            emptied = 0 if green_empty else 1
            self.side = 1 - emptied
            self.phase = LAST
            if self.events is not None:
                self.events.append(ev.final_placement(emptied, self.side))
        return True

    # ------------------------------------------------------------------ activations

    def _activate(self, cell: int, may_double: bool) -> None:
        """R-18: the top token of ``cell`` activates (first or, R-25, second time)."""
        board = self.board
        code = board[cell][-1]
        kind = code & KIND_MASK
        if kind not in ACTIVATABLE:
            return  # Deer, Wolf, Squirrel and Fire: activating them does nothing
        if self.count >= ACTIVATION_CAP:
            if self.events is not None:
                self.events.append(ev.cap_reached(ACTIVATION_CAP))
            return
        self.count += 1
        owner = (code & OWNER_BIT) >> 3
        if self.events is not None:
            self.events.append(ev.activated(code, cell, second=not may_double))
        if may_double and self._top_next_to(cell, owner * OWNER_BIT + SQUIRREL, CODE_MASK):
            tag = self._tag_top(cell)
            self.agenda.append((ACT, tag, False, code & CODE_MASK))
        if kind == TREE:
            self._tree(cell, code)
        elif kind == BOAR:
            self._offer(
                CHOICE_BOAR,
                owner,
                cell,
                [t for t in ADJACENT[cell] if board[t]],
                "has no adjacent token to push",
            )
        elif kind == CROW:
            self._offer(
                CHOICE_CROW,
                owner,
                cell,
                [t for t in ADJACENT[cell] if board[t]],
                "has no adjacent token to bring up",
            )
        else:
            self._fox(cell, owner)

    def _top_next_to(self, cell: int, wanted: int, mask: int) -> bool:
        """Is there a top token ``t`` on a cell adjacent to ``cell`` with ``t & mask == wanted``?"""
        board = self.board
        for n in ADJACENT[cell]:
            s = board[n]
            if s and s[-1] & mask == wanted:
                return True
        return False

    def _tree(self, cell: int, code: int) -> None:
        """R-19: put a Tree from the owner's reserve on top of this Tree's cell."""
        tree = code & CODE_MASK
        if self.reserve[tree]:
            self.reserve[tree] -= 1
            self.board[cell] = self.board[cell] + (tree,)
            if self.events is not None:
                self.events.append(ev.grew(code, cell, by_growth=False))
            # No burning check: the new Tree covers one that was on top and not burnable.
        elif self.events is not None:
            self.events.append(ev.nothing_to_do(code, cell, "has no Tree left in reserve"))

    def _offer(self, choice: int, owner: int, cell: int, targets: list[int], idle: str) -> None:
        """D-5: a mandatory cell choice: none does nothing, one is made, more are asked."""
        if not targets:
            if self.events is not None:
                self.events.append(ev.nothing_to_do(self.board[cell][-1], cell, idle))
        elif len(targets) == 1:
            self._do_cell_choice(choice, cell, targets[0])
        else:
            self.agenda.append((choice, owner, cell, tuple(CELL_BASE + t for t in targets)))

    def _fox(self, cell: int, owner: int) -> None:
        """R-22, D-6: choose two occupied cells around the Fox and swap their tops."""
        board = self.board
        occupied = [n for n in AROUND[cell] if board[n]]
        if len(occupied) < 2:
            if self.events is not None:
                self.events.append(
                    ev.nothing_to_do(board[cell][-1], cell, "has fewer than two tokens around it")
                )
            return
        if len(occupied) == 2:
            self._swap(cell, occupied[0], occupied[1])
            return
        swaps = tuple(
            SWAP_BASE + a * CELL_COUNT + b
            for i, a in enumerate(occupied)
            for b in occupied[i + 1 :]
        )
        self.agenda.append((CHOICE_FOX_SWAP, owner, cell, swaps))

    def _do_cell_choice(self, choice: int, cell: int, target: int) -> None:
        if choice == CHOICE_BOAR:
            self._push(cell, target)
        else:
            self._raise(cell, target)

    def _push(self, boar_cell: int, target: int) -> None:
        """R-20: the target's top token moves one cell further away, wrapping around."""
        board = self.board
        dest, wrapped = BOAR_PUSH[boar_cell][target]
        source = board[target]
        moved = source[-1]
        board[target] = source[:-1]
        board[dest] = board[dest] + (moved,)
        if self.events is not None:
            self.events.append(
                ev.pushed(board[boar_cell][-1], boar_cell, moved, target, dest, wrapped)
            )
        self._burn()

    def _swap(self, fox_cell: int, a: int, b: int) -> None:
        """R-22: swap the tops of a and b, burn, then activate the swapped tokens."""
        board = self.board
        sa, sb = board[a], board[b]
        ta, tb = sa[-1], sb[-1]
        board[a] = sa[:-1] + (tb,)
        board[b] = sb[:-1] + (ta,)
        if self.events is not None:
            self.events.append(ev.swapped(board[fox_cell][-1], fox_cell, a, ta, b, tb))
        self._burn()
        # Burning only removes Trees from the top, so an unchanged height means the swapped
        # token is still on top.
        a_ready = self._ready_after_move(tb, a, len(sa))
        b_ready = self._ready_after_move(ta, b, len(sb))
        if a_ready and b_ready:
            owner = (board[fox_cell][-1] & OWNER_BIT) >> 3
            self.agenda.append((CHOICE_FOX_ORDER, owner, fox_cell, (cell_code(a), cell_code(b))))
        elif a_ready:
            self._activate(a, may_double=True)
        elif b_ready:
            self._activate(b, may_double=True)

    def _ready_after_move(self, code: int, cell: int, height: int) -> bool:
        if code & KIND_MASK not in ACTIVATABLE:
            return False
        if len(self.board[cell]) == height:
            return True
        if self.events is not None:
            self.events.append(ev.not_activated(code, "it burned"))
        return False

    def _fox_order(self, first: int, second: int) -> None:
        """R-22: the Fox's owner chose which swapped token activates first."""
        tag = self._tag_top(second)
        self.agenda.append((ACT, tag, True, self.board[second][-1] & CODE_MASK))
        self._activate(first, may_double=True)

    def _raise(self, crow_cell: int, target: int) -> None:
        """R-23: the bottom token of the target comes to the top and activates."""
        board = self.board
        stack = board[target]
        moved = stack[0]
        if self.events is not None:
            self.events.append(
                ev.raised(board[crow_cell][-1], crow_cell, moved, target, alone=len(stack) == 1)
            )
        if len(stack) > 1:
            board[target] = stack[1:] + (moved,)
            self._burn()
            if len(board[target]) != len(stack):  # a Tree that burns does not activate
                if self.events is not None:
                    self.events.append(ev.not_activated(moved, "it burned as it came up"))
                return
        self._activate(target, may_double=True)

    # ------------------------------------------------------------------ burning, tags

    def _burn(self) -> None:
        """R-26, D-8: burn Trees next to a visible Fire or directly on one, until none."""
        reserve = self.reserve
        fires = self.rules.counts[FIRE]
        if reserve[FIRE] == fires and reserve[OWNER_BIT + FIRE] == fires:
            return  # no Fire on the board yet (a Fire never leaves it; R-8)
        board = self.board
        while True:
            hit = burnable_cell(board)
            if hit is None:
                return
            cell, fire_cell = hit
            stack = board[cell]
            tree = stack[-1]
            board[cell] = stack[:-1]
            green, purple = self.burned
            self.burned = (green, purple + 1) if tree & OWNER_BIT else (green + 1, purple)
            if self.events is not None:
                fire = stack[-2] if fire_cell is None else board[fire_cell][-1]
                self.events.append(ev.burned(tree, cell, fire, fire_cell))

    def _tag_top(self, cell: int) -> int:
        """Give the top token of ``cell`` an identity that survives moves (R-22, R-25)."""
        stack = self.board[cell]
        code = stack[-1]
        if code >> TAG_SHIFT:
            return code >> TAG_SHIFT
        used = [x >> TAG_SHIFT for s in self.board for x in s]
        used += [task[1] for task in self.agenda if task[0] == ACT]
        tag = max(used, default=0) + 1
        self.board[cell] = stack[:-1] + (code | tag << TAG_SHIFT,)
        self.tagged = True
        return tag

    def _find_top(self, tag: int) -> int:
        for c in range(CELL_COUNT):
            s = self.board[c]
            if s and s[-1] >> TAG_SHIFT == tag:
                return c
        return -1
