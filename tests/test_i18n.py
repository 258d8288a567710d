"""The catalogues (cernunos_widget/i18n, issue #22 item 1): every message in every language
with the same placeholders, French typography, the page's copy up to date, and the accessor's
answers (a parameter that is a message is put in the same language)."""

from __future__ import annotations

import json
import re

import pytest

from cernunos_widget.engine import CernunosError, Position
from cernunos_widget.i18n import (
    FOLDER,
    LANGUAGES,
    LanguageError,
    Message,
    catalogue,
    check_language,
    js_module,
    placeholders,
    text,
)
from cernunos_widget.i18n.__main__ import TARGET


def raw(language: str) -> dict[str, str]:
    return json.loads((FOLDER / f"{language}.json").read_text(encoding="utf-8"))


def parity_problems(catalogues: dict[str, dict[str, str]]) -> list[str]:
    """Every key missing from a language, every placeholder that differs."""
    problems = []
    keys = set().union(*catalogues.values())
    for key in sorted(keys):
        wanted = None
        for language, messages in catalogues.items():
            if key not in messages:
                problems.append(f"{key}: missing in {language}")
                continue
            names = placeholders(messages[key])
            if wanted is None:
                wanted = (language, names)
            elif names != wanted[1]:
                problems.append(
                    f"{key}: {language} has {sorted(names)}, {wanted[0]} {sorted(wanted[1])}"
                )
    return problems


def test_every_message_exists_in_every_language_with_the_same_placeholders():
    assert parity_problems({language: raw(language) for language in LANGUAGES}) == []


def test_the_parity_check_finds_a_missing_message_and_a_changed_placeholder():
    en = {"a": "{x} and {y}", "b": "B"}
    assert parity_problems({"en": en, "fr": {"a": "{x} et {z}"}}) == [
        "a: fr has ['x', 'z'], en ['x', 'y']",
        "b: missing in fr",
    ]


def test_the_catalogues_are_flat_sorted_areas_of_text():
    for language in LANGUAGES:
        path = FOLDER / f"{language}.json"
        messages = raw(language)
        assert list(messages) == sorted(messages), f"{path.name}: keys not sorted"
        for key, value in messages.items():
            assert re.fullmatch(r"[a-z0-9_]+(\.[A-Za-z0-9_-]+)+", key), key
            assert isinstance(value, str) and value.strip() == value and value, key


FRENCH_PUNCTUATION = re.compile(r"(?<![\u00a0\u202f])[:;?!](?=\s|$)|[\u00a0\u202f][:;?!]\S")


def test_french_punctuation_has_its_non_breaking_space():
    bad = {k: v for k, v in raw("fr").items() if FRENCH_PUNCTUATION.search(v) or " :" in v}
    assert bad == {}
    assert "'" not in "".join(raw("fr").values()), "French apostrophes are typographic: ’"


def test_the_pages_copy_is_the_catalogues():
    assert TARGET.read_text(encoding="utf-8") == js_module(), (
        "js/catalogues.js is stale: run python -m cernunos_widget.i18n"
    )


def test_text_fills_placeholders_in_the_language_asked():
    assert text("prompt.growth", player="Green") == "Green chooses which Trees grow"
    green = Message("player.g")
    assert text("prompt.growth", "fr", player=green) == "Vert choisit les Arbres qui poussent"
    token = Message("token.p", {"kind": Message("kind.B")})
    assert token.text("fr") == "Sanglier violet" and str(token) == "Purple Boar"
    assert token.to_json() == {
        "key": "token.p",
        "params": {"kind": {"key": "kind.B", "params": {}}},
    }


def test_the_rulebooks_names_of_the_tokens():
    names = [text(f"kind.{k}", "fr") for k in "TBDWSXCF"]
    assert names == ["Arbre", "Sanglier", "Cerf", "Loup", "Écureuil", "Renard", "Corbeau", "Feu"]


@pytest.mark.parametrize("language", ["de", "EN", "", None, 3, "x" * 500])
def test_an_unknown_language_is_refused_naming_those_spoken(language):
    with pytest.raises(LanguageError) as caught:
        check_language(language)
    assert isinstance(caught.value, CernunosError)
    assert "the languages are 'en', 'fr'" in str(caught.value)
    assert len(str(caught.value)) < 120
    with pytest.raises(LanguageError):
        text("prompt.over", language)


def test_an_unknown_key_or_a_missing_parameter_is_a_bug_named():
    with pytest.raises(KeyError, match="no message 'nope'"):
        text("nope")
    with pytest.raises(KeyError, match="needs the parameter 'player'"):
        text("prompt.growth", "fr")


def test_the_engine_says_who_decides_in_french():
    p = Position.start()
    assert p.describe_pending() == "Green places a token (two placements left this turn)"
    assert p.describe_pending("fr") == "Vert pose un jeton (encore deux poses ce tour-ci)"
    p = p.play("B@b2")
    assert p.describe_pending("fr") == "Vert pose un jeton (encore une pose ce tour-ci)"
    assert catalogue("fr")["prompt.over"] == "rien\u00a0: la partie est finie"


def test_a_games_static_page_speaks_the_language_asked_and_a_session_keeps_its_own():
    from cernunos_widget.record.tree import Game
    from cernunos_widget.session.core import Session
    from cernunos_widget.widget.static import StaticPageError, boards_html, to_html

    game = Game.parse("B@b2")
    french = to_html(game, language="fr")
    assert '"language": "fr"' in french and '"language": "en"' not in french
    assert '"language": "en"' in to_html(game)
    both = boards_html([game, Session(Game.parse("B@b2"), "fr")], language="fr")
    assert both.count('"language": "fr"') == 2
    with pytest.raises(StaticPageError, match="this session speaks 'en'"):
        to_html(Session(game), language="fr")
    with pytest.raises(LanguageError):
        to_html(game, language="de")


def test_every_key_the_code_names_literally_is_in_the_catalogues():
    """A typo in a key is a KeyError at run time: the keys written out in the page's parts
    (t("..."), phrase("...")) and in Python (Message("..."), text("...")) all exist."""
    package = FOLDER.parent
    said = re.compile(r"""\b(?:t|phrase|Message|text|i18n_text)\(\s*["']([a-z_]+\.[\w.-]+)["']""")
    named = {
        (path.relative_to(package).as_posix(), key)
        for path in [*package.rglob("*.js"), *package.rglob("*.py")]
        if path.name != "catalogues.js"
        for key in said.findall(path.read_text(encoding="utf-8"))
    }
    assert len(named) > 100, len(named)
    assert sorted((where, key) for where, key in named if key not in raw("en")) == []
