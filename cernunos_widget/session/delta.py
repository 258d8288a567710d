"""What changed between two states of one analysis, so the page gets only that.

A *delta* continues the analysis state the page already shows: the one numbered ``base``
(each state the session publishes has a ``seq``)::

    {"node": 5, "gen": 0, "base": 41, "set": {"seq": 42, "nodes": 51234},
     "unset": ["preparing"], "lines": {"0": {"green": 0.31}, "2": {<a whole new line>}},
     "count": 3}

``set`` / ``unset``: the top-level keys changed or gone (other than ``lines``); ``lines``:
the changed fields of each line by index (a line new at its index comes whole); ``count``:
how many lines there are now; ``trim`` (composed deltas only): how many of the old lines
survive before the changes (a line at or past it comes whole).  A page holding another
state than ``base`` (it missed an update) ignores the delta and keeps what it shows until
the next whole state: the final state of an analysis is always sent whole.  js/store.js
applies a delta in the page as :func:`apply_delta` does here.
"""

from __future__ import annotations

from typing import Any


def analysis_delta(old: dict, new: dict) -> dict | None:
    """The delta from ``old`` to ``new``, or None when ``new`` does not continue ``old``
    (another node or game, nothing before, or a line whose fields changed shape): then the
    whole state is sent."""
    if not old or old.get("node") != new.get("node") or old.get("gen") != new.get("gen"):
        return None
    if "seq" not in old or new.get("status") != "running":  # a final state goes whole
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
        "base": old["seq"],
        "set": {k: v for k, v in new.items() if k != "lines" and (k not in old or old[k] != v)},
        "unset": [k for k in old if k not in new],
        "lines": lines,
        "count": len(new_lines),
    }


def apply_delta(analysis: dict, delta: dict) -> dict:
    """The analysis state after ``delta`` (a new dict; ``analysis`` is not changed), or
    ``analysis`` itself when the delta does not continue it (another ``base``)."""
    if analysis.get("seq") != delta["base"]:
        return analysis
    out = {k: v for k, v in analysis.items() if k not in delta["unset"]}
    out.update(delta["set"])
    lines = list(analysis.get("lines", []))[: delta.get("trim", delta["count"])]
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
    trim = min(first.get("trim", first["count"]), second.get("trim", second["count"]))
    lines: dict[str, Any] = {}
    for key in {*first["lines"], *second["lines"]}:
        if int(key) < second["count"]:
            lines[key] = {**first["lines"].get(key, {}), **second["lines"].get(key, {})}
    return {**second, "base": first["base"], "set": set_, "unset": unset, "lines": lines,
            "trim": trim}
