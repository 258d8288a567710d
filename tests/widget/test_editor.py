"""The position editor's requests and the static page's flag (issue #10 items 5 and 8).

The page composes a CPN (notation, RULES.md section 6) and the kernel checks it with
``Position.from_cpn`` (R-8 counts); ``setup``/``load_game`` replace the game, and every
refusal changes nothing. tests/page_double.py plays the page.
"""

import json

import pytest
from cpn_builder import cpn
from page_double import Page, store_of

from cernunos_widget.widget.adapter import CernunosWidget
from cernunos_widget.widget.protocol import MAX_GAME_TEXT
from cernunos_widget.widget.static import page_html

GAME = "B@b2 B@b3 (D@a1) T@a1"
TOO_MANY_BOARS = cpn({"a1": "BBBB"})  # Green owns 3 Boars


def snapshot(w: CernunosWidget) -> tuple:
    return (w.game.export(), w.current, w.session.generation)


def test_check_position_answers_the_canonical_cpn_and_changes_nothing():
    w = CernunosWidget(game=GAME)
    page = Page(w)
    before, sent = snapshot(w), len(page.sent)
    reply = page.request(type="check_position", cpn=cpn({"a1": "T"}))
    assert reply["ok"] and reply["value"] == cpn({"a1": "T"}) and "patch" not in reply
    # phase s is read on to the turn's start (RULES.md section 6): the kernel says how
    reply = page.request(type="check_position", cpn=cpn({"a1": "T"}, phase="s"))
    assert reply["ok"] and reply["value"] == cpn({"a1": "TT"})
    assert snapshot(w) == before and len(page.sent) == sent + 2 and page.agrees()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (TOO_MANY_BOARS, "breaks R-8: Green has 4 'B' tokens but owns only 3"),
        (cpn(burned="99-0"), "breaks R-8: Green has 99 'T' tokens"),
        (cpn(side="q"), "bad CPN"),
        ("nonsense", "expected 4 fields"),
        ("   ", "cpn is empty"),
        ("x" * 1001, "cpn is too long"),
    ],
)
def test_check_position_gives_the_engines_reason(text, reason):
    w = CernunosWidget(game=GAME)
    page = Page(w)
    before = snapshot(w)
    reply = page.request(type="check_position", cpn=text)
    assert not reply["ok"] and reason in reply["message"] and "patch" not in reply, reply
    assert snapshot(w) == before and page.agrees()


def test_a_refused_setup_changes_nothing_and_a_valid_one_starts_there():
    w = CernunosWidget(game=GAME)
    page = Page(w)
    before = snapshot(w)
    for bad in (TOO_MANY_BOARS, "nonsense", cpn({"a1": "Q"})):
        reply = page.request(type="setup", cpn=bad)
        assert not reply["ok"] and reply["message"] and "patch" not in reply
        assert snapshot(w) == before and page.agrees()
    reply = page.request(type="setup", cpn=cpn({"a1": "t"}, side="p"))
    assert reply["ok"] and reply["patch"]["reset"] and page.agrees()
    assert w.cpn == cpn({"a1": "t"}, side="p") and w.game.export().startswith("[CPN")
    assert page.play("B@b2")["ok"] and w.game.export().endswith("B@b2") and page.agrees()


def test_export_game_sends_the_text_only_when_asked():
    w = CernunosWidget(game=GAME)
    page = Page(w)
    page.request(type="comment", text="a {tricky} comment")
    reply = page.request(type="export_game")
    assert reply["ok"] and reply["value"] == w.game.export() and "patch" not in reply
    assert "tricky" in reply["value"]
    # a click's reply does not carry the text
    assert "value" not in page.play("S@c3") and w.game.export() not in json.dumps(page.sent[-1])


def test_load_game_replaces_the_game_and_a_refusal_changes_nothing():
    w = CernunosWidget(game=GAME)
    page = Page(w)
    text = w.game.export()
    page.request(type="setup", cpn=cpn({"a1": "T"}))
    setup_text = w.game.export()
    reply = page.request(type="load_game", text=text)
    assert reply["ok"] and reply["patch"]["reset"] and w.game.export() == text and page.agrees()
    before = snapshot(w)
    for bad, reason in [
        ("B@b2 Q@z9", "Q@z9"),
        ("B@b2 (B@b3", "not closed"),
        (" ", "text is empty"),
        ("B@b2 " * (MAX_GAME_TEXT // 5 + 1), "text is too long"),
        (f'[CPN "{TOO_MANY_BOARS}"] B@b2', "R-8"),
    ]:
        reply = page.request(type="load_game", text=bad)
        assert not reply["ok"] and reason in reply["message"] and "patch" not in reply, reply
        assert snapshot(w) == before and page.agrees()
    assert page.request(type="load_game", text=setup_text)["ok"] and w.cpn == cpn({"a1": "T"})


def test_ping_is_answered_with_nothing_else():
    w = CernunosWidget(game=GAME)
    page = Page(w)
    reply = page.request(type="ping")
    assert reply == {"reply": reply["reply"], "ok": True, "message": ""}


def test_the_to_html_page_says_it_is_static_and_has_a_mobile_viewport():
    w = CernunosWidget(game=GAME)
    html = w.to_html()
    state = json.loads(html.split("data-cernunos-board>", 1)[1].split("</script>", 1)[0])
    assert state["static"] is True and store_of(state["tree"]) == store_of(w._full_state())
    assert state["playable"] is True
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert "static" not in w.state_for_export()  # the flag is the static page's alone
    assert page_html(w.state_for_export()) == html
