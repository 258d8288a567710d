"""The game review (issue #10): judging, one value per main-line node, cache, stop."""

from __future__ import annotations

import json
import threading
from dataclasses import replace

import pytest

from cernunos_widget.engine import CernunosError, Player, Position
from cernunos_widget.record.tree import Game
from cernunos_widget.session.review import (
    Evaluation,
    ReviewCache,
    ReviewError,
    Value,
    judge,
    position_key,
    quality_key,
    review_game,
)
from cernunos_widget.solver import Limit

G, P = Player.GREEN, Player.PURPLE
# Green's Fox, raised by Purple's Crow, swaps two Crows: Green orders their activations in
# Purple's turn, again and again.
R27_LINE = "C@c2 X@b2 C@b3 c2 b3"
QUICK = Limit(nodes=3_000)  # a node limit: the review is deterministic
# Purple to place, a proven win; D@b1 loses (found by the exact search).
ENDGAME = ".,xBbTtTttWwD,.,BF/bStWw,.,fD,./cCdTTTT,tBtTttt,.,bTtXs p 2 4-2"


def line_positions(text: str, start: Position | None = None) -> list[Position]:
    positions = [start or Position.start()]
    for token in text.split():
        positions.append(positions[-1].play(token))
    return positions


class TestJudge:
    @pytest.mark.parametrize(
        ("before", "after", "mark"),
        [
            (0.5, 0.41, ""),  # a drop of 0.09
            (0.5, 0.4, "?!"),  # exactly 0.1 (0.5 - 0.4 is 0.0999... in floats)
            (0.5, 0.31, "?!"),
            (0.5, 0.3, "?"),  # exactly 0.2
            (0.5, 0.21, "?"),
            (0.5, 0.2, "??"),  # exactly 0.3
            (0.3, -0.9, "??"),
            (0.2, 0.9, ""),  # a gain is no mistake
        ],
    )
    def test_thresholds_for_green(self, before, after, mark):
        assert judge(Value(before), Value(after), G) == mark

    @pytest.mark.parametrize(
        ("before", "after", "mark"),
        [(-0.5, -0.41, ""), (-0.5, -0.4, "?!"), (-0.5, -0.3, "?"), (-0.5, -0.2, "??")],
    )
    def test_values_are_green_s_so_purple_loses_when_they_rise(self, before, after, mark):
        assert judge(Value(before), Value(after), P) == mark
        assert judge(Value(before), Value(after), G) == ""  # the same change helps Green

    @pytest.mark.parametrize(
        ("before", "after", "decider", "mark"),
        [
            ("win", "draw", G, "??"),
            ("win", "loss", G, "??"),
            ("draw", "loss", G, "??"),
            ("draw", "win", G, ""),
            ("win", "win", G, ""),
            ("loss", "draw", P, "??"),  # Green's side: Purple's proven win became a draw
            ("draw", "win", P, "??"),
            ("loss", "loss", P, ""),
            ("win", "draw", P, ""),
        ],
    )
    def test_proven_outcomes(self, before, after, decider, mark):
        value = {"win": 1.0, "draw": 0.0, "loss": -1.0}
        assert judge(Value(value[before], before), Value(value[after], after), decider) == mark

    @pytest.mark.parametrize(("green", "proven"), [(0.3, "win"), (1.0, "won"), (1.5, None)])
    def test_values_off_the_scale_are_refused(self, green, proven):
        with pytest.raises(ReviewError, match="(from -1 to 1|proven value is)"):
            Value(green, proven)

    def test_a_proven_value_meets_an_estimate_on_the_same_scale(self):
        assert judge(Value(1.0, "win"), Value(0.95), G) == ""
        assert judge(Value(1.0, "win"), Value(0.85), G) == "?!"
        assert judge(Value(0.2), Value(-1.0, "loss"), G) == "??"


def prefilled(text: str, limit: Limit, special: dict[int, Evaluation]) -> ReviewCache:
    """A cache of made-up evaluations along ``text``: the played decision best, except at
    the plies of ``special``."""
    cache = ReviewCache()
    positions, tokens = line_positions(text), text.split()
    for i, position in enumerate(positions):
        best = tokens[i] if i < len(tokens) else str(position.legal_decisions()[0])
        made_up = Evaluation(Value(0.0), best, (best,), ((best, Value(0.0)),))
        evaluation = special.get(i, made_up)
        cache.put(position, "auto", replace(evaluation, quality=quality_key(limit)))
    return cache


