"""A Python-Markdown extension: boards that play in a MkDocs site (or any page Python-Markdown
makes), without a kernel.

In ``mkdocs.yml``::

    markdown_extensions:
      - cernunos_widget.markdown

(``markdown.markdown(text, extensions=["cernunos_widget.markdown"])`` elsewhere). Then a
fenced block whose body is a game text or a CPN, its options first, one a line, as the
Sphinx directive's::

    ```cernunos
    :start: 2
    :size: 420px
    B@b2 B@b3 (D@a1 {quieter}) T@a1
    ```

Options: ``:start: N``, ``:walk-only:``, ``:overlay:``, ``:language: fr``, ``:size: 480px``.
```` ```cernunos-lessons ```` (``:lesson:``, ``:language:``, ``:size:``) and
```` ```cernunos-puzzles ```` (``:ids:``, ``:rating: 900-1200``, ``:count:``, ``:language:``,
``:size:``) take options only; ```` ```cernunos-study ```` takes a study's text (chapters as
in a ``.cgn`` file) or ``:file: first.cgn`` (beside the page under MkDocs; elsewhere in the
extension's ``folder`` setting), with ``:chapter:`` (0-based), ``:language:`` and ``:size:``.
The kinds, options and boards are the Sphinx directives' (:mod:`.widget.blocks`); each
board is :func:`.widget.static.board_fragment`, and a page with boards carries the code
once, at its end, with only what its boards need (:func:`.widget.static.page_code`): no
network.

A bad block is a :class:`MarkdownBlockError` naming the block's line (and, under MkDocs, the
page's file and that line in it, its front matter counted), never a traceback: MkDocs
reports it as a build error ("Error reading page ..." and "Aborted with a BuildError!").
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, SubElement

try:
    from markdown import Extension, Markdown
    from markdown.preprocessors import Preprocessor
    from markdown.treeprocessors import Treeprocessor
except ImportError as error:  # pragma: no cover - only without Python-Markdown
    raise ImportError(
        f"cernunos_widget.markdown is a Python-Markdown extension ({error.name} is missing): "
        'pip install "cernunos-widget[hosts]" (or mkdocs, or markdown)'
    ) from None

from .engine import CernunosError
from .widget.blocks import CONTENT, OPTIONS, error_line, read_block
from .widget.static import Needs, board_fragment, page_code

__all__ = ["CernunosExtension", "MarkdownBlockError", "makeExtension"]

OPENING = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})[ \t]*(?P<kind>[\w-]+)[ \t]*$")
OPTION = re.compile(r"^[ \t]*:(?P<name>[A-Za-z][\w-]*):(?:[ \t]+(?P<value>.*?))?[ \t]*$")


class MarkdownBlockError(CernunosError):
    """A ``cernunos`` block the page cannot show: where it is and why."""


def _error_class() -> type[MarkdownBlockError]:
    """:class:`MarkdownBlockError`, a MkDocs ``BuildError`` too when MkDocs is installed (so
    MkDocs stops the build with the message, without a traceback)."""
    try:
        from mkdocs.exceptions import BuildError
    except ImportError:
        return MarkdownBlockError

    class MkDocsBlockError(MarkdownBlockError, BuildError):
        def __init__(self, message: str) -> None:
            MarkdownBlockError.__init__(self, message)
            self.message = message  # click's exceptions print this

        def __str__(self) -> str:
            return self.message

    return MkDocsBlockError


class BoardBlocks(Preprocessor):
    """Replaces each fenced block of a kind of :data:`.widget.blocks.OPTIONS` by its board
    (stored raw HTML) and adds the board's needs to the page's."""

    def __init__(self, md: Markdown, extension: CernunosExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, lines: list[str]) -> list[str]:
        # a new document (MkDocs may convert every page with one extension, without reset)
        self.extension.reset()
        self.extension.source = "\n".join(lines)
        out: list[str] = []
        at = 0
        while at < len(lines):
            found = OPENING.match(lines[at].rstrip("\r"))
            if not found or found["kind"] not in OPTIONS:
                out.append(lines[at])
                at += 1
                continue
            end = self._closing(lines, at, found["fence"])
            body = [line.rstrip("\r") for line in lines[at + 1 : end]]
            html = self._board(found["kind"], body, at, len(found["indent"]))
            out.extend(["", self.md.htmlStash.store(html), ""])
            at = end + 1
        return out

    def _closing(self, lines: list[str], at: int, fence: str) -> int:
        closing = re.compile(rf"^ {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        for end in range(at + 1, len(lines)):
            if closing.match(lines[end].rstrip("\r")):
                return end
        raise self._error(at, f"this block has no closing {fence}")

    def _board(self, kind: str, body: list[str], at: int, indent: int) -> str:
        """The board of the block opening on line ``at`` (0-based) with ``body``."""
        body = [line[indent:] if line[:indent].isspace() else line for line in body]
        options: dict[str, Any] = {}
        first = 0
        while first < len(body) and (option := OPTION.match(body[first])):
            options[option["name"]] = self._option(kind, option, at + 1 + first)
            first += 1
        content = "\n".join(body[first:])
        if CONTENT[kind] and not content.strip():
            raise self._error(at, f"a {kind} block needs a game text or a CPN after its options")
        if CONTENT[kind] is False and content.strip():
            accepted = ", ".join(f":{name}:" for name in OPTIONS[kind])
            line = at + 1 + first + next(i for i, x in enumerate(body[first:]) if x.strip())
            raise self._error(line, f"a {kind} block takes options only ({accepted}), not a text")
        try:
            block = read_block(kind, content, options, self.extension.folder(self.md))
        except CernunosError as e:
            where = error_line(content, e)
            reason = str(e).splitlines()[0] if str(e) else ""
            line = at if where is None else at + 1 + first + where
            raise self._error(line, f"{kind}: {type(e).__name__}: {reason}") from None
        self.extension.needs = (self.extension.needs or Needs()) | Needs.of(block.state)
        return board_fragment(block.state, block.playable, block.size)

    def _option(self, kind: str, option: re.Match, line: int) -> object:
        name, value = option["name"], option["value"]
        convert = OPTIONS[kind].get(name)
        if convert is None:
            accepted = ", ".join(f":{known}:" for known in OPTIONS[kind])
            raise self._error(line, f"{kind} has no option :{name}: (its options: {accepted})")
        try:
            return convert(value)
        except ValueError as e:
            raise self._error(line, f"{kind}: the option :{name}: {value or ''}: {e}") from None

    def _error(self, line: int, reason: str) -> MarkdownBlockError:
        """An error at ``line`` (0-based, of the Markdown given): under MkDocs, the page's
        file and the line in it."""
        page, offset = self.extension.page_source(self.md)
        where = f"{page}:{line + 1 + offset}" if page else f"line {line + 1}"
        return _error_class()(f"{where}: {reason}")


class PageCode(Treeprocessor):
    """Ends a document that has boards with the boards' code (once, with what they need).
    A tree processor, not a postprocessor: those also run on bits of text (the table of
    contents' titles)."""

    def __init__(self, md: Markdown, extension: CernunosExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, root: Element) -> None:
        if self.extension.needs is not None:
            code = SubElement(root, "p")  # the raw HTML's placeholder, alone in a paragraph
            code.text = self.md.htmlStash.store(page_code(self.extension.needs))


class CernunosExtension(Extension):
    """The ``cernunos``, ``cernunos-lessons`` and ``cernunos-puzzles`` fenced blocks."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "folder": ["", "where a study block's :file: is, outside MkDocs (default: here)"]
        }
        super().__init__(**kwargs)
        self.needs: Needs | None = None  # the current page's boards' (None: no board)
        self.source = ""  # the current document's Markdown, as given

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown's name
        md.registerExtension(self)  # reset() between documents
        # after the whitespace normalizer (30: it keeps the lines, and would drop the stash's
        # markers), before the fenced code blocks (25) and the raw HTML blocks (20): the
        # lines are the document's own, so an error names the right line
        md.preprocessors.register(BoardBlocks(md, self), "cernunos_blocks", 29)
        md.treeprocessors.register(PageCode(md, self), "cernunos_code", 1)

    def reset(self) -> None:
        self.needs = None
        self.source = ""

    def page_source(self, md: Markdown) -> tuple[str | None, int]:
        """Under MkDocs, the page's file (as MkDocs names it) and how many lines of it
        precede the Markdown it gave (the front matter); (None, 0) elsewhere."""
        page = _mkdocs_file(md)
        if page is None:
            return None, 0
        return getattr(page, "src_uri", page.abs_src_path), self._lines_before(page.abs_src_path)

    def folder(self, md: Markdown) -> Path:
        """Where a block's files are (a study's ``:file:``): the page's folder under MkDocs,
        else the ``folder`` setting (default: the current folder)."""
        page = _mkdocs_file(md)
        if page is not None:
            return Path(page.abs_src_path).parent
        return Path(self.getConfig("folder") or ".")

    def _lines_before(self, path: str) -> int:
        """How many lines of the file at ``path`` precede the Markdown given (MkDocs took
        the front matter off): 0 if the file does not end with that Markdown."""
        try:
            with open(path, encoding="utf-8-sig") as f:
                whole = _comparable(f.read())
        except OSError:
            return 0
        given = _comparable(self.source)
        fits = len(given) <= len(whole) and whole[len(whole) - len(given) :] == given
        return len(whole) - len(given) if fits else 0


def _mkdocs_file(md: Markdown) -> Any:
    """The MkDocs ``File`` of the page being converted (MkDocs' own tree processors carry
    it), or None outside MkDocs."""
    for processor in md.treeprocessors:
        page = getattr(processor, "file", None)
        if isinstance(getattr(page, "abs_src_path", None), str):
            return page
    return None


def _comparable(text: str) -> list[str]:
    """A text's lines as Python-Markdown's whitespace normalizer leaves them (tabs expanded,
    blank lines empty, none at the end)."""
    lines = [line.expandtabs().strip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def makeExtension(**kwargs: Any) -> CernunosExtension:  # noqa: N802 - Python-Markdown's name
    """What ``markdown_extensions: [cernunos_widget.markdown]`` loads."""
    return CernunosExtension(**kwargs)
