"""The words a user reads, in each language the package speaks (issue #22 item 1).

One catalogue per language, ``en.json`` and ``fr.json`` beside this module: a flat JSON
object, key -> text, keys sorted and prefixed by area (``board.``, ``event.``, ``kind.``
...), placeholders written ``{name}``. Both catalogues have the same keys and the same
placeholders in each text (``tests/test_i18n.py``). English is the default everywhere.

A :class:`Message` is a key and its parameters, kept until a language is chosen: an event's
sentence, a refusal. A parameter may itself be a message (a token's name inside a sentence),
put in the same language. The page reads the same catalogues (``js/i18n.js``; the bundle
carries them as ``js/catalogues.js``, written by ``python -m cernunos_widget.i18n``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TypeVar

from ..engine.errors import CernunosError

LANGUAGES = ("en", "fr")
DEFAULT = "en"
FOLDER = Path(__file__).parent
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
E = TypeVar("E", bound=CernunosError)


class LanguageError(CernunosError):
    """A language the package does not speak."""


def check_language(language: object) -> str:
    """``language`` if the package speaks it, else :class:`LanguageError` naming those it does."""
    if isinstance(language, str) and language in LANGUAGES:
        return language
    shown = repr(language)[:40] if isinstance(language, str) else f"a {type(language).__name__}"
    accepted = ", ".join(repr(code) for code in LANGUAGES)
    raise refusal(LanguageError, "i18n.unknown_language", asked=shown, languages=accepted)


@cache
def catalogue(language: str) -> Mapping[str, str]:
    """Every message of ``language``: key -> text with ``{name}`` placeholders."""
    path = FOLDER / f"{check_language(language)}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def placeholders(template: str) -> set[str]:
    """The names a text's ``{name}`` placeholders use."""
    return set(PLACEHOLDER.findall(template))


def text(key: str, language: str = DEFAULT, **params: object) -> str:
    """The message ``key`` in ``language``, its placeholders filled from ``params`` (a
    :class:`Message` among them is put in the same language)."""
    return _fill(key, language, params)


def _fill(key: str, language: str, params: Mapping[str, object]) -> str:
    """:func:`text` with its parameters as one mapping (a message's own, not copied)."""
    parts = _template(key, language)
    if len(parts) == 1:
        return parts[0]
    said = list(parts)
    for i in range(1, len(parts), 2):  # the odd parts name the placeholders
        name = parts[i]
        if name not in params:
            raise KeyError(f"message {key!r} needs the parameter {name!r}")
        said[i] = _said(params[name], language)
    return "".join(said)


@cache
def _template(key: str, language: str) -> tuple[str, ...]:
    """The text of ``key`` cut at its placeholders: text, name, text, ... name, text (read
    once: the engine words every view of a game with these)."""
    template = catalogue(language).get(key)
    if template is None:
        raise KeyError(f"no message {key!r} in the catalogues")
    return tuple(PLACEHOLDER.split(template))


def _said(value: object, language: str) -> str:
    """A parameter in ``language``: a message put in it, a list's items joined by commas."""
    if isinstance(value, Message):
        return value.text(language)
    if isinstance(value, (list, tuple)):
        return ", ".join(_said(item, language) for item in value)
    return str(value)


def _json(value: object) -> object:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_json(item) for item in value]
    return value


@dataclass(frozen=True)
class Message:
    """A catalogue key and its parameters, put in a language when read. A parameter is a
    string, a number, a message or a tuple of them (said joined by commas)."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self, language: str = DEFAULT) -> str:
        return _fill(self.key, language, self.params)

    def __str__(self) -> str:
        return self.text(DEFAULT)

    def __hash__(self) -> int:  # params' values are str, int or messages
        return hash((self.key, tuple(sorted(self.params.items()))))

    def to_json(self) -> dict:
        """``{"key": ..., "params": {...}}``, nested messages as such objects (``js/i18n.js``)."""
        return {"key": self.key, "params": {name: _json(v) for name, v in self.params.items()}}


def message(key: str, **params: object) -> Message:
    """``Message(key, params)``; checks that the key exists."""
    if key not in catalogue(DEFAULT):
        raise KeyError(f"no message {key!r} in the catalogues")
    return Message(key, params)


def refusal(error: type[E], key: str, **params: object) -> E:
    """``error`` (to be raised) whose words are the message ``key``: ``str(error)`` English,
    ``error.text(language)`` in any language (a refusal the page shows in the board's)."""
    words = message(key, **params)
    return error(words.text(DEFAULT)).said(words)


def js_module(languages: Iterable[str] = LANGUAGES) -> str:
    """``js/catalogues.js``: the catalogues of ``languages`` (default: all) as one ES module
    for the page; English always (the rules mirror's own words, as the engine's, are English,
    and it is the language a page falls back to)."""
    wanted = {DEFAULT, *map(check_language, languages)}
    data = {language: dict(catalogue(language)) for language in LANGUAGES if language in wanted}
    body = json.dumps(data, ensure_ascii=False, indent=0, sort_keys=True)
    return (
        "// Generated from cernunos_widget/i18n/*.json by `python -m cernunos_widget.i18n`:\n"
        "// do not edit (tests/test_i18n.py fails when it differs from the catalogues).\n"
        f"export const CATALOGUES = Object.freeze({body});\n"
    )
