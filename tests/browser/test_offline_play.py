"""Boards that play without a kernel (issue #21 item 3): a to_html page opened from file://
and an nbconvert export, every request that leaves the file system aborted, play a whole
game by clicks with every kind of choice (placement, Boar target, Fox swap and order, Crow
cell, growth, final placement's pass); at each step the page's ``data-cpn`` and
``data-pending`` are the engine's. Then the reader branches, promotes, deletes, annotates,
comments, types decisions, is refused an illegal click with the engine's reason, and copies
the game text: it is what the engine writes for the same tree."""

from __future__ import annotations

import random
import re
from pathlib import Path

import nbclient
import nbformat
import pytest
from playwright.sync_api import expect

from browser.clicks import final_click, live_preview
from cernunos_widget.engine import CernunosError, Player, Position
from cernunos_widget.record.tree import Game
from cernunos_widget.session import gamefiles
from cernunos_widget.session.core import Session
from cernunos_widget.session.view import pending_tag
from cernunos_widget.solver import Limit, solve
from cernunos_widget.widget.adapter import CernunosWidget
from cernunos_widget.widget.embed import export_notebook_html, fetch_embed_assets
from cernunos_widget.widget.static import to_html

# A seeded game (random.Random(1278), passing when it may) holding every kind of choice.
GAME = str.split(
    "T@d2 C@d3 B@b1 B@d3 X@c3 d3 d3 T@b3 C@c3 b3 F@a2 F@c2 D@c1 D@a3 W@d2 grow:b3,d3 W@d3 "
    "W@b2 S@a3 D@c3 D@b1 D@a3 W@c3 X@b2 c1~a3 S@a3 B@c1 c2 D@d2 T@b2 B@b2 a2 B@a2 b2 a3 pass"
)
CHOICES = {"placement", "growth", "boar-target", "fox-swap", "fox-order", "crow-cell"}
CHOICES |= {"final-placement"}


def test_the_game_holds_every_kind_of_choice():
    position, seen = Position.start(), set()
    for decision in GAME:
        seen.add(position.choice)
        position = position.play(decision)
    assert seen == CHOICES and position.is_over and GAME[-1] == "pass"


def expect_engine(page, position: Position) -> None:
    root = page.locator(".cw-root").first
    expect(root).to_have_attribute("data-pending", pending_tag(position))
    if position.at_boundary:
        expect(root).to_have_attribute("data-cpn", position.cpn())
    else:
        expect(root).to_have_attribute("data-cpn", "")


def play_the_game(page) -> None:
    """Every decision of GAME by clicks, the page checked against the engine at each."""
    position = Position.start()
    expect_engine(page, position)
    for decision in GAME:
        final_click(page, decision).click()
        position = position.play(decision)
        expect_engine(page, position)
    expect(page.locator(".cw-root [data-role=prompt]")).to_contain_text("Green wins")


