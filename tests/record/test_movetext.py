"""Readable move text (cernunos_widget/record/movetext.py): turn numbers (R-13, R-16), labels of
placements and effect choices (R-14, R-20, R-22, R-23), deciders (R-27), grouping."""

import json
import random

import pytest
from cpn_builder import LAST_TREE, cpn

from cernunos_widget.engine import (
    CernunosError,
    DecisionSyntaxError,
    IllegalDecisionError,
    Position,
)
from cernunos_widget.record.movetext import (
    MoveTextError,
    decision_label,
    move_entries,
    move_text,
    turn_label,
)
from cernunos_widget.record.tree import Game

# Green's last Tree on d3 and Purple's on c3; Green has one Tree left in reserve.
FOX_EMPTIES_GREEN = cpn({**LAST_TREE, "d2": ".", "d3": "T", "c3": "t"}, "p", "2", "10-0")


def line(start: str | None, decisions: str) -> list:
    """The main line (GameNodes) of a game played from ``start``."""
    game = Game(Position.from_cpn(start) if start else None)
    node = game.root
    for token in decisions.split():
        node = node.play(token)
    return game.mainline()


def columns(entries, *names):
    return [tuple(getattr(e, n) for n in names) for e in entries]


class TestTurns:
    def test_turns_are_numbered_per_pair_of_turns_like_lichess(self):
        # Green's nth turn is "n.", Purple's nth turn "n…"; growth made by
        # the engine does not move the label off the first placement.
        entries = move_entries(line(None, "T@a1 T@d1 T@a3 X@b3 T@b1 D@c1 T@b2"))
        assert move_text(entries) == (
            "1. Tree a1 · Tree d1 1… Tree a3 · Fox b3 2. Tree b1 · Deer c1 2… Tree b2"
        )
        assert [e.turn for e in entries] == ["1.", "", "1…", "", "2.", "", "2…"]
        assert [e.player for e in entries] == list("ggppggp")

    def test_a_line_starting_with_purple_mid_turn(self):
        start = cpn({"b2": "B"}, "p", "1")
        entries = move_entries(line(start, "D@a1 T@c3 T@d3"))
        assert move_text(entries) == "1… Deer a1 2. Tree c3 · Tree d3"

    def test_the_growth_choice_heads_its_turn(self):
        # fewer Trees in reserve than Trees to grow: Green chooses, then places.
        start = cpn({"b1": "T", "a2": "T", "c2": "T"}, "g", "s", "7-0")
        entries = move_entries(line(start, "grow:b1,c2 D@d1 D@d2"))
        assert columns(entries, "turn", "choice", "effect", "label") == [
            ("1.", "growth", False, "grow b1, c2"),
            ("", "placement", False, "Deer d1"),
            ("", "placement", False, "Deer d2"),
        ]
        assert move_text(entries) == "1. grow b1, c2 · Deer d1 · Deer d2"

    def test_final_placement_pass_is_the_other_players_turn(self):
        # Green's last Tree empties the reserve; Purple's final placement, declined.
        entries = move_entries(line(cpn(LAST_TREE, "g", "1", "11-0"), "T@d3 pass"))
        assert move_text(entries) == "1. Tree d3 1… pass"
        assert columns(entries[1:], "player", "choice", "kind", "decision") == [
            ("p", "final-placement", "", "pass")
        ]
        assert entries[1].narration.startswith("Purple declines the final placement. Game over")

    def test_a_final_placement_after_the_players_own_turn_takes_the_next_number(self):
        # D-4: Purple's Fox makes Green's Tree grow Green's last Tree: Purple places last.
        entries = move_entries(line(FOX_EMPTIES_GREEN, "X@d2 c3~d3 c3 B@a3"))
        assert move_text(entries) == "1… Fox d2 (swap c3↔d3, Tree c3 first) 2… Boar a3"
        assert entries[-1].choice == "final-placement"

    def test_turn_label(self):
        assert turn_label(Position.start(), 3) == "3."
        assert turn_label(Position.from_cpn(cpn({"a1": "T"}, "p", "2")), 3) == "3…"
        for bad in (0, -1, 2.0, "1", True):
            with pytest.raises(MoveTextError, match="whole number from 1"):
                turn_label(Position.start(), bad)


