"""Solving a puzzle by clicks (issue #22 item 3): from a puzzles_html page opened from
file:// with every network request refused (the page's own session judges with the stored
proofs), and in JupyterLab with a kernel (the kernel judges; its state is asserted). In both,
a wrong try is answered with its proven refutation and the position stays; the winning
decisions are played with the opponent's replies; the solved puzzle is counted."""

from __future__ import annotations

from playwright.sync_api import expect

from browser.clicks import final_click
from cernunos_widget import puzzles, puzzles_html


def chosen() -> puzzles.Puzzle:
    """The committed puzzle with the most decider steps among the first ten."""
    return max(puzzles.load()[:10], key=lambda p: sum(s.by == "decider" for s in p.steps))


def solve_by_clicks(page, puzzle: puzzles.Puzzle) -> None:
    """One wrong try (its refutation shown, the board unchanged), then every decider step."""
    root = page.locator(".cw-root").first
    bar = page.locator("[data-role=puzzle]")
    expect(bar).to_have_attribute("data-puzzle-id", puzzle.id, timeout=30_000)
    expect(page.locator("[data-role=puzzle-title]")).to_have_text(puzzle.title())
    expect(root).to_have_attribute("data-cpn", puzzle.cpn)
    wrong, refutation = next(iter(puzzle.steps[0].refutations.items()))
    final_click(page, wrong).click()
    expect(bar).to_have_attribute("data-status", "wrong")
    status = page.locator("[data-role=puzzle-status]")
    verb = "draws" if refutation.result == "draw" else "wins"
    if refutation.line:
        expect(status).to_contain_text(f"After {wrong},")
        expect(status).to_contain_text(f"answers {refutation.line[0]} and {verb} (proven)")
    expect(root).to_have_attribute("data-cpn", puzzle.cpn)  # the position is back
    last = max(n for n, s in enumerate(puzzle.steps) if s.by == "decider")
    for n, step in enumerate(puzzle.steps):
        if step.by == "decider":
            if step.cpn is not None:
                expect(root).to_have_attribute("data-cpn", step.cpn)
            final_click(page, step.play).click()
            expect(bar).to_have_attribute("data-status", "solved" if n == last else "playing")
    expect(page.locator("[data-role=puzzle-solved]")).to_have_text("Solved: 1")
    expect(status).to_contain_text(f"Solved: {puzzle.solution} wins (proven")


def test_a_puzzle_page_is_solved_by_clicks_offline(tmp_path, page, offline):
    puzzle = chosen()
    committed = puzzles.load()
    path = tmp_path / "puzzles.html"
    puzzles_html(path, committed[:10], start=puzzle.id)
    page.goto(path.as_uri())
    expect(page.locator(".cw-hint")).to_be_hidden()  # the page's endgame search would tell
    for quiet in ("[data-role=analysis]", "[data-action=analyse]", "[data-role=comment]"):
        expect(page.locator(quiet)).to_be_hidden()  # nor the analysis; nothing to annotate
    solve_by_clicks(page, puzzle)
    page.locator('[data-puzzle="next"]').click()  # the next puzzle, the count kept
    following = committed[(committed.index(puzzle) + 1) % 10]
    expect(page.locator("[data-role=puzzle]")).to_have_attribute("data-puzzle-id", following.id)
    expect(page.locator(".cw-root").first).to_have_attribute("data-cpn", following.cpn)
    expect(page.locator("[data-role=puzzle-solved]")).to_have_text("Solved: 1")
    assert offline == []


STATE = (
    "import json\nprint(json.dumps({**w.puzzle_state, 'cpn': w.cpn, "
    "'played': [n.decision_text for n in w.game.mainline()]}))"
)


