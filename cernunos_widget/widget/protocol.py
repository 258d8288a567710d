"""The page <-> kernel protocol: requests the page may send, and the patches it receives.

A request is one custom message ``{"id": ..., "gen": ..., "type": ..., <fields>}``; the
kernel answers it with exactly one message ``{"reply": id, "ok": bool, "message": str,
"patch": {...}}`` (plus ``"value"`` when the request asks for one: ``check_position``'s
canonical CPN, ``export_game``'s text, ``export_cgn``'s file, ``load_cgn``'s note).
Other changes (a cell's Python call, a streaming analysis) arrive as ``{"patch": {...}}``;
an analysis update the page can follow comes as ``"analysis_delta"`` (only what changed,
:mod:`..session.delta`) instead of ``"analysis"``.
A patch merges into the page's store::

    {"gen": 3, "nodes": {"5": record}, "views": {"5": view}, "removed": [7, 8],
     "current": 5, "analysis": {...}, "review": {...}, "settings": {...},
     "analyses": {"5": {...}, "2": null},
     "explorer": {"node": 5, "games": 900, "entries": [...], "more": 0}}

A node's record (tree links, comment, mark) is small and resent when it changes; its view
(what the board shows, computed by the engine) is sent once, when the node is created.  The
full state (the ``tree`` trait, and a patch with ``"reset": true``) has the same shape, but
its records come packed, as ``"packed"`` instead of ``"nodes"`` (:mod:`..session.packed`).
``explorer`` (only once ``w.explorer`` is set; null when unset) is the opening explorer's
entries for the current node (:mod:`.explorer`), resent with every change of ``current``.
``analyses`` holds the analyses the session remembers (:mod:`..session.analyses`), by node
id: ``node``, ``status``, ``lines``, ``limit``, ``engine`` as in ``analysis``; a patch
carries those that changed, ``null`` for one forgotten (the bound); a removed node's goes
with it.  A ``line`` request with ``node`` plays a line of that node's remembered analysis
(without it, of ``analysis``).

``analysis`` names its ``node``; its ``lines`` come best first for the player to move, each
with ``moves`` (the move list's records of its decisions: ``turn``, ``number``, ``player``,
``decider``, ``effect``, ``label``).  An ``analyse`` request goes to its ``node``; with
``seconds`` null (until stopped) the analysis *follows the board*: the state says
``"follow": true`` and every change of ``current`` restarts it there (the patch carrying
the new ``current`` carries its ``analysis``) until ``stop``.  A timed one keeps its node.

Every request is checked against :data:`SCHEMA` (types, ranges) before anything runs;
node ids are then checked by the session.  A bad request is refused with a message.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import CernunosError
from ..i18n import refusal
from ..session.delta import apply_delta, compose
from ..session.gamefiles import PAGE_CGN_CHARS
from ..session.solver_gate import require_solver
from ..session.study import ACTIONS as STUDY_ACTIONS
from ..study.model import MAX_TITLE

MAX_TEXT = 100_000  # characters in a comment
MAX_DECISION_TEXT = 2_000  # characters of decision text in one request
MAX_CPN = 1_000
# characters of game text the page may load: each decision is replayed under the session's
# lock, so as much as a .cgn file's games the page may open (at most 1.5 s)
MAX_GAME_TEXT = PAGE_CGN_CHARS
MAX_CGN_TEXT = 2_000_000  # characters of a .cgn file the page may send (larger: from Python)
MAX_SECONDS = 86_400.0
MAX_MULTIPV = 10
MAX_DEPTH = 64
MAX_REQUEST_ID = 64


class RequestError(CernunosError):
    """A page message that does not follow the protocol (type, field, range)."""


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _int(lo: int, hi: int | None = None) -> Callable[[str, Any], int]:
    def check(name: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise refusal(RequestError, "protocol.integer", name=name, value=_short(value))
        if value < lo or (hi is not None and value > hi):
            top = "" if hi is None else f"..{hi}"
            raise refusal(
                RequestError, "protocol.range", name=name, range=f"{lo}{top}", value=value
            )
        return value

    return check


def _text(limit: int, *, blank: bool = True) -> Callable[[str, Any], str]:
    def check(name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise refusal(RequestError, "protocol.text", name=name, value=_short(value))
        if len(value) > limit:
            raise refusal(
                RequestError, "protocol.too_long", name=name, length=len(value), limit=limit
            )
        if not blank and not value.strip():
            raise refusal(RequestError, "protocol.empty", name=name)
        return value

    return check


def _bool(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise refusal(RequestError, "protocol.boolean", name=name, value=_short(value))
    return value


def _choice(*accepted: str) -> Callable[[str, Any], str]:
    def check(name: str, value: Any) -> str:
        if value not in accepted:
            shown = ", ".join(repr(a) for a in accepted)
            raise refusal(
                RequestError, "protocol.choice", name=name, accepted=shown, value=_short(value)
            )
        return value

    return check


def _seconds(name: str, value: Any) -> float | None:
    """Seconds for an analysis: a finite number > 0, or null for 'until stopped'."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise refusal(RequestError, "protocol.seconds", name=name, value=_short(value))
    if not math.isfinite(value) or not 0 < value <= MAX_SECONDS:
        raise refusal(
            RequestError, "protocol.seconds_range", name=name, most=f"{MAX_SECONDS:g}", value=value
        )
    return float(value)


