"""The Jupyter widget: a thin anywidget whose traits hold the whole visible state.

The page sends *intent* (a clicked cell, a reserve kind, a button) as custom messages; this
class checks it with the engine and answers by updating traits.  Navigation is the
``current`` trait, which the page may set itself, so a saved notebook or a static page can
still walk the stored variation tree without a kernel.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from .engine import CernunosError, Kind, Position
from .engine.geometry import CELL_INDEX
from .engine.icons import COLORS, ICONS
from .engine.zones import zone_table
from .game import Game, GameNode
from .view import KIND_NAMES, build_view

_JS = Path(__file__).parent / "js"
_ZONES = zone_table()


class CernunosWidget(anywidget.AnyWidget):
    """An analysis board for Cernunos.

    >>> w = CernunosWidget()                    # the start position
    >>> w = CernunosWidget(cpn="... g 2 0-0")   # or a position, or a Game
    >>> w.play("B@b2 B@b3"); w.back(); w.cpn
    """

    _esm = _JS / "widget.js"
    _css = _JS / "widget.css"

    nodes = traitlets.List().tag(sync=True)
    current = traitlets.Int(0).tag(sync=True)
    overlay = traitlets.Bool(False).tag(sync=True)
    selected_kind = traitlets.Unicode("").tag(sync=True)
    partial = traitlets.List(traitlets.Unicode()).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    revision = traitlets.Int(0).tag(sync=True)
    synced = traitlets.Int(-1).tag(sync=True)
    analysis = traitlets.Dict().tag(sync=True)
    engine = traitlets.Unicode("alphabeta").tag(sync=True)  # the Analyse button's search
    icons = traitlets.Dict(ICONS).tag(sync=True)
    colors = traitlets.Dict(COLORS).tag(sync=True)
    kind_names = traitlets.Dict(KIND_NAMES).tag(sync=True)
    zones = traitlets.Dict().tag(sync=True)  # kind -> cell -> zone, computed once

    def __init__(
        self,
        position: Position | None = None,
        *,
        cpn: str | None = None,
        game: Game | str | None = None,
        overlay: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(overlay=overlay, zones=_ZONES, **kwargs)
        if sum(x is not None for x in (position, cpn, game)) > 1:
            raise ValueError("give at most one of position, cpn and game")
        if isinstance(game, str):
            game = Game.parse(game)
        elif game is None:
            game = Game(Position.from_cpn(cpn) if cpn is not None else position)
        self._views: dict[int, dict] = {}
        self._game = game
        self._sync_tree(game.root.end() if game.root.children else game.root)
        self.synced = self.current
        self.on_msg(self._on_page_message)

    # ------------------------------------------------------------------ Python API

    @property
    def game(self) -> Game:
        """The variation tree (``w.game.export()`` gives its text)."""
        return self._game

    @game.setter
    def game(self, game: Game | str) -> None:
        self._game = Game.parse(game) if isinstance(game, str) else game
        self._views.clear()
        self._sync_tree(self._game.root)

    @property
    def node(self) -> GameNode:
        """The current node of the tree."""
        return self._game.node(self.current)

    @property
    def position(self) -> Position:
        """The position at the current node."""
        return self.node.position

    @property
    def cpn(self) -> str:
        """The CPN of the current position ("" in the middle of an effect)."""
        p = self.position
        return p.cpn() if p.at_boundary else ""

    def play(self, decisions: str) -> GameNode:
        """Play space-separated decision tokens from the current node (branching if new)."""
        tokens = decisions.split()
        self.position.play_line(tokens)  # raises CernunosError before the tree changes
        node = self.node
        for token in tokens:
            node = node.play(token)
        self._sync_tree(node)
        return node

    def back(self) -> GameNode:
        """Go back one decision (undo)."""
        if self.node.parent is not None:
            self.current = self.node.parent.id
        return self.node

    def forward(self) -> GameNode:
        """Go one decision forward along the main continuation."""
        if self.node.children:
            self.current = self.node.children[0].id
        return self.node

    def goto(self, node: GameNode | int) -> GameNode:
        """Go to a node (or a node id) of the tree."""
        node_id = node.id if isinstance(node, GameNode) else int(node)
        self.current = self._game.node(node_id).id
        return self.node

    def promote(self, node: GameNode | int | None = None) -> None:
        """Make the variation holding ``node`` (default: current) the main line there."""
        self._resolve(node).promote_to_main()
        self._sync_tree(self.node)

    def delete(self, node: GameNode | int | None = None) -> None:
        """Delete ``node`` (default: current) and all that follows; go to its parent if needed."""
        target = self._resolve(node)
        doomed = {n.id for n in target.walk()}
        parent = target.remove()
        self._sync_tree(parent if self.current in doomed else self.node)

    def comment(self, text: str, node: GameNode | int | None = None) -> None:
        """Set the comment of ``node`` (default: current)."""
        self._resolve(node).comment = str(text)
        self._sync_tree(self.node)

    def analyse(
        self, limit=None, multipv: int = 3, wait: bool = False, engine: str | None = None
    ) -> threading.Thread:
        """Analyse the current position in a background thread.

        Results stream into the ``analysis`` trait as they improve (the page shows an
        evaluation bar and the best lines); the notebook and the page stay responsive, and
        :meth:`cancel_analysis` (or the Cancel button) stops it. ``wait=True`` blocks until
        it is done (for scripts). ``engine`` is ``"alphabeta"`` or ``"mcts"`` (default: the
        ``engine`` trait, which the page's selector sets).
        """
        from .solver import Limit
        from .solver.analyse import check_engine

        engine = check_engine(self.engine if engine is None else engine)
        self.cancel_analysis()
        node = self.node
        if node.position.is_over:
            self.analysis = {"node": node.id, "status": "over", "lines": []}
            return None
        limit = limit or Limit(time=5.0)
        self.analysis = {
            "node": node.id,
            "status": "running",
            "lines": [],
            "limit": _limit_text(limit),
            "engine": engine,
        }
        return self._start_background(self._run_analysis, (node, limit, multipv, engine), wait)

    def _start_background(self, target, args: tuple, wait: bool) -> threading.Thread:
        """Run ``target(*args, stop)`` in a daemon thread (widget messages keep flowing)."""
        stop = threading.Event()
        self._analysis_stop = stop
        thread = threading.Thread(
            target=target,
            args=(*args, stop),
            daemon=True,
            name=f"cernunos-{target.__name__.strip('_')}",
        )
        self._analysis_thread = thread
        thread.start()
        if wait:
            thread.join()
        return thread

    def cancel_analysis(self) -> None:
        """Stop a running analysis (its results so far stay shown)."""
        stop = getattr(self, "_analysis_stop", None)
        thread = getattr(self, "_analysis_thread", None)
        if stop is not None:
            stop.set()
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=10)

    def _run_analysis(
        self, node: GameNode, limit, multipv: int, engine: str, stop: threading.Event
    ) -> None:
        from .solver import analysis

        status = "done"
        lines: list[dict] = []
        try:
            for infos in analysis(node.position, limit, multipv, stop=stop, engine=engine):
                lines = [_line_dict(node.position, info) for info in infos]
                self.analysis = {**self.analysis, "lines": lines, "status": "running"}
        except Exception as e:  # noqa: BLE001 - shown in the page, never a traceback
            status = f"error: {e}"
        if stop.is_set() and status == "done":
            status = "cancelled"
        self.analysis = {**self.analysis, "lines": lines, "status": status}

    def analyse_game(self, limit=None, wait: bool = False) -> threading.Thread:
        """Mark each main-line decision that threw away a win or a draw (in the background).

        A decision is judged where the positions before and after it can be solved exactly
        within ``limit`` (default 2 s each): ``??`` turned a win into a loss, ``?`` a win into
        a draw or a draw into a loss. Positions too big to prove are left unmarked.
        """
        from .solver import Limit

        self.cancel_analysis()
        limit = limit or Limit(time=2.0)
        self.analysis = {"node": -1, "status": "game: starting", "lines": []}
        return self._start_background(self._run_game_analysis, (limit,), wait)

    def _run_game_analysis(self, limit, stop: threading.Event) -> None:
        from .solver import Limit
        from .solver.compiled.searchers import CompiledExactSearch
        from .solver.search import Budget, SearchAborted

        def outcome(position, per) -> int:
            budget = Budget(per.time, per.nodes, stop)
            return CompiledExactSearch(budget, table_bits=18).outcome(position)

        nodes = self._game.mainline()
        marked = 0
        for i, node in enumerate(nodes):
            if stop.is_set():
                break
            self.analysis = {**self.analysis, "status": f"game: {i + 1}/{len(nodes)}"}
            before = node.parent.position
            sign = 1 if before.decider.letter == "g" else -1
            per = Limit(time=limit.time, nodes=limit.nodes)
            try:
                was = outcome(before, per) * sign
                now = outcome(node.position, per) * sign
            except SearchAborted:
                continue
            node.mark, node.mark_text = _mistake(was, now)
            marked += bool(node.mark)
        status = "cancelled" if stop.is_set() else f"game: done, {marked} mistake(s) marked"
        self._publish_nodes()  # the marks; the user's place and selection are left alone
        self.analysis = {**self.analysis, "status": status}

    def play_analysis_line(self, index: int = 0) -> GameNode:
        """Play best line ``index`` of the analysis from its node, as a new variation."""
        lines = self.analysis.get("lines") or []
        if not 0 <= index < len(lines):
            raise ValueError(f"no analysis line {index}: there are {len(lines)}")
        self.goto(self.analysis["node"])
        return self.play(" ".join(lines[index]["pv"]))

    def to_html(self, path: str | Path | None = None, title: str = "Cernunos") -> str:
        """A self-contained HTML page of the board and its tree (works offline, no kernel)."""
        from .static import page_html

        html = page_html(self, title)
        if path is not None:
            Path(path).write_text(html, encoding="utf-8")
        return html

    # ------------------------------------------------------------------ syncing

    def _resolve(self, node: GameNode | int | None) -> GameNode:
        if node is None:
            return self.node
        return self._game.node(node.id if isinstance(node, GameNode) else int(node))

    def _node_view(self, node: GameNode) -> dict:
        view = self._views.get(node.id)
        if view is None:
            view = self._views[node.id] = build_view(node.position, node.events)
        return view

    def _sync_tree(self, current: GameNode) -> None:
        """Send the tree (with every node's view) and move to ``current``."""
        self._publish_nodes()
        with self.hold_sync():
            self.current = current.id
            self._reset_input()

    def _publish_nodes(self) -> None:
        """Send the tree, every node with its view, marks and comment."""
        self.nodes = [
            {
                "id": n.id,
                "parent": -1 if n.parent is None else n.parent.id,
                "token": n.token,
                "children": [c.id for c in n.children],
                "comment": n.comment,
                "mark": n.mark,
                "mark_text": n.mark_text,
                "ply": n.ply,
                "view": self._node_view(n),
            }
            for n in self._game.root.walk()
        ]

    def _reset_input(self, message: str = "") -> None:
        self.selected_kind = ""
        self.partial = []
        self.message = message

    @traitlets.validate("current")
    def _valid_current(self, proposal):
        node_id = proposal["value"]
        if self._game_or_none() is not None and node_id not in self._game._nodes:
            raise traitlets.TraitError(f"no node #{node_id} in this game")
        return node_id

    @traitlets.observe("overlay")
    def _overlay_changed(self, change) -> None:
        self.revision += 1  # acknowledges a toggle made in the page

    def _game_or_none(self) -> Game | None:
        return getattr(self, "_game", None)

    @traitlets.observe("current")
    def _current_changed(self, change) -> None:
        self._reset_input()
        # Tell the page which node Python now stands on: when the page navigates by
        # itself, ``synced == current`` shows that the kernel has caught up.
        self.synced = change["new"]

    # ------------------------------------------------------------------ the page's intent

    def _on_page_message(self, _widget, content: dict, _buffers) -> None:
        """Handle one intent from the page; errors become a message, never a traceback."""
        try:
            if not isinstance(content, dict):
                raise ValueError(f"unexpected message {content!r}")
            node_id = content.get("node")
            if node_id is not None and node_id in self._game._nodes and node_id != self.current:
                self.current = node_id  # the page's navigation may not have reached us yet
            handler = _INTENTS.get(content.get("type"))
            if handler is None:
                raise ValueError(f"unknown intent {content.get('type')!r}")
            handler(self, content)
        except (CernunosError, ValueError, KeyError, TypeError) as e:
            self.message = str(e)
        finally:
            self.revision += 1

    def _intent_kind(self, content: dict) -> None:
        kind = str(content.get("kind", ""))
        p = self.position
        if p.choice not in ("placement", "final-placement"):
            self.message = f"Not now: {p.describe_pending() if p.decider else 'the game is over'}."
            return
        player = content.get("player", p.side.letter)
        if player != p.side.letter:
            self.message = f"It is {p.side.title}'s placement: pick from {p.side.title}'s reserve."
            return
        try:
            k = Kind.from_letter(kind)
        except ValueError:
            raise ValueError(f"unknown kind {kind!r}: expected one of T B D W S X C F") from None
        if not p.reserve(p.side)[k]:
            self.message = f"{p.side.title} has no {k.title} left in reserve."
            return
        self.selected_kind = "" if self.selected_kind == k.letter else k.letter
        self.message = ""

    def _intent_cell(self, content: dict) -> None:
        cell = str(content.get("cell", ""))
        p = self.position
        choice = p.choice
        if choice is None:
            self.message = f"The game is over: {p.result().summary}."
        elif choice in ("placement", "final-placement"):
            self._click_placement(p, cell)
        elif choice in ("boar-target", "crow-cell", "fox-order"):
            if cell in p.legal_tokens():
                self.play(cell)
            else:
                self.message = (
                    f"{cell} is not a choice here: {p.describe_pending()} "
                    f"({' or '.join(p.legal_tokens())})."
                )
        elif choice == "fox-swap":
            self._click_swap(p, cell)
        else:
            self._click_growth(p, cell)

    def _click_placement(self, p: Position, cell: str) -> None:
        kind = self.selected_kind
        if not kind:
            self.message = f"First pick a token from {p.side.title}'s reserve."
            return
        why = p.placement_refusal(kind, cell)
        if why:
            self.message = f"{KIND_NAMES[kind]} cannot go on {cell}: {why}."
            return
        self.play(f"{kind}@{cell}")

    def _click_swap(self, p: Position, cell: str) -> None:
        pairs = [t.split("~") for t in p.legal_tokens()]
        if not self.partial:
            if any(cell in pair for pair in pairs):
                self.partial = [cell]
                self.message = ""
            else:
                self.message = f"The Fox cannot swap the token on {cell}."
            return
        first = self.partial[0]
        if cell == first:
            self.partial = []
            return
        token = "~".join(sorted((first, cell), key=CELL_INDEX.get))
        if token in p.legal_tokens():
            self.play(token)
        else:
            self.message = f"The Fox cannot swap {first} with {cell}."

    def _click_growth(self, p: Position, cell: str) -> None:
        view = self._node_view(self.node)["grow"]
        if cell not in view["trees"]:
            self.message = f"{cell} has no Tree of {p.side.title}'s that may grow."
            return
        chosen = (
            [c for c in self.partial if c != cell]
            if cell in self.partial
            else [*self.partial, cell]
        )
        if len(chosen) == view["count"]:
            order = {c: i for i, c in enumerate(view["trees"])}
            self.play("grow:" + ",".join(sorted(chosen, key=order.get)))
        else:
            self.partial = chosen
            self.message = f"Choose {view['count'] - len(chosen)} more Tree(s) to grow."

    def _intent_decision(self, content: dict) -> None:
        self.play(str(content.get("token", "")))

    def _intent_promote(self, content: dict) -> None:
        self.promote(content.get("target", self.current))

    def _intent_delete(self, content: dict) -> None:
        self.delete(content.get("target", self.current))

    def _intent_comment(self, content: dict) -> None:
        self.comment(str(content.get("text", "")), content.get("target", self.current))

    def _intent_analyse(self, content: dict) -> None:
        from .solver import Limit

        self.analyse(Limit(time=float(content.get("seconds", 10))), int(content.get("multipv", 3)))

    def _intent_engine(self, content: dict) -> None:
        from .solver.analyse import check_engine

        self.engine = check_engine(content.get("engine"))

    def _intent_analyse_game(self, content: dict) -> None:
        from .solver import Limit

        self.analyse_game(Limit(time=float(content.get("seconds", 2))))

    def _intent_cancel(self, content: dict) -> None:
        self.cancel_analysis()

    def _intent_line(self, content: dict) -> None:
        self.play_analysis_line(int(content.get("index", 0)))


_INTENTS = {
    "kind": CernunosWidget._intent_kind,
    "cell": CernunosWidget._intent_cell,
    "decision": CernunosWidget._intent_decision,
    "promote": CernunosWidget._intent_promote,
    "delete": CernunosWidget._intent_delete,
    "comment": CernunosWidget._intent_comment,
    "analyse": CernunosWidget._intent_analyse,
    "cancel": CernunosWidget._intent_cancel,
    "analyse_game": CernunosWidget._intent_analyse_game,
    "engine": CernunosWidget._intent_engine,
    "line": CernunosWidget._intent_line,
}


_OUTCOME_WORDS = {1: "win", 0: "draw", -1: "loss"}


def _mistake(was: int, now: int) -> tuple[str, str]:
    """The mark for a decision that took its decider's proven outcome from ``was`` to ``now``."""
    if now >= was:
        return "", ""
    mark = "??" if was - now == 2 else "?"
    return mark, f"throws away a {_OUTCOME_WORDS[was]}: now a {_OUTCOME_WORDS[now]}"


def _limit_text(limit) -> str:
    parts = [
        f"{name} {value:g}"
        for name, value in (("time", limit.time), ("nodes", limit.nodes), ("depth", limit.depth))
        if value is not None
    ]
    return ", ".join(parts) or "no limit"


def _line_dict(position: Position, info) -> dict:
    """One analysis line for the page; ``green`` is the value from Green's side (-1..1)."""
    decider_is_green = position.decider is None or position.decider.letter == "g"
    value = info.estimate
    return {
        "decision": str(info.decision),
        "cells": list(info.decision.cells),
        "text": info.value_text(),
        "describe": info.describe(),
        "proven": info.proven,
        "green": value if decider_is_green else -value,
        "pv": [str(d) for d in info.pv],
        "depth": info.depth,
        "nodes": info.nodes,
        "seconds": round(info.seconds, 2),
    }


def state_json(widget: CernunosWidget) -> str:
    """The widget's synced state as JSON (for static pages): every synced trait of ours."""
    names = [
        name
        for name in widget.trait_names(sync=True)
        if not name.startswith("_") and name not in anywidget.AnyWidget.class_trait_names()
    ]
    return json.dumps({n: getattr(widget, n) for n in sorted(names)})
