"""The Sphinx extension (cernunos_widget.sphinx): the cernunos directive in reStructuredText
and in MyST, its options, the page's code carried once, errors as Sphinx errors naming the
file and the line, and the boards under a notebook's literal CernunosWidget(...) cells."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import nbformat
import pytest
from sphinx.testing.util import SphinxTestApp

from cernunos_widget import lessons, puzzles
from cernunos_widget.engine import Position
from cernunos_widget.record import Game
from cernunos_widget.sphinx import is_cpn, literal_widget_call

GAME = "B@b2 B@b3 (D@a1 {a quieter start}) T@a1 D@c2"
BOARD = re.compile(r"<script type=\"application/json\" data-cernunos-board>(.*?)</script>", re.S)


def build(tmp_path: Path, pages: dict[str, str], myst: str | None = None) -> tuple[dict, str]:
    """Build ``pages`` (name -> source) with the extension (and ``myst``: myst_parser or
    myst_nb); the HTML of each page and the warnings Sphinx printed."""
    src = tmp_path / "src"
    src.mkdir(parents=True, exist_ok=True)
    extensions = [myst, "cernunos_widget.sphinx"] if myst else ["cernunos_widget.sphinx"]
    # A source_suffix of the build's own: without one, Sphinx adds the extensions' suffixes
    # to its default dict, shared by every build in the process (sphinx-doc/sphinx#11795),
    # and a myst_parser build after a myst_nb one looked for the "myst-nb" parser
    conf = (
        f"extensions = {extensions!r}\nhtml_theme = 'basic'\nnb_execution_mode = 'off'\n"
        "source_suffix = {'.rst': 'restructuredtext'}\n"
    )
    (src / "conf.py").write_text(conf)
    for name, text in pages.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text, encoding="utf-8")
    warnings = io.StringIO()
    # SphinxTestApp undoes what an app registers in docutils, so builds can follow each other
    app = SphinxTestApp("html", srcdir=src, builddir=tmp_path / "build", warning=warnings)
    try:
        app.build()
    finally:
        app.cleanup()
    out = tmp_path / "build" / "html"
    html = {name: (out / Path(name).with_suffix(".html")).read_text("utf-8") for name in pages}
    return html, re.sub(r"\x1b\[[0-9;]*m", "", warnings.getvalue())


def states(html: str) -> list[dict]:
    return [json.loads(m) for m in BOARD.findall(html)]


def rst(body: str, options: str = "") -> str:
    indented = "\n".join("   " + line for line in body.splitlines())
    return f"Title\n=====\n\n.. cernunos::\n{options}\n{indented}\n"


def test_a_game_text_in_rst_opens_at_start_with_its_options(tmp_path):
    options = "   :start: 2\n   :size: 420px\n   :walk-only:\n   :overlay:\n"
    html, warnings = build(tmp_path, {"index.rst": rst(GAME, options)})
    assert warnings == ""
    (state,) = states(html["index.rst"])
    game = Game.parse(GAME)
    assert state["tree"]["current"] == game.mainline()[1].id  # after B@b2 B@b3
    assert len(state["tree"]["packed"]["ids"]) == len(game.nodes())  # the variation came along
    assert state["static"] is True and state["playable"] is False
    assert state["tree"]["settings"]["overlay"] is True
    assert '<div class="cernunos-site-board" style="max-width: 420px">' in html["index.rst"]


def test_a_cpn_in_myst_sets_up_that_position_playable_at_the_end(tmp_path):
    cpn = ".,w,.,./t,D,T,./.,T,.,. g 2 0-0"
    page = f"# Title\n\n```{{cernunos}}\n{cpn}\n```\n\n```{{cernunos}}\n{GAME}\n```\n"
    html, warnings = build(tmp_path, {"index.md": page}, myst="myst_parser")
    assert warnings == ""
    first, second = states(html["index.md"])
    assert first["tree"]["start"] == Position.from_cpn(cpn).cpn()
    assert first["playable"] is True and first["tree"]["settings"]["overlay"] is False
    assert second["tree"]["current"] == Game.parse(GAME).root.end().id  # default: the end
    assert "style=" not in html["index.md"].split("cernunos-site-board")[1][:5]


def test_a_myst_parser_build_after_a_myst_nb_build_in_one_process(tmp_path):
    """Issue #35 item 4: the myst_nb build left ".md" -> "myst-nb" in Sphinx's shared
    default source_suffix, and the next myst_parser build stopped with "Source parser for
    myst-nb not registered" (each build must stand alone, whatever the tests' order)."""
    cell = nbformat.v4.new_code_cell("CernunosWidget(cpn='.,.,.,./.,T,.,./t,.,.,. g 2 0-0')")
    notebook = nbformat.writes(nbformat.v4.new_notebook(cells=[cell]))
    html, _ = build(tmp_path / "nb", {"index.ipynb": notebook}, myst="myst_nb")
    assert len(states(html["index.ipynb"])) == 1
    page = f"# Title\n\n```{{cernunos}}\n{GAME}\n```\n"
    html, warnings = build(tmp_path / "md", {"index.md": page}, myst="myst_parser")
    assert warnings == ""
    (state,) = states(html["index.md"])
    assert state["tree"]["current"] == Game.parse(GAME).root.end().id