class TestCharging:
    def test_a_choice_made_in_the_other_player_s_turn_is_charged_to_its_decider(self):
        positions = line_positions(R27_LINE)
        before = positions[3]
        assert before.side == P and before.decider == G  # Green orders Purple's turn
        bad = Evaluation(Value(0.5), "b3", ("b3", "c2"), (("b3", Value(0.5)), ("c2", Value(0.05))))
        cache = prefilled(R27_LINE, QUICK, {3: bad})
        review = review_game(positions, (QUICK,), cache=cache)
        assert review.searches == 0  # everything came from the cache
        node = review.nodes[4]
        assert (node.decision, node.decider, node.mark) == ("c2", G, "??")
        assert node.best == "b3" and node.best_line == ("b3", "c2")
        assert node.text.startswith("?? Green's c2:") and "best was b3 (b3 c2)" in node.text
        counts = review.counts()
        assert counts["green"] == {"inaccuracy": 0, "mistake": 0, "blunder": 1}
        assert counts["purple"] == {"inaccuracy": 0, "mistake": 0, "blunder": 0}
        assert [n.mark for n in review.nodes] == ["", "", "", "", "??", ""]

    def test_the_decision_rated_best_is_never_marked(self):
        """Even when the node after it is proven lost: the search before saw no better."""
        shallow = Evaluation(Value(0.9), "c2", ("c2",), (("c2", Value(0.9)),))
        lost = Evaluation(Value(-1.0, "loss"), "b3", ("b3",), (("b3", Value(-1.0, "loss")),))
        cache = prefilled(R27_LINE, QUICK, {3: shallow, 4: lost})
        review = review_game(line_positions(R27_LINE), (QUICK,), cache=cache)
        assert review.nodes[4].played == Value(-1.0, "loss") and review.nodes[4].mark == ""

    def test_a_refined_value_before_a_decision_judges_it_again(self):
        """The node after the decision keeps its value; the refined one before marks it."""
        coarse, fine = Limit(nodes=300), QUICK
        bad = Evaluation(Value(0.5), "b3", ("b3",), (("b3", Value(0.5)), ("c2", Value(0.3))))
        cache = prefilled(R27_LINE, fine, {3: bad})  # the fine pass's values, cached
        positions = line_positions(R27_LINE)
        good = Evaluation(Value(0.0), "c2", ("c2",), (("c2", Value(0.0)),), quality="nodes=300")
        cache.put(positions[3], "auto", good)  # only ply 3 has a coarse value
        updates: list[dict] = []
        review = review_game(positions, (coarse, fine), cache=cache, on_update=updates.append)
        assert review.searches == 0 and review.nodes[4].mark == "?"
        assert review.nodes[4].evaluation.quality == "nodes=3000"  # since the coarse pass
        assert updates[-1][4].mark == "?" and set(updates[-1]) == {3, 4}

    def test_a_thrown_proven_win_is_a_blunder_of_purple(self):
        start = Position.from_cpn(ENDGAME)
        positions = [start, start.play("D@b1")]
        review = review_game(positions, (Limit(nodes=2_000_000),))
        before, node = review.nodes
        assert before.evaluation.value == Value(-1.0, "loss")  # Purple wins, Green's side
        assert node.played == Value(1.0, "win") and node.decider == P
        assert node.mark == "??" and "a proven win becomes a loss" in node.text
        assert node.best == node.best_line[0] != "D@b1"
        assert start.play(node.best) != positions[1]
        assert review.counts()["purple"]["blunder"] == 1


