"""Rule variants (RULES.md D-10): the ``Rules`` value, and a scenario for each variant.

The default rules are RULES.md exactly (every other test file checks them); here each
variant changes the one rule it names: ``wolf-1`` R-6/D-1 (and so R-10, R-24),
``power-all`` R-9, ``counts=...`` R-3 (and so R-8's conservation and R-16's end).
"""

import pickle
import random
from collections import Counter

import pytest
from cpn_builder import cpn

from cernunos_widget.engine import (
    CELL_NAMES,
    CernunosError,
    InvalidPositionError,
    Kind,
    Player,
    Position,
    Rules,
    RulesError,
)
from cernunos_widget.engine.zones import zone_of, zone_table

WOLF_1 = Rules.parse("wolf-1")
POWER_ALL = Rules.parse("power-all")


class TestRulesValue:
    def test_the_default_is_rules_md_and_reads_standard(self):
        assert str(Rules()) == "standard"
        assert Rules.parse("standard") == Rules() and Rules().is_standard
        assert Rules().counts == (12, 3, 3, 2, 1, 1, 1, 1)
        assert Rules().wolf_steps == 2 and not Rules().power_all  # D-1, R-9
        assert repr(Rules()) == "Rules()"

    @pytest.mark.parametrize(
        "text, canonical",
        [
            ("wolf-1", "wolf-1"),
            ("power-all+wolf-1", "wolf-1+power-all"),
            ("counts=B3,T10+wolf-1", "wolf-1+counts=T10"),  # B3 is R-3's count: not written
            ("counts=F2,T8+power-all", "power-all+counts=T8,F2"),
            ("counts=T12", "standard"),
            ("wolf-1+power-all+counts=T6,W8", "wolf-1+power-all+counts=T6,W8"),
            ("counts=T16,W6", "counts=T16,W6"),
        ],
    )
    def test_text_round_trips_in_the_canonical_order(self, text, canonical):
        rules = Rules.parse(text)
        assert str(rules) == canonical
        assert Rules.parse(str(rules)) == rules
        assert eval(repr(rules)) == rules

    def test_rules_are_frozen_hashable_values(self):
        assert Rules.parse("wolf-1") == Rules(wolf_steps=1)
        assert len({Rules(), Rules.parse("standard"), WOLF_1, Rules(wolf_steps=1)}) == 2
        with pytest.raises(AttributeError):
            WOLF_1.wolf_steps = 2

    def test_bounds_each_kind_0_to_24_and_a_total_of_1_to_32(self):
        assert Rules.parse("counts=T0").counts[0] == 0
        assert sum(Rules.parse("counts=T0,B0,D0,W0,S0,X0,C0,F1").counts) == 1
        assert sum(Rules.parse("counts=T16,W6").counts) == 32
        assert Rules.parse("counts=T24,B0,D0,W0,S0,X0,C0,F0").counts[0] == 24

    @pytest.mark.parametrize(
        "text, named",
        [
            ("wolf-2", "'wolf-2'"),
            ("", "''"),
            ("standard+wolf-1", "'standard'"),
            ("wolf-1+wolf-1", "twice"),
            ("counts=T1,T2", "T twice"),
            ("counts=Z3", "'Z3'"),
            ("counts=t3", "'t3'"),
            ("counts=T", "'T'"),
            ("counts=", "''"),
            ("counts=T-1", "'T-1'"),
            ("counts=T25", "T25"),  # a kind above 24
            ("counts=T24", "not 36"),  # a total above 32
            ("counts=T0,B0,D0,W0,S0,X0,C0,F0", "not 0"),  # nothing to place
            ("wolf-1 " * 100, "too long"),
        ],
    )
    def test_bad_text_names_what_is_wrong_and_what_is_accepted(self, text, named):
        with pytest.raises(RulesError) as info:
            Rules.parse(text)
        assert isinstance(info.value, CernunosError)
        assert named in str(info.value)

    @pytest.mark.parametrize("bad", [None, 1, b"wolf-1", ["wolf-1"]])
    def test_non_text_is_refused(self, bad):
        with pytest.raises(RulesError, match="rules are text"):
            Rules.parse(bad)

    @pytest.mark.parametrize(
        "kwargs",
        [{"wolf_steps": 3}, {"wolf_steps": True}, {"power_all": 1}, {"counts": (1, 2)}],
    )
    def test_bad_values_are_refused(self, kwargs):
        with pytest.raises(RulesError):
            Rules(**kwargs)