def test_the_page_code_comes_once_a_page_and_only_on_pages_with_boards(tmp_path):
    pages = {
        "index.rst": rst("B@b2") + "\n.. cernunos::\n\n   B@c1\n\n.. toctree::\n\n   other\n",
        "other.rst": "Other\n=====\n\nNo board here.\n",
    }
    html, warnings = build(tmp_path, pages)
    assert warnings == ""
    assert len(states(html["index.rst"])) == 2
    assert html["index.rst"].count("const { render } =") == 1
    assert html["index.rst"].count("/* Cernunos board.") == 1  # the widget's CSS, once
    assert "const { render } =" not in html["other.rst"]
    assert "/* Cernunos board." not in html["other.rst"]


def test_a_pages_code_carries_what_its_boards_need_only(tmp_path):
    """One path with the static pages (issue #34 item 4): a page of game boards has neither
    the lessons' nor the puzzles' code, nor French; a page of puzzles has the puzzles'."""
    pages = {
        "index.rst": rst("B@b2") + "\n.. toctree::\n\n   other\n",
        "other.rst": puzzles_rst(":count: 2"),
    }
    html, warnings = build(tmp_path, pages)
    assert warnings == ""
    for absent in ("createLesson", "createPuzzle", '"fr":{'):
        assert absent not in html["index.rst"], absent
    assert "createPuzzle" in html["other.rst"] and "createLesson" not in html["other.rst"]
    assert html["other.rst"].count("const { render } =") == 1


@pytest.mark.parametrize(
    ("body", "line", "reason"),
    [
        # line 4 is the directive, 6 its content's first line
        (".,.,.,./.,.,.,. g 2 0-0", 6, "CpnSyntaxError"),
        ("B@b2 B@b3\nT@a1 D@a1\nW@z9", 8, "W@z9"),  # the bad decision's own line
        ("B@b2 (B@b3", 6, "GameTextError"),
    ],
)
def test_a_bad_text_is_a_sphinx_error_at_its_file_and_line(tmp_path, body, line, reason):
    html, warnings = build(tmp_path, {"index.rst": rst(body)})
    assert f"index.rst:{line}: ERROR: cernunos:" in warnings
    assert reason in warnings
    assert "Traceback" not in warnings and "Exception" not in warnings
    assert states(html["index.rst"]) == []


def test_the_language_option_sets_the_boards_words(tmp_path):
    html, warnings = build(tmp_path, {"index.rst": rst("B@b2", "   :language: fr\n")})
    assert warnings == ""
    (state,) = states(html["index.rst"])
    assert state["tree"]["settings"]["language"] == "fr"


def test_bad_options_are_sphinx_errors_naming_what_is_accepted(tmp_path):
    pages = {
        "index.rst": rst("B@b2 B@b3", "   :start: 3\n")
        + "\n.. cernunos::\n   :size: 12 parsecs\n\n   B@b2\n\n.. cernunos::\n\n"
        + ".. cernunos::\n   :language: de\n\n   B@b2\n",
    }
    _, warnings = build(tmp_path, pages)
    assert "index.rst:16: ERROR: cernunos: LanguageError: unknown language 'de'" in warnings
    # the directives stand on lines 4, 9 and 14
    assert "index.rst:4: ERROR: cernunos: BoardError: start is 0..2" in warnings
    assert "index.rst:9: ERROR" in warnings and "size is a CSS length" in warnings
    assert "index.rst:14: ERROR" in warnings and "needs a game text or a CPN" in warnings
    assert "Traceback" not in warnings


