"""What the page shows, computed from a session without any widget (issue #20 item 7):
records, views, patches, static pages, the explorer panel, analysis lines and game files."""

from __future__ import annotations

import io
import json

import pytest
from cpn_builder import FINAL_PLACEMENT

from cernunos_widget.engine import START_CPN, CernunosError, Position, Rules
from cernunos_widget.record.files import fill_result, format_game, read_game
from cernunos_widget.record.tree import Game
from cernunos_widget.session import gamefiles, page
from cernunos_widget.session.core import Change, NoAnalysisLineError, Session, SessionError
from cernunos_widget.widget.static import StaticPageError, boards_html, to_html


def test_the_full_state_of_a_session_is_the_widgets_tree():
    from cernunos_widget.widget.adapter import CernunosWidget

    game = Game.parse("B@b2 B@b3 (D@a1 {quiet}) T@a1")
    w = CernunosWidget(game=game)
    assert page.full_state(Session(game)) == w._full_state()
    assert to_html(game) == w.to_html()  # static export needs no widget instance


def test_a_static_page_takes_a_session_or_a_game_and_nothing_else(tmp_path):
    s = Session(Game.parse("B@b2 B@b3"))
    s.back()
    html = to_html(s, tmp_path / "board.html", title="two Boars")
    assert (tmp_path / "board.html").read_text(encoding="utf-8") == html
    state = json.loads(html.split("data-cernunos-board>")[1].split("</script>")[0])
    assert state["static"] is True and state["tree"]["current"] == 1  # where the session is
    assert state["playable"] is True and state["tree"]["start"] == START_CPN
    assert state["tree"]["views"] == {}  # the page derives every view with its rules mirror
    with pytest.raises(StaticPageError, match="a Session or a Game, not a str"):
        to_html("B@b2")


def test_views_of_a_replaced_game_are_its_own_though_ids_start_again():
    s = Session(Game.parse("B@b2"))
    assert s.display.view(s.game.node(1))["stacks"] == {"b2": "B"}
    s.replace_game(Game.parse("T@c3"))
    assert s.display.view(s.game.node(1))["stacks"] == {"c3": "T"}


def test_a_deleted_node_is_forgotten_and_its_patch_says_so():
    s = Session(Game.parse("B@b2 B@b3"))
    changes: list[Change] = []
    s.subscribe(changes.append)
    view = s.display.view(s.node)
    s.delete(2)
    patch = page.patch_of(s, changes[-1])
    assert patch["removed"] == [2] and patch["current"] == 1 and set(patch["nodes"]) == {1}
    s.play("B@b3")  # a new node #3 with the same position: computed afresh, equal
    assert s.node.id == 3 and s.display.view(s.node) == view


class FakeExplorer:
    """What the page needs of an explorer: query, count and games."""

    games = 7

    def query(self, position, limit=None):
        return []

    def count(self, position):
        return 2


def test_the_explorer_lives_in_the_session_and_follows_the_current_node():
    s = Session(Game.parse("B@b2"))
    changes: list[Change] = []
    s.subscribe(changes.append)
    s.set_explorer(FakeExplorer())
    assert page.patch_of(s, changes[-1])["explorer"] == {
        "node": 1, "games": 7, "entries": [], "more": 2,
    }
    s.back()
    assert page.patch_of(s, changes[-1])["explorer"]["node"] == 0
    assert page.full_state(s)["explorer"]["node"] == 0
    s.set_explorer(None)
    assert page.patch_of(s, changes[-1]) == {"gen": 0, "explorer": None}
    s.forward()
    assert "explorer" not in page.patch_of(s, changes[-1])  # no explorer: no bytes
    with pytest.raises(SessionError, match="not a str"):
        s.set_explorer("games.cgn")


def test_an_analysis_line_is_played_by_the_session_from_the_analysed_node():
    s = Session(Game.parse("B@b2"))
    with pytest.raises(NoAnalysisLineError, match="no analysis line 0: there are 0"):
        s.play_analysis_line(0)
    s._set_analysis({"node": 0, "status": "done", "lines": [{"pv": ["D@a1", "D@b1"]}]})
    end = s.play_analysis_line(0)
    assert s.node is end and s.game.export() == "B@b2 (D@a1 D@b1)"
    with pytest.raises(NoAnalysisLineError, match="there are 1"):
        s.play_analysis_line(1)