class TestEffectChoices:
    def test_boar_target_chosen_by_the_other_player(self):
        # Green's Crow brings up Purple's Boar; R-27: Purple chooses its target.
        entries = move_entries(line(cpn({"a1": "bT", "a2": "D"}), "C@b1 b1"))
        assert columns(entries, "turn", "player", "decider", "effect", "kind", "label") == [
            ("1.", "g", "g", False, "C", "Crow b1"),
            ("", "g", "p", True, "", "push b1→c1"),
        ]
        assert move_text(entries) == "1. Crow b1 (Purple: push b1→c1)"
        assert entries[1].narration == "Purple's Boar on a1 pushes Green's Crow from b1 to c1."

    def test_fox_swap_then_order_then_the_boar_it_activated(self):
        # swap, then the order (asked as both swapped tokens activate), then R-20.
        entries = move_entries(line(cpn({"b1": "t", "a2": "D", "b2": "B"}), "X@a1 b1~b2 b2 b2"))
        assert columns(entries, "choice", "decider", "decision", "label") == [
            ("placement", "g", "X@a1", "Fox a1"),
            ("fox-swap", "g", "b1~b2", "swap b1↔b2"),
            ("fox-order", "g", "b2", "Tree b2 first"),
            ("boar-target", "g", "b2", "push b2→b3"),
        ]
        assert move_text(entries) == "1. Fox a1 (swap b1↔b2, Tree b2 first, push b2→b3)"

    def test_boar_push_wraps_around(self):
        # a push off the board wraps to the other end of the row.
        before = Position.from_cpn(cpn({"a1": "t", "c1": "d"})).play("B@b1")
        assert decision_label(before, "a1") == "push a1→d1"
        assert decision_label(before, "c1") == "push c1→d1"

    def test_crow_cell(self):
        before = Position.from_cpn(cpn({"a1": "t", "c1": "d"})).play("C@b1")
        assert before.choice == "crow-cell"
        assert decision_label(before, "a1") == "raise a1"

    def test_labels_of_placements_and_pass(self):
        assert decision_label(Position.start(), "W@c2") == "Wolf c2"
        final = Position.from_cpn(cpn({**LAST_TREE, "d3": "T"}, "p", "L", "11-0"))
        assert decision_label(final, "pass") == "pass"
        assert decision_label(final, "X@c2") == "Fox c2"


class TestEntries:
    def test_tuples_give_the_same_entries_as_game_nodes(self):
        nodes = line(cpn({"b1": "t", "a2": "D", "b2": "B"}), "X@a1 b1~b2 b2 b2")
        with_events = [(n.parent.position, n.decision, n.events) for n in nodes]
        without = [(n.parent.position, n.decision_text) for n in nodes]
        expected = [e.to_dict() | {"node_id": None} for e in move_entries(nodes)]
        assert [e.to_dict() for e in move_entries(with_events)] == expected
        assert [e.to_dict() for e in move_entries(without)] == expected

    def test_a_path_from_the_root_skips_the_root_and_keeps_node_ids(self):
        nodes = line(None, "B@b2 B@b3")
        entries = move_entries(nodes[-1].path())
        assert [(e.index, e.node_id) for e in entries] == [(1, nodes[0].id), (2, nodes[1].id)]

    def test_entries_are_json_ready(self):
        entries = move_entries(line(cpn({"a1": "bT", "a2": "D"}), "C@b1 b1"))
        data = json.loads(json.dumps([e.to_dict() for e in entries]))
        assert data[1] == {
            "index": 1,
            "node_id": entries[1].node_id,
            "turn": "",
            "player": "g",
            "decider": "p",
            "choice": "boar-target",
            "effect": True,
            "kind": "",
            "decision": "b1",
            "label": "push b1→c1",
            "narration": "Purple's Boar on a1 pushes Green's Crow from b1 to c1.",
        }

    def test_a_line_starting_inside_an_effect(self):
        before = Position.from_cpn(cpn({"a1": "bT", "a2": "D"})).play("C@b1")
        entries = move_entries([(before, "a2"), (before.play("a2"), "D@d1")])
        assert columns(entries, "turn", "effect", "decider") == [
            ("1.", True, "p"),
            ("", False, "g"),
        ]
        assert move_text(entries) == "1. … (Purple: push a2→a3) · Deer d1"

    def test_an_empty_line(self):
        assert move_entries([]) == [] and move_text([]) == ""


class TestBadInput:
    @pytest.mark.parametrize("node", [42, "B@b2", (Position.start(),), ("x", "B@b2")])
    def test_not_a_node(self, node):
        with pytest.raises(MoveTextError, match="expected a GameNode or a") as info:
            move_entries([node])
        assert isinstance(info.value, CernunosError)

    def test_illegal_or_malformed_decisions(self):
        with pytest.raises(IllegalDecisionError, match="legal: "):
            move_entries([(Position.start(), "pass")])
        with pytest.raises(DecisionSyntaxError):
            decision_label(Position.start(), "Q@z9")

    def test_a_finished_game_has_no_decision(self):
        over = Position.from_cpn(cpn({"a1": "T"}, "g", "#"))
        with pytest.raises(MoveTextError, match="finished game"):
            move_entries([(over, "pass")])


def test_random_games_number_their_turns_in_order():
    # turns alternate n., n…, n+1. ...; R-16: the final placement takes its player's
    # next number; every effect choice follows its placement; every label is readable.
    rng = random.Random(10)
    for _ in range(12):
        game = Game()
        node = game.root
        while node.position.legal_texts():
            node = node.play(rng.choice(node.position.legal_texts()))
        entries = move_entries(game.mainline())
        body = [e.turn for e in entries if e.turn and e.choice != "final-placement"]
        assert body == [f"{n // 2 + 1}{'.…'[n % 2]}" for n in range(len(body))]
        for final in (e for e in entries if e.choice == "final-placement"):
            mark = "." if final.player == "g" else "…"
            previous = [int(t[:-1]) for t in body if t.endswith(mark)][-1]
            assert final.turn == f"{previous + 1}{mark}"
        assert not entries[0].effect and all(e.label and "@" not in e.label for e in entries)
        assert len(entries) == len(game.mainline())
