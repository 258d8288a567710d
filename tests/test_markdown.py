"""The Markdown extension (cernunos_widget.markdown, issue #34 item 2): fenced cernunos blocks
in Python-Markdown and in a MkDocs site (Material), their options as the Sphinx directive's,
the boards' code once a page with only what they need, and a bad block a build error naming
the page and the block's line, never a traceback."""

from __future__ import annotations

import json
import re

import markdown
import pytest
from mkdocs_site import build_mkdocs

from cernunos_widget import lessons, puzzles
from cernunos_widget.engine import Position
from cernunos_widget.markdown import MarkdownBlockError
from cernunos_widget.record import Game

GAME = "B@b2 B@b3 (D@a1 {a quieter start}) T@a1 D@c2"
CPN = ".,w,.,./t,D,T,./.,T,.,. g 2 0-0"
STUDY = '[Chapter "One"] B@b2 B@b3\n\n[Chapter "Two"] [Mode "interactive"] T@a1 D@c2\n'
STATE = re.compile(r'<script type="application/json" data-cernunos-board>(.*?)</script>', re.S)
CODE = '<script type="module">'


def render(text: str, **config) -> str:
    return markdown.markdown(
        text, extensions=["cernunos_widget.markdown", "fenced_code"],
        extension_configs={"cernunos_widget.markdown": config},
    )  # fmt: skip


def states(html: str) -> list[dict]:
    return [json.loads(found) for found in STATE.findall(html)]


def test_a_game_block_opens_at_start_with_the_directives_options():
    page = f"# Title\n\n```cernunos\n:start: 2\n:size: 420px\n:walk-only:\n:overlay:\n{GAME}\n```\n"
    html = render(page)
    (state,) = states(html)
    game = Game.parse(GAME)
    assert state["tree"]["current"] == game.mainline()[1].id  # after B@b2 B@b3
    assert state["tree"]["packed"]["decisions"].count("D@a1") == 1  # the variation came along
    assert state["playable"] is False and state["tree"]["settings"]["overlay"] is True
    assert '<div class="cernunos-site-board" style="max-width: 420px">' in html
    assert html.index("<h1>Title</h1>") < html.index("data-cernunos-board")
    assert html.count(CODE) == 1 and html.index(CODE) > html.index("data-cernunos-board")


def test_boards_share_one_code_with_what_they_need_and_other_fences_stay_code():
    page = (
        f"~~~~cernunos\n{CPN}\n~~~~\n\nText.\n\n  ```cernunos\n  :language: fr\n  B@b2\n  ```\n\n"
        "```cernunos-puzzles\n:count: 2\n```\n\n```python\nprint('cernunos')\n```\n"
    )
    html = render(page)
    cpn, french, puzzle = states(html)
    assert cpn["tree"]["start"] == Position.from_cpn(CPN).cpn() and cpn["playable"] is True
    assert french["tree"]["settings"]["language"] == "fr"
    assert [p["id"] for p in puzzle["tree"]["puzzle"]["set"]] == [
        p.id for p in puzzles.pick(count=2)
    ]
    assert html.count(CODE) == 1 and "createPuzzle" in html and "createLesson" not in html
    assert '"fr":{' in html
    assert "<code class=\"language-python\">print('cernunos')" in html
    assert CODE not in render("# No board\n\n```text\ncernunos\n```\n")


def test_one_markdown_converting_page_after_page_gives_each_page_its_own_code():
    """A Markdown reused without reset() (as a generator may): the code follows each page's
    boards; the table of contents' titles never carry it."""
    md = markdown.Markdown(extensions=["cernunos_widget.markdown", "toc"])
    board = md.convert("# Board [TOC]\n\n```cernunos-puzzles\n:count: 1\n```\n")
    plain = md.convert("# Plain\n\nNo board.\n")
    assert board.count(CODE) == 1 and CODE not in plain
    assert CODE not in md.toc and "data-cernunos-board" not in json.dumps(md.toc_tokens)


def test_the_lessons_and_a_study_from_its_text_or_its_file(tmp_path):
    (tmp_path / "first.cgn").write_text(STUDY, encoding="utf-8")
    page = (
        "```cernunos-lessons\n:lesson: power\n:language: fr\n```\n\n"
        f"```cernunos-study\n:chapter: 1\n{STUDY}```\n\n"
        "```cernunos-study\n:file: first.cgn\n```\n"
    )
    course, inline, from_file = states(render(page, folder=str(tmp_path)))
    assert course["lesson_state"]["name"] == "power" and course["lesson_state"]["language"] == "fr"
    assert [lesson["name"] for lesson in course["course"]] == [x.name for x in lessons.load()]
    assert inline["study_state"]["chapter"] == 1
    assert [c["title"] for c in from_file["study_data"]["chapters"]] == ["One", "Two"]


