"""The page's code and CSS without comments and white space, for static pages (issue #35).

A tokenizer, not a pattern over the text: it reads strings, template literals (with their
``${...}`` expressions, nested), regular expressions and comments as JavaScript does, and
drops only the comments and white space. Every line break between tokens stays, so
automatic semicolon insertion reads the code as before; a space inside a line stays only
where the tokens on either side would run together without it (two words, ``+ +``, ...).
Where a ``/`` may start a regular expression or be a division and the tokenizer cannot tell
which (after ``}``, ``++`` or ``--``), it refuses with :class:`CompactError`, and
:func:`compact_js` leaves that code as it is.

The Jupyter widget's module (``assets.esm()``) is not compacted: its code stays readable in
the browser's tools.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from ..engine.errors import CernunosError


class CompactError(CernunosError):
    """Code the tokenizer cannot read with certainty (it is then left as it is)."""


_TOKEN = re.compile(
    r"""(?P<space>[ \t\f\v\u00a0\ufeff]+)
    |(?P<newline>\r\n?|[\n\u2028\u2029])
    |(?P<line>//[^\r\n\u2028\u2029]*)
    |(?P<block>/\*[\s\S]*?\*/)
    |(?P<string>"(?:[^"\\\r\n]|\\[\s\S])*"|'(?:[^'\\\r\n]|\\[\s\S])*')
    |(?P<tick>`)
    |(?P<slash>/)
    |(?P<word>[A-Za-z_$\u0080-\uffff][\w$\u0080-\uffff]*)
    |(?P<number>\.?\d[\w.]*)
    |(?P<open>[{(\[])
    |(?P<close>[})\]])
    |(?P<punct>[^\s\w/`"'{}()\[\]$]+?)""",
    re.X,
)
# the rest of a template literal up to its end (`) or its next expression (${)
_TEMPLATE = re.compile(r"(?:[^`\\$]|\\[\s\S]|\$(?!\{))*(?:`|\$\{)")
_REGEX = re.compile(r"/(?:[^/\\\[\r\n]|\\.|\[(?:[^\]\\\r\n]|\\.)*\])+/[A-Za-z]*")
# after these words a "/" starts a regular expression (after any other word: a division)
_BEFORE_REGEX = frozenset(
    {"return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case"}
    | {"do", "else", "yield", "await"}
)
_CSS_TOKEN = re.compile(
    r"""(?P<comment>/\*[\s\S]*?\*/)
    |(?P<string>"(?:[^"\\\n]|\\[\s\S])*"|'(?:[^'\\\n]|\\[\s\S])*')
    |(?P<space>[ \t\f]+)
    |(?P<newline>\r\n?|\n)
    |(?P<other>[^\s"'/]+|/)""",
    re.X,
)


_BLANK = frozenset({"space", "newline", "line", "block"})
_WORD_CHAR = re.compile(r"[\w$\u0080-\uffff]")
# two characters that read as another token once their space is gone ("a + +b", "a - -b",
# "a / /x/", a comment's start, "<!--", "x-- >y"; a number's ".")
_JOINS = frozenset({"++", "--", "//", "/*", "<!", "->"})