def test_a_notebook_cell_of_literals_gets_its_board_and_a_bad_one_a_warning(tmp_path):
    cells = [
        nbformat.v4.new_markdown_cell("# Title"),
        nbformat.v4.new_code_cell("CernunosWidget(cpn='.,.,.,./.,T,.,./t,.,.,. g 2 0-0')"),
        nbformat.v4.new_code_cell("CernunosWidget(cpn='not a cpn')"),
        nbformat.v4.new_code_cell("CernunosWidget(cpn='.,.,.,./.,.,.,./.,.,.,. g 2 0-0', game='')"),
    ]
    python = {"language_info": {"name": "python"}}
    notebook = nbformat.writes(nbformat.v4.new_notebook(cells=cells, metadata=python))
    html, warnings = build(tmp_path, {"index.ipynb": notebook}, myst="myst_nb")
    (state,) = states(html["index.ipynb"])
    assert state["tree"]["start"] == ".,.,.,./.,T,.,./t,.,.,. g 2 0-0"
    assert html["index.ipynb"].count("const { render } =") == 1
    assert "index.ipynb" in warnings and "cernunos: this cell's board:" in warnings
    assert "CPN" in warnings and "give at most one of position, cpn and game" in warnings
    assert "Traceback" not in warnings


def test_cpn_or_game_text():
    assert is_cpn(".,.,.,./.,.,.,./.,.,.,. g 2 0-0")
    assert not is_cpn("B@b2 B@b3")
    assert not is_cpn('[CPN ".,.,.,./.,.,.,./.,.,.,. g 2 0-0"] B@b2')
    assert not is_cpn("{a/b} B@b2")


def test_a_cell_whose_literals_a_trait_refuses_is_a_warning_and_the_build_goes_on(tmp_path):
    """Issue #36 item 7. Main: ``CernunosWidget(overlay="yes")`` (a TraitError) stopped the
    whole build with "Extension error"."""
    cells = [
        nbformat.v4.new_code_cell('CernunosWidget(overlay="yes")'),
        nbformat.v4.new_code_cell("CernunosWidget(cpn='.,.,.,./.,T,.,./t,.,.,. g 2 0-0')"),
    ]
    python = {"language_info": {"name": "python"}}
    notebook = nbformat.writes(nbformat.v4.new_notebook(cells=cells, metadata=python))
    html, warnings = build(tmp_path, {"index.ipynb": notebook}, myst="myst_nb")
    assert len(states(html["index.ipynb"])) == 1  # the good cell's board
    assert "cernunos: this cell's board: TraitError: The 'overlay' trait" in warnings
    assert "Extension error" not in warnings and "Traceback" not in warnings


def test_a_cell_whose_literals_python_refuses_or_cannot_parse_does_not_stop_the_build(tmp_path):
    """Issue #36 item 7, the cell's source itself: ``{[]: 1}`` (a TypeError when its
    literals are evaluated) stopped the whole build with "Extension error", as did a cell
    nested beyond the parser's limits (RecursionError, MemoryError)."""
    good = "CernunosWidget(cpn='.,.,.,./.,T,.,./t,.,.,. g 2 0-0')"
    sources = [
        "CernunosWidget(cpn={[]: 1})",
        "CernunosWidget(cpn=" + "1+" * 100_000 + "1)",
        "CernunosWidget(cpn=" + "-" * 100_000 + "1)",
        good,
    ]
    cells = [nbformat.v4.new_code_cell(source) for source in sources]
    python = {"language_info": {"name": "python"}}
    notebook = nbformat.writes(nbformat.v4.new_notebook(cells=cells, metadata=python))
    html, warnings = build(tmp_path, {"index.ipynb": notebook}, myst="myst_nb")
    (state,) = states(html["index.ipynb"])  # the good cell's board
    assert state["tree"]["start"] == ".,.,.,./.,T,.,./t,.,.,. g 2 0-0"
    assert "cernunos: this cell's board: TypeError: unhashable type: 'list'" in warnings
    assert warnings.count("WARNING") == 1, warnings  # cells Python cannot parse show no board
    assert "Extension error" not in warnings and "Traceback" not in warnings


