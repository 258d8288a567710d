"""A game, a review cache and the widget under a rule variant (RULES.md D-10)."""

import pytest
from cpn_builder import cpn
from page_double import Page

from cernunos_widget.engine import CernunosError, Position, Rules
from cernunos_widget.record.tree import Game, GameTextError
from cernunos_widget.session.review import ReviewCache
from cernunos_widget.widget.adapter import CernunosWidget

# Green's Wolf on a1 and Purple's two Trees on c3, two diagonal steps away (R-6, D-1):
# Green may cover c3 under the standard rules (power 0), not under wolf-1 (power 1).
WOLF_CPN = cpn({"a1": "W", "c3": "tt"}, "g", "2")


class TestGame:
    def test_a_game_is_played_under_its_start_position_s_rules(self):
        game = Game(rules="wolf-1")
        assert game.rules == Rules.parse("wolf-1")
        node = game.root.play("B@b2").play("W@a1")
        assert node.position.rules == game.rules
        # the rules' own start: no [CPN] tag; the text names the variant, so it reads back
        assert game.export() == '[Rules "wolf-1"] B@b2 W@a1'
        assert Game.parse(game.export()).rules == game.rules

    def test_parse_reads_the_decisions_under_the_rules_given(self):
        text = f'[CPN "{WOLF_CPN}"] B@c3'
        assert Game.parse(text).mainline()[0].decision_text == "B@c3"
        with pytest.raises(GameTextError, match="illegal decision 'B@c3'"):
            Game.parse(text, rules="wolf-1")
        game = Game.parse(text.replace("B@c3", "B@b2"), rules="wolf-1")
        assert game.rules == Rules.parse("wolf-1")
        assert game.export().startswith(f'[Rules "wolf-1"] [CPN "{WOLF_CPN}"]')
        with pytest.raises(CernunosError, match="contradicts the rules asked for"):
            Game.parse(game.export(), rules="power-all")

    def test_a_start_and_other_rules_are_refused(self):
        with pytest.raises(CernunosError, match="played under the rules 'wolf-1'"):
            Game(Position.start(rules="wolf-1"), rules="power-all")


def test_the_review_cache_keys_hold_the_rules():
    standard = ReviewCache.key(Position.start(), "alphabeta", "nodes=100")
    variant = ReviewCache.key(Position.start(rules="wolf-1"), "alphabeta", "nodes=100")
    assert standard[0] == variant[0]  # the same CPN ...
    assert (standard[3], variant[3]) == ("default", "wolf-1")  # ... under other rules


class TestWidget:
    def test_the_settings_name_the_rules_and_the_zones_follow_them(self):
        w = CernunosWidget(rules="wolf-1")
        page = Page(w)
        settings = page.store["settings"]
        assert settings["rules"] == "wolf-1" and "Wolf reaches 1 step" in settings["rules_text"]
        assert w.zones["W"]["a1"]["cells"] == ["b2"]
        assert w.rules == Rules.parse("wolf-1")

    def test_the_standard_widget_names_no_variant(self):
        w = CernunosWidget()
        assert "rules" not in Page(w).store["settings"]  # the page shows no label
        assert w.zones["W"]["a1"]["cells"] == ["b2", "c3"]

    def test_a_new_position_or_game_keeps_the_rules(self):
        w = CernunosWidget(cpn=WOLF_CPN, rules="wolf-1")
        assert "B@c3" not in w.position.legal_texts()
        w.setup(WOLF_CPN)
        assert w.position.rules == Rules.parse("wolf-1")
        w.game = "B@b2"
        assert w.position.rules == Rules.parse("wolf-1")

    def test_replacing_the_game_with_other_rules_updates_settings_and_zones(self):
        w = CernunosWidget()
        page = Page(w)
        w.game = Game(rules="wolf-1")  # a reset patch reaches the page
        assert page.store["settings"]["rules"] == "wolf-1" and page.agrees()
        assert w.zones["W"]["a1"]["cells"] == ["b2"]
        w.overlay = True  # a settings patch keeps the rules
        assert page.store["settings"]["rules"] == "wolf-1"
        w.game = Game()  # back to the standard rules: the label goes
        assert "rules" not in page.store["settings"] and page.agrees()