class _Writer:
    """The output: a line break kept between lines, a space inside a line only where needed."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.space = False  # white space came before the next token of this line

    def token(self, text: str, spaced: bool = True) -> None:
        """Write ``text``, after a space if one came before it and ``spaced``."""
        if self.space and spaced and self.out and self.out[-1] != "\n":
            self.out.append(" ")
        self.space = False
        self.out.append(text)

    def newline(self) -> None:
        self.space = False
        if self.out and self.out[-1] != "\n":
            self.out.append("\n")

    def text(self) -> str:
        return "".join(self.out)


def _regex_allowed(kind: str | None, text: str, before: str) -> bool:
    """Whether a "/" after the token ``kind`` ``text`` starts a regular expression
    (``before``: the significant text before that token)."""
    if kind is None or kind == "open":
        return True
    if kind == "punct":
        if text in "+-" and before == text:  # ++ or --: postfix (a division) or prefix
            raise CompactError(f"a '/' after {text!r}: a regular expression or a division")
        return True
    if kind == "word":
        return text in _BEFORE_REGEX
    if kind == "close" and text == "}":
        raise CompactError("a '/' after '}': a regular expression or a division")
    return False  # after a value: a number, a string, a template, a regex, ")" or "]"


def _slash(code: str, at: int, regex_allowed: bool) -> tuple[str, str]:
    """The token a "/" at ``at`` starts: a division, or a whole regular expression."""
    if not regex_allowed:
        return "punct", "/"
    regex = _REGEX.match(code, at)
    if regex is None:
        raise CompactError(f"an unterminated regular expression at offset {at}")
    return "regex", regex[0]


def _template(code: str, at: int, templates: list[int]) -> tuple[str, str]:
    """A template literal's text from its "`" (or the "}" ending one of its expressions) at
    ``at`` to its end ("template") or to its next "${" ("open": an expression starts)."""
    rest = _TEMPLATE.match(code, at + 1)
    if rest is None:
        raise CompactError(f"an unterminated template literal at offset {at}")
    text = code[at] + rest[0]
    if text.endswith("${"):
        templates.append(0)
        return "open", text
    return "template", text


def _tokens(code: str) -> Iterator[tuple[str, str]]:
    """``code`` as (kind, source text) tokens, regular expressions and template literals
    read whole (a template up to each of its expressions, which are tokens)."""
    templates: list[int] = []  # for each open ${...}: how many "{" are open inside it
    last: tuple[str | None, str] = (None, "")  # the last significant token: (kind, text)
    before = ""  # the significant token's text before it
    at = 0
    while at < len(code):
        match = _TOKEN.match(code, at)
        if match is None:  # pragma: no cover - the pattern matches any character
            raise CompactError(f"unreadable code at offset {at}")
        kind, text = match.lastgroup or "", match[0]
        if kind == "slash":
            kind, text = _slash(code, at, _regex_allowed(*last, before))
        elif kind == "tick" or (text == "}" and templates[-1:] == [0]):
            if kind == "close":
                templates.pop()
            kind, text = _template(code, at, templates)
        elif kind in ("open", "close") and templates and text in "{}":
            templates[-1] += 1 if text == "{" else -1
        yield kind, text
        if kind not in _BLANK:
            before, last = last[1], (kind, text)
        at += len(text)
    if templates:
        raise CompactError("a template literal's ${ is never closed")


def _needs_space(kind: str | None, previous: str, text: str) -> bool:
    """Whether ``text`` after the token ``kind`` ``previous`` keeps the space between them."""
    a, b = previous[-1:], text[:1]
    if kind == "regex" or a + b in _JOINS:  # a regex's flags would take a word
        return True
    if _WORD_CHAR.match(a) and _WORD_CHAR.match(b):
        return True
    return (a.isdigit() and b == ".") or (a == "." and b.isdigit())


def _strip_js(code: str) -> str:
    out = _Writer()
    last: tuple[str | None, str] = (None, "")
    for kind, text in _tokens(code):
        if kind == "space" or (kind == "block" and "\n" not in text):
            out.space = True
        elif kind in ("newline", "block"):
            out.newline()
        elif kind != "line":  # a line comment: the line break after it stays
            out.token(text, _needs_space(*last, text))
            last = (kind, text)
    return out.text()


@lru_cache(maxsize=8)
def compact_js(code: str) -> str:
    """``code`` without comments and indentation; as it is if the tokenizer cannot read it
    with certainty."""
    try:
        return _strip_js(code)
    except CompactError:
        return code


@lru_cache(maxsize=8)
def compact_css(css: str) -> str:
    """``css`` without comments and indentation (strings kept as written)."""
    out = _Writer()
    for match in _CSS_TOKEN.finditer(css):
        kind = match.lastgroup
        if kind in ("space", "comment"):
            out.space = True
        elif kind == "newline":
            out.newline()
        else:
            out.token(match[0])
    return out.text()
