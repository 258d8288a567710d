"""Linear scanners for the two quoted forms of a game text: ``{comments}`` and tag pairs.

Each looks for its closing character with ``str.find`` and keeps no state per character
(a regular expression repeating a group once per character kept about 165 bytes a
character, issue #24 item 11): time is linear in what it reads, and memory is the text
read plus the value returned.
"""

from __future__ import annotations

import re

TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_BLOCK = 4096  # pieces joined at a time when unescaping (bounds the list of pieces)
_MARK = "\ud800"  # stands for an escaped backslash while unescaping: no text may hold one


def comment_close(text: str, i: int) -> int:
    """The index of the ``}`` closing the comment that ``text[i:]`` is inside, or -1 if the
    text ends first.  A backslash escapes the character after it."""
    close = -1
    while True:
        if close < i:
            close = text.find("}", i)
            if close < 0:
                return -1
        slash = text.find("\\", i, close)
        if slash < 0:
            return close
        i = slash + 2  # the backslash and what it escapes (perhaps the '}' found)


def read_comment(text: str, start: int) -> tuple[str, int] | None:
    """The comment whose ``{`` is at ``start`` (``\\}`` and ``\\\\`` unescaped, any other
    backslash literal) and the index after its ``}``; None if it is not closed."""
    close = comment_close(text, start + 1)
    if close < 0:
        return None
    return unescape(text[start + 1 : close], "\\}"), close + 1


def read_tag(text: str, start: int) -> tuple[str, str, int] | None:
    """The tag pair ``[Name "value"]`` at ``start``: its name, its value (``\\"`` and
    ``\\\\`` unescaped) and the index after its ``]``; None if there is none (a value
    holds no line break, and no backslash but those two escapes)."""
    name = TAG_NAME.match(text, start + 1)
    if name is None or not text.startswith(' "', name.end()):
        return None
    first = i = name.end() + 2
    quote = -1
    while True:
        if quote < i:
            quote = text.find('"', i)
            if quote < 0:
                return None
        slash = text.find("\\", i, quote)
        if slash < 0:
            break
        if text[slash + 1] not in '"\\':
            return None
        i = slash + 2
    if (
        not text.startswith("]", quote + 1)
        or text.find("\n", first, quote) >= 0
        or text.find("\r", first, quote) >= 0
    ):
        return None
    return name.group(), unescape(text[first:quote], '"\\'), quote + 2


def unescape(raw: str, escaped: str) -> str:
    """``raw`` with the backslash dropped before each character of ``escaped`` (which holds
    ``\\``), left to right (``\\`` is one backslash); any other backslash is kept."""
    if "\\" not in raw:
        return raw
    if _MARK in raw:  # (then the text is refused, but the error must say where)
        return _unescape_slowly(raw, escaped)
    out = raw.replace("\\\\", _MARK)  # the pairs, left to right, as a reader takes them
    for ch in escaped.replace("\\", ""):
        out = out.replace("\\" + ch, ch)
    return out.replace(_MARK, "\\")


def _unescape_slowly(raw: str, escaped: str) -> str:
    """:func:`unescape` one backslash at a time (for a text holding :data:`_MARK`)."""
    blocks: list[str] = []
    pieces: list[str] = []
    i = 0
    while (slash := raw.find("\\", i)) >= 0:
        after = raw[slash + 1 : slash + 2]
        pieces.append(raw[i:slash])
        if after and after in escaped:
            pieces.append(after)
            i = slash + 2
        else:
            pieces.append("\\")
            i = slash + 1
        if len(pieces) >= _BLOCK:
            blocks.append("".join(pieces))
            pieces.clear()
    pieces.append(raw[i:])
    blocks.append("".join(pieces))
    return "".join(blocks)
