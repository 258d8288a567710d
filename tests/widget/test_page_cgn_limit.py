"""The page's Open .cgn… within bounds (issue #36 item 10): the kernel reads the games up
to the one asked for, at most ``PAGE_CGN_CHARS`` characters of them (each game replayed
under the session's lock); a file that needs more is refused, in the board's language,
and the game stays."""

from __future__ import annotations

import pytest
from page_double import Page

from cernunos_widget.record.tree import Game
from cernunos_widget.session.gamefiles import PAGE_CGN_CHARS
from cernunos_widget.widget.adapter import CernunosWidget

TINY = "B@b2\n\n"  # the most games a character: the slowest file to read


@pytest.fixture
def parsed(monkeypatch) -> list[str]:
    """Every game text the kernel parses."""
    texts: list[str] = []
    real = Game.parse

    def parse(text, rules=None):
        texts.append(text)
        return real(text, rules)

    monkeypatch.setattr(Game, "parse", parse)
    return texts


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", f"this file is too long to open here: the games up to game {{n}} hold more "
               f"than {PAGE_CGN_CHARS} characters"),
        ("fr", f"ce fichier est trop long pour l’ouvrir ici\u00a0: les parties jusqu’à la partie "
               f"{{n}} dépassent {PAGE_CGN_CHARS} caractères"),
    ],
)  # fmt: skip
def test_the_last_of_too_many_games_is_refused_after_a_bounded_read(parsed, language, words):
    count = 3 * PAGE_CGN_CHARS // len(TINY)
    w = CernunosWidget(game="B@b2 B@b3", language=language)
    page = Page(w)
    before = (w.game.export(), w.session.generation)
    reply = page.request(type="load_cgn", text=TINY * count, index=count - 1)
    assert not reply["ok"] and reply["message"].startswith(words.format(n=count))
    assert (w.game.export(), w.session.generation) == before and "patch" not in reply
    assert sum(map(len, parsed)) <= PAGE_CGN_CHARS  # no more was read than the limit


def test_the_last_game_within_the_limit_opens():
    count = PAGE_CGN_CHARS // len(TINY)
    page = Page(CernunosWidget())
    reply = page.request(type="load_cgn", text=TINY * count, index=count - 1)
    assert reply["ok"] and reply["value"] == f"opened game {count} of the file"


def test_the_first_game_of_a_long_file_opens(parsed):
    """The limit is on what is read, not on the file: the page opens game 1 of a file up
    to the 2 MB it may send."""
    text = '[Green "Ann"]\n[Purple "Bo"]\nB@b2 B@b3\n\n' + TINY * (1_900_000 // len(TINY))
    page = Page(CernunosWidget())
    reply = page.request(type="load_cgn", text=text)
    assert reply["ok"] and reply["value"] == "opened game 1 of the file: Ann - Bo"
    assert page.widget.game.root.end().ply == 2 and len(parsed) == 1


def test_a_game_longer_than_the_limit_is_refused_before_it_is_parsed(parsed):
    text = "{" + "x" * PAGE_CGN_CHARS + "}\nB@b2 B@b3\n"
    page = Page(CernunosWidget())
    reply = page.request(type="load_cgn", text=text)
    assert not reply["ok"] and "too long to open here" in reply["message"]
    assert parsed == []
