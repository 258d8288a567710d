"""A second, straightforward implementation of RULES.md: the test oracle and speed baseline.

Written independently of ``cernunos_widget.engine`` and in another style on purpose: token
objects with identities, dict boards keyed by cell names, recursion for the activation
chain (R-28: depth first) and a callback for every real choice.  It favours being obviously
right over being fast; the benchmark measures how much slower that is.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

COUNTS = {"T": 12, "B": 3, "D": 3, "W": 2, "S": 1, "X": 1, "C": 1, "F": 1}
KINDS = "TBDWSXCF"
CELLS = [c + r for r in "123" for c in "abcd"]  # board order
ACTIVATABLE = set("TBXC")
CAP = 64


class Token:
    """One physical token; identity (``is``) tells tokens apart (R-22, R-25)."""

    def __init__(self, owner: str, kind: str) -> None:
        self.owner = owner
        self.kind = kind

    def letter(self) -> str:
        return self.kind if self.owner == "g" else self.kind.lower()


def col_row(cell: str) -> tuple[int, int]:
    return "abcd".index(cell[0]), int(cell[1]) - 1


def cell_at(col: int, row: int) -> str | None:
    if 0 <= col < 4 and 0 <= row < 3:
        return "abcd"[col] + str(row + 1)
    return None


def cells_by_steps(cell: str, steps) -> list[str]:
    c, r = col_row(cell)
    found = [cell_at(c + dc, r + dr) for dc, dr in steps]
    return sorted((x for x in found if x), key=CELLS.index)


def adjacent(cell: str) -> list[str]:
    return cells_by_steps(cell, [(1, 0), (-1, 0), (0, 1), (0, -1)])


def around(cell: str) -> list[str]:
    return cells_by_steps(
        cell, [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]
    )


def wolf_zone(cell: str) -> list[str]:  # R-6, D-1
    return cells_by_steps(
        cell, [(s * dc, s * dr) for dc in (-1, 1) for dr in (-1, 1) for s in (1, 2)]
    )


def other(player: str) -> str:
    return "p" if player == "g" else "g"


Chooser = Callable[["Game", str, str, list[str]], str]


class GameOver(Exception):
    pass


class Game:
    """A game played from a CPN to its end, asking ``chooser`` at every real choice."""

    def __init__(self, cpn: str, chooser: Chooser) -> None:
        rows, side, phase, burned = cpn.split(" ")
        self.board: dict[str, list[Token]] = {c: [] for c in CELLS}
        for i, row_text in enumerate(rows.split("/")):
            for j, cell_text in enumerate(row_text.split(",")):
                cell = "abcd"[j] + str(3 - i)
                if cell_text != ".":
                    for ch in cell_text:
                        self.board[cell].append(Token("g" if ch.isupper() else "p", ch.upper()))
        g, p = burned.split("-")
        self.burned = {"g": int(g), "p": int(p)}
        self.reserve = {(pl, k): n for pl in "gp" for k, n in COUNTS.items()}
        for stack in self.board.values():
            for t in stack:
                self.reserve[t.owner, t.kind] -= 1
        for pl in "gp":
            self.reserve[pl, "T"] -= self.burned[pl]
        self.side = side
        self.phase = phase
        self.chooser = chooser
        self.activations = 0

    # ------------------------------------------------------------------ reading the board

    def top(self, cell: str) -> Token | None:
        stack = self.board[cell]
        return stack[-1] if stack else None

    def where_on_top(self, token: Token) -> str | None:
        for cell in CELLS:
            if self.top(cell) is token:
                return cell
        return None

    def power(self, cell: str) -> int:
        stack = self.board[cell]
        me = stack[-1].owner
        base = 0
        for t in reversed(stack[:-1]):
            if t.owner != me:
                break
            base += 1
        deer = sum(
            1
            for n in adjacent(cell)
            if self.top(n) and self.top(n).owner == me and self.top(n).kind == "D"
        )
        wolves = sum(
            1
            for n in CELLS
            if self.top(n)
            and self.top(n).owner != me
            and self.top(n).kind == "W"
            and cell in wolf_zone(n)
        )
        return base + deer - wolves

    def may_place(self, player: str, kind: str, cell: str) -> bool:
        top = self.top(cell)
        if top is None:
            return True
        if kind == "T" and top.kind == "F":
            return False
        return top.owner == player or self.power(cell) <= 0

    def placements(self, player: str) -> list[str]:
        return [
            f"{k}@{c}"
            for k in KINDS
            if self.reserve[player, k] > 0
            for c in CELLS
            if self.may_place(player, k, c)
        ]

    def reserve_empty(self, player: str) -> bool:
        return all(self.reserve[player, k] == 0 for k in KINDS)

    def cpn(self) -> str:
        rows = []
        for r in "321":
            rows.append(
                ",".join("".join(t.letter() for t in self.board[c + r]) or "." for c in "abcd")
            )
        side = "g" if self.phase == "#" else self.side
        return f"{'/'.join(rows)} {side} {self.phase} {self.burned['g']}-{self.burned['p']}"

    # ------------------------------------------------------------------ asking

    def ask(self, player: str, what: str, options: list[str]) -> str:
        if len(options) == 1:
            return options[0]  # a single option is the engine's to take
        return self.chooser(self, player, what, options)

    # ------------------------------------------------------------------ playing

    def play_out(self) -> None:
        """Play from the current state to the end of the game."""
        if self.phase == "s":
            self.start_turn()
        while self.phase not in ("#", "x"):
            self.placement_step()

    def start_turn(self) -> None:
        trees = [
            c
            for c in CELLS
            if self.top(c) and self.top(c).owner == self.side and self.top(c).kind == "T"
        ]
        held = self.reserve[self.side, "T"]
        if len(trees) <= held:
            chosen = trees
        else:
            options = ["grow:" + ",".join(combo) for combo in itertools.combinations(trees, held)]
            if held == 0:
                chosen = []
            else:
                self.phase = "s"
                chosen = self.ask(self.side, "growth", options)[5:].split(",")
        for cell in chosen:
            self.reserve[self.side, "T"] -= 1
            self.board[cell].append(Token(self.side, "T"))
        self.burn()
        if self.reserve_empty(self.side):
            self.side, self.phase = other(self.side), "L"
        else:
            self.phase = "2"

    def placement_step(self) -> None:
        options = self.placements(self.side)
        if self.phase == "L":
            options.append("pass")
        elif not options:
            self.phase = "x"
            return
        what = "final-placement" if self.phase == "L" else "placement"
        choice = self.ask(self.side, what, options)
        if choice == "pass":
            self.phase = "#"
            return
        kind, cell = choice.split("@")
        self.activations = 0
        token = Token(self.side, kind)
        self.reserve[self.side, kind] -= 1
        self.board[cell].append(token)
        self.burn()
        if kind in "BXC":
            self.activate(token, may_double=True)
        self.after_placement()

    def after_placement(self) -> None:
        if self.phase == "L":
            self.phase = "#"
            return
        g_empty, p_empty = self.reserve_empty("g"), self.reserve_empty("p")
        if g_empty and p_empty:
            self.phase = "#"
        elif g_empty or p_empty:
            self.side = "p" if g_empty else "g"
            self.phase = "L"
        elif self.phase == "2":
            self.phase = "1"
        else:
            self.side = other(self.side)
            self.start_turn()

    # ------------------------------------------------------------------ effects

    def burn(self) -> None:
        changed = True
        while changed:
            changed = False
            for cell in CELLS:
                stack = self.board[cell]
                if not stack or stack[-1].kind != "T":
                    continue
                on_fire = len(stack) > 1 and stack[-2].kind == "F"
                near_fire = any(self.top(n) and self.top(n).kind == "F" for n in adjacent(cell))
                if on_fire or near_fire:
                    tree = stack.pop()
                    self.burned[tree.owner] += 1
                    changed = True

    def activate(self, token: Token, may_double: bool) -> None:
        cell = self.where_on_top(token)
        if cell is None or token.kind not in ACTIVATABLE:
            return
        if self.activations >= CAP:
            return
        self.activations += 1
        squirrel_next = any(
            self.top(n) and self.top(n).owner == token.owner and self.top(n).kind == "S"
            for n in adjacent(cell)
        )
        getattr(self, "effect_" + token.kind)(token, cell)
        if may_double and squirrel_next:
            self.activate(token, may_double=False)

    def effect_T(self, token: Token, cell: str) -> None:
        if self.reserve[token.owner, "T"] > 0:
            self.reserve[token.owner, "T"] -= 1
            self.board[cell].append(Token(token.owner, "T"))
            self.burn()

    def effect_B(self, token: Token, cell: str) -> None:
        targets = [n for n in adjacent(cell) if self.board[n]]
        if not targets:
            return
        target = self.ask(token.owner, "boar-target", targets)
        (c0, r0), (c1, r1) = col_row(cell), col_row(target)
        dest = cell_at((c1 + (c1 - c0)) % 4, (r1 + (r1 - r0)) % 3)
        self.board[dest].append(self.board[target].pop())
        self.burn()

    def effect_C(self, token: Token, cell: str) -> None:
        targets = [n for n in adjacent(cell) if self.board[n]]
        if not targets:
            return
        target = self.ask(token.owner, "crow-cell", targets)
        raised = self.board[target].pop(0)
        self.board[target].append(raised)
        self.burn()
        self.activate(raised, may_double=True)

    def effect_X(self, token: Token, cell: str) -> None:  # R-22, D-6
        occupied = [n for n in around(cell) if self.board[n]]
        pairs = [f"{a}~{b}" for a, b in itertools.combinations(occupied, 2)]
        if not pairs:
            return
        a, b = self.ask(token.owner, "fox-swap", pairs).split("~")
        ta, tb = self.board[a].pop(), self.board[b].pop()
        self.board[a].append(tb)
        self.board[b].append(ta)
        self.burn()
        ready = [t for t in (tb, ta) if t.kind in ACTIVATABLE and self.where_on_top(t)]
        if len(ready) == 2:
            cells = sorted((a, b), key=CELLS.index)
            first_cell = self.ask(token.owner, "fox-order", cells)
            first = self.top(first_cell)
            ready.sort(key=lambda t: t is not first)
        for t in ready:
            self.activate(t, may_double=True)
