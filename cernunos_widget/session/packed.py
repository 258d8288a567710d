"""A whole tree's node records, packed for the wire (issue #35 item 3: big trees).

A full state (:func:`.page.full_state`: the ``tree`` trait, a reset patch, a static page)
lists every node's record, about 275 bytes a node as JSON objects: a 20,000-position tree
was a 5.5 MB message.  Packed, the same records are columns, with what the page can derive
left out, about 50 bytes a node::

    {"ids": [0, 1, 5, 2], "parents": [-1, 0, 1, 0], "decisions": ["", "B@b2", ...],
     "moves": {"turn": [...], "number": [...], "player": [...], "decider": [...],
               "choice": [0, 0, 1], "choices": ["placement", "growth"], "effect": [0, 0, 1],
               "label": [...]},
     "extra": {"5": {"comment": "a note", "eval": {...}}}}

Nodes come depth first, each node's children in their order (main line first), so
``children`` is derived from ``parents``, and ``ply`` (the depth) too; ``moves`` holds the
move record of every node but the root (whose record has ``"move": None``), a column a
field (``choice`` an index into ``choices``, ``effect`` 0 or 1); ``extra`` holds by node
id only the fields that are not their default (``comment``, ``mark``, ``mark_text``,
``glyph`` are ``""``, ``eval`` absent).  :func:`unpack_nodes` gives the records back
exactly; js/store.js ``unpackNodes`` does the same in the page (checked against vectors
made here: tests/js/test_packed_nodes.py).
"""

from __future__ import annotations

from ..engine import CernunosError

DEFAULTS = {"comment": "", "mark": "", "mark_text": "", "glyph": ""}  # left out when so
MOVE_FIELDS = ("turn", "number", "player", "decider", "choice", "effect", "label")
DERIVED = ("id", "parent", "decision", "children", "ply", "move")  # in the columns


class PackError(CernunosError):
    """Node records that are not one tree (a child missing, two roots ...)."""


def pack_nodes(nodes: dict[int, dict]) -> dict:
    """The records ``nodes`` (node id -> record, as :func:`.view.node_record` with its
    ``move``) packed; :class:`PackError` unless they form one tree."""
    roots = [r for r in nodes.values() if r["parent"] == -1]
    if len(roots) != 1:
        raise PackError(f"the records hold {len(roots)} roots, not one")
    ids, parents, decisions, extra = [], [], [], {}
    moves: dict[str, list] = {field: [] for field in MOVE_FIELDS}
    choices: dict[str, int] = {}
    todo = [roots[0]]
    while todo:
        record = todo.pop()
        ids.append(record["id"])
        parents.append(record["parent"])
        decisions.append(record["decision"])
        move = record.get("move")
        if (move is None) != (record["parent"] == -1):
            raise PackError(f"node {record['id']}: a move record on the root alone")
        if move is not None:
            for field in MOVE_FIELDS:
                moves[field].append(move[field])
            moves["choice"][-1] = choices.setdefault(move["choice"], len(choices))
            moves["effect"][-1] = int(move["effect"])
        kept = {k: v for k, v in record.items() if k not in DERIVED and DEFAULTS.get(k) != v}
        if kept:
            extra[record["id"]] = kept
        try:
            todo.extend(nodes[child] for child in reversed(record["children"]))
        except KeyError as missing:
            raise PackError(f"node {record['id']}: its child {missing} has no record") from None
    if len(ids) != len(nodes):
        raise PackError(f"{len(nodes) - len(ids)} records are not under the root")
    return {
        "ids": ids, "parents": parents, "decisions": decisions,
        "moves": {**moves, "choices": list(choices)}, "extra": extra,
    }


def unpack_nodes(packed: dict) -> dict[int, dict]:
    """The records ``packed`` holds, by node id (after JSON, ``extra``'s keys are text)."""
    nodes: dict[int, dict] = {}
    moves = packed["moves"]
    extra = {int(k): v for k, v in packed["extra"].items()}
    for i, (node_id, parent) in enumerate(zip(packed["ids"], packed["parents"], strict=True)):
        record = {
            "id": node_id, "parent": parent, "decision": packed["decisions"][i], "children": [],
            **DEFAULTS, "ply": 0, "move": None,
        }
        if parent != -1:
            above = nodes[parent]
            above["children"].append(node_id)
            record["ply"] = above["ply"] + 1
            move = {field: moves[field][i - 1] for field in MOVE_FIELDS}
            move["choice"] = moves["choices"][move["choice"]]
            move["effect"] = bool(move["effect"])
            record["move"] = move
        record.update(extra.get(node_id, {}))
        nodes[node_id] = record
    return nodes


def pack_state(state: dict) -> dict:
    """A full state (or a reset patch) as a page gets it: ``packed`` instead of ``nodes``
    (a state without ``nodes``, already packed, as it is)."""
    if "nodes" not in state:
        return state
    out = {key: value for key, value in state.items() if key != "nodes"}
    out["packed"] = pack_nodes(state["nodes"])
    return out
