"""What the page shows for a session, computed without any widget (``docs/widget.md``).

Each node's *record* (tree links, annotations, move text) and *view* (what the board draws,
:func:`.view.build_view`), the whole tree as one JSON-ready state (the widget's ``tree``
trait, a static page's data) and what a :class:`.Change` adds to the page (a patch).
A node's view and move text never change (its position and path do not), so the session
keeps them per node in a :class:`NodeDisplay`; the widget and static export share it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..engine import CernunosError, Rules
from ..engine.icons import COLORS, ICONS
from ..engine.zones import zone_table
from ..i18n import DEFAULT as DEFAULT_LANGUAGE
from ..i18n import check_language
from ..record.movetext import LineState, TreeMoves
from ..record.tree import GameNode
from .solver_gate import missing_module
from .view import KIND_NAMES, build_view, node_record

if TYPE_CHECKING:
    from .core import Change, Session

MAX_EXPLORER_ENTRIES = 30  # the explorer panel's rows (the most played decisions)
MAX_ZONE_TABLES = 16  # rule sets whose hover zones are kept (any number may be asked for)


@runtime_checkable
class ExplorerLike(Protocol):
    """What the page needs of an opening explorer (:class:`.tools.explorer.Explorer`)."""

    games: int

    def query(self, position: object, limit: int | None = None) -> list: ...

    def count(self, position: object) -> int: ...


class NodeDisplay:
    """Each node's view and move text, computed once (ids are never reused in a game), their
    words in :attr:`language`."""

    def __init__(self, language: str = DEFAULT_LANGUAGE) -> None:
        self._views: dict[int, dict] = {}
        self._moves = TreeMoves()
        self.language = check_language(language)

    def set_language(self, language: str) -> bool:
        """Show the nodes' words in ``language`` from now on; True if that changes them."""
        if check_language(language) == self.language:
            return False
        self.language = language
        self._views.clear()
        return True

    def view(self, node: GameNode) -> dict:
        """What the board draws at ``node`` (its position, the events that led there)."""
        view = self._views.get(node.id)
        if view is None:
            view = build_view(node.position, node.events, self.language)
            self._views[node.id] = view
        return view

    def move(self, node: GameNode) -> dict | None:
        """``node``'s move-list text (None at the root)."""
        return self._moves.record(node)

    def line_state(self, node: GameNode) -> LineState:
        """How the line to ``node`` is numbered (a line played from it goes on from there)."""
        return self._moves.state(node)

    def forget(self, node_ids: Iterable[int]) -> None:
        """Drop what removed nodes showed."""
        node_ids = list(node_ids)
        for node_id in node_ids:
            self._views.pop(node_id, None)
        self._moves.forget(node_ids)

    def clear(self) -> None:
        """Drop everything (a new game: its ids start again from 0)."""
        self._views.clear()
        self._moves.clear()

    def prepare(self, root: GameNode) -> None:
        """Compute the move text of every node under ``root`` now (a new game's, before the
        session holds it: the longest part of its first full state)."""
        with gc_paused():
            for node in root.walk():
                self._moves.record(node)


