"""Values that know whose view they are (solver/pov.py): both players (R-27: a value at a
position is its decider's), proven outcomes and estimates, flipping, the Green-side text."""

from __future__ import annotations

import pytest

from cernunos_widget.engine import CernunosError, Player, Position
from cernunos_widget.solver import (
    Info,
    Limit,
    PovError,
    PovValue,
    Solution,
    Value,
    analyse,
    final_score,
    seen_by,
    solve,
    turn_at,
)

G, P = Player.GREEN, Player.PURPLE
WORDS = ("win", "draw", "loss")
ENDGAME = Position.from_cpn("TTTT,tb,.,BxTT/.,tBdDtt,fD,XbW/FdTTT,Wttt,wD,BCcb p 2 3-2")


class TestValue:
    def test_an_estimate_flips_its_number_and_stays_an_estimate(self):
        v = Value(0.31)
        assert not v.proven and v.outcome is None and v.result is None
        assert (-v).number == -0.31 and not (-v).proven

    @pytest.mark.parametrize(("word", "other", "result"), [
        ("win", "loss", 1), ("draw", "draw", 0), ("loss", "win", -1),
    ])
    def test_a_proven_value_flips_its_outcome_and_strong_value(self, word, other, result):
        v = Value.exact(result * 7, strong=result * 1250)
        assert v.proven and v.outcome == word and v.number == result and v.result == result
        flipped = -v
        assert flipped.outcome == other and flipped.number == -result
        assert flipped.strong == -result * 1250 and flipped.proven

    @pytest.mark.parametrize("v", [
        Value(0.31), Value(-0.9), Value(0.0), Value.exact(1, 625), Value.exact(0), Value.exact(-1),
    ])
    def test_flipping_twice_is_the_identity(self, v):
        flipped = -v
        assert -flipped == v and (flipped != v or v.number == 0)

    @pytest.mark.parametrize(("number", "outcome", "strong", "what"), [
        (1.5, None, None, "from -1 to 1"),
        (float("nan"), None, None, "from -1 to 1"),
        (0.3, "win", None, "has the number 1"),  # a proven value is never an estimate
        (1.0, "won", None, "'win', 'draw' or 'loss'"),
        (0.5, None, 625, "no strong value"),
        (1.0, "win", -625, "no strong value -625"),
        (0.0, "draw", 3, "no strong value 3"),
    ])
    def test_impossible_values_are_refused_naming_what_is_wrong(
        self, number, outcome, strong, what
    ):
        with pytest.raises(PovError, match=what) as caught:
            Value(number, outcome, strong)
        assert isinstance(caught.value, CernunosError)


class TestPovValue:
    @pytest.mark.parametrize("turn", [G, P])
    def test_the_relative_value_is_the_turns_own(self, turn):
        v = PovValue(Value(0.4), turn)
        assert v.pov(turn) == v.relative == Value(0.4)
        assert v.pov(turn.other) == Value(-0.4)

    def test_green_is_the_value_from_greens_view_whoever_decides(self):
        assert PovValue(Value(0.25), G).green().number == 0.25
        assert PovValue(Value(0.25), P).green().number == -0.25
        assert PovValue(Value.exact(1), P).green().outcome == "loss"  # Purple's win
        assert PovValue(Value.exact(-1), P).green().outcome == "win"

    @pytest.mark.parametrize("turn", [G, P])
    @pytest.mark.parametrize("word", WORDS)
    def test_the_outcome_word_from_either_side(self, turn, word):
        v = PovValue(Value.exact({"win": 1, "draw": 0, "loss": -1}[word]), turn)
        other = {"win": "loss", "draw": "draw", "loss": "win"}[word]
        assert v.pov(turn).outcome == word and v.pov(turn.other).outcome == other

    @pytest.mark.parametrize(("turn", "result", "text"), [
        (G, 1, "Green wins"), (G, 0, "draw"), (G, -1, "Purple wins"),
        (P, 1, "Purple wins"), (P, 0, "draw"), (P, -1, "Green wins"),
    ])
    def test_a_proven_value_reads_as_words_never_a_number(self, turn, result, text):
        assert PovValue(Value.exact(result), turn).green_text() == text

    @pytest.mark.parametrize(("turn", "number", "text"), [
        (G, 0.31, "+0.31"), (P, 0.31, "\u22120.31"), (G, -0.12, "\u22120.12"),
        (P, -0.12, "+0.12"), (P, 0.004, "0.00"), (G, 1.0, "+1.00"),
    ])
    def test_an_estimate_reads_as_greens_number_never_words(self, turn, number, text):
        assert PovValue(Value(number), turn).green_text() == text

    def test_a_view_needs_a_player(self):
        with pytest.raises(PovError, match="turn is a Player, not None"):
            PovValue(Value(0.1), None)


def test_seen_by_flips_greens_numbers_for_purple_only():
    assert seen_by(G, 625) == 625 and seen_by(P, 625) == -625
    assert seen_by(P, seen_by(P, -0.5)) == -0.5


def test_turn_at_is_the_decider_and_green_once_the_game_is_over():
    start = Position.start()
    assert turn_at(start) == G and turn_at(start.play("B@b2").play("B@b3")) == P
    game = start
    while not game.is_over:
        game = game.child(game.option_codes[0])
    assert turn_at(game) == G


class TestInfoAndSolution:
    def test_an_info_knows_its_view_and_keeps_its_attributes(self):
        p = Position.start().play("B@b2").play("B@b3")
        d = p.legal_decisions()[0]
        won = Info(d, True, "win", 5, 1.0, [d], turn=P)  # Purple's proven win
        assert (won.outcome, won.score, won.estimate) == ("win", 5, 1.0)
        assert won.pov.green() == Value(-1.0, "loss", -5)
        guess = Info(d, False, None, None, 0.2, [d], turn=P)
        assert guess.relative == Value(0.2) and guess.pov.green() == Value(-0.2)

    def test_an_info_without_a_turn_says_so(self):
        d = Position.start().legal_decisions()[0]
        with pytest.raises(PovError, match="turn is a Player"):
            Info(d, False, None, None, 0.2, [d]).pov  # noqa: B018

    def test_a_solution_carries_its_proven_value_and_none_when_unproven(self):
        won = Solution(True, "loss", -700, [], 10, 0.1, P)
        assert won.pov.green() == Value(1.0, "win", 700)
        assert Solution(False, None, None, [], 10, 0.1, P).pov is None


def test_a_real_analysis_and_solve_say_whose_view_their_values_are():
    p = Position.start().play("B@b2").play("B@b3")  # Purple decides
    for info in analyse(p, Limit(nodes=2_000), multipv=2):
        assert info.turn == P and info.pov.green().number == -info.estimate
    assert ENDGAME.decider == P
    solution = solve(ENDGAME, Limit(time=60))
    end = ENDGAME
    for decision in solution.pv:
        end = end.play(decision)
    assert solution.proven and solution.turn == P and end.is_over
    assert solution.pov.green().strong == final_score(end)  # R-17, Green's view
    assert (solution.outcome, solution.pov.green().outcome) == ("win", "loss")  # Purple's win
    best = analyse(ENDGAME, Limit(time=30))[0]  # proven by the analysis's own proofs
    assert best.proven and (best.outcome, best.pov.green().outcome) == ("win", "loss")
    after = solve(ENDGAME.play(best.decision), Limit(time=30))  # whoever decides there
    assert after.pov.green() == Value(-1.0, "loss", after.pov.green().strong)
