"""A Sphinx extension: boards that play in a documentation site, without a kernel.

In ``conf.py``: ``extensions = ["cernunos_widget.sphinx"]``. Then, in reStructuredText::

    .. cernunos::
       :start: 2
       :size: 420px

       B@b2 B@b3 (D@a1 {quieter}) T@a1

or in MyST Markdown a fenced ``{cernunos}`` block with the same options. The content is a
game text (``Game.parse``: tags, variations, comments) or a CPN (a text whose first word
holds a ``/``: a game text's words never do outside a tag or a comment). Options:
``start`` (how many main-line decisions the board opens after; default: the main line's
end), ``walk-only`` (the reader walks the tree, plays nothing), ``overlay`` (the power
overlay on), ``language`` (the board's words: ``en``, the default, or ``fr``), ``size``
(the board's largest width: ``420px``, ``30em``, ``80%``).

Each board is the static page's board (:func:`.widget.static.board_html`: the rules run in
the page, js/rules/), and a page with boards carries the code once, inline (a module script
loaded from a file would be refused on ``file://``). A bad game text or CPN is a Sphinx
error naming the file and the line, not a traceback.

Two more directives put the package's own exercises in a page: ``cernunos-lessons`` (the
course) and ``cernunos-puzzles`` (puzzles of the committed set, chosen by ``ids``, a
``rating`` range and a ``count`` spread from the easiest to the hardest), both judged in
the page (docs/sphinx.md).
"""

from __future__ import annotations

import ast
import re
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from .engine import CernunosError, Position
from .i18n import DEFAULT as DEFAULT_LANGUAGE
from .i18n import LanguageError
from .puzzles import pick
from .record.tree import Game
from .session.core import Session
from .session.page import export_state, settings
from .version import __version__
from .widget.assets import css, render_script
from .widget.puzzle_page import puzzles_state
from .widget.static import MODEL_SHIM, board_html, course_state

SIZE = re.compile(r"(?:\d{1,4}(?:\.\d{1,3})?)(?:px|em|rem|%|vw|ch)")

# A board follows the site's dark theme (furo's and pydata's data-theme on <html> or <body>,
# "auto" meaning the system's wish) through the widget's own dark colours.
_THEME_SYNC = """
const cernunosDark = () => {
  const theme = document.body.dataset.theme || document.documentElement.dataset.theme;
  if (theme === "dark" || theme === "light") return theme === "dark";
  if (theme === "auto") return matchMedia("(prefers-color-scheme: dark)").matches;
  return null;
};
const cernunosSyncTheme = () => {
  const dark = cernunosDark();
  if (dark !== null) document.body.setAttribute("data-jp-theme-light", String(!dark));
};
cernunosSyncTheme();
for (const el of [document.body, document.documentElement]) {
  new MutationObserver(cernunosSyncTheme).observe(el, { attributeFilter: ["data-theme"] });
}
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", cernunosSyncTheme);
"""

_PAGE_CSS = ".cernunos-site-board { margin: 1em 0; }\n"


class cernunos_board(nodes.General, nodes.Element):  # noqa: N801 - docutils' node naming
    """A board in a document: ``html`` is its state script and element."""


class BoardError(CernunosError):
    """A directive's option the board cannot take (``start`` beyond the main line)."""


def is_cpn(text: str) -> bool:
    """Whether the directive's text is a CPN rather than a game text."""
    words = text.split()
    return bool(words) and "/" in words[0] and not text.lstrip().startswith(("[", "{"))


def board_session(text: str, start: int | None = None, language: str = DEFAULT_LANGUAGE) -> Session:
    """The session a directive's board shows: the game of ``text`` (a game text or a CPN),
    standing ``start`` decisions into the main line (None: at its end), its words in
    ``language``."""
    text = text.strip()
    game = Game(Position.from_cpn(text)) if is_cpn(text) else Game.parse(text)
    session = Session(game, language)
    if start is not None:
        line = game.mainline()
        if start > len(line):
            raise BoardError(f"start is 0..{len(line)} (the main line's decisions), not {start}")
        session.goto(line[start - 1] if start else game.root)
    return session


def size_option(value: str | None) -> str:
    """The ``size`` option: a CSS length (``420px``, ``30em``, ``80%``)."""
    value = (value or "").strip()
    if not SIZE.fullmatch(value):
        raise ValueError(f"size is a CSS length such as 420px, 30em or 80%, not {value!r}")
    return value