class TestPositionsCarryTheirRules:
    @pytest.mark.parametrize("text", ["wolf-1", "power-all", "counts=T10,B3,F2"])
    def test_play_keeps_the_rules(self, text):
        rules = Rules.parse(text)
        p = Position.start(rules=text)
        assert p.rules == rules
        p = p.play("B@b2").play_line("B@b3 D@a1")
        assert p.rules == rules
        after, _ = p.play_with_events(p.legal_texts()[0])
        assert after.rules == rules
        assert p.child(p.option_codes[0]).rules == rules

    def test_positions_of_different_rules_are_never_equal(self):
        line = "B@b2 B@b3 W@a1"
        variants = [Rules(), WOLF_1, POWER_ALL, Rules.parse("counts=T10")]
        positions = [Position.start(rules=r).play_line(line) for r in variants]
        assert len({p.cpn() for p in positions}) == 1  # the same board ...
        assert len(set(positions)) == len(variants)  # ... but four positions
        assert len({hash(p) for p in positions}) == len(variants)

    def test_the_standard_rules_change_nothing(self):
        p = Position.start()
        assert p.rules == Rules() and p == Position.start(rules=Rules())
        assert hash(p) == hash(Position.start(rules="standard"))
        assert repr(p) == "Position.from_cpn('.,.,.,./.,.,.,./.,.,.,. g 2 0-0')"

    def test_repr_names_a_variant_and_pastes_back(self):
        p = Position.start(rules="wolf-1+counts=T10").play("W@a1")
        assert "rules='wolf-1+counts=T10'" in repr(p)
        assert eval(repr(p), {"Position": Position}) == p

    @pytest.mark.parametrize("text", ["standard", "wolf-1+counts=T10"])
    def test_positions_pickle_with_their_rules(self, text):
        """Work for other processes (batch analysis) sends positions pickled."""
        p = Position.start(rules=text).play("B@b2")
        q = pickle.loads(pickle.dumps(p))
        assert q == p and hash(q) == hash(p) and q.rules == p.rules
        fresh = pickle.loads(pickle.dumps(Rules.parse(text)))
        assert fresh == Rules.parse(text)
        assert hash(Position.start(rules=fresh)) == hash(Position.start(rules=text))

    def test_bad_rules_text_is_a_rules_error(self):
        with pytest.raises(RulesError, match="unknown rules part"):
            Position.from_cpn(".,.,.,./.,.,.,./.,.,.,. g 2 0-0", rules="wolf-3")


class TestWolfOneStep:
    """wolf-1 (D-10): the Wolf zone is one diagonal step (R-6, D-1 changed)."""

    # Green's Wolf on a1; Purple's two Trees on c3 (base power 1, R-9), two diagonal steps
    # away, and Purple's Tree on b2, one step away.
    CPN = cpn({"a1": "W", "c3": "tt", "b2": "t"}, "g", "2")

    def test_r6_the_zone_is_the_one_step_diagonals(self):
        assert zone_of(Kind.WOLF, "a1")["cells"] == ["b2", "c3"]  # D-1
        assert zone_of(Kind.WOLF, "a1", WOLF_1)["cells"] == ["b2"]
        assert zone_of(Kind.WOLF, "b2", WOLF_1)["cells"] == ["a1", "c1", "a3", "c3"]
        assert zone_table(WOLF_1)["W"]["c2"]["cells"] == ["b1", "d1", "b3", "d3"]

    def test_r24_the_wolf_no_longer_weakens_two_steps_away(self):
        standard = Position.from_cpn(self.CPN)
        variant = Position.from_cpn(self.CPN, rules=WOLF_1)
        assert standard.power("c3").wolves == ("a1",) and standard.power("c3").total == 0
        assert variant.power("c3").wolves == () and variant.power("c3").total == 1
        assert variant.power("b2").wolves == ("a1",)  # one step: still in reach

    def test_r11_so_a_two_steps_token_may_no_longer_be_covered(self):
        standard = Position.from_cpn(self.CPN)
        variant = Position.from_cpn(self.CPN, rules=WOLF_1)
        assert "B@c3" in standard.legal_texts()  # power 0
        assert "B@c3" not in variant.legal_texts()  # power 1
        assert "c3" not in variant.placement_cells("B")
        assert "power 1" in variant.placement_refusal("B", "c3")


