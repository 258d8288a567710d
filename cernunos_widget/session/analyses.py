"""The analyses a session remembers: the last finished analysis of each node analysed.

The live analysis state (``session.analysis``) is one node's; once an analysis ends with
best lines (done, or stopped with results), its node keeps them here, so the page can show
them when the reader comes back to that node, and a static page carries them
(``docs/widget.md``).  Bounded: the :data:`MAX_ANALYSES` nodes analysed last (a node
analysed again counts as the latest); a deleted node or a replaced game forgets them.
"""

from __future__ import annotations

from collections import OrderedDict

MAX_ANALYSES = 1000  # nodes: a long game's whole main line, a few MB of page at most
# what a remembered analysis keeps of the live state (not its seq, game or progress note)
KEPT = ("node", "status", "lines", "limit", "engine")


def stored_state(state: dict) -> dict:
    """What a node remembers of a finished analysis ``state``."""
    return {key: state[key] for key in KEPT if key in state}


def worth_keeping(state: dict) -> bool:
    """An analysis state that has ended with best lines (done, or stopped with results)."""
    return state.get("status") in ("done", "cancelled") and bool(state.get("lines"))


class AnalysisMemory:
    """Node id -> its remembered analysis, the least recently analysed first."""

    def __init__(self, size: int = MAX_ANALYSES) -> None:
        self.size = size
        self._states: OrderedDict[int, dict] = OrderedDict()

    def __len__(self) -> int:
        return len(self._states)

    def get(self, node_id: int) -> dict | None:
        return self._states.get(node_id)

    def to_dict(self) -> dict[int, dict]:
        """Every remembered analysis by node id (a copy)."""
        return dict(self._states)

    def remember(self, node_id: int, state: dict) -> list[int]:
        """Keep ``state`` for ``node_id`` as the latest; returns the ids forgotten to stay
        within the bound (the oldest)."""
        self._states.pop(node_id, None)
        self._states[node_id] = state
        dropped = []
        while len(self._states) > self.size:
            dropped.append(self._states.popitem(last=False)[0])
        return dropped

    def forget(self, node_ids: list[int]) -> None:
        """Drop the analyses of removed nodes."""
        for node_id in node_ids:
            self._states.pop(node_id, None)

    def clear(self) -> None:
        self._states.clear()
