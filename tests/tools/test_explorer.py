"""The opening explorer (cernunos_widget.tools.explorer): queries equal a brute-force count over
the games; mid-effect positions (R-20..R-23 choices) by their path; files; the widget panel."""

from collections import Counter, defaultdict

import numpy as np
import pytest
from page_double import Page

from cernunos_widget.engine import Player, Position
from cernunos_widget.record.tree import Game
from cernunos_widget.solver.bots import GameRecord, RandomBot, play_game
from cernunos_widget.tools.explorer import Explorer, ExplorerError
from cernunos_widget.widget.adapter import CernunosWidget


@pytest.fixture(scope="module")
def records():
    # short random games from a few fixed openings, so positions repeat across games
    openings = ["T@a1 T@b1", "T@b1 T@a1", "B@b2 D@c2", "T@a1 T@b1 T@c3"]
    out = []
    for s in range(80):
        start = Position.start()
        line = []
        p = start
        for t in openings[s % 4].split():
            line.append(p.parse_decision(t))
            p = p.play(t)
        rest = play_game(RandomBot(s), RandomBot(500 + s), start=p)
        record = GameRecord(start, line + rest.decisions)
        record.final = rest.final
        out.append(record)
    return out


@pytest.fixture(scope="module")
def explorer(records):
    return Explorer.build(records)


def brute_force(records):
    """(last boundary Position, tokens since) -> Counter of (token, outcome)."""
    table = defaultdict(Counter)
    for r in records:
        w = r.final.result().winner
        outcome = "draw" if w is None else ("green" if w == Player.GREEN else "purple")
        p, base, since = r.start, r.start, ()
        for d in r.decisions:
            table[(base, since)][(str(d), outcome)] += 1
            p = p.play(d)
            base, since = (p, ()) if p.at_boundary else (base, (*since, str(d)))
    return table


def as_counts(entries):
    out = Counter()
    for e in entries:
        out.update({(e.decision, "green"): e.green_wins, (e.decision, "draw"): e.draws,
                    (e.decision, "purple"): e.purple_wins})
    return +out


def test_queries_equal_a_brute_force_count_at_every_position_of_every_game(records, explorer):
    table = brute_force(records)
    assert explorer.games == 80 and explorer.positions == len(table)
    assert sum(1 for _, since in table if since) > 20  # mid-effect positions are indexed
    for (base, since), counts in table.items():
        assert as_counts(explorer.query(base, since)) == counts
    # the same through GameNodes (the widget's way), mid-effect nodes included
    game = Game()
    node = game.root
    for d in records[5].decisions:
        before = node
        node = node.play(d)
        entries = explorer.query(before)
        assert str(d) in [e.decision for e in entries]


def test_transpositions_meet_and_entries_are_sorted_by_count(records, explorer):
    # "T@a1 T@b1 ..." and "T@b1 T@a1" reach the same CPN: Purple's replies from all
    p = Position.start().play_line("T@a1 T@b1")
    entries = explorer.query(p)
    assert sum(e.count for e in entries) == 60  # 3 openings x 20 games reach it
    counts = [e.count for e in entries]
    assert counts == sorted(counts, reverse=True)
    first = explorer.query(Position.start())
    assert {e.decision: e.count for e in first} == {"T@a1": 40, "T@b1": 20, "B@b2": 20}
    assert explorer.query(Position.start(), limit=2) == first[:2]
    assert explorer.count(Position.start()) == 3
    top = first[0]
    assert top.label == "Tree a1" and 0 <= top.score <= 1
    assert top.score == (top.green_wins + top.draws / 2) / top.count


def test_unknown_positions_are_empty_and_bad_queries_are_explorer_errors(explorer):
    assert explorer.query(Position.start().play_line("F@d3 C@a3")) == []
    mid = Position.start().play_line("T@a1 T@c1 B@b1")  # which token to push
    assert mid.choice == "boar-target"
    with pytest.raises(ExplorerError, match="middle of an effect"):
        explorer.query(mid)
    with pytest.raises(ExplorerError, match="Position or a GameNode"):
        explorer.query("B@b2")
    with pytest.raises(ExplorerError, match="max_decisions"):
        Explorer.build([], max_decisions=0)
    with pytest.raises(ExplorerError, match="not a game"):
        Explorer.build([42])


@pytest.mark.parametrize("limit", [-1, -100, 1.5, True, "3"])
def test_a_bad_limit_is_an_explorer_error(explorer, limit):
    """Main: limit=-1 silently returned all entries but the last (a slice)."""
    with pytest.raises(ExplorerError, match="limit is None or an integer >= 0"):
        explorer.query(Position.start(), limit=limit)


def test_limits_cut_the_most_played_first(explorer):
    every = explorer.query(Position.start())
    assert len(every) > 2
    assert explorer.query(Position.start(), limit=0) == []
    assert explorer.query(Position.start(), limit=2) == every[:2]
    assert explorer.query(Position.start(), limit=len(every) + 5) == every


def test_max_decisions_keeps_only_the_opening(records):
    book = Explorer.build(records, max_decisions=2)
    assert sum(e.count for e in book.query(Position.start())) == 80
    assert book.query(Position.start().play_line("T@a1 T@b1")) == []