def test_game_files_through_the_session(tmp_path):
    s = Session(Game(Position.from_cpn(FINAL_PLACEMENT), {"Green": "Ann", "Purple": "Bo"}))
    s.play("pass")  # the game ends: Green wins, 7-1 1-1 11-0
    fill_result(s.game)
    assert s.game.headers["Score"] == "7-1 1-1 11-0"
    s.delete()  # the end is gone: [Result "1-0"] and [Score] no longer hold
    text = gamefiles.cgn_text(s)
    assert '[Result "*"]' in text and "Score" not in text  # set from the main line first
    assert gamefiles.save_game(s, tmp_path / "one.cgn") == 1
    assert format_game(read_game(tmp_path / "one.cgn")) == text
    note = gamefiles.open_cgn(s, '[Green "Cy"]\n[Purple "Di"]\n[Result "0-1"]\nT@a1\n')
    assert note == "opened game 1 of the file: Cy - Di (0-1)" and s.generation == 1
    old = gamefiles.load_games(s, io.StringIO("D@a1\n\nD@b1\n"), index=1)
    assert old.headers["Green"] == "Cy" and s.game.export() == "D@b1"


def board_states(html: str) -> list[dict]:
    """The states of a static page's boards, in order."""
    return [
        json.loads(chunk.split("</script>", 1)[0])
        for chunk in html.split("data-cernunos-board>")[1:]
    ]


def test_a_state_sends_only_the_views_the_page_cannot_derive():
    """#24 item 7: the page computes a view from the start CPN and the decisions; only a
    game set up in the middle of an effect needs views sent, up to its first boundary."""
    s = Session(Game.parse("B@b2 B@b3 T@a1"))
    state = page.full_state(s)
    assert state["views"] == {} and state["start"] == START_CPN and len(state["nodes"]) == 4
    mid = Position.start()
    line = ("D@c2", "C@d1", "X@b3", "B@a2", "W@d3", "F@b2", "C@c2", "T@b3", "T@b1", "X@b1")
    for decision in line:
        mid = mid.play(decision)  # the last Fox's swap is pending
    assert not mid.at_boundary
    game = Game(mid)
    node = game.root
    while node.position.decider is not None and len(game.nodes()) < 6:
        node = node.play(node.position.legal_texts()[0])
    sent = page.full_state(Session(game))
    boundary = next(n for n in game.nodes() if n.position.at_boundary)
    assert sent["start"] == ""
    assert set(sent["views"]) == {n.id for n in game.nodes() if n.ply < boundary.ply}
    assert boundary.id not in sent["views"]


def test_several_boards_share_one_page_and_a_page_may_be_walk_only(tmp_path):
    games = [Game.parse("B@b2"), Game.parse("T@a1 T@a2")]
    html = boards_html(games, tmp_path / "two.html", title="two games")
    states = board_states(html)
    assert [len(s["tree"]["packed"]["ids"]) for s in states] == [2, 3]  # records packed
    assert all("zones" not in s for s in states)  # the page's mirror draws them (12 KB)
    assert html.count('<script type="module">') == 1  # one copy of the code
    assert (tmp_path / "two.html").read_text(encoding="utf-8") == html
    walk = board_states(to_html(games[0], playable=False))[0]
    assert walk["playable"] is False and walk["static"] is True
    with pytest.raises(StaticPageError, match="playable is True or False"):
        to_html(games[0], playable="yes")
    with pytest.raises(StaticPageError, match="a list of sessions"):
        boards_html(games[0])


def test_a_page_replaces_its_file_atomically_and_never_a_folder(tmp_path):
    target = tmp_path / "board.html"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.html"
    link.symlink_to(target)
    html = to_html(Game.parse("B@b2"), link)
    assert link.is_symlink() and target.read_text(encoding="utf-8") == html
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.html", "link.html"]
    with pytest.raises(CernunosError, match="it is a folder"):
        to_html(Game.parse("B@b2"), tmp_path)


def test_the_hover_zones_kept_are_bounded_whatever_the_rule_sets_asked():
    """#24: one zone table was kept per rule set ever asked for, without bound."""
    page.zones.cache_clear()
    for trees in range(1, 21):
        for wolf in ("wolf-1+", ""):
            page.zones(Rules.parse(f"{wolf}counts=T{trees}"))
    assert page.zones.cache_info().currsize == page.MAX_ZONE_TABLES
    assert page.zones(Rules()) == page.zones(Rules())  # the same table again