class TestPowerAll:
    """power-all (D-10): base power counts every own token below (R-9 changed)."""

    # a1: P,G,P (bottom to top); b1: G,P,P; c1: P,P,G,P; d1: G
    CPN = cpn({"a1": "tTt", "b1": "Ttt", "c1": "ttTt", "d1": "T"}, "g", "2")

    def test_r9_every_own_token_below_counts(self):
        standard = Position.from_cpn(self.CPN)
        variant = Position.from_cpn(self.CPN, rules=POWER_ALL)
        assert standard.power("a1").base == 0  # R-9's example: the run is broken
        assert variant.power("a1").base == 1
        assert standard.power("b1").base == variant.power("b1").base == 1
        assert standard.power("c1").base == 0 and variant.power("c1").base == 2
        assert standard.power("d1").base == variant.power("d1").base == 0

    def test_r11_placement_follows_the_variant_power(self):
        standard = Position.from_cpn(self.CPN)
        variant = Position.from_cpn(self.CPN, rules=POWER_ALL)
        assert {"a1", "c1"} <= set(standard.placement_cells("B"))
        assert not {"a1", "b1", "c1"} & set(variant.placement_cells("B"))
        assert "b1" not in standard.placement_cells("B")


class TestCounts:
    """counts=... (D-10): each kind's count changes R-3, R-8's conservation uses it."""

    def test_r3_the_reserves_start_with_the_variant_counts(self):
        p = Position.start(rules="counts=T10,B2,F0")
        for player in Player:
            held = p.reserve(player)
            assert held[Kind.TREE] == 10 and held[Kind.BOAR] == 2 and held[Kind.FIRE] == 0
            assert held[Kind.DEER] == 3  # unlisted: R-3's count
        assert not any(t.startswith("F@") for t in p.legal_texts())

    def test_r8_a_cpn_is_checked_against_the_variant_counts(self):
        eleven = cpn({"a1": "TTTTTTTTTTT"}, "p", "2")
        assert Position.from_cpn(eleven).reserve("g")[Kind.TREE] == 1
        with pytest.raises(InvalidPositionError, match="owns only 10 under the rules 'counts=T10'"):
            Position.from_cpn(eleven, rules="counts=T10")
        two_fires = cpn({"a1": "F", "d3": "F"}, "p", "2")
        with pytest.raises(InvalidPositionError, match="owns only 1"):
            Position.from_cpn(two_fires)
        assert Position.from_cpn(two_fires, rules="counts=F2").reserve("g")[Kind.FIRE] == 0

    def test_r26_a_second_fire_in_reserve_does_not_stop_burning(self):
        # Green's first Fire is on a1, a second still in reserve (counts=F2): a Purple Tree
        # placed next to it burns at once (R-26, D-8).
        p = Position.from_cpn(cpn({"a1": "F"}, "p", "2"), rules="counts=F2")
        after = p.play("T@b1")
        assert after.stack("b1") == () and after.burned == (0, 1)

    def test_r16_the_game_ends_when_the_smaller_reserve_empties(self):
        rules = "counts=T1,B0,D0,W0,S0,X0,C0,F0"  # one Tree each
        p = Position.start(rules=rules).play("T@a1")
        assert p.phase == "L" and p.side == Player.PURPLE  # Green's reserve is empty
        assert p.legal_texts()[-1] == "pass"
        over = p.play("T@d3")
        assert over.is_over and str(over.result()) == "draw 1-1 1-1 0-0"

    @pytest.mark.parametrize("text", ["counts=T2", "counts=T8,B4,F3,X2,S2", "counts=T0,C6"])
    def test_r8_conservation_holds_in_random_games(self, text):
        rules = Rules.parse(text)
        rng = random.Random(text)
        for _ in range(10):
            p = Position.start(rules=rules)
            while not p.is_over:
                for player in Player:
                    on_board = Counter(
                        t.kind for cell in CELL_NAMES for t in p.stack(cell) if t.owner == player
                    )
                    for kind in Kind:
                        burned = p.burned[player] if kind == Kind.TREE else 0
                        held = p.reserve(player)[kind] + on_board[kind] + burned
                        assert held == rules.counts[kind], (p, player, kind)
                p = p.child(rng.choice(p.option_codes))