def test_unfinished_games_are_left_out(records):
    unfinished = GameRecord(Position.start(), list(records[0].decisions[:3]))
    e = Explorer.build([records[0], unfinished])
    assert (e.games, e.skipped) == (1, 1)


def test_save_and_load_give_the_same_answers(tmp_path, records, explorer):
    path = tmp_path / "book.npz"
    explorer.save(path)
    again = Explorer.load(path)
    assert (again.games, again.positions) == (explorer.games, explorer.positions)
    p = Position.start().play_line("T@a1 T@b1")
    assert again.query(p) == explorer.query(p)
    assert sorted(tmp_path.iterdir()) == [path]  # no temporary file left


def test_a_bad_file_is_an_explorer_error(tmp_path, explorer):
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip file")
    with pytest.raises(ExplorerError, match="cannot read"):
        Explorer.load(junk)
    with pytest.raises(ExplorerError, match="cannot read"):
        Explorer.load(tmp_path / "missing.npz")
    other = tmp_path / "other.npz"
    np.savez(other, meta=np.frombuffer(b'{"format": "x", "version": 1}', np.uint8))
    with pytest.raises(ExplorerError, match="not a cernunos explorer file"):
        Explorer.load(other)
    broken = tmp_path / "broken.npz"
    explorer.save(broken)
    with np.load(broken) as z:
        arrays = dict(z)
    arrays["starts"] = arrays["starts"][::-1].copy()
    np.savez(broken, **arrays)
    with pytest.raises(ExplorerError, match="damaged"):
        Explorer.load(broken)


# ---------------------------------------------------------------------- the widget's panel


def test_the_panel_lists_the_current_nodes_entries_and_a_click_plays_one(explorer):
    w = CernunosWidget()
    page = Page(w)
    assert "explorer" not in page.store  # no explorer: no panel, no bytes
    w.explorer = explorer
    shown = page.store["explorer"]
    assert shown["node"] == 0 and shown["games"] == 80
    assert shown["entries"] == [e.to_dict() for e in explorer.query(w.node)]
    first = shown["entries"][0]["decision"]
    reply = page.request(type="play", decision=first)  # what a click on the row sends
    assert reply["ok"] and w.node.decision_text == first
    shown = page.store["explorer"]
    assert shown["node"] == w.current == page.store["current"]
    assert shown["entries"] == [e.to_dict() for e in explorer.query(w.node)]
    assert page.agrees()
    page.request(type="goto", node=0)
    assert page.store["explorer"]["node"] == 0
    w.explorer = None
    assert page.store["explorer"] is None and w.explorer is None
    with pytest.raises(ExplorerError, match="Explorer"):
        w.explorer = "book.npz"


def test_the_panel_follows_mid_effect_nodes(records, explorer):
    w = CernunosWidget()
    page = Page(w)
    w.set_explorer(explorer)
    game = records[2]  # "B@b2 D@c2 ...": play the whole line, checking every node
    for d in game.decisions[:12]:
        page.request(type="play", decision=str(d))
        assert page.store["explorer"]["entries"] == [
            e.to_dict() for e in explorer.query(w.node)
        ]
        if w.node.children == [] and not w.position.is_over:
            assert page.store["explorer"]["entries"], "every position of an indexed game has one"


def test_the_panel_sends_the_most_played_decisions_and_counts_the_rest(explorer, monkeypatch):
    import cernunos_widget.session.page as page_module  # the session queries the explorer

    monkeypatch.setattr(page_module, "MAX_EXPLORER_ENTRIES", 2)
    w = CernunosWidget()
    page = Page(w)
    w.explorer = explorer
    shown = page.store["explorer"]
    assert [e["decision"] for e in shown["entries"]] == ["T@a1", "T@b1"]  # 40, 20 (listing)
    assert shown["more"] == 1  # B@b2


def test_built_from_a_game_file_it_answers_as_from_the_records(tmp_path, records, explorer):
    from cernunos_widget.record.files import fill_result, read_games, write_games

    games = []
    for r in records:
        game = Game(r.start)
        node = game.root
        for d in r.decisions:
            node = node.play(d)
        games.append(fill_result(game))
    write_games(games, tmp_path / "games.cgn")
    from_file = Explorer.build(read_games(tmp_path / "games.cgn"))
    assert (from_file.games, from_file.positions) == (explorer.games, explorer.positions)
    for opening in ("", "T@a1 T@b1", "B@b2 D@c2"):
        p = Position.start().play_line(opening)
        assert from_file.query(p) == explorer.query(p)


def test_a_failed_save_leaves_the_old_file_and_no_temporary(tmp_path, explorer, monkeypatch):
    path = tmp_path / "index.npz"
    explorer.save(path)
    before = path.read_bytes()

    def fail(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("cernunos_widget.tools.explorer.np.savez_compressed", fail)
    with pytest.raises(OSError, match="disk full"):
        explorer.save(path)
    assert path.read_bytes() == before and sorted(tmp_path.iterdir()) == [path]