def test_a_cell_with_a_saved_widget_view_still_gets_its_board(tmp_path):
    """Issue #35 item 7: once JupyterLab saved the tour's outputs (a widget view, as below),
    the docs build drew no board for its cells."""
    cell = nbformat.v4.new_code_cell("CernunosWidget(cpn='.,.,.,./.,T,.,./t,.,.,. g 2 0-0')")
    view = {"model_id": "5f2c", "version_major": 2, "version_minor": 0}
    cell.outputs = [
        nbformat.v4.new_output(
            "execute_result",
            {
                "application/vnd.jupyter.widget-view+json": view,
                "text/plain": "CernunosWidget(cpn='.,.,.,./.,T,.,./t,.,.,. g 2 0-0')",
            },
            execution_count=1,
        )
    ]
    cell.execution_count = 1
    python = {"language_info": {"name": "python"}}
    notebook = nbformat.writes(nbformat.v4.new_notebook(cells=[cell], metadata=python))
    html, warnings = build(tmp_path, {"index.ipynb": notebook}, myst="myst_nb")
    (state,) = states(html["index.ipynb"])
    assert state["tree"]["start"] == ".,.,.,./.,T,.,./t,.,.,. g 2 0-0"
    assert "cell_input" in html["index.ipynb"]  # the cell's source stays
    assert "cell_output" not in html["index.ipynb"]  # its saved view gave way to the board


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("CernunosWidget(cpn='x', overlay=True)", ({"cpn": "x", "overlay": True}, [])),
        (
            "from a import CernunosWidget\n\nw = CernunosWidget(game='B@b2')\nw",
            ({"game": "B@b2"}, []),
        ),
        ("CernunosWidget()", ({}, [])),
        (
            "w = CernunosWidget(language='fr')\nw.lesson('power', 3)\nw.play('B@b2')\nw",
            ({"language": "fr"}, [("lesson", ["power", 3], {}), ("play", ["B@b2"], {})]),
        ),
        (
            "w = CernunosWidget()\nw.study('first-study.cgn', chapter=1)\nw",
            ({}, [("study", ["first-study.cgn"], {"chapter": 1})]),
        ),
        ("CernunosWidget(p)", None),  # a variable: only running the notebook knows it
        ("CernunosWidget(cpn=make())", None),
        ("CernunosWidget(**options)", None),
        ("w = CernunosWidget()\nw.to_html('x.html')\nw", None),  # writes a file: not run
        ("w = CernunosWidget()\nw.play(line)\nw", None),
        ("w = CernunosWidget()\nv.play('B@b2')\nw", None),
        ("w = CernunosWidget()\nprint(w)", None),
        ("w = CernunosWidget()\nv", None),
        ("Other(cpn='x')", None),
        ("x = 1 +", None),
    ],
)
def test_a_notebook_cell_shows_a_board_only_when_its_arguments_are_literals(source, expected):
    assert literal_widget_call(source) == expected


def test_the_lessons_directive_opens_the_course_where_asked(tmp_path):
    pages = {"index.rst": "Title\n=====\n\n.. cernunos-lessons::\n   :lesson: power\n"
             "   :language: fr\n\n.. cernunos-lessons::\n   :lesson: nope\n"}  # fmt: skip
    html, warnings = build(tmp_path, pages)
    (state,) = states(html["index.rst"])
    assert state["lesson_state"]["name"] == "power" and state["lesson_state"]["language"] == "fr"
    assert [lesson["name"] for lesson in state["course"]] == [x.name for x in lessons.load()]
    assert state["tree"]["start"] == lessons.lesson("power").exercises[0].cpn
    assert "index.rst:8: ERROR: cernunos-lessons: LessonError: no lesson 'nope'" in warnings


