"""The JSON body of MyST's ``{anywidget}`` block for a board (:func:`model`) and the whole
block (:func:`directive`): the board the Sphinx directive or the Markdown block with the same
options shows (:func:`.widget.blocks.read_block`), as a static page embeds it
(:func:`.widget.static.board_data`)."""

from __future__ import annotations

import json
import re

from ..record.tree import Game
from ..widget.blocks import CONTENT, OPTIONS, read_block
from ..widget.contents import board_state
from ..widget.static import board_data, check_playable, check_size
from .module import MODULE, MystError


def model(content: object = None, *, kind: str = "cernunos", **options: object) -> dict:
    """The JSON body of MyST's ``{anywidget}`` block for a board (a dict: ``json.dumps`` it,
    or :func:`directive`). ``content``: a game text, a CPN or a :class:`.record.tree.Game`
    (``kind="cernunos"``, the default), a study's text (``kind="cernunos-study"``, or its
    ``file=``), nothing for ``"cernunos-lessons"`` and ``"cernunos-puzzles"``; the options
    are the Sphinx directive's, ``_`` for ``-`` (``start=3``, ``walk_only=True``,
    ``overlay=True``, ``language="fr"``, ``size="420px"``; ``lesson=``; ``ids=[...]``,
    ``rating=(900, 1200)``, ``count=``; ``file=``, ``chapter=``). Any other content a
    static page shows (a Session, a CernunosWidget, a Lesson, a Study, puzzles, a state)
    takes ``walk_only``, ``size`` and ``language``, as :func:`.widget.static.board_html`."""
    if content is not None and not isinstance(content, (str, Game)):
        return _model_of(content, **options)
    if kind not in OPTIONS:
        raise MystError(f"no kind {kind!r}: the kinds are {', '.join(OPTIONS)}")
    read = {name.replace("_", "-"): value for name, value in options.items()}
    converted = {}
    for name, value in read.items():
        if name not in OPTIONS[kind]:
            accepted = ", ".join(option.replace("-", "_") for option in OPTIONS[kind])
            said = name.replace("-", "_")
            raise MystError(f"{kind} has no option {said} (its options: {accepted})")
        if value is False or value is None:
            continue
        try:
            converted[name] = OPTIONS[kind][name](_option_text(value))
        except ValueError as e:
            raise MystError(f"{kind}: the option {name.replace('-', '_')}={value!r}: {e}") from None
    if CONTENT[kind] and content is None:
        raise MystError(f"a {kind} board needs a game text, a CPN or a Game")
    if CONTENT[kind] is False and content is not None:
        raise MystError(f"a {kind} board takes options only, not a content")
    block = read_block(kind, "" if content is None else content, converted)
    return _body(block.state, block.playable, block.size)


def _option_text(value: object) -> str | None:
    """An option's value as a document writes it (the Sphinx directive's converters read
    it): True for a flag, ``ids`` as a list, ``rating`` as a pair."""
    if value is True:
        return None
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(
        isinstance(v, int) for v in value
    ):
        return f"{value[0]}-{value[1]}"  # a rating (ids are strings)
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return str(value)


def _model_of(
    content: object,
    walk_only: bool = False,
    size: str | None = None,
    language: str | None = None,
    **others: object,
) -> dict:
    """:func:`model` of what :func:`.widget.contents.board_state` shows."""
    if others:
        raise MystError(
            f"a {type(content).__name__}'s board takes walk_only, size and language, not "
            f"{', '.join(sorted(others))}"
        )
    playable = not check_playable(walk_only)
    width = None if size is None else check_size(size)
    return _body(board_state(content, language), playable, width)


def _body(state: dict, playable: bool, size: str | None) -> dict:
    body: dict = {"board": board_data(state, playable)}
    if size is not None:
        body["size"] = size
    return body


def directive(content: object = None, *, module: str = f"./{MODULE}", **options: object) -> str:
    """The ``{anywidget}`` block of :func:`model`'s board (the same arguments), loading the
    module at ``module`` (relative to the page, or a URL): paste it in a MyST page."""
    body = json.dumps(model(content, **options), ensure_ascii=False, separators=(",", ":"))
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{{anywidget}} {module}\n{body}\n{fence}\n"
