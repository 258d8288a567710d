"""Self-play: bot specs, seeded games, habits (withhold / early), reproducibility."""

from __future__ import annotations

import pytest

from cernunos_widget.engine import CernunosError, Kind, Player
from cernunos_widget.tools.botspec import BotSpec, BotSpecError, parse_bot
from cernunos_widget.tools.selfplay import SelfPlayError, play_games


class TestBotSpecs:
    @pytest.mark.parametrize(
        ("text", "canonical"),
        [
            ("random", "random"),
            ("greedy", "greedy"),
            ("alphabeta:nodes=200", "alphabeta:nodes=200"),
            ("mcts:nodes=50", "mcts:nodes=50"),
            ("alphabeta:time=0.5", "alphabeta:time=0.5"),
            ("mcts:time=2", "mcts:time=2"),
            ("greedy:withhold=F", "greedy:withhold=F"),
            ("alphabeta:early=fox,nodes=10", "alphabeta:nodes=10,early=X"),
            ("random:withhold=t,early=crow", "random:withhold=T,early=C"),
        ],
    )
    def test_accepted_and_canonical(self, text, canonical):
        spec = parse_bot(text)
        assert str(spec) == canonical
        assert parse_bot(str(spec)) == spec

    def test_fields(self):
        assert parse_bot("alphabeta:nodes=200,withhold=F") == BotSpec(
            "alphabeta", nodes=200, withhold=Kind.FIRE
        )
        assert parse_bot("mcts:time=1").reproducible is False
        assert parse_bot("mcts:nodes=1").reproducible is True

    @pytest.mark.parametrize(
        "text",
        [
            "",
            "stockfish",
            "alphabeta",  # a search bot needs a budget
            "alphabeta:nodes=10,time=1",  # ... exactly one
            "greedy:nodes=10",
            "alphabeta:nodes=0",
            "alphabeta:nodes=-5",
            "alphabeta:nodes=1e3",
            "alphabeta:nodes=²",
            "alphabeta:nodes=99999999999",
            "mcts:time=0",
            "mcts:time=nan",
            "mcts:time=inf",
            "greedy:withhold=Q",
            "greedy:withhold=F,early=F",
            "greedy:withhold=F,withhold=T",
            "greedy:depth=3",
            "greedy:withhold",
            "x" * 10_000,
            None,
            42,
        ],
    )
    def test_refused_with_what_is_accepted(self, text):
        with pytest.raises(BotSpecError) as caught:
            parse_bot(text)
        message = str(caught.value)
        assert isinstance(caught.value, CernunosError)
        assert len(message) < 700  # bad input is echoed cut short
        assert any(
            word in message for word in ("nodes=N", "N is an int", "S is seconds", "use one of")
        )


def _placements(game, player: Player):
    """(position, decision) for each placement decision ``player`` made in ``game``."""
    node = game.root
    while node.children:
        child = node.children[0]
        placing = node.position.choice in ("placement", "final-placement")
        if placing and node.position.decider == player:
            yield node.position, child.decision
        node = child


def _distinct_games(games):
    """The distinct move sequences of ``games`` (tags such as Round left out)."""
    return {" ".join(g.movetext()) for g in games}


