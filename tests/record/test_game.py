"""The variation tree: branching, promotion, deletion, comments, text export and import."""

import pytest

from cernunos_widget.engine import IllegalDecisionError, Position
from cernunos_widget.record.tree import Game, GameTextError


def test_playing_an_existing_decision_reuses_the_node():
    g = Game()
    a = g.root.play("B@b2")
    assert g.root.play("B@b2") is a and len(g.root.children) == 1


def test_a_different_decision_starts_a_variation():
    g = Game()
    main = g.root.play("B@b2").play("B@b3")
    var = g.root.children[0].play("D@a1")
    assert main.is_mainline() and not var.is_mainline()
    assert [n.decision_text for n in g.mainline()] == ["B@b2", "B@b3"]
    assert var.variation_start() is var and var.ply == 2


def test_illegal_decisions_raise_and_leave_the_tree_alone():
    g = Game()
    with pytest.raises(IllegalDecisionError):
        g.root.play("pass")
    assert g.root.children == []


def test_promote_and_remove():
    g = Game()
    b2 = g.root.play("B@b2")
    b2.play("B@b3")
    deep = b2.play("D@a1").play("D@d3")
    deep.promote_to_main()
    assert [n.decision_text for n in g.mainline()] == ["B@b2", "D@a1", "D@d3"]
    parent = b2.children[0].remove()
    assert parent is b2 and [c.decision_text for c in b2.children] == ["B@b3"]
    assert deep not in g


def test_node_ids_are_never_given_twice():
    """Deleted nodes keep their ids used: a new node gets ``next_id``, an old id is gone."""
    g = Game()
    b2 = g.root.play("B@b2")
    gone = b2.play("B@b3")
    assert (g.root.id, b2.id, gone.id, g.next_id) == (0, 1, 2, 3)
    gone.remove()
    assert gone not in g and g.next_id == 3
    with pytest.raises(ValueError, match="no node #2"):
        g.node(2)
    again = b2.play("B@b3")
    assert again.id == 3 and g.node(3) is again and g.next_id == 4


def test_export_and_parse_round_trip_with_variations_and_comments():
    g = Game()
    b2 = g.root.play("B@b2")
    b2.play("B@b3").play("T@a1").comment = "solid"
    b2.play("D@a1").play("T@a1")
    g.root.play("D@c2").comment = "also fine"
    text = g.export()
    assert text == "B@b2 (D@c2 {also fine}) B@b3 (D@a1 T@a1) T@a1 {solid}"
    again = Game.parse(text)
    assert again.export() == text
    assert again.mainline()[-1].position == g.mainline()[-1].position


def test_a_game_from_a_position_records_its_cpn():
    start = Position.from_cpn(".,.,.,./.,.,.,./.,t,.,. g 2 0-0")
    g = Game(start)
    g.root.play("B@b2")
    text = g.export()
    assert text.startswith('[CPN ".,.,.,./.,.,.,./.,t,.,. g 2 0-0"] B@b2')
    assert Game.parse(text).root.position == start


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("B@b2 pass", "word 2 of the game text, 'pass'"),
        ("(B@b2)", "has no decision to replace"),
        ("B@b2 (D@a1", "not closed"),
        ("B@b2 )", "unbalanced ')'"),
        ("B@b2 {open", "unbalanced"),
        ("B@b9", "'b9' is not a cell"),
    ],
)
def test_bad_game_text_says_where(text, fragment):
    with pytest.raises(GameTextError) as info:
        Game.parse(text)
    assert fragment in str(info.value)


def test_annotation_glyphs_are_written_after_their_decision_and_read_back():
    game = Game.parse("B@b2?! B@b3 (D@a1?? {risky}) T@a1!")
    main = game.mainline()
    assert [n.glyph for n in main] == ["?!", "", "!"]
    variation = game.root.children[0].children[1]
    assert (variation.decision_text, variation.glyph, variation.comment) == ("D@a1", "??", "risky")
    assert game.export() == "B@b2?! B@b3 (D@a1?? {risky}) T@a1!"
    assert Game.parse(game.export()).export() == game.export()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("B@b2!!", "unknown annotation glyph '!!'"),
        ("B@b2?!? B@b3", "unknown annotation glyph"),
        ("?! B@b2", "follows no decision"),
    ],
)
def test_bad_glyphs_are_refused_with_the_accepted_ones(text, words):
    with pytest.raises(GameTextError, match=words) as error:
        Game.parse(text)
    assert "! ?! ? ??" in str(error.value) or "follows no decision" in str(error.value)


def test_a_step_attaches_once_and_only_to_the_node_it_starts_from():
    from cernunos_widget.record.tree import CernunosError

    g = Game()
    step = g.root.position.step("B@b2")
    child = g.root.attach(step)
    assert g.root.attach(step) is child and g.root.children == [child]  # not twice
    assert child.events == step.events and child.position is step.position
    assert g.root.child_for("B@b2") is child and g.root.child_for("B@b3") is None
    with pytest.raises(CernunosError, match="another position"):
        child.attach(step)  # a step from the root's position, not the child's


def test_playing_a_new_decision_checks_it_once_and_a_known_one_not_at_all(monkeypatch):
    checks = []
    code_of = Position._code_of
    monkeypatch.setattr(Position, "_code_of", lambda p, d: checks.append(d) or code_of(p, d))
    g = Game()
    child = g.root.play("B@b2")
    assert checks == ["B@b2"]  # Position.step: one check, the node keeps its result
    assert g.root.play("B@b2") is child and checks == ["B@b2"]  # a child's decision was legal
    Game.parse("B@b2 B@b3 (D@a1) T@a1")
    assert len(checks) == 1 + 4  # one per decision read
