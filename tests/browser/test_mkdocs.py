"""A MkDocs site (Material for MkDocs) built with the Markdown extension, opened from disk
(file://) with every other request aborted (issue #34 item 2): its boards play by clicks,
an effect choice included, as the engine does; they follow Material's light/dark switch;
a study block shows its panel."""

from __future__ import annotations

import pytest
from mkdocs_site import build_mkdocs
from playwright.sync_api import expect

from browser.test_docsite import BOAR_BOARD, expect_engine, play_the_boar
from cernunos_widget.record import Game

GAME = "B@b2 B@b3 (D@a1 {a quieter start}) T@a1 D@c2"
STUDY = '[Chapter "One"] B@b2 B@b3\n\n[Chapter "Two"] [Mode "interactive"] T@a1 D@c2\n'
INDEX = f"""---
title: Boards
---
# Boards in MkDocs

A board set up from a CPN:

```cernunos
:size: 480px
{BOAR_BOARD}
```

!!! note
    A game, opened after two decisions:

```cernunos
:start: 2
{GAME}
```
"""


@pytest.fixture(scope="module")
def mkdocs_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mkdocs")
    pages = {
        "index.md": INDEX,
        "study.md": "# A study\n\n```cernunos-study\n:file: first.cgn\n```\n",
        "first.cgn": STUDY,
    }
    done = build_mkdocs(folder, pages)
    assert done.returncode == 0, done.stderr
    return folder / "site"


def test_a_board_plays_an_effect_choice_by_clicks_offline(mkdocs_site, page, offline):
    page.goto((mkdocs_site / "index.html").as_uri())
    expect(page.locator(".cw-root")).to_have_count(2)
    play_the_boar(page, ":nth-match(.cw-root, 1)", seed=5)
    # the other board did not move; it opened after the game's first two decisions
    expect_engine(page, ":nth-match(.cw-root, 2)", Game.parse(GAME).mainline()[1].position)
    width = page.evaluate("document.querySelector('.cernunos-site-board').offsetWidth")
    assert width <= 480
    assert offline == []


def test_the_boards_follow_materials_light_and_dark_switch(mkdocs_site, page, offline):
    page.goto((mkdocs_site / "index.html").as_uri())
    body = page.locator("body")
    expect(page.locator(".cw-root")).to_have_count(2)
    background = "getComputedStyle(document.querySelector('.cw-root')).backgroundColor"
    light = page.evaluate(background)
    page.locator("label[title=Dark]").click()  # Material's palette toggle, in the header
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    expect(body).to_have_attribute("data-jp-theme-light", "false")
    assert page.evaluate(background) != light
    page.locator("label[title=Light]").click()
    expect(body).to_have_attribute("data-jp-theme-light", "true")
    assert page.evaluate(background) == light
    assert offline == []


def test_a_study_block_shows_its_chapters(mkdocs_site, page, offline):
    page.goto((mkdocs_site / "study.html").as_uri())
    panel = page.locator("[data-study]")
    expect(panel).to_have_count(1)
    expect(panel.locator("[data-chapter]")).to_have_count(2)
    expect(panel.locator('[data-chapter="1"]')).to_have_attribute("data-mode", "interactive")
    assert offline == []