class TestReview:
    def test_one_value_per_main_line_node_root_included(self):
        game = Game.parse(R27_LINE)
        review = review_game(game, (QUICK,))
        mainline = [game.root, *game.mainline()]
        assert [n.node_id for n in review.nodes] == [n.id for n in mainline]
        assert [n.decision for n in review.nodes] == [None, *R27_LINE.split()]
        assert [n.decider for n in review.nodes] == [None, G, G, P, G, G]
        for node in review.nodes:
            assert node.evaluation.quality == "nodes=3000"
            assert -1.0 <= node.evaluation.value.green <= 1.0
            assert node.evaluation.best in node_tokens(mainline[node.ply].position)
        assert review.searches == 6 and review.passes_done == 1 and not review.stopped
        data = json.loads(json.dumps(review.to_json()))
        assert len(data["nodes"]) == 6 and data["nodes"][0]["value_green"] is not None
        assert data["nodes"][4]["decider"] == "green" and data["rules"] == "default"

    def test_a_node_limit_makes_it_deterministic(self):
        positions = line_positions(R27_LINE)
        first = review_game(positions, (QUICK,)).to_json()
        assert review_game(positions, QUICK).to_json() == first  # one Limit is one pass

    def test_a_finished_game_ends_on_its_result_without_a_search(self):
        start = Position.from_cpn(ENDGAME)
        positions = line_positions("D@c1 D@c2 D@a2", start)
        assert positions[-1].is_over
        cache = ReviewCache()
        review = review_game(positions[-1:], (QUICK,), cache=cache)
        assert review.nodes[0].evaluation.value == Value(-1.0, "loss")
        assert review.searches == 0 and len(cache) == 0

    def test_refinement_passes_stream_better_values(self):
        positions = line_positions(R27_LINE)
        updates: list[dict] = []
        progress: list[tuple[int, int, int]] = []
        review = review_game(
            positions,
            (Limit(nodes=300), QUICK),
            on_update=updates.append,
            on_progress=lambda *a: progress.append(a),
        )
        assert review.passes_done == 2 and review.searches == 12
        assert {n.evaluation.quality for n in review.nodes} == {"nodes=3000"}
        assert progress[0] == (0, 1, 6) and progress[-1] == (1, 6, 6) and len(progress) == 12
        seen = {ply for update in updates for ply in update}
        assert seen == set(range(6))
        last = {}
        for update in updates:
            last.update(update)
        assert {p: n.to_json() for p, n in last.items()} == {
            n.ply: n.to_json() for n in review.nodes
        }


def node_tokens(position: Position) -> set[str]:
    return {str(d) for d in position.legal_decisions()}


class TestCache:
    def test_a_re_review_searches_nothing(self):
        positions = line_positions(R27_LINE)
        cache = ReviewCache()
        first = review_game(positions, (Limit(nodes=300), QUICK), cache=cache)
        again = review_game(positions, (Limit(nodes=300), QUICK), cache=cache)
        assert first.searches == 12 and again.searches == 0
        assert again.to_json()["nodes"] == first.to_json()["nodes"]

    def test_a_transposition_is_searched_once(self):
        one = line_positions("T@a1 B@d3 T@a3")
        two = line_positions("B@d3 T@a1 T@a3")
        assert one[2] == two[2] and one[1] != two[1]
        cache = ReviewCache()
        assert review_game(one, (QUICK,), cache=cache).searches == 4
        assert review_game(two, (QUICK,), cache=cache).searches == 1  # only after B@d3

    def test_the_key_holds_engine_limit_and_rules(self):
        positions = line_positions(R27_LINE)
        cache = ReviewCache()
        review_game(positions[:2], (QUICK,), cache=cache)
        assert review_game(positions[:2], (Limit(nodes=3_001),), cache=cache).searches == 2
        assert review_game(positions[:2], (QUICK,), cache=cache, engine="mcts").searches == 2
        key = ReviewCache.key(positions[0], "alphabeta", "nodes=3000")
        assert key == (positions[0].cpn(), "alphabeta", key[2], "default", "nodes=3000")

    def test_positions_in_the_middle_of_an_effect_are_keyed_by_value(self):
        one = line_positions(R27_LINE)[4]
        two = line_positions(R27_LINE)[4]
        assert not one.at_boundary and one is not two
        assert position_key(one) == position_key(two) != position_key(line_positions(R27_LINE)[3])
        assert position_key(one).startswith("mid-effect:")

    def test_proven_values_serve_every_limit(self):
        start = Position.from_cpn(ENDGAME)
        cache = ReviewCache()
        review_game([start], (Limit(nodes=2_000_000),), cache=cache)
        again = review_game([start], (QUICK,), cache=cache)
        assert again.searches == 0 and again.nodes[0].evaluation.value.proven == "loss"