def _depth(name: str, value: Any) -> int | None:
    """A search depth in decisions (1..64), or null for no depth limit."""
    return None if value is None else _int(1, MAX_DEPTH)(name, value)


def _threads(name: str, value: Any) -> int | None:
    """A thread count (1..the solver's maximum), or null for every core."""
    require_solver()  # SolverUnavailableError where numba is missing (JupyterLite)
    from ..solver import MAX_THREADS

    return None if value is None else _int(1, MAX_THREADS)(name, value)


def _optional(check: Callable[[str, Any], Any]) -> Callable[[str, Any], Any]:
    """``check``, or null."""
    return lambda name, value: None if value is None else check(name, value)


_NODE = _int(0)
_DECISION = _text(MAX_DECISION_TEXT, blank=False)

# request type -> field -> check; every field is required unless it has a default below
SCHEMA: dict[str, dict[str, Callable[[str, Any], Any]]] = {
    "play": {"node": _NODE, "decision": _DECISION},
    "goto": {"node": _NODE},
    "promote": {"node": _NODE},
    "delete": {"node": _NODE},
    "comment": {"node": _NODE, "text": _text(MAX_TEXT)},
    "overlay": {"on": _bool},
    "language": {"language": _text(5, blank=False)},  # the board's (the lessons panel's switch)
    "engine": {"engine": _text(40, blank=False)},
    "analyse": {
        "node": _NODE, "seconds": _seconds, "multipv": _int(1, MAX_MULTIPV), "depth": _depth,
    },
    "threads": {"threads": _threads},  # the analysis panel's select; null: every core
    "stop": {},
    "review": {"seconds": _seconds},
    "line": {"index": _int(0, MAX_MULTIPV - 1), "node": _NODE},
    "setup": {"cpn": _text(MAX_CPN, blank=False)},
    "check_position": {"cpn": _text(MAX_CPN, blank=False)},
    "export_game": {},
    "load_game": {"text": _text(MAX_GAME_TEXT, blank=False)},
    "export_cgn": {},
    "load_cgn": {"text": _text(MAX_CGN_TEXT, blank=False), "index": _int(0)},
    "ping": {},
    "annotate": {"node": _NODE, "glyph": _text(8)},
    "puzzle": {  # the puzzle bar; "open": the picker's puzzle ``index`` of the set
        "action": _choice("try", "next", "again", "open"),
        "decision": _text(MAX_DECISION_TEXT),
        "index": _int(0, 100_000),
    },
    # the lessons (session/lesson.py): open, next, retry
    "lesson": {"action": _text(10, blank=False), "lesson": _text(40), "exercise": _int(0, 63)},
    # a study (session/study.py): its chapters, the gamebook, the author's settings
    "study": {
        "action": _choice(*STUDY_ACTIONS, "edit"), "chapter": _int(0),
        "decision": _text(MAX_DECISION_TEXT), "node": _optional(_NODE),
        "title": _optional(_text(MAX_TITLE)), "mode": _optional(_text(20)),
        "student": _optional(_text(10)),
    },
}
DEFAULTS: dict[str, dict[str, Any]] = {
    "analyse": {"seconds": None, "multipv": 3, "depth": None},
    "review": {"seconds": None},  # null: the default passes (0.1 s, 1 s, 5 s a node)
    "load_cgn": {"index": 0},
    "line": {"node": None},  # null: a line of the latest analysis (``analysis``)
    "puzzle": {"decision": "", "index": 0},
    "lesson": {"lesson": "", "exercise": 0},
    "study": {
        "chapter": 0, "decision": "", "node": None, "title": None, "mode": None, "student": None,
    },
}


