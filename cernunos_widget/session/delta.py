"""What changed between two states of one analysis, so the page gets only that.

A *delta* continues an analysis the page already shows (same ``node`` and ``gen``)::

    {"node": 5, "gen": 0, "set": {"status": "done"}, "unset": ["preparing"],
     "lines": {"0": {"green": 0.31, "nodes": 51234}, "2": {<a whole new line>}}, "count": 3}

``set`` / ``unset``: the top-level keys changed or gone (other than ``lines``); ``lines``:
the changed fields of each line by index (a line new at its index comes whole); ``count``:
how many lines there are now.  Applying a delta twice is harmless.  js/store.js applies it
in the page as :func:`apply_delta` does here.
"""

from __future__ import annotations

from typing import Any


def analysis_delta(old: dict, new: dict) -> dict | None:
    """The delta from ``old`` to ``new``, or None when ``new`` does not continue ``old``
    (another node or game, nothing before, or a line whose fields changed shape): then the
    whole state is sent."""
    if not old or old.get("node") != new.get("node") or old.get("gen") != new.get("gen"):
        return None
    old_lines, new_lines = old.get("lines", []), new.get("lines", [])
    lines: dict[str, dict] = {}
    for i, line in enumerate(new_lines):
        before = old_lines[i] if i < len(old_lines) else None
        if before is None:
            lines[str(i)] = line
        elif before.keys() != line.keys():
            return None
        else:
            changed = {k: v for k, v in line.items() if before[k] != v}
            if changed:
                lines[str(i)] = changed
    return {
        "node": new.get("node"),
        "gen": new.get("gen"),
        "set": {k: v for k, v in new.items() if k != "lines" and (k not in old or old[k] != v)},
        "unset": [k for k in old if k not in new],
        "lines": lines,
        "count": len(new_lines),
    }


def apply_delta(analysis: dict, delta: dict) -> dict:
    """The analysis state after ``delta`` (a new dict; ``analysis`` is not changed)."""
    out = {k: v for k, v in analysis.items() if k not in delta["unset"]}
    out.update(delta["set"])
    lines = list(analysis.get("lines", []))[: delta["count"]]
    for i in sorted(map(int, delta["lines"])):  # new lines come in order, after the others
        changed = delta["lines"][str(i)]
        if i < len(lines):
            lines[i] = {**lines[i], **changed}
        else:
            lines.append(changed)
    out["lines"] = lines
    return out


def compose(first: dict, second: dict) -> dict:
    """One delta doing ``first`` then ``second`` (both continue the same analysis)."""
    set_ = {k: v for k, v in first["set"].items() if k not in second["unset"]}
    set_.update(second["set"])
    unset = [k for k in first["unset"] if k not in second["set"]]
    unset += [k for k in second["unset"] if k not in unset]
    lines: dict[str, Any] = {}
    for key in {*first["lines"], *second["lines"]}:
        if int(key) < second["count"]:
            lines[key] = {**first["lines"].get(key, {}), **second["lines"].get(key, {})}
    return {**second, "set": set_, "unset": unset, "lines": lines}