class TestStop:
    def test_a_stop_already_set_searches_nothing(self):
        stop = threading.Event()
        stop.set()
        review = review_game(line_positions(R27_LINE), (QUICK,), stop=stop)
        assert review.stopped and review.searches == 0
        assert all(n.evaluation is None for n in review.nodes)

    def test_stop_between_nodes_keeps_what_was_found(self):
        stop = threading.Event()
        cache = ReviewCache()
        review = review_game(
            line_positions(R27_LINE),
            (QUICK,),
            cache=cache,
            stop=stop,
            on_update=lambda u: stop.set(),
        )
        assert review.stopped and review.passes_done == 0
        assert review.searches == 1 and len(cache) == 1
        assert review.nodes[0].evaluation is not None and review.nodes[1].evaluation is None

    def test_stop_ends_a_search_that_no_limit_would_end(self):
        stop = threading.Event()
        cache = ReviewCache()
        threading.Timer(0.3, stop.set).start()
        endless = Limit(nodes=10**15)  # days of search at the opening
        review = review_game(line_positions(R27_LINE), (endless,), cache=cache, stop=stop)
        assert review.stopped and review.searches == 1
        assert review.nodes[0].evaluation is None and len(cache) == 0  # nothing half-done kept


class TestBadInput:
    @pytest.mark.parametrize(
        ("game", "words"),
        [
            ([], "nothing to review"),
            ("B@b2", "nothing to review"),
            (42, "nothing to review"),
            ([Position.start(), "B@b2"], "item 1 is a str"),
            ([Position.start(), Position.start()], "position 1 does not follow from position 0"),
        ],
    )
    def test_bad_lines(self, game, words):
        with pytest.raises(ReviewError, match=words):
            review_game(game, (QUICK,))

    @pytest.mark.parametrize(
        "limits",
        [(), (Limit(),), (Limit(depth=3),), ("fast",)],
    )
    def test_bad_limits(self, limits):
        with pytest.raises(ReviewError, match="Limit"):
            review_game([Position.start()], limits)

    def test_an_unknown_engine(self):
        with pytest.raises(ReviewError, match="alphabeta, mcts") as error:
            review_game([Position.start()], (QUICK,), engine="stockfish")
        assert isinstance(error.value, CernunosError)


def test_a_proven_value_of_the_node_itself_beats_the_estimate_before_it():
    """The search before rated the decision 0.2 (unproven); the node's own search proved
    it a win for Green, so Green's decision kept the win and is not marked."""
    positions = line_positions(R27_LINE)
    before = Evaluation(
        Value(1.0, "win"), "b3", ("b3",), (("b3", Value(1.0, "win")), ("c2", Value(0.2)))
    )
    after = Evaluation(Value(1.0, "win"), "b3", ("b3",), (("b3", Value(1.0, "win")),))
    review = review_game(
        positions, (QUICK,), cache=prefilled(R27_LINE, QUICK, {3: before, 4: after})
    )
    assert review.nodes[4].played == Value(1.0, "win") and review.nodes[4].mark == ""


def test_the_reviews_searches_run_with_the_threads_asked(monkeypatch):
    import cernunos_widget.session.review as review_module

    asked: list = []
    real = review_module.analysis

    def spy(*args, **kwargs):
        asked.append(kwargs.get("threads"))
        return real(*args, **kwargs)

    monkeypatch.setattr(review_module, "analysis", spy)
    positions = line_positions("B@b2 B@b3")
    review_game(positions, QUICK, cache=ReviewCache(), threads=1)
    assert asked and set(asked) == {1}
    asked.clear()
    review_game(positions, QUICK, cache=ReviewCache())
    assert asked and set(asked) == {None}  # every core, the solver's default


def test_a_bad_thread_count_stops_the_review_before_any_search():
    from cernunos_widget.solver import InvalidThreadsError

    with pytest.raises(InvalidThreadsError, match="threads"):
        review_game(line_positions("B@b2"), QUICK, cache=ReviewCache(), threads=0)