@contextmanager
def gc_paused() -> Iterator[None]:
    """No garbage collection while a whole tree is read or its records are made: each
    collection walks every object alive, a big tree's included, so a 100,000-position state
    took 2 s, 0.5 s without, and reading its .cgn 6.5 s, 2.4 s without (cycles made
    meanwhile are collected after)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@lru_cache(maxsize=MAX_ZONE_TABLES)
def zones(rules: Rules) -> dict:
    """The hover zones under ``rules`` (R-6: the Wolf's depend on them), computed once for
    each of the last rule sets asked for (a bounded cache: #24)."""
    return zone_table(rules)


def settings(
    rules: Rules,
    overlay: bool = False,
    engine: str = "auto",
    language: str = DEFAULT_LANGUAGE,
    threads: int | None = None,
) -> dict:
    """The page's settings: the power overlay, the Analyse button's search, the language
    the page speaks, the analysis's threads (None: every core, of ``cores``) and, under a
    variant (D-10), the rules in play; where the solver cannot load, ``solver``: the module
    it misses (the page disables what searches, saying so: js/offline.js)."""
    out: dict = {
        "overlay": overlay, "engine": engine, "language": check_language(language),
        "threads": threads,
    }
    missing = missing_module()
    if missing is None:
        from ..solver import available_cores

        out["cores"] = available_cores()
    else:
        out.update(cores=1, solver=missing)
    if not rules.is_standard:
        out.update(rules=str(rules), rules_text=rules.describe(language))
    return out


def record(session: Session, node: GameNode) -> dict:
    """``node``'s record with its move text and, once reviewed, its evaluation."""
    return {**node_record(node, session.evaluation(node)), "move": session.display.move(node)}


def explorer_state(session: Session) -> dict | None:
    """The session's explorer's entries for the current node, most played first (None
    without an explorer)."""
    explorer = session.explorer
    if explorer is None:
        return None
    node = session.node
    try:
        entries = explorer.query(node, limit=MAX_EXPLORER_ENTRIES)
        more = explorer.count(node) - len(entries)
    except CernunosError:  # e.g. a game set up in the middle of an effect
        entries, more = [], 0
    return {
        "node": node.id,
        "games": explorer.games,
        "entries": [e.to_dict() for e in entries],
        "more": more,
    }


def underivable(root: GameNode) -> list[GameNode]:
    """The nodes whose position the page cannot compute with its rules mirror (js/derive.js):
    those with no node at a boundary (a CPN) from the root down to them, in a game set up in
    the middle of an effect."""
    out, todo = [], [root]
    while todo:
        node = todo.pop()
        if not node.position.at_boundary:
            out.append(node)
            todo.extend(node.children)
    return out


def full_state(session: Session, page_settings: dict | None = None) -> dict:
    """The whole tree (the ``tree`` trait, a reset patch, a static page): every node's
    record, the root's CPN (``start``) and the headers; views only for the nodes whose
    position the page cannot compute (:func:`underivable`): the page derives the others
    with its rules mirror, so the state grows with the tree, not with views (#24 item 7)."""
    with session.lock, gc_paused():
        game = session.game
        nodes = list(game.root.walk())
        root = game.root.position
        state = {
            "gen": session.generation,
            "nodes": {n.id: record(session, n) for n in nodes},
            "views": {n.id: session.display.view(n) for n in underivable(game.root)},
            "start": root.cpn() if root.at_boundary else "",
            "headers": dict(game.headers),
            "current": session.node.id,
            "analysis": session.analysis,
            "analyses": session.analyses,
            "review": session.review_state,
            "settings": page_settings or settings(session.game.rules, language=session.language),
        }
        if session.explorer is not None:
            state["explorer"] = explorer_state(session)
        return state


def patch_of(session: Session, change: Change, page_settings: dict | None = None) -> dict:
    """What ``change`` adds to the page: the records of the nodes it touched, the views of
    those it created (sent once), removals, the current node, the jobs' states, the analyses
    remembered (or forgotten to stay within the bound)."""
    if change.reset:
        return {**full_state(session, page_settings), "reset": True}
    game = session.game
    patch: dict = {"gen": change.generation}
    live = [n for n in change.nodes if n in game]
    if live:
        patch["nodes"] = {n.id: record(session, n) for n in live}
    views = {n.id: session.display.view(n) for n in live if n.id in change.created}
    if views:
        patch["views"] = views
    if change.removed:
        patch["removed"] = list(change.removed)
    if change.current is not None:
        patch["current"] = change.current
    if change.explorer or (change.current is not None and session.explorer is not None):
        patch["explorer"] = explorer_state(session)
    if change.analysis_delta is not None:  # the analysis the page shows, continued
        patch["analysis_delta"] = change.analysis_delta
    elif change.analysis is not None:
        patch["analysis"] = change.analysis
    if change.review is not None:
        patch["review"] = change.review
    if change.analyses:  # remembered analyses: a state, or None when forgotten
        patch["analyses"] = dict(change.analyses)
    return patch


def export_state(session: Session, page_settings: dict | None = None) -> dict:
    """Every value a page of ``session`` needs, the tree up to date (for static pages)."""
    return {
        "tree": full_state(session, page_settings),
        "icons": ICONS,
        "colors": COLORS,
        "kind_names": KIND_NAMES,
        "zones": zones(session.game.rules),
        "motion": True,  # moves animated (js/motion.js); a widget's page has its trait
    }