@pytest.mark.parametrize(
    ("page", "said"),
    [
        (
            "# T\n\n```cernunos\n:start: 3\nB@b2 B@b3\n```\n",
            "line 3: cernunos: BoardError: start is 0..2",
        ),
        (
            "# T\n\n```cernunos\nB@b2 B@b3\nT@a1 D@a1\nW@z9\n```\n",
            "line 6: cernunos: GameTextError",
        ),
        ("```cernunos\n\n.,.,.,./.,.,.,. g 2 0-0\n```\n", "line 3: cernunos: CpnSyntaxError"),
        (
            "```cernunos\n:language: de\nB@b2\n```\n",
            "line 1: cernunos: LanguageError: unknown language 'de'",
        ),
        (
            "```cernunos\n:size: 12 parsecs\nB@b2\n```\n",
            "line 2: cernunos: the option :size: 12 parsecs: size is a CSS length",
        ),
        (
            "x\n\n```cernunos\n:colour: red\nB@b2\n```\n",
            "line 4: cernunos has no option :colour: (its options: :start:, :walk-only:",
        ),
        (
            "```cernunos\n:walk-only: yes\nB@b2\n```\n",
            "line 2: cernunos: the option :walk-only: yes: no argument is allowed",
        ),
        ("```cernunos\n:start: 1\n```\n", "line 1: a cernunos block needs a game text or a CPN"),
        ("```cernunos\nB@b2\n", "line 1: this block has no closing ```"),
        (
            "```cernunos-lessons\n:lesson: nope\n```\n",
            "line 1: cernunos-lessons: LessonError: no lesson 'nope'",
        ),
        (
            "```cernunos-lessons\n\nHello\n```\n",
            "line 3: a cernunos-lessons block takes options only (:lesson:, :language:, :size:)",
        ),
        (
            "```cernunos-puzzles\n:count: 0\n```\n",
            "line 2: cernunos-puzzles: the option :count: 0: negative or zero value",
        ),
        (
            "```cernunos-puzzles\n:rating: 1-2\n```\n",
            "line 1: cernunos-puzzles: PuzzleError: no puzzle is rated 1 to 2",
        ),
        (
            "```cernunos-study\n:file: none.cgn\n```\n",
            "line 1: cernunos-study: BoardError: the study file none.cgn: no study file",
        ),
        (
            "```cernunos-study\n```\n",
            "line 1: cernunos-study: BoardError: a cernunos-study block has a :file: option or a"
            " study's text",
        ),
        (
            '```cernunos-study\n[Chapter "A"] B@b2\n\n[Mode "sideways"] B@b2\n```\n',
            "line 4: cernunos-study: GameFileError",
        ),
    ],
)
def test_a_bad_block_says_its_line_and_why(tmp_path, page, said):
    with pytest.raises(MarkdownBlockError) as error:
        render(page, folder=str(tmp_path))
    assert str(error.value).startswith(said), str(error.value)


def test_a_mkdocs_site_with_boards_builds_strict_and_only_pages_with_boards_carry_code(tmp_path):
    pages = {
        "index.md": f"---\ntitle: Home\n---\n# Boards\n\n```cernunos\n{GAME}\n```\n",
        "plain.md": "# Plain\n\nNo board here.\n",
        "studies/first.md": "# A study\n\n```cernunos-study\n:file: first.cgn\n```\n",
        "studies/first.cgn": STUDY,
    }
    done = build_mkdocs(tmp_path, pages)
    assert done.returncode == 0, done.stderr
    site = tmp_path / "site"
    index = (site / "index.html").read_text("utf-8")
    (state,) = states(index)
    assert state["tree"]["current"] == Game.parse(GAME).root.end().id
    assert index.count(CODE) == 1 and 'data-needs="en"' in index
    assert "data-cernunos-board" not in (site / "plain.html").read_text("utf-8")
    assert CODE not in (site / "plain.html").read_text("utf-8")
    (study,) = states((site / "studies" / "first.html").read_text("utf-8"))
    assert [c["title"] for c in study["study_data"]["chapters"]] == ["One", "Two"]
    search = (site / "search" / "search_index.json").read_text("utf-8")
    assert "B@b2" not in search and "cw-root" not in search  # the boards' code is not text


def test_a_bad_block_stops_the_mkdocs_build_naming_the_page_and_its_line(tmp_path):
    bad = "---\ntitle: Bad\n---\n# Bad\n\nSome text.\n\n```cernunos\nB@b2\nW@z9\n```\n"
    done = build_mkdocs(tmp_path, {"index.md": "# Home\n", "guide/bad.md": bad})
    assert done.returncode == 1
    assert "Error reading page 'guide/bad.md'" in done.stderr
    # line 10 of the file: its front matter counted
    assert "guide/bad.md:10: cernunos: GameTextError:" in done.stderr and "W@z9" in done.stderr
    assert "Aborted with a BuildError!" in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
