"""The balance report (cernunos_widget.tools.balance): Green's score with its interval (R-1, R-17),
draws, forfeits (R-15), lengths (R-13, R-16), the activation cap (R-28, D-9), heatmaps."""

import json
import math

import pytest
from cpn_builder import cpn

from cernunos_widget.engine import Player, Position
from cernunos_widget.engine.geometry import CELL_NAMES
from cernunos_widget.record.tree import Game
from cernunos_widget.solver.bots import GameRecord, RandomBot, play_game
from cernunos_widget.tools.balance import BalanceError, report, wilson_interval

# tests/test_turns.py's board: every cell Purple's with power >= 1, Green to place
LOCKED = {
    "a1": "t", "b1": "td", "c1": "tt", "d1": "tt", "a2": "tt", "b2": "tt",
    "c2": "tb", "d2": "bb", "a3": "dd", "b3": "ww", "c3": "sx", "d3": "fc",
}


@pytest.fixture(scope="module")
def games():
    return [play_game(RandomBot(s), RandomBot(1000 + s)) for s in range(60)]


def as_game(record: GameRecord, **headers) -> Game:
    game = Game(record.start)
    node = game.root
    for d in record.decisions:
        node = node.play(d)
    game.headers = headers
    return game


def test_wilson_interval_known_values():
    lo, hi = wilson_interval(0.5, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    lo, hi = wilson_interval(0.0, 10)
    assert lo == 0.0 and math.isclose(hi, 0.2775, abs_tol=1e-4)
    with pytest.raises(BalanceError):
        wilson_interval(0.5, 0)
    with pytest.raises(BalanceError):
        wilson_interval(1.5, 10)


def test_r17_score_draws_and_interval_equal_a_count_over_the_results(games):
    d = report({"random": games}).to_dict()["configurations"][0]
    winners = [g.final.result().winner for g in games]
    green = winners.count(Player.GREEN)
    draws = winners.count(None)
    assert (d["games"], d["green_wins"], d["draws"]) == (60, green, draws)
    assert d["purple_wins"] == winners.count(Player.PURPLE)
    assert math.isclose(d["green_score"], (green + draws / 2) / 60)
    assert d["green_score_95"] == list(wilson_interval(d["green_score"], 60))
    assert d["draw_rate"] == draws / 60 and d["forfeit_rate"] == 0


def test_r13_r16_lengths_in_decisions_and_turns(games):
    d = report({"random": games}).to_dict()["configurations"][0]
    lengths = [len(g.decisions) for g in games]
    assert d["decisions"]["min"] == min(lengths) and d["decisions"]["max"] == max(lengths)
    assert sum(d["decisions"]["histogram"].values()) == 60
    assert math.isclose(d["decisions"]["mean"], sum(lengths) / 60)
    # one game by hand: Green's turn (2 placements), Purple's, Green's first placement
    p, decisions = Position.start(), []
    for t in ("T@a1", "T@b1", "T@c1", "T@d1", "T@a2"):
        decisions.append(p.parse_decision(t))
        p = p.play(t)
    line = GameRecord(Position.start(), decisions)
    facts = report({"x": [line]}).configurations[0].to_dict()
    assert facts["turns"]["max"] == 3 and facts["decisions"]["max"] == 5
    assert facts["unfinished"] == 1 and facts["games"] == 0


def test_r15_a_forfeit_counts_for_the_winner_and_as_a_forfeit():
    forfeit = GameRecord(Position.from_cpn(cpn(LOCKED, "g", "2")))  # Green cannot place
    d = report({"f": [forfeit]}).to_dict()["configurations"][0]
    assert (d["games"], d["purple_wins"], d["forfeits"], d["forfeit_rate"]) == (1, 1, 1, 1.0)
    assert d["green_score"] == 0.0


def test_r28_d9_a_placement_that_hits_the_cap_is_counted():
    start = Position.from_cpn(cpn({"a1": "c"}, "g", "2"))  # two Crows wake each other
    record = play_game(RandomBot(1), RandomBot(2), start=start.play("C@b1"))
    capped = GameRecord(start, [start.parse_decision("C@b1"), *record.decisions])
    capped.final = record.final
    plain = play_game(RandomBot(3), RandomBot(4), start=start.play("T@c3"))
    plain_record = GameRecord(start, [start.parse_decision("T@c3"), *plain.decisions])
    expected = 0
    p = start
    for d in capped.decisions:  # the count, brute force
        p, events = p.play_with_events(d)
        expected += any(e.type == "cap" for e in events)
    d = report({"cap": [capped], "plain": [plain_record]}).to_dict()["configurations"]
    assert d[0]["cap_games"] == 1 and d[0]["cap_placements"] == expected >= 1
    assert d[1]["cap_placements"] == sum(
        any(e.type == "cap" for e in ev) for ev in _events(plain_record)
    )
    # a Game's nodes already hold the events: the same count without replaying
    assert report({"g": [as_game(capped)]}).to_dict()["configurations"][0]["cap_games"] == 1


def _events(record):
    p, out = record.start, []
    for d in record.decisions:
        p, ev = p.play_with_events(d)
        out.append(ev)
    return out


def test_r4_heatmap_counts_the_final_occupants(games):
    d = report({"random": games}).to_dict()
    cells = d["configurations"][0]["cells"]
    assert list(cells) == list(CELL_NAMES) == d["cells"]
    for i, cell in enumerate(CELL_NAMES):
        who = [g.final.occupant(cell) for g in games]
        assert cells[cell] == [who.count(Player.GREEN), who.count(Player.PURPLE), who.count(None)]
        assert sum(cells[cell]) == 60, i


def test_configurations_come_from_headers_in_order_and_the_json_round_trips(games):
    tagged = [as_game(g, Green="greedy", Purple="random") for g in games[:3]]
    tagged += [as_game(g, Green="random", Purple="random", Rules="wolf-1") for g in games[3:5]]
    r = report(tagged)
    names = [c.name for c in r.configurations]
    assert names == ["greedy vs random", "random vs random, rules wolf-1"]
    assert [c.games for c in r.configurations] == [3, 2]
    assert json.loads(json.dumps(r.to_dict())) == r.to_dict()
    assert "greedy vs random" in r.text() and r["greedy vs random"].games == 3
    with pytest.raises(KeyError, match="no configuration"):
        r["nothing"]


def test_bad_input_is_a_balance_error():
    with pytest.raises(BalanceError, match="not a game"):
        report(["B@b2"])
    with pytest.raises(BalanceError, match="configuration name"):
        report({"": []})