@dataclass(frozen=True)
class Request:
    """A checked page message."""

    id: str | int | None
    gen: int
    type: str
    fields: dict[str, Any]


def _request_id(content: dict) -> str | int | None:
    rid = content.get("id")
    if rid is None or (isinstance(rid, int) and not isinstance(rid, bool)):
        return rid
    if isinstance(rid, str) and len(rid) <= MAX_REQUEST_ID:
        return rid
    raise refusal(RequestError, "protocol.request_id", value=_short(rid))


def request_id(content: object) -> str | int | None:
    """The id to answer, even for a message that is otherwise bad (None if unusable)."""
    if not isinstance(content, dict):
        return None
    try:
        return _request_id(content)
    except RequestError:
        return None


def parse_request(content: object) -> Request:
    """Check a page message against the schema; raise :class:`RequestError` if it is bad."""
    if not isinstance(content, dict):
        raise refusal(RequestError, "protocol.object", value=_short(content))
    request_type = content.get("type")
    if not isinstance(request_type, str) or request_type not in SCHEMA:
        raise refusal(
            RequestError, "protocol.unknown", value=_short(request_type), types=", ".join(SCHEMA)
        )
    fields = SCHEMA[request_type]
    unknown = set(content) - set(fields) - {"id", "gen", "type"}
    if unknown:
        shown = ", ".join(sorted(map(str, unknown)))
        raise refusal(RequestError, "protocol.unexpected", fields=shown, type=repr(request_type))
    values = {}
    for name, check in fields.items():
        if name in content:
            values[name] = check(name, content[name])
        elif name in DEFAULTS.get(request_type, {}):
            values[name] = DEFAULTS[request_type][name]
        else:
            raise refusal(
                RequestError, "protocol.missing", type=repr(request_type), name=repr(name)
            )
    gen = _int(0)("gen", content.get("gen", 0))
    return Request(_request_id(content), gen, request_type, values)


# ---------------------------------------------------------------------- patches


def acts_on_game(request: Request) -> bool:
    """Whether a request acts on the game the page drew (refused once it was replaced). A
    ping asks nothing of the game: a board shown before the cell's end (w.lesson, w.puzzle)
    pings with the game it was drawn with (#35 item 7). A chapter's edit names its chapter:
    the author's next edit, sent before the reply to a mode change that replaced the board's
    game, still counts."""
    if request.type == "ping":
        return False
    return not (request.type == "study" and request.fields["action"] == "edit")


def merge(into: dict, patch: dict) -> dict:
    """Merge ``patch`` into ``into`` (later wins; removals drop earlier records)."""
    if patch.get("reset"):
        into.clear()
    for key, value in patch.items():
        if key in ("nodes", "views", "settings", "analyses"):
            into.setdefault(key, {}).update(value)
        elif key == "removed":
            into.setdefault("removed", []).extend(value)
            for node_id in value:
                into.get("nodes", {}).pop(node_id, None)
                into.get("views", {}).pop(node_id, None)
                into.get("analyses", {}).pop(node_id, None)
        elif key == "analysis_delta":
            _merge_delta(into, value)
        else:
            into[key] = value
            if key == "analysis":
                into.pop("analysis_delta", None)  # the whole state replaces what changed
    return into


def _merge_delta(into: dict, delta: dict) -> None:
    """Merge an analysis delta into ``into``: applied to the state it holds, or after the
    delta it holds."""
    if "analysis" in into:
        into["analysis"] = apply_delta(into["analysis"], delta)
    elif "analysis_delta" in into:
        into["analysis_delta"] = compose(into["analysis_delta"], delta)
    else:
        into["analysis_delta"] = delta
