"""What a French board's page is told when typed text or a request is refused (issue #22):
the kernel's refusals in the board's language, word for word from the catalogues, while
``str(error)`` (the Python API, the command line) stays English."""

from __future__ import annotations

import pytest

from cernunos_widget.engine import CernunosError, Position
from cernunos_widget.record.tree import Game
from cernunos_widget.widget.adapter import CernunosWidget


def ask(widget: CernunosWidget, **request) -> dict:
    replies: list[dict] = []
    widget.send = lambda content, buffers=None: replies.append(content)
    request = {"id": 1, "gen": widget.session.generation, **request}
    widget._on_page_message(widget, request, [])  # noqa: SLF001 - the page's handler
    assert not replies[-1]["ok"], replies[-1]
    return replies[-1]["message"]


@pytest.mark.parametrize(
    ("request_", "french"),
    [
        ({"type": "play", "node": 0, "decision": "B@z9"},
         "décision incorrecte 'B@z9'\u00a0: 'z9' n’est pas une case"),
        ({"type": "play", "node": 0, "decision": "b@b2"},
         "(en majuscule quel que soit le joueur\u00a0: B@b2)"),
        ({"type": "play", "node": 0, "decision": "c3~a1"},
         "l’ordre du plateau (a1 b1 ... d3)\u00a0: a1~c3"),
        ({"type": "check_position", "cpn": ".,.,.,./.,.,.,./.,.,.,. q 2 0-0"},
         "CPN incorrecte '.,.,.,./.,.,.,./.,.,.,. q 2 0-0'\u00a0: le camp vaut 'q'"),
        ({"type": "setup", "cpn": "F,T,.,./.,.,.,./.,.,.,. g 2 0-0"},
         "ne peut pas survenir en jeu\u00a0: l’Arbre en b3 est à côté du Feu visible en a3"),
        ({"type": "check_position", "cpn": ".,.,.,./.,.,.,./.,.,.,. g 2 0-13"},
         "Violet a 13 jetons 't' (dont 13 brûlés) mais n’en possède que 12"),
        ({"type": "load_game", "text": "B@b2 )"}, "« ) » sans « ( » au mot 2 (caractère 6)"),
        ({"type": "load_game", "text": "B@b2 Q@a1"},
         "mot 2 du texte de la partie, 'Q@a1' (caractère 6)\u00a0: pose incorrecte 'Q@a1'"),
        ({"type": "load_cgn", "text": "[Event \"a\"]\nB@b2 Q@a1\n"},
         "ligne 2, partie d’indice 0\u00a0: mot 3 du texte de la partie"),
        ({"type": "goto", "node": 99}, "pas de nœud #99 dans cette partie"),
        ({"type": "delete", "node": 0}, "la racine d’une partie ne peut pas être supprimée"),
        ({"type": "annotate", "node": 0, "glyph": "?!?"}, "signe d’annotation inconnu '?!?'"),
        ({"type": "line", "index": 0}, "pas de ligne d’analyse 0\u00a0: il y en a 0"),
        ({"type": "goto", "node": 0, "gen": 7}, "cette partie a été remplacée par une nouvelle"),
    ],
)  # fmt: skip
def test_a_french_boards_refusals_are_french(request_, french):
    assert french in ask(CernunosWidget(language="fr"), **request_)


def test_the_same_refusals_stay_english_in_python_and_on_an_english_board():
    with pytest.raises(CernunosError) as caught:
        Position.from_cpn(".,.,.,./.,.,.,./.,.,.,. q 2 0-0")
    assert str(caught.value).startswith(
        "bad CPN '.,.,.,./.,.,.,./.,.,.,. q 2 0-0': side is 'q', expected g or p; a CPN is "
    )
    assert caught.value.text("fr").startswith("CPN incorrecte")
    with pytest.raises(CernunosError) as caught:
        Game.parse("B@b2 Q@a1")
    assert str(caught.value) == (
        "word 2 of the game text, 'Q@a1' (character 6): bad placement 'Q@a1': the kind must "
        "be one of T B D W S X C F"
    )
    message = ask(CernunosWidget(), type="play", node=0, decision="c3~a1")
    assert message == "bad swap 'c3~a1': write the cells in board order (a1 b1 ... d3): a1~c3"


def test_a_french_board_says_which_game_of_a_file_it_opened():
    cgn = '[Green "Ann"]\n[Purple "Bo"]\nB@b2\n\nT@a1\n'
    replies: list[dict] = []
    for language, said in (
        ("fr", "partie 1 du fichier ouverte\u00a0: Ann - Bo"),
        ("en", "opened game 1 of the file: Ann - Bo"),
    ):
        w = CernunosWidget(language=language)
        w.send = lambda content, buffers=None: replies.append(content)
        request = {"id": 1, "gen": 0, "type": "load_cgn", "text": cgn, "index": 0}
        w._on_page_message(w, request, [])  # noqa: SLF001 - the page's handler
        assert replies[-1]["value"] == said
