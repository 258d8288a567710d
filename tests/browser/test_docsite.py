"""The documentation site opened from disk (file://), every request that leaves the file
system blocked: boards on the directive's page and in a notebook's page play by clicks with
the page's own session (no kernel), and after each decision the board's ``data-cpn`` and
``data-pending`` are the engine's for the same decisions. The puzzles page is solved by
clicks, a wrong try answered by its proven refutation."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from browser.clicks import final_click
from cernunos_widget import lessons, puzzles
from cernunos_widget.engine import Position
from cernunos_widget.record import Game
from cernunos_widget.session.view import pending_tag

# the first board of docs/sphinx.md: this game, opened after two decisions
SPHINX_PAGE_GAME = "B@b2 B@b3 (D@a1 {a quieter start}) T@a1 D@c2"
BOAR_BOARD = ".,.,.,./.,T,.,./t,.,.,. g 2 0-0"  # examples/tour.ipynb's third board


def expect_engine(page, scope: str, position: Position) -> None:
    root = page.locator(scope).first
    expect(root).to_have_attribute("data-pending", pending_tag(position))
    expect(root).to_have_attribute("data-cpn", position.cpn() if position.at_boundary else "")


def play(page, scope: str, position: Position, decisions: list[str]) -> Position:
    """Click each decision on the board ``scope``; the page must agree with the engine."""
    for decision in decisions:
        final_click(page, decision, scope).click()
        position = position.play(decision)
        expect_engine(page, scope, position)
    return position


def line_from(position: Position, length: int, seed: int) -> list[str]:
    """``length`` legal decisions from ``position`` (seeded), effect choices first."""
    rng, line = random.Random(seed), []
    for _ in range(length):
        options = position.legal_texts()
        choices = [d for d in options if "@" not in d and d != "pass"]
        decision = rng.choice(choices or [d for d in options if d != "pass"] or options)
        line.append(decision)
        position = position.play(decision)
    return line


def play_the_boar(page, scope: str, seed: int) -> None:
    """On the board ``scope``, set up at :data:`BOAR_BOARD`: a Boar whose target is an
    effect choice, then four decisions more, each click checked against the engine."""
    start = Position.from_cpn(BOAR_BOARD)
    expect_engine(page, scope, start)
    boar = next(
        d
        for d in start.legal_texts()
        if d.startswith("B@") and start.play(d).choice == "boar-target"
    )
    after = play(page, scope, start, [boar])  # the Boar's target: an effect choice
    play(page, scope, after, line_from(after, 4, seed=seed))


def test_the_directive_page_plays_offline_as_the_engine(built_site, page, offline):
    page.goto((built_site / "sphinx.html").as_uri())
    scope = ":nth-match(.cw-root, 1)"
    expect(page.locator(".cw-root")).to_have_count(4)
    start = Game.parse(SPHINX_PAGE_GAME).mainline()[1].position  # :start: 2
    expect_engine(page, scope, start)
    expect(page.locator(scope)).to_have_attribute("data-static", "true")
    decisions = line_from(start, 6, seed=22)
    play(page, scope, start, decisions)
    # the other boards did not move
    expect_engine(
        page, ":nth-match(.cw-root, 2)", Position.from_cpn(".,w,.,./t,D,T,./.,T,.,. g 2 0-0")
    )
    assert offline == []


def test_the_studies_pages_worked_example_plays_its_gamebook(built_site, page, offline):
    """docs/studies.md's study (examples/first-study.cgn, through the cernunos-study
    directive), open at its gamebook: the page plays Green, judges Purple's tries, and its
    endgame is practised against the page's perfect play."""
    page.goto((built_site / "studies.html").as_uri())
    feedback = page.locator(".cw-root [data-feedback]")
    expect(feedback).to_contain_text("Where does Purple's first Tree go?", timeout=30_000)
    start = Position.start().play("B@b2").play("B@b3")
    expect_engine(page, ".cw-root", start)  # Green's two Boars, played by the page
    final_click(page, "T@d3").click()
    expect(feedback).to_contain_text("No: Green's next Boar pushes it away.")
    expect(feedback).to_contain_text("The line goes on: T@c1 B@d2.")
    expect_engine(page, ".cw-root", start)  # back at the question
    final_click(page, "T@a1").click()
    expect(feedback).to_contain_text("Right: T@a1.")
    page.locator("[data-chapter='3'] button").click()
    expect(page.locator(".cw-root [data-study]")).to_have_attribute("data-mode", "practice")
    final_click(page, "T@c2").click()
    expect(feedback).to_contain_text("(perfect play)", timeout=20_000)
    assert offline == []


def test_a_notebook_board_plays_an_effect_choice_offline(built_site, page, offline):
    page.goto((built_site / "examples" / "tour.html").as_uri())
    expect(page.locator(".cw-root")).to_have_count(10)
    play_the_boar(page, ":nth-match(.cw-root, 3)", seed=3)
    assert offline == []


def test_a_walk_only_board_of_the_site_plays_nothing(built_site, page, offline):
    page.goto((built_site / "sphinx.html").as_uri())
    scope = ":nth-match(.cw-root, 3)"
    root = page.locator(scope)
    expect(root).to_have_attribute("data-playable", "false")
    start = Position.start()
    expect_engine(page, scope, start)  # :start: 0
    expect(page.locator(f'{scope} [data-kind="T"][data-player="g"]')).to_be_disabled()
    root.focus()
    page.keyboard.press("ArrowRight")  # walking the stored line works
    expect_engine(page, scope, start.play("T@d2"))
    assert offline == []


