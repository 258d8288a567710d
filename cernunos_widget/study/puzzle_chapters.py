"""A puzzle as an interactive chapter (issue #33 item 5): the gamebook of a proven puzzle.

The chapter's game starts at the puzzle's position; its main line is the puzzle's steps
(the decider's decisions and the opponent's best replies); at each of the decider's steps
the question ("Find the one decision that keeps Green's win.") is the comment of the node
before it, and every wrong decision is a variation there: the wrong try (glyph ``?`` for
a draw, ``??`` for a loss), commented with its proven refutation, then the line proving
it to the end of the game.  The tags: ``[Chapter]`` "Green to play and win · rating 1045
· Deer", ``[Mode "interactive"]``, ``[Student]`` the decider, and ``[Puzzle]``,
``[Rating]``, ``[Themes]`` the puzzle's id, rating and themes.
"""

from __future__ import annotations

from ..i18n import text
from ..puzzles import Puzzle, Refutation
from ..record import Game, GameNode

KINDS = {
    "tree": "T", "boar": "B", "deer": "D", "wolf": "W",
    "squirrel": "S", "fox": "X", "crow": "C", "fire": "F",
}  # fmt: skip
THEME_WORDS = ("final-placement", "growth")  # themes that are not a token's (puzzles/mine.py)
GLYPHS = {"draw": "?", "loss": "??"}  # a wrong try that only draws, that loses
OTHER = {"g": "p", "p": "g"}


def puzzle_game(puzzle: Puzzle, language: str = "en") -> Game:
    """The interactive chapter's game of ``puzzle``, its words in ``language``."""
    player = text(f"player.{puzzle.decider}", language)
    title = text(
        "study.puzzle.title",
        language,
        title=puzzle.title(language),
        rating=puzzle.rating,
        themes=[theme_text(theme, language) for theme in puzzle.themes],
    )
    game = Game(
        puzzle.position,
        {
            "Chapter": title,
            "Mode": "interactive",
            "Student": puzzle.player.title,
            "Puzzle": puzzle.id,
            "Rating": str(puzzle.rating),
            "Themes": " ".join(puzzle.themes),
        },
    )
    node = game.root
    for step in puzzle.steps:
        question = node
        node = node.play(step.play)  # the main line's child first: variations after it
        if step.by == "decider":
            question.comment = text("puzzle.start", language, player=player)
            for wrong, refutation in step.refutations.items():
                _refutation(question, wrong, refutation, puzzle.decider, language)
    return game


def _refutation(
    question: GameNode, wrong: str, refutation: Refutation, decider: str, language: str
) -> None:
    """The variation of the wrong try ``wrong`` at ``question``: commented, then its line."""
    node = question.play(wrong)
    node.glyph = GLYPHS[refutation.result]
    params = {
        "decision": wrong,
        "player": text(f"player.{decider}", language),
        "opponent": text(f"player.{OTHER[decider]}", language),
        "reply": refutation.line[0] if refutation.line else "",
        "verb": text(f"puzzle.reply.{refutation.result}", language),
        "outcome": text(f"puzzle.outcome.{refutation.result}", language),
    }
    key = "study.puzzle.refutation" if refutation.line else "study.puzzle.refutation_end"
    node.comment = text(key, language, **params)
    for decision in refutation.line:
        node = node.play(decision)


def theme_text(theme: str, language: str = "en") -> str:
    """A puzzle theme in ``language``: a token's name as the rulebook says it, else its
    words (``final placement``), else the theme as stored."""
    if theme in KINDS:
        return text(f"kind.{KINDS[theme]}", language)
    if theme in THEME_WORDS:
        return text(f"puzzle.theme.{theme}", language)
    return theme
