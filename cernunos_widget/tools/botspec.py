"""Bot specifications for self-play: ``random``, ``greedy``, ``alphabeta:nodes=200`` ...

A spec is the engine's name, then optionally ``:`` and options ``key=value`` joined by
``,``::

    random | greedy | alphabeta:nodes=N | alphabeta:time=S | mcts:nodes=N | mcts:time=S
    ... ,withhold=K   never places kind K while another option exists
    ... ,early=K      places kind K within its player's first two turns (R-13) when it can

``K`` is a kind letter of RULES.md §6 (``T B D W S X C F``) or its English name.  The search
bots need exactly one of ``nodes`` (decisions searched per decision: reproducible) or
``time`` (seconds per decision: not reproducible).  ``str(spec)`` is the canonical text
(options in a fixed order), written in the game files' ``[Green]`` and ``[Purple]`` tags.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..engine import CernunosError, Kind
from ..engine.errors import clip

ENGINES = ("random", "greedy", "alphabeta", "mcts")
SEARCH_ENGINES = ("alphabeta", "mcts")
MAX_NODES = 10**9  # per decision: far beyond any useful self-play budget
MAX_SECONDS = 3600.0
MAX_SPEC_LENGTH = 200
ACCEPTED = (
    "a bot is 'random', 'greedy', 'alphabeta:nodes=N', 'alphabeta:time=S', 'mcts:nodes=N' "
    "or 'mcts:time=S' (N an int from 1 to 1e9, S seconds above 0 up to 3600), with options "
    "after ':' joined by ',': 'withhold=K' and 'early=K' (K a kind: T B D W S X C F or its "
    "name), e.g. 'alphabeta:nodes=200,withhold=F'"
)


class BotSpecError(CernunosError):
    """A bot specification that is not one of the accepted forms (:data:`ACCEPTED`)."""


@dataclass(frozen=True)
class BotSpec:
    """A self-play bot: its engine, its budget per decision and its habits."""

    engine: str
    nodes: int | None = None
    time: float | None = None
    withhold: Kind | None = None
    early: Kind | None = None

    @property
    def reproducible(self) -> bool:
        """Does the bot choose the same way on every machine (no clock involved)?"""
        return self.time is None

    def __str__(self) -> str:
        options = []
        if self.nodes is not None:
            options.append(f"nodes={self.nodes}")
        if self.time is not None:
            options.append(f"time={self.time:g}")
        if self.withhold is not None:
            options.append(f"withhold={self.withhold.letter}")
        if self.early is not None:
            options.append(f"early={self.early.letter}")
        return self.engine + (":" + ",".join(options) if options else "")


def parse_bot(text: object) -> BotSpec:
    """The :class:`BotSpec` written ``text``; :class:`BotSpecError` (saying what is accepted)
    for anything else."""
    if not isinstance(text, str) or len(text) > MAX_SPEC_LENGTH:
        raise BotSpecError(f"{ACCEPTED}; not {clip(text)}")
    engine, _, rest = text.strip().partition(":")
    if engine not in ENGINES:
        raise BotSpecError(f"unknown bot {clip(engine)} in {clip(text)}: {ACCEPTED}")
    values: dict[str, str] = {}
    for item in rest.split(",") if rest else ():
        key, equals, value = item.strip().partition("=")
        if not equals or key not in ("nodes", "time", "withhold", "early"):
            raise BotSpecError(f"bad option {clip(item)} in {clip(text)}: {ACCEPTED}")
        if key in values:
            raise BotSpecError(f"option {key!r} given twice in {clip(text)}: {ACCEPTED}")
        values[key] = value.strip()
    nodes = _nodes(values["nodes"], text) if "nodes" in values else None
    seconds = _seconds(values["time"], text) if "time" in values else None
    if engine in SEARCH_ENGINES and (nodes is None) == (seconds is None):
        raise BotSpecError(f"{engine} needs exactly one of nodes=N or time=S in {clip(text)}")
    if engine not in SEARCH_ENGINES and (nodes is not None or seconds is not None):
        raise BotSpecError(f"{engine} takes no nodes or time, in {clip(text)}: {ACCEPTED}")
    withhold = _kind(values["withhold"], text) if "withhold" in values else None
    early = _kind(values["early"], text) if "early" in values else None
    if withhold is not None and withhold == early:
        raise BotSpecError(
            f"a bot cannot both withhold and play early {withhold.name.lower()}: {ACCEPTED}"
        )
    return BotSpec(engine, nodes, seconds, withhold, early)


def _nodes(value: str, text: str) -> int:
    digits = value.isascii() and value.isdigit() and len(value) <= 10
    if not digits or not 1 <= int(value) <= MAX_NODES:
        raise BotSpecError(f"nodes={clip(value)} in {clip(text)}: N is an int from 1 to 1e9")
    return int(value)


def _seconds(value: str, text: str) -> float:
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= MAX_SECONDS:  # refuses nan and inf too
        raise BotSpecError(f"time={clip(value)} in {clip(text)}: S is seconds, 0 < S <= 3600")
    return seconds


def _kind(value: str, text: str) -> Kind:
    for kind in Kind:
        if value.upper() in (kind.letter, kind.name):
            return kind
    names = ", ".join(f"{k.letter} ({k.name.lower()})" for k in Kind)
    raise BotSpecError(f"unknown kind {clip(value)} in {clip(text)}: use one of {names}")
