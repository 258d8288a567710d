"""engine="auto" (issue #11, item 3): the default everywhere, and the method it names."""

import inspect

import pytest
from page_double import Page

from cernunos_widget import CernunosWidget, cli
from cernunos_widget.engine import Position
from cernunos_widget.session.core import Session
from cernunos_widget.session.review import review_game
from cernunos_widget.solver import Limit, SearchBot, analyse, analysis, best_decision
from cernunos_widget.solver.analyse import (
    AUTO_ENDGAME,
    AUTO_ESTIMATES,
    AUTO_PROOFS,
    ENGINES,
    auto_method,
    method_of,
)
from cernunos_widget.widget.assets import esm

MIDGAME = Position.from_cpn(".,Tc,F,fWx/tttt,WC,b,Btd/S,.,s,. p 1 3-1")
ENDGAME = Position.from_cpn("TTTT,tb,.,BxTT/.,tBdDtt,fD,XbW/FdTTT,Wttt,wD,BCcb p 2 3-2")
LATE = Position.from_cpn("ttDbDdW,BcF,w,Ctttt/.,Xxb,TTTTTT,BBbT/TTTT,.,.,fDtt p 2 1-1")


@pytest.mark.parametrize(
    "function", [analyse, analysis, best_decision, Session.analyse, Session.review, review_game]
)
def test_auto_is_the_default_engine_of_the_api(function):
    assert inspect.signature(function).parameters["engine"].default == "auto"
    assert "auto" in ENGINES and {"alphabeta", "mcts"} <= set(ENGINES)


def test_auto_is_the_default_of_the_command_line_and_it_answers_in_its_format(capsys):
    args = cli.build_parser().parse_args(["solve"])
    assert args.engine == "auto"
    assert cli.main(["solve", "--from", MIDGAME.cpn(), "--time", "0.3", "--multipv", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and all(line.startswith("estimate ") for line in lines)


def test_auto_is_the_default_of_the_widget_and_its_selector():
    w = CernunosWidget()
    assert w.engine == "auto" and Page(w).store["settings"]["engine"] == "auto"
    assert SearchBot().engine == "auto"
    page = esm()
    assert '[["auto", "auto"], ["alphabeta", "alpha-beta"], ["mcts", "MCTS"]]' in page  # first
    assert '(store.settings || {}).engine || "auto"' in page


def test_auto_names_the_method_behind_each_answer():
    estimates = analyse(MIDGAME, Limit(time=0.3), multipv=2)
    assert [i.engine for i in estimates] == [AUTO_ESTIMATES] * 2
    proofs = analyse(ENDGAME, Limit(time=5), multipv=2)  # 6 tokens left: proven
    assert all(i.proven and i.engine == AUTO_PROOFS for i in proofs)
    assert proofs[0].outcome == "win"
    by_depth = analyse(MIDGAME, Limit(depth=2), multipv=2)
    assert all(i.engine == AUTO_ENDGAME and i.depth == 2 for i in by_depth)


def test_auto_runs_alpha_beta_under_a_depth_or_node_limit_and_in_endgames():
    assert auto_method(Limit(depth=3), MIDGAME) == AUTO_ENDGAME
    assert auto_method(Limit(nodes=1000, time=1), MIDGAME) == AUTO_ENDGAME
    assert auto_method(Limit(time=1), MIDGAME) == AUTO_ESTIMATES
    assert auto_method(Limit(time=1), LATE) == AUTO_ENDGAME  # 9 tokens left
    assert auto_method(Limit(time=1), ENDGAME) == AUTO_PROOFS  # 6: proofs, learned order
    wolf = Position.from_cpn(ENDGAME.cpn(), rules="wolf-1")
    assert auto_method(Limit(time=1), wolf) == AUTO_ENDGAME  # the weights know no variant
    assert auto_method(Limit(nodes=1000), ENDGAME) == AUTO_ENDGAME
    infos = analyse(MIDGAME, Limit(nodes=3000))
    assert infos[0].nodes <= 3001 and infos[0].engine == AUTO_ENDGAME



@pytest.mark.parametrize("rules", ["wolf-1", "power-all", "counts=T10"])
def test_auto_leaves_the_learned_evaluation_to_the_standard_rules(rules):
    """The weights are trained on standard games (D-10 variants): a variant's midgame is
    estimated by playouts under its own rules, and says so."""
    variant = Position.from_cpn(MIDGAME.cpn(), rules=rules)
    assert auto_method(Limit(time=1), variant) == "mcts-playouts"
    assert auto_method(Limit(time=1), MIDGAME) == "mcts-learned"
    assert analyse(variant, Limit(time=0.2))[0].engine == "mcts-playouts"


@pytest.mark.parametrize(
    ("engine", "standard", "variant"),
    [
        ("alphabeta", "alphabeta-learned", "alphabeta-handwritten"),
        ("mcts", "mcts-learned", "mcts-playouts"),
        ("mcts-playouts", "mcts-playouts", "mcts-playouts"),
        ("alphabeta-handwritten", "alphabeta-handwritten", "alphabeta-handwritten"),
    ],
)
def test_each_search_runs_the_learned_evaluation_under_the_standard_rules(
    engine, standard, variant
):
    """Issue #11, item 3: alpha-beta and MCTS share the learned evaluation where it was
    trained (so they agree), the handwritten one under a variant; a method pins it."""
    wolf = Position.from_cpn(MIDGAME.cpn(), rules="wolf-1")
    assert method_of(engine, Limit(time=1), MIDGAME) == standard
    assert method_of(engine, Limit(time=1), wolf) == variant
    assert {i.engine for i in analyse(MIDGAME, Limit(time=0.2), 2, engine=engine)} == {standard}
    assert analyse(wolf, Limit(time=0.2), engine=engine)[0].engine == variant
    if engine.startswith("alphabeta"):  # its proofs name the method that ran
        proofs = analyse(ENDGAME, Limit(time=5), engine=engine)
        assert proofs[0].proven and proofs[0].engine == standard