class CernunosDirective(SphinxDirective):
    """``.. cernunos::`` (a fenced ``{cernunos}`` block in MyST): a board that plays."""

    has_content = True
    option_spec = {
        "start": directives.nonnegative_int,
        "walk-only": directives.flag,
        "overlay": directives.flag,
        "size": size_option,
        "language": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        text = "\n".join(self.content)
        if not text.strip():
            raise self.error("the cernunos directive needs a game text or a CPN as its content")
        language = self.options.get("language", DEFAULT_LANGUAGE)
        try:
            session = board_session(text, self.options.get("start"), language)
        except CernunosError as e:
            return [self._error(text, e)]
        overlay = "overlay" in self.options
        page = settings(session.game.rules, overlay, "auto", session.language)
        state = export_state(session, page)
        node = board_node(state, "walk-only" not in self.options, self.options.get("size"))
        self.set_source_info(node)
        return [node]

    def _error(self, text: str, error: CernunosError) -> nodes.system_message:
        """The engine's reason, at the content's line where the text goes wrong."""
        at = getattr(error, "at", None)
        line = self.content_offset + 1
        if isinstance(error, (BoardError, LanguageError)):  # an option: the directive's line
            line = self.lineno
        elif isinstance(at, int) and 0 <= at <= len(text):
            line += text[:at].count("\n")
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        return self.state.document.reporter.error(
            f"cernunos: {type(error).__name__}: {reason}", line=line
        )


class LessonsDirective(SphinxDirective):
    """``.. cernunos-lessons::``: the course (:mod:`cernunos_widget.lessons`) played in the
    page, each try judged by the page itself; options ``lesson`` (where it opens; default:
    the first), ``language`` (``en`` or ``fr``, switchable in the page) and ``size``."""

    has_content = False
    option_spec = {
        "lesson": directives.unchanged_required,
        "language": directives.unchanged_required,
        "size": size_option,
    }

    def run(self) -> list[nodes.Node]:
        try:
            state = course_state(
                self.options.get("language", DEFAULT_LANGUAGE), self.options.get("lesson")
            )
        except CernunosError as e:
            return [
                self.state.document.reporter.error(
                    f"cernunos-lessons: {type(e).__name__}: {e}", line=self.lineno
                )
            ]
        node = board_node(state, True, self.options.get("size"))
        self.set_source_info(node)
        return [node]


RATING = re.compile(r"\s*(\d{1,5})\s*(?:-|\.\.)\s*(\d{1,5})\s*")


def rating_option(value: str | None) -> tuple[int, int]:
    """The ``rating`` option: a range ``low-high`` (or ``low..high``), both included."""
    found = RATING.fullmatch(value or "")
    if not found or int(found[1]) > int(found[2]):
        raise ValueError(f"rating is a range such as 900-1200 (low to high), not {value!r}")
    return int(found[1]), int(found[2])


def ids_option(value: str | None) -> list[str]:
    """The ``ids`` option: puzzle ids separated by spaces or commas."""
    ids = (value or "").replace(",", " ").split()
    if not ids:
        raise ValueError("ids lists puzzle ids separated by spaces or commas")
    return ids


class PuzzlesDirective(SphinxDirective):
    """``.. cernunos-puzzles::``: puzzles of the committed set (:mod:`cernunos_widget.puzzles`)
    solved in the page, each try judged by the page with the stored proofs; options ``ids``
    (those puzzles, in that order), ``rating`` (a range, ``900-1200``), ``count`` (how many,
    spread from the easiest to the hardest of those chosen), ``language`` and ``size``."""

    has_content = False
    option_spec = {
        "ids": ids_option,
        "rating": rating_option,
        "count": directives.positive_int,
        "language": directives.unchanged_required,
        "size": size_option,
    }

    def run(self) -> list[nodes.Node]:
        try:
            chosen = pick(
                ids=self.options.get("ids"),
                rating=self.options.get("rating"),
                count=self.options.get("count"),
            )
            state = puzzles_state(chosen, 0, self.options.get("language", DEFAULT_LANGUAGE))
        except CernunosError as e:
            return [
                self.state.document.reporter.error(
                    f"cernunos-puzzles: {type(e).__name__}: {e}", line=self.lineno
                )
            ]
        node = board_node(state, True, self.options.get("size"))
        self.set_source_info(node)
        return [node]


def board_node(state: dict, playable: bool = True, size: str | None = None) -> cernunos_board:
    """The node of one board: a widget's exported state, drawn by the page's code."""
    style = f' style="max-width: {size}"' if size else ""
    node = cernunos_board()
    node["html"] = (
        f'<div class="cernunos-site-board"{style}>\n{board_html(state, playable)}</div>\n'
    )
    return node


# What a notebook cell may do to its board, after building it, for the site to show it:
# methods that only set the board up (never one that writes a file or starts a search).
WIDGET_CALLS = frozenset({"lesson", "puzzle", "play", "setup", "goto", "back", "forward"})
Call = tuple[str, list, dict]  # a method's name, positional and keyword arguments


def literal_widget_call(source: str) -> tuple[dict, list[Call]] | None:
    """What a notebook cell shows, when it is ``CernunosWidget(<literals>)``, or
    ``w = CernunosWidget(<literals>)``, calls ``w.<method>(<literals>)`` of
    :data:`WIDGET_CALLS`, then ``w`` (imports allowed first): the constructor's keyword
    arguments and the calls. None for any other cell. Nothing is run: the arguments are
    read with :func:`ast.literal_eval`; what evaluating a literal raises (``{[]: 1}``, a
    TypeError) is raised. A cell Python's parser gives up on (nested too deeply) is None."""
    try:
        body = ast.parse(source).body
    except (SyntaxError, MemoryError, RecursionError):  # the parser's depth limits
        return None
    imports = 0
    while imports < len(body) and isinstance(body[imports], (ast.Import, ast.ImportFrom)):
        imports += 1
    rest = body[imports:]
    if not rest or not isinstance(rest[-1], ast.Expr):
        return None
    last = rest[-1].value
    if len(rest) == 1:
        build, steps, name = last, [], None
    elif isinstance(last, ast.Name) and isinstance(rest[0], ast.Assign):
        targets = rest[0].targets
        if len(targets) != 1 or not isinstance(targets[0], ast.Name):
            return None
        build, steps, name = rest[0].value, rest[1:-1], targets[0].id
        if last.id != name:
            return None
    else:
        return None
    if not (isinstance(build, ast.Call) and isinstance(build.func, ast.Name)):
        return None
    if build.func.id != "CernunosWidget" or build.args:
        return None
    try:
        kwargs = _literal_keywords(build)
        calls = [_widget_step(step, name) for step in steps]
    except ValueError:
        return None
    return kwargs, calls


def _literal_keywords(call: ast.Call) -> dict:
    if any(k.arg is None for k in call.keywords):
        raise ValueError("**kwargs")
    return {k.arg: ast.literal_eval(k.value) for k in call.keywords}


def _widget_step(step: ast.stmt, name: str | None) -> Call:
    """``name.<method>(<literals>)`` as a :data:`Call`; ValueError for anything else."""
    call = step.value if isinstance(step, ast.Expr) else None
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)):
        raise ValueError("not a method call")
    owner, method = call.func.value, call.func.attr
    if not (isinstance(owner, ast.Name) and owner.id == name and method in WIDGET_CALLS):
        raise ValueError(f"not one of {sorted(WIDGET_CALLS)}")
    return method, [ast.literal_eval(a) for a in call.args], _literal_keywords(call)