def test_the_boards_follow_the_sites_theme_switch(built_site, page, offline):
    page.emulate_media(color_scheme="light")
    page.goto((built_site / "sphinx.html").as_uri())
    body = page.locator("body")
    expect(page.locator(".cw-root")).to_have_count(4)
    background = "getComputedStyle(document.querySelector('.cw-root')).backgroundColor"
    light = page.evaluate(background)
    for theme, jp_light in (("dark", "false"), ("light", "true"), ("auto", "true")):
        page.evaluate(f"document.body.dataset.theme = '{theme}'")  # furo's theme button
        expect(body).to_have_attribute("data-jp-theme-light", jp_light)
        assert (page.evaluate(background) == light) == (jp_light == "true")
    page.emulate_media(color_scheme="dark")  # "auto" follows the system
    expect(body).to_have_attribute("data-jp-theme-light", "false")
    assert offline == []


def test_a_french_board_speaks_french_and_plays(built_site, page, offline):
    page.goto((built_site / "sphinx.html").as_uri())
    scope = ":nth-match(.cw-root, 4)"  # :language: fr
    prompt = page.locator(f"{scope} [data-role=prompt]")
    expect(prompt).to_contain_text("Vert pose un jeton")
    start = Position.from_cpn(BOAR_BOARD)
    boar = next(d for d in start.legal_texts() if start.play(d).choice == "boar-target")
    play(page, scope, start, [boar])
    expect(prompt).to_contain_text("Vert choisit le jeton que pousse son Sanglier")
    assert offline == []


def test_an_exercise_of_the_sites_course_is_solved_by_clicks(built_site, page, offline):
    page.goto((built_site / "learn.html").as_uri())
    panel = page.locator(".cw-root [data-role=lesson]")
    first = lessons.load()[0]
    expect(panel).to_have_attribute("data-lesson", first.name)
    exercise = first.exercises[0]
    start = Position.from_cpn(exercise.cpn)
    expect_engine(page, ".cw-root", start)
    play(page, ".cw-root", start, exercise.hint.decisions.split())
    expect(panel).to_have_attribute("data-verdict", "solved")
    expect(page.locator("[data-role=lesson-verdict]")).to_contain_text(exercise.explanation("en"))
    assert offline == []


def solve(page, puzzle: puzzles.Puzzle, solved: int) -> None:
    """One wrong try (the longest refutation: answered, the board back), then each of the
    decider's steps; after the replies, the board's position is the engine's."""
    bar = page.locator("[data-role=puzzle]")
    expect(bar).to_have_attribute("data-puzzle-id", puzzle.id)
    expect(page.locator("[data-role=puzzle-title]")).to_have_text(puzzle.title())
    position = puzzle.position
    expect_engine(page, ".cw-root", position)
    wrong, refutation = max(puzzle.steps[0].refutations.items(), key=lambda r: len(r[1].line))
    final_click(page, wrong, ".cw-root").click()
    expect(bar).to_have_attribute("data-status", "wrong")
    status = page.locator("[data-role=puzzle-status]")
    outcome = "only a draw" if refutation.result == "draw" else "a loss"
    if refutation.line:
        verb = "draws" if refutation.result == "draw" else "wins"
        expect(status).to_contain_text(f"answers {refutation.line[0]} and {verb} (proven)")
    else:
        expect(status).to_contain_text(f"{wrong} gives {outcome} for")
    expect_engine(page, ".cw-root", position)  # the board went back
    for n, step in enumerate(puzzle.steps):
        if step.by == "decider":
            final_click(page, step.play, ".cw-root").click()
        position = position.play(step.play)
        if n + 1 == len(puzzle.steps) or puzzle.steps[n + 1].by == "decider":
            expect_engine(page, ".cw-root", position)  # the replies played: the engine's
            last = n + 1 == len(puzzle.steps)
            expect(bar).to_have_attribute("data-status", "solved" if last else "playing")
    expect(page.locator("[data-role=puzzle-solved]")).to_have_text(f"Solved: {solved}")
    expect(status).to_contain_text(f"Solved: {puzzle.solution} wins (proven")


def test_puzzles_of_the_sites_puzzles_page_are_solved_by_clicks(built_site, page, offline):
    page.goto((built_site / "puzzles-play.html").as_uri())
    chosen = puzzles.pick(count=36)  # docs/puzzles-play.md's directive: easiest to hardest
    expect(page.locator(".cw-root")).to_have_count(1)
    solve(page, chosen[0], 1)  # a final placement: a wrong try simply loses
    longer = next(n for n, p in enumerate(chosen) if sum(s.by == "decider" for s in p.steps) > 1)
    bar = page.locator("[data-role=puzzle]")
    for n in range(1, longer + 1):  # the page's own order
        page.locator('[data-puzzle="next"]').click()
        expect(bar).to_have_attribute("data-puzzle-id", chosen[n].id)
    solve(page, chosen[longer], 2)  # the opponent's replies, a second winning step
    assert offline == []