class TestPlayGames:
    def test_tags_and_results(self):
        games = play_games(3, "random", "greedy", seed=7, workers=1)
        assert [g.headers["Round"] for g in games] == ["1", "2", "3"]
        for game in games:
            h = game.headers
            assert (h["Green"], h["Purple"], h["Rules"], h["Seed"]) == (
                "random",
                "greedy",
                "standard",
                "7",
            )
            final = game.root.end().position
            assert final.is_over
            result = final.result()
            expected = {None: "1/2-1/2", Player.GREEN: "1-0", Player.PURPLE: "0-1"}
            assert h["Result"] == expected[result.winner]
            assert ("Termination" in h) == result.forfeit

    def test_game_i_depends_on_seed_and_i_only(self):
        few = play_games(2, "random", "random", seed=3, workers=1)
        many = play_games(5, "random", "random", seed=3, workers=1)
        assert [g.export() for g in few] == [g.export() for g in many[:2]]
        assert len({g.export() for g in many}) == 5
        other = play_games(2, "random", "random", seed=4, workers=1)
        assert [g.export() for g in other] != [g.export() for g in few]

    def test_search_bots_are_reproducible(self):
        bots = ("alphabeta:nodes=150", "mcts:nodes=150")
        runs = [[g.export() for g in play_games(1, *bots, seed=5, workers=1)] for _ in range(2)]
        assert runs[0] == runs[1]

    def test_an_opening_varies_node_limited_games(self):
        bot = "alphabeta:nodes=100"
        same = play_games(3, bot, bot, seed=5, workers=1)
        assert len(_distinct_games(same)) == 1  # deterministic searches: one game, thrice
        varied = play_games(3, bot, bot, seed=5, workers=1, opening=4)
        assert len(_distinct_games(varied)) == 3
        assert [g.headers["Opening"] for g in varied] == ["4"] * 3
        assert "Opening" not in same[0].headers
        again = play_games(3, bot, bot, seed=5, workers=1, opening=4)
        assert [g.export() for g in again] == [g.export() for g in varied]

    def test_time_limited_bots_play_legal_games(self):
        (game,) = play_games(1, "alphabeta:time=0.01", "mcts:time=0.01", seed=2, workers=1)
        assert game.root.end().position.is_over
        assert game.headers["Green"] == "alphabeta:time=0.01"

    def test_withhold_never_plays_the_kind_while_it_can_avoid_it(self):
        games = play_games(6, "greedy", "random:withhold=T", seed=1, workers=1)
        seen = 0
        for game in games:
            for position, decision in _placements(game, Player.PURPLE):
                if decision.kind == Kind.TREE:
                    assert all(d.kind == Kind.TREE for d in position.legal_decisions())
                seen += 1
        assert seen > 30
        # the same games without the habit place Trees: the check above can fail
        plain = play_games(6, "greedy", "random", seed=1, workers=1)
        assert any(d.kind == Kind.TREE for g in plain for _, d in _placements(g, Player.PURPLE))

    def test_early_plays_the_kind_in_the_first_turn_it_can(self):
        for game in play_games(6, "random:early=X", "random", seed=2, workers=1):
            first = next(_placements(game, Player.GREEN))
            position, decision = first  # Green's first turn: a Fox can always be placed
            assert any(d.kind == Kind.FOX for d in position.legal_decisions())
            assert decision.kind == Kind.FOX

    def test_bad_input(self):
        with pytest.raises(SelfPlayError, match="number of games"):
            play_games(-1, workers=1)
        with pytest.raises(SelfPlayError, match="seed"):
            play_games(1, seed=-3, workers=1)
        with pytest.raises(SelfPlayError, match="opening is an int from 0"):
            play_games(1, opening=-1, workers=1)
        with pytest.raises(CernunosError, match="standard"):  # what is accepted
            play_games(1, rules="no-such-variant", workers=1)
        with pytest.raises(BotSpecError):
            play_games(1, green="perfect", workers=1)
        with pytest.raises(CernunosError, match="workers"):
            play_games(1, workers=0)


NO_MAIN_GUARD = """
from cernunos_widget.tools.selfplay import play_games
print(len(play_games(4, "random", "random", seed=1, workers=2)))
"""


def test_play_games_at_a_script_s_top_level_without_a_main_guard_says_so(tmp_path):
    """Main: the script died with BrokenProcessPool, naming nothing the user could fix."""
    import subprocess
    import sys

    script = tmp_path / "script.py"
    script.write_text(NO_MAIN_GUARD)
    run = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=600, cwd=tmp_path
    )
    assert run.returncode == 1
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith("cernunos_widget.tools.executors.ExecutorError: the worker processes")
    assert 'under `if __name__ == "__main__":`' in last and str(script) in last
    guarded = script.read_text().replace("print(", 'if __name__ == "__main__":\n    print(')
    script.write_text(guarded)
    run = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=600, cwd=tmp_path
    )
    assert (run.returncode, run.stdout.strip()) == (0, "4"), run.stderr[-2000:]