def notebook_boards(app: Sphinx, doctree: nodes.document) -> None:
    """Under a notebook cell (myst-nb, not executed) that shows ``CernunosWidget(...)``
    built from literals, the board it would show, playable in the page.  The outputs a
    notebook saved for such a cell (a widget view, which a page cannot draw) give way to
    the board.  Whatever the cell's literals raise is a warning on that cell."""
    for cell in list(doctree.findall(nodes.container)):
        if cell.get("nb_element") != "cell_code":
            continue
        source = next(cell.findall(nodes.literal_block), None)  # the cell's code
        try:
            state = None if source is None else _cell_state(source.astext())
        except Exception as e:  # noqa: BLE001 - the cell's own literals: the reader's error
            why = e if isinstance(e, CernunosError) else f"{type(e).__name__}: {e}"
            doctree.reporter.warning(f"cernunos: this cell's board: {why}", base_node=cell)
            continue
        if state is None:
            continue
        for output in [c for c in cell.children if c.get("nb_element") == "cell_code_output"]:
            cell.remove(output)  # a saved widget view: the board below shows it
        cell += board_node(state)


def _cell_state(source: str) -> dict | None:
    """The exported state of the board a cell's code shows (:func:`literal_widget_call`),
    None if it shows none; raises whatever the widget or the cell's literals raise."""
    from .widget.adapter import CernunosWidget

    found = literal_widget_call(source)
    if found is None:
        return None
    kwargs, calls = found
    widget = CernunosWidget(**kwargs)
    for method, args, keywords in calls:
        getattr(widget, method)(*args, **keywords)
    return widget.state_for_export()


def visit_board_html(self: Any, node: cernunos_board) -> None:
    self.body.append(node["html"])
    raise nodes.SkipNode


def skip_board(self: Any, node: cernunos_board) -> None:
    raise nodes.SkipNode


def page_code() -> str:
    """What a page with boards carries once: the CSS, the page's code and the model stand-in
    that draws every board of the page."""
    return (
        f"<style>\n{css()}\n{_PAGE_CSS}</style>\n"
        f'<script type="module">\n{render_script()}\n{MODEL_SHIM}\n{_THEME_SYNC}</script>\n'
    )


def add_page_code(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree: nodes.Node | None
) -> None:
    """Append the boards' code to a page that has boards (once a page)."""
    if doctree is not None and "body" in context and any(doctree.findall(cernunos_board)):
        context["body"] += page_code()


def setup(app: Sphinx) -> dict:
    app.add_node(
        cernunos_board,
        html=(visit_board_html, None),
        latex=(skip_board, None),
        text=(skip_board, None),
        man=(skip_board, None),
        texinfo=(skip_board, None),
    )
    app.add_directive("cernunos", CernunosDirective)
    app.add_directive("cernunos-lessons", LessonsDirective)
    app.add_directive("cernunos-puzzles", PuzzlesDirective)
    app.connect("doctree-read", notebook_boards)
    app.connect("html-page-context", add_page_code)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