def puzzles_rst(*option_sets: str) -> str:
    """A page of ``cernunos-puzzles`` directives (on lines 4, 4 + 4, ...: each with one
    option line, then a blank)."""
    blocks = "".join(f".. cernunos-puzzles::\n   {options}\n\n" for options in option_sets)
    return f"Title\n=====\n\n{blocks}"


def test_the_puzzles_directive_picks_by_count_rating_and_ids(tmp_path):
    committed = puzzles.load()
    ids = f"{committed[7].id}, {committed[3].id}"
    page = puzzles_rst(":count: 6", ":rating: 900-1000", f":ids: {ids}")
    page += ".. cernunos-puzzles::\n   :rating: 900..1000\n   :count: 3\n   :language: fr\n"
    html, warnings = build(tmp_path, {"index.rst": page})
    assert warnings == ""
    spread, rated, named, french = states(html["index.rst"])
    for state, chosen in (
        (spread, puzzles.pick(count=6)),
        (rated, puzzles.pick(rating=(900, 1000))),
        (named, [committed[7], committed[3]]),
        (french, puzzles.pick(rating=(900, 1000), count=3)),
    ):
        run = state["tree"]["puzzle"]
        assert [p["id"] for p in run["set"]] == [p.id for p in chosen]
        assert run["puzzle"]["id"] == chosen[0].id and run["solved"] == 0
        assert state["tree"]["start"] == chosen[0].cpn
        assert state["static"] is True and state["playable"] is True
    assert spread["tree"]["puzzle"]["set"][-1]["id"] == committed[-1].id  # up to the hardest
    assert french["tree"]["settings"]["language"] == "fr"
    assert spread["tree"]["settings"]["language"] == "en"


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (":ids: nope", "ERROR: cernunos-puzzles: PuzzleError: no puzzle has the id 'nope'"),
        (":rating: 1-2", "ERROR: cernunos-puzzles: PuzzleError: no puzzle is rated 1 to 2"),
        (":rating: hard", "rating is a range such as 900-1200 (low to high), not 'hard'"),
        (":rating: 1200-900", "rating is a range such as 900-1200"),
        (":count: 0", "invalid option value: (option: \"count\"; value: '0')"),
        (":language: de", "ERROR: cernunos-puzzles: LanguageError: unknown language 'de'"),
        (":size: big", "size is a CSS length"),
        (":count: 2\n\n   Some content", "no content permitted"),
    ],
)
def test_a_bad_puzzles_option_is_a_sphinx_error_at_the_directives_line(tmp_path, options, said):
    html, warnings = build(tmp_path, {"index.rst": puzzles_rst(options)})
    assert "index.rst:4: ERROR" in warnings  # the directive's line
    assert said in warnings
    assert "Traceback" not in warnings
    assert states(html["index.rst"]) == []


STUDY = '[Chapter "One"] B@b2 B@b3\n\n[Chapter "Two"] [Mode "interactive"] T@a1 D@c2\n'


def test_the_study_directive_plays_a_file_beside_the_document_or_its_text(tmp_path):
    """A study is one more kind of block (widget/blocks.py, shared with the Markdown
    extension): a file relative to the document, or the study's text as the content."""
    (tmp_path / "src" / "guide").mkdir(parents=True)
    (tmp_path / "src" / "guide" / "first.cgn").write_text(STUDY, encoding="utf-8")
    text = "\n".join("   " + line for line in STUDY.splitlines())
    guide = (
        "Guide\n=====\n\n.. cernunos-study:: first.cgn\n   :chapter: 1\n   :language: fr\n\n"
        f".. cernunos-study::\n\n{text}\n\n.. cernunos-study:: none.cgn\n"
    )
    index = rst("B@b2") + "\n.. toctree::\n\n   guide/page\n"
    html, warnings = build(tmp_path, {"index.rst": index, "guide/page.rst": guide})
    from_file, inline = states(html["guide/page.rst"])
    assert from_file["study_state"]["chapter"] == 1
    assert from_file["tree"]["settings"]["language"] == "fr"
    assert [c["title"] for c in inline["study_data"]["chapters"]] == ["One", "Two"]
    assert html["guide/page.rst"].count('data-needs="studies en fr"') == 2
    assert "page.rst:14: ERROR: cernunos-study: BoardError: the study file none.cgn" in warnings