def branch_annotate_and_export(page) -> None:
    """What a reader does with the tree, offline; the game text is the engine's."""
    message = page.locator(".cw-root [data-role=message]")
    page.locator(".cw-root").first.focus()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # after T@d2 C@d3: Purple to place
    fork = Position.start().play("T@d2").play("C@d3")
    expect_engine(page, fork)
    page.locator('.cw-root [data-kind="T"][data-player="p"]').first.click()
    page.locator('.cw-root [data-cell="d2"]').first.click()  # Green's Tree, power 1
    expect(message).to_contain_text("Tree cannot go on d2")
    trees = " ".join(d for d in fork.legal_texts() if d.startswith("T@"))
    expect(message).to_contain_text(f"(R-11); legal Tree placements: {trees}")  # as the kernel
    expect_engine(page, fork)  # nothing changed
    final_click(page, "B@a1").click()  # a new variation
    branch = fork.play("B@a1")
    expect_engine(page, branch)
    expect(page.locator(".cw-root [data-movelist] .cw-variation")).to_have_count(1)
    first = branch.legal_texts()[0]
    second = branch.play(first).legal_texts()[-1]
    command = page.locator(".cw-root [data-command]")
    command.fill("<img src=x onerror=\"document.title='owned'\">")  # stays text (item 6)
    command.press("Enter")
    expect(page.locator(".cw-root .cw-command-error")).to_contain_text("bad decision '<img'")
    assert page.locator(".cw-root img").count() == 0 and page.title() != "owned"
    command.fill(f"{first} {second}")  # two decisions typed: one request, all or nothing
    command.press("Enter")
    expect_engine(page, branch.play(first).play(second))
    typed = f"{branch.play(first).play(second).legal_texts()[0]} Q@z9"
    command.fill(typed)
    command.press("Enter")
    with pytest.raises(CernunosError) as refusal:
        Session(Game(branch.play(first).play(second))).play(typed)
    expect(page.locator(".cw-root .cw-command-error")).to_have_text(str(refusal.value))
    expect(command).to_have_value(typed)  # nothing typed is lost
    page.locator(".cw-root").first.focus()
    page.keyboard.press("ArrowLeft")  # to the first typed decision
    page.locator('.cw-root [data-glyph="?!"]').click()
    page.locator(".cw-root [data-comment]").fill("a {brace} and a \\ backslash")
    page.locator(".cw-root [data-comment]").blur()
    page.locator(".cw-root [data-action=promote]").click()
    page.locator(".cw-root").first.focus()
    page.keyboard.press("ArrowRight")
    page.locator(".cw-root [data-action=delete]").click()  # the second typed decision goes
    expect_engine(page, branch.play(first))
    game = Game()
    node = game.root.play("T@d2")
    main = node.play("C@d3")
    for decision in GAME[2:]:
        main = main.play(decision)
    typed = node.children[0].play("B@a1").play(first)
    typed.glyph, typed.comment = "?!", "a {brace} and a \\ backslash"
    node.children[0].children.reverse()  # promoted: B@a1 is the main line now
    page.locator(".cw-root [data-action=edit]").click()
    page.locator('.cw-root [data-edit="export"]').click()
    expect(page.locator('.cw-root [data-edit-field="game"]')).to_have_value(game.export())
    with page.expect_download() as download:
        page.locator('.cw-root [data-edit="download-cgn"]').click()
    saved = Path(download.value.path()).read_text(encoding="utf-8")
    assert saved == gamefiles.cgn_text(Session(game))  # result tags filled


def test_a_to_html_page_plays_a_whole_game_offline(tmp_path, page, offline):
    path = tmp_path / "board.html"
    CernunosWidget().to_html(path)
    page.goto(path.as_uri())
    expect(page.locator(".cw-root")).to_have_attribute("data-playable", "true", timeout=30_000)
    play_the_game(page)
    branch_annotate_and_export(page)
    assert offline == []


def test_a_walk_only_page_refuses_to_play(tmp_path, page, offline):
    path = tmp_path / "board.html"
    CernunosWidget(game="B@b2").to_html(path, playable=False)
    page.goto(path.as_uri())
    root = page.locator(".cw-root")
    expect(root).to_have_attribute("data-playable", "false", timeout=30_000)
    page.locator('.cw-root [data-cell="a3"]').click()
    expect(page.locator(".cw-root [data-role=message]")).to_contain_text("walk-only page")
    expect(page.locator('.cw-root [data-kind="T"][data-player="p"]')).to_be_disabled()
    assert offline == []


def test_an_exported_notebook_plays_a_whole_game_offline(tmp_path, page, offline):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    code = "from cernunos_widget import CernunosWidget\nCernunosWidget()"
    nb.cells = [nbformat.v4.new_code_cell(code)]
    nbclient.NotebookClient(nb, kernel_name="python3", timeout=120).execute()
    notebook = tmp_path / "board.ipynb"
    nbformat.write(nb, notebook)
    assets = fetch_embed_assets(tmp_path / "assets")
    html = export_notebook_html(notebook, tmp_path / "site" / "board.html", assets)
    page.goto(html.as_uri())
    expect(page.locator(".cw-root")).to_have_attribute("data-static", "true", timeout=30_000)
    play_the_game(page)
    assert offline == []


