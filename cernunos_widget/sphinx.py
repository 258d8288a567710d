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

Each board is the static page's board (:func:`.widget.static.board_fragment`: the rules run
in the page, js/rules/), and a page with boards carries the code once, inline, with only what
its boards need (:func:`.widget.static.page_code`). The blocks, their options and how they
are read are shared with the Markdown extension (:mod:`.widget.blocks`). A bad game text or
CPN is a Sphinx error naming the file and the line, not a traceback.

Two more directives put the package's own exercises in a page: ``cernunos-lessons`` (the
course) and ``cernunos-puzzles`` (puzzles of the committed set, chosen by ``ids``, a
``rating`` range and a ``count`` spread from the easiest to the hardest), both judged in
the page (docs/sphinx.md); ``cernunos-study`` plays a study (a ``.cgn`` file beside the
document, or the study's text as the content).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from .engine import CernunosError
from .version import __version__
from .widget.blocks import (
    CONTENT,
    OPTIONS,
    Block,
    BoardError,
    board_session,
    error_line,
    ids_option,
    is_cpn,
    rating_option,
    read_block,
    size_option,
)
from .widget.static import Needs, board_fragment, page_code

__all__ = [
    "BoardError",
    "board_session",
    "ids_option",
    "is_cpn",
    "literal_widget_call",
    "rating_option",
    "setup",
    "size_option",
]


class cernunos_board(nodes.General, nodes.Element):  # noqa: N801 - docutils' node naming
    """A board in a document: ``html`` is its element (:func:`.static.board_fragment`),
    ``needs`` what the page's code must carry for it (:class:`.static.Needs`)."""


class BoardDirective(SphinxDirective):
    """A board block of :data:`.widget.blocks.OPTIONS` (its ``kind``), read by
    :func:`.widget.blocks.read_block`; what it cannot show is a Sphinx error at the line of
    the text that is wrong, or at the directive's line for an option."""

    kind = "cernunos"

    def run(self) -> list[nodes.Node]:
        content = "\n".join(self.content)
        if CONTENT[self.kind] and not content.strip():
            raise self.error("the cernunos directive needs a game text or a CPN as its content")
        options = dict(self.options)
        if self.arguments:  # cernunos-study's file, as an argument
            options["file"] = self.arguments[0]
        folder = Path(self.env.doc2path(self.env.docname)).parent
        try:
            block = read_block(self.kind, content, options, folder)
        except CernunosError as e:
            at = error_line(content, e)
            line = self.lineno if at is None else self.content_offset + 1 + at
            reason = str(e).splitlines()[0] if str(e) else type(e).__name__
            message = f"{self.kind}: {type(e).__name__}: {reason}"
            return [self.state.document.reporter.error(message, line=line)]
        node = board_node(block)
        self.set_source_info(node)
        return [node]


class CernunosDirective(BoardDirective):
    """``.. cernunos::`` (a fenced ``{cernunos}`` block in MyST): a board that plays."""

    has_content = True
    option_spec = OPTIONS["cernunos"]


class LessonsDirective(BoardDirective):
    """``.. cernunos-lessons::``: the course (:mod:`cernunos_widget.lessons`) played in the
    page, each try judged by the page itself; options ``lesson`` (where it opens; default:
    the first), ``language`` (``en`` or ``fr``, switchable in the page) and ``size``."""

    kind = "cernunos-lessons"
    has_content = False
    option_spec = OPTIONS["cernunos-lessons"]


class PuzzlesDirective(BoardDirective):
    """``.. cernunos-puzzles::``: puzzles of the committed set (:mod:`cernunos_widget.puzzles`)
    solved in the page, each try judged by the page with the stored proofs; options ``ids``
    (those puzzles, in that order), ``rating`` (a range, ``900-1200``), ``count`` (how many,
    spread from the easiest to the hardest of those chosen), ``language`` and ``size``."""

    kind = "cernunos-puzzles"
    has_content = False
    option_spec = OPTIONS["cernunos-puzzles"]


class StudyDirective(BoardDirective):
    """``.. cernunos-study:: first.cgn``: a study (:mod:`cernunos_widget.study`) played in the
    page, every chapter in its mode; its file relative to the document (the argument, or
    ``:file:``) or its text as the content; options ``chapter`` (0-based), ``language`` and
    ``size``."""

    kind = "cernunos-study"
    has_content = True
    optional_arguments = 1
    option_spec = OPTIONS["cernunos-study"]


def board_node(block: Block) -> cernunos_board:
    """The node of one board: a widget's exported state, drawn by the page's code."""
    node = cernunos_board()
    node["html"] = board_fragment(block.state, block.playable, block.size)
    node["needs"] = Needs.of(block.state)
    return node


# What a notebook cell may do to its board, after building it, for the site to show it:
# methods that only set the board up (never one that writes a file or starts a search).
# ``study`` may read a study file, named relative to the notebook.
WIDGET_CALLS = frozenset(
    {"lesson", "puzzle", "study", "play", "setup", "goto", "back", "forward"}
)
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
    folder = Path(app.env.doc2path(app.env.docname)).parent  # a study file's, as a kernel's
    for cell in list(doctree.findall(nodes.container)):
        if cell.get("nb_element") != "cell_code":
            continue
        source = next(cell.findall(nodes.literal_block), None)  # the cell's code
        try:
            state = None if source is None else _cell_state(source.astext(), folder)
        except Exception as e:  # noqa: BLE001 - the cell's own literals: the reader's error
            why = e if isinstance(e, CernunosError) else f"{type(e).__name__}: {e}"
            doctree.reporter.warning(f"cernunos: this cell's board: {why}", base_node=cell)
            continue
        if state is None:
            continue
        for output in [c for c in cell.children if c.get("nb_element") == "cell_code_output"]:
            cell.remove(output)  # a saved widget view: the board below shows it
        cell += board_node(Block(state))


def _cell_state(source: str, folder: Path) -> dict | None:
    """The exported state of the board a cell's code shows (:func:`literal_widget_call`),
    None if it shows none; raises whatever the widget or the cell's literals raise. A
    study's file is read relative to ``folder``, the notebook's, as its kernel would."""
    from .widget.adapter import CernunosWidget

    found = literal_widget_call(source)
    if found is None:
        return None
    kwargs, calls = found
    widget = CernunosWidget(**kwargs)
    for method, args, keywords in calls:
        if method == "study" and args and _beside(folder, args[0]):
            args = [folder / args[0], *args[1:]]
        getattr(widget, method)(*args, **keywords)
    return widget.state_for_export()


def _beside(folder: Path, source: object) -> bool:
    """Whether a study's ``source`` names a file in ``folder`` (rather than being its text)."""
    return isinstance(source, str) and "\n" not in source and (folder / source).is_file()


def visit_board_html(self: Any, node: cernunos_board) -> None:
    self.body.append(node["html"])
    raise nodes.SkipNode


def skip_board(self: Any, node: cernunos_board) -> None:
    raise nodes.SkipNode


def add_page_code(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree: nodes.Node | None
) -> None:
    """Append the boards' code to a page that has boards (once a page, with what they
    need)."""
    if doctree is None or "body" not in context:
        return
    boards = list(doctree.findall(cernunos_board))
    if boards:
        needs = Needs()
        for board in boards:
            needs |= board.get("needs", Needs.everything())
        context["body"] += page_code(needs)


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
    app.add_directive("cernunos-study", StudyDirective)
    app.connect("doctree-read", notebook_boards)
    app.connect("html-page-context", add_page_code)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