def test_a_puzzle_is_solved_by_clicks_with_a_kernel_judging(lab):
    puzzle = chosen()
    nb = lab(
        "from cernunos_widget import CernunosWidget\nw = CernunosWidget()\n"
        f"w.puzzle({puzzle.id!r})",
        STATE,
    )
    page = nb.page
    wrong, refutation = next(iter(puzzle.steps[0].refutations.items()))
    final_click(page, wrong).click()
    expect(page.locator("[data-role=puzzle]")).to_have_attribute("data-status", "wrong")
    state = nb.kernel_state_until(lambda s: s["tried"] is not None, index=2)
    stored = {"decision": wrong, "result": refutation.result, "line": list(refutation.line)}
    assert state["tried"] == stored
    assert state["cpn"] == puzzle.cpn and state["step"] == 0  # nothing played in the kernel
    solve_by_clicks_after_wrong(page, puzzle)
    state = nb.kernel_state_until(lambda s: s["solved"] == 1, index=2)
    assert state["status"] == "solved" and state["step"] == len(puzzle.steps)
    assert state["played"] == [s.play for s in puzzle.steps]  # with the kernel's replies


def solve_by_clicks_after_wrong(page, puzzle: puzzles.Puzzle) -> None:
    bar = page.locator("[data-role=puzzle]")
    for step in puzzle.steps:
        if step.by == "decider":
            final_click(page, step.play).click()
            expect(bar).not_to_have_attribute("data-status", "wrong")
    expect(bar).to_have_attribute("data-status", "solved")
    expect(page.locator("[data-role=puzzle-solved]")).to_have_text("Solved: 1")


def pick_by_theme(page, theme: str, rating_band: str | None = None) -> list[str]:
    """Filter the picker by ``theme`` (and a rating band's index) and unsolved; the
    puzzles' indexes the list then offers."""
    page.locator("[data-role=puzzle-theme]").select_option(theme)
    if rating_band is not None:
        page.locator("[data-role=puzzle-rating]").select_option(rating_band)
    page.locator("[data-role=puzzle-solved-filter]").select_option("unsolved")
    options = page.locator("[data-role=puzzle-pick] option")
    return [v for v in options.evaluate_all("os => os.map(o => o.value)") if v != ""]


def test_the_picker_filters_by_theme_rating_and_solved_and_opens_offline(tmp_path, page, offline):
    committed = puzzles.load()[:12]
    path = tmp_path / "puzzles.html"
    puzzles_html(path, committed, language="fr")
    page.goto(path.as_uri())
    bar = page.locator("[data-role=puzzle]")
    expect(bar).to_have_attribute("data-puzzle-id", committed[0].id, timeout=30_000)
    expect(page.locator(".cw-puzzle-picker")).to_contain_text("Thème")  # the board's language
    theme = committed[5].themes[0]
    wanted = [i for i, p in enumerate(committed) if theme in p.themes]
    assert pick_by_theme(page, theme) == [str(i) for i in wanted]
    expect(page.locator("[data-role=puzzle-matching]")).to_have_text(f"{len(wanted)} sur 12")
    page.locator("[data-role=puzzle-pick]").select_option(str(wanted[-1]))
    expect(bar).to_have_attribute("data-puzzle-id", committed[wanted[-1]].id)
    expect(page.locator(".cw-root").first).to_have_attribute("data-cpn", committed[wanted[-1]].cpn)
    low = [i for i, p in enumerate(committed) if p.rating <= 999 and theme in p.themes]
    assert pick_by_theme(page, theme, "0") == [str(i) for i in low]
    assert offline == []


def test_the_picker_opens_a_puzzle_the_kernel_sets_up(lab):
    committed = puzzles.load()
    nb = lab("from cernunos_widget import CernunosWidget\nw = CernunosWidget()\nw.puzzle(0)", STATE)
    page = nb.page
    expect(page.locator("[data-role=puzzle-matching]")).to_have_text(
        f"{len(committed)} of {len(committed)}"
    )
    theme = "fire"
    wanted = [i for i, p in enumerate(committed) if theme in p.themes]
    assert pick_by_theme(page, theme) == [str(i) for i in wanted]
    page.locator("[data-role=puzzle-pick]").select_option(str(wanted[1]))
    expect(page.locator("[data-role=puzzle]")).to_have_attribute(
        "data-puzzle-id", committed[wanted[1]].id
    )
    state = nb.kernel_state_until(lambda s: s["id"] == committed[wanted[1]].id, index=2)
    assert state["cpn"] == committed[wanted[1]].cpn and state["index"] == wanted[1]
