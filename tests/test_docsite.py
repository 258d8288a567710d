"""The documentation site (issue #22 item 4) builds with the README's command and no
warning (-W); it holds the README, every page of docs/, the API reference, the example
notebooks with their boards, and the directive's page; a page carries the boards' code once,
and only if it has boards."""

from __future__ import annotations

import json
import re
from pathlib import Path

from site_builder import ROOT

from cernunos_widget import lessons
from cernunos_widget.study import Study

BOARD = "data-cernunos-board>"
CODE = "const { render } ="


def page(site: Path, name: str) -> str:
    return (site / name).read_text(encoding="utf-8")


def board_states(html: str) -> list[dict]:
    found = re.findall(
        r"<script type=\"application/json\" data-cernunos-board>(.*?)</script>", html, re.S
    )
    return [json.loads(text) for text in found]


def test_every_page_of_docs_and_every_notebook_is_in_the_site(built_site):
    for md in (ROOT / "docs").glob("*.md"):
        assert (built_site / f"{md.stem}.html").is_file(), md.name
    for notebook in (ROOT / "examples").glob("*.ipynb"):
        assert (built_site / "examples" / f"{notebook.stem}.html").is_file(), notebook.name
    index = re.sub(r"<[^>]+>", "", page(built_site, "index.html"))  # the README's text
    assert "The three commands" in index and "python -m sphinx -b html docs site" in index


def test_the_readme_links_reach_the_docs_pages(built_site):
    text = page(built_site, "index.html")
    article = text[text.index("<article") : text.index("</article>")]  # not the sidebar
    for target in ("widget.html", "games.html", "solver.html", "rules-notes.html", "sphinx.html"):
        assert f'<a class="reference internal" href="{target}' in article, target


def test_the_api_reference_is_generated_from_the_docstrings(built_site):
    api = page(built_site, "api.html")
    for name in (
        "cernunos_widget.CernunosWidget.play",
        "cernunos_widget.engine.Position.from_cpn",
        "cernunos_widget.record.Game.parse",
        "cernunos_widget.record.read_games",
        "cernunos_widget.solver.analyse",
        "cernunos_widget.solver.solve",
        "cernunos_widget.widget.static.boards_html",
    ):
        assert f'id="{name}"' in api, name
    from cernunos_widget.engine import Position

    first_line = Position.from_cpn.__doc__.strip().splitlines()[0]
    assert first_line.split()[0] in api


def test_the_notebooks_boards_play_in_the_site_and_the_code_comes_once(built_site):
    tour = page(built_site, "examples/tour.html")
    assert tour.count(BOARD) == 10  # every CernunosWidget(cpn=..., overlay=True) cell
    assert tour.count(CODE) == 1
    assert '"overlay": true' in tour
    analysis = page(built_site, "examples/analysis.html")
    assert analysis.count(BOARD) == 1  # w = CernunosWidget(cpn=...) then w
    first_steps = page(built_site, "examples/first-steps.html")
    assert first_steps.count(BOARD) == 0 and CODE not in first_steps  # CernunosWidget(p)


def test_the_course_and_the_lessons_notebook_play_in_the_site(built_site):
    (course,) = board_states(page(built_site, "learn.html"))
    assert course["lesson_state"]["name"] == lessons.load()[0].name
    assert len(course["course"]) == len(lessons.load())
    notebook, study = board_states(page(built_site, "examples/lessons.html"))
    # w = CernunosWidget(language="fr"); w.lesson("power", 3); w
    assert notebook["lesson_state"]["name"] == "power"
    assert notebook["lesson_state"]["exercise"] == 2  # the third, 0-based
    assert notebook["tree"]["settings"]["language"] == "fr"
    assert notebook["tree"]["start"] == lessons.lesson("power").exercises[2].cpn
    # w = CernunosWidget(); w.study("first-study.cgn", chapter=1); w: the file beside it
    assert [c["title"] for c in study["study_data"]["chapters"]] == [
        c.title for c in Study.load(ROOT / "examples" / "first-study.cgn").chapters
    ]
    assert study["study_state"]["chapter"] == 1


def test_the_studies_page_shows_the_worked_example_through_the_directive(built_site):
    text = page(built_site, "studies.html")
    (board,) = board_states(text)
    study = Study.load(ROOT / "examples" / "first-study.cgn")
    chapters = board["study_data"]["chapters"]
    assert [c["title"] for c in chapters] == [c.title for c in study.chapters]
    assert [c["mode"] for c in chapters] == ["normal", "interactive", "conceal", "practice"]
    assert board["study_state"]["chapter"] == 1  # :chapter: 1
    assert text.count(CODE) == 1
    assert "[Mode &quot;interactive&quot;]" in text  # the file itself, shown as written


def test_pages_without_boards_carry_no_board_code(built_site):
    for name in ("widget.html", "api.html", "solver.html", "examples/balance.html"):
        text = page(built_site, name)
        assert BOARD not in text and CODE not in text, name
    assert page(built_site, "sphinx.html").count(CODE) == 1


def test_the_site_asks_for_nothing_outside_itself(built_site):
    for html in built_site.rglob("*.html"):
        text = html.read_text(encoding="utf-8")
        for url in re.findall(r'(?:src|href)="(https?:[^"]+)"', text):
            assert not url.endswith((".js", ".css", ".woff2")), (html.name, url)