def test_a_page_whose_kernel_never_answers_plays_by_itself(tmp_path, page, offline):
    """A saved notebook opened without its kernel: the page's ping goes nowhere (here, a
    model whose send does nothing), so after 4 s it plays with its own session."""
    path = live_preview(CernunosWidget(game="T@d2"), tmp_path / "silent.html")
    page.goto(path.as_uri())
    root = page.locator(".cw-root").first
    expect(root).to_have_attribute("data-static", "true", timeout=30_000)
    final_click(page, "C@d3").click()
    expect_engine(page, Position.start().play("T@d2").play("C@d3"))
    assert offline == []


def small_endgame() -> Game:
    """The first seeded random game that reaches a position, not over, with at most 4
    tokens left in both reserves, stopped there."""
    for seed in range(100):
        rng, game = random.Random(seed), Game()
        node = game.root
        while not node.position.is_over:
            if sum(n for p in Player for n in node.position.reserve(p).values()) <= 4:
                return game
            node = node.play(rng.choice(node.position.legal_texts()))
    raise AssertionError("no seed reaches a small endgame")


def test_the_hint_solves_a_small_endgame_in_the_page_as_the_solver(tmp_path, page, offline):
    """Item 4: offline, the hint's exact search says who wins, as the engine's solver."""
    game = small_endgame()
    end = game.root.end().position
    solution = solve(end, Limit(nodes=2_000_000))
    assert solution.proven
    words = {"win": "wins", "draw": "draw", "loss": "loses"}[solution.outcome]
    green_wins = (solution.outcome == "win") == (solution.turn == Player.GREEN)
    expected = "draw" if words == "draw" else "Green wins" if green_wins else "Purple wins"
    path = tmp_path / "endgame.html"
    to_html(game, path)
    page.goto(path.as_uri())
    page.locator(".cw-root [data-action=hint]").click()
    answer = page.locator(".cw-root [data-role=hint]")
    expect(answer).to_contain_text(expected, timeout=60_000)
    expect(answer).to_contain_text("exact")
    page.locator(".cw-root").first.focus()
    page.keyboard.press("Home")  # far from the end: no hint offered there
    expect(page.locator(".cw-root [data-action=hint]")).to_be_hidden()
    assert offline == []


def test_the_hints_show_me_plays_the_lines_first_decision_as_a_variation(tmp_path, page, offline):
    """#35 item 8: the game went on otherwise from the hint's node; Show me plays the best
    line's first decision there, a new variation, and the board shows it."""
    game = small_endgame()
    end = game.root.end()
    best = str(solve(end.position, Limit(nodes=2_000_000)).pv[0])
    other = next(text for text in end.position.legal_texts() if text != best)
    end.play(other)  # the game's own continuation
    w = CernunosWidget(game=game)
    w.goto(end.id)
    page.goto(live_preview(w, tmp_path / "endgame.html").as_uri())
    root = page.locator(".cw-root").first
    page.locator(".cw-root [data-action=hint]").click()
    show = page.locator(".cw-root [data-hint-show]")
    expect(show).to_have_text("Show me", timeout=60_000)
    shown = re.match(r"Play (\S+), the line's first decision", show.get_attribute("title"))
    assert shown and shown[1] != other, show.get_attribute("title")
    best = shown[1]  # the page's own line (several decisions may be as good as the solver's)
    show.click()
    expect(root).to_have_attribute("data-current", str(end.id + 2))  # a new node
    after = end.position.play_with_events(best)[0]
    if after.at_boundary:
        expect(root).to_have_attribute("data-cpn", after.cpn())
    expect(page.locator(".cw-root .cw-variation .cw-move.cw-current")).to_have_count(1)
    expect(show).to_be_hidden()  # a new node: its own hint
    assert offline == []
