"""A stand-in for the page: sends requests as widget.js does and keeps its store the same way.

``store`` mirrors the JavaScript store (the ``tree`` trait plus every patch applied in
place), so a test can check that what the page would show equals the kernel's state.
"""

from __future__ import annotations

import copy
import json

from cernunos_widget.engine import Position
from cernunos_widget.session.delta import apply_delta
from cernunos_widget.session.packed import unpack_nodes
from cernunos_widget.session.view import build_view
from cernunos_widget.widget.adapter import CernunosWidget


def view_of(store: dict, node_id: int | str) -> dict:
    """What the page draws at a node: the view sent, else the one js/derive.js derives (the
    start CPN, then the decisions down the node's path), here with the engine."""
    key = str(node_id)
    if key in store["views"]:
        return store["views"][key]
    path, node = [], store["nodes"][key]
    while node["parent"] != -1 and str(node["id"]) not in store["views"]:
        path.append(node["decision"])
        node = store["nodes"][str(node["parent"])]
    anchor = store["views"].get(str(node["id"]))
    rules = store.get("settings", {}).get("rules")
    position = Position.from_cpn(anchor["cpn"] if anchor else store["start"], rules=rules)
    events: tuple = ()
    for decision in reversed(path):
        position, events = position.play_with_events(decision)
    return json.loads(json.dumps(build_view(position, events)))


def unpacked(nodes: dict) -> dict:
    """store.js's unpackNodes, in Python: the records by id as text (as after JSON)."""
    return json.loads(json.dumps(unpack_nodes(nodes)))


def store_of(tree: dict) -> dict:
    """store.js's storeOf: the ``tree`` trait as the page gets it (JSON), unpacked."""
    store = json.loads(json.dumps(tree))
    if "packed" in store:
        store["nodes"] = unpacked(store.pop("packed"))
    return store


def apply_patch(store: dict, patch: dict) -> None:
    """widget.js's applyPatch, in Python (keys become strings, as after JSON)."""
    patch = json.loads(json.dumps(patch))
    if patch.get("reset"):
        store.clear()
        store.update(nodes={}, views={})
    elif "gen" in patch and "gen" in store and patch["gen"] != store["gen"]:
        return
    for key, value in patch.items():
        if key in ("nodes", "views"):
            store[key].update(value)
        elif key == "packed":  # a full state's records (session/packed.py)
            store["nodes"].update(unpacked(value))
        elif key == "settings":
            store["settings"] = {**store.get("settings", {}), **value}
        elif key == "analyses":  # a remembered analysis each, null: forgotten
            analyses = store.setdefault("analyses", {})
            for node_id, state in value.items():
                if state is None:
                    analyses.pop(node_id, None)
                else:
                    analyses[node_id] = state
        elif key == "removed":
            for node_id in value:
                store["nodes"].pop(str(node_id), None)
                store["views"].pop(str(node_id), None)
                store.get("analyses", {}).pop(str(node_id), None)
        elif key == "analysis_delta":  # store.js: only onto the analysis it continues
            a = store.get("analysis") or {}
            if (a.get("node"), a.get("gen")) == (value["node"], value["gen"]):
                store["analysis"] = apply_delta(a, value)
        elif key != "reset":
            store[key] = value


class Page:
    """One view of a widget: ``page.request(type=..., ...)`` returns the kernel's reply."""

    def __init__(self, widget: CernunosWidget) -> None:
        self.widget = widget
        self.store = store_of(widget.get_state("tree")["tree"])
        self.sent: list[dict] = []  # every kernel -> page message, in order
        self._next = 0
        widget.send = self._receive  # the comm is not open outside a notebook

    def _receive(self, content: dict, buffers=None) -> None:
        content = copy.deepcopy(content)
        self.sent.append(content)
        if "patch" in content:
            apply_patch(self.store, content["patch"])

    def request(self, **content) -> dict:
        """Send one request (with the page's generation and current node by default)."""
        self._next += 1
        content.setdefault("id", self._next)
        content.setdefault("gen", self.store.get("gen", 0))
        if content.get("type") in ("play", "goto", "promote", "delete", "comment", "analyse"):
            content.setdefault("node", self.store["current"])
        before = len(self.sent)
        self.widget._on_page_message(self.widget, content, [])
        replies = [m for m in self.sent[before:] if m.get("reply") == content["id"]]
        assert len(replies) == 1, f"expected one reply, got {self.sent[before:]}"
        return replies[0]

    def play(self, token: str) -> dict:
        return self.request(type="play", decision=token)

    @property
    def view(self) -> dict:
        return view_of(self.store, self.store["current"])

    def tokens(self) -> list[str]:
        return [n["decision"] for n in sorted(self.store["nodes"].values(), key=lambda n: n["id"])]

    def agrees(self) -> bool:
        """The page's store equals the kernel's full state (after JSON; views aside), and
        every view the page holds or derives is the kernel's."""
        full = json.loads(json.dumps(self.widget._full_state()))
        mine = {k: v for k, v in self.store.items() if k in full and k != "views"}
        if mine != {k: v for k, v in full.items() if k != "views"}:
            return False
        session = self.widget.session
        return all(
            view_of(self.store, n.id) == json.loads(json.dumps(session.display.view(n)))
            for n in session.game.nodes()
        )
