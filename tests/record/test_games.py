"""Game files (.cgn, issue #12 item 1): tags, round trips, checked results, errors with line
numbers, atomic writes, streaming reads."""

from __future__ import annotations

import gc
import io
import os
import random
import tracemalloc

import pytest
from cpn_builder import cpn
from game_builder import expected_headers, random_game
from streams import CountingStream

from cernunos_widget.engine import CernunosError, Position
from cernunos_widget.record.files import (
    GameFileError,
    fill_result,
    format_game,
    read_games,
    write_games,
)
from cernunos_widget.record.tree import Game, GameTextError
from cernunos_widget.solver import RandomBot, play_game

ROUND_TRIP_GAMES = 2000


def finished_game(seed: int) -> Game:
    """A random game played to its end (R-16, R-17), its result filled in."""
    record = play_game(RandomBot(seed), RandomBot(seed + 1))
    game = Game(record.start)
    node = game.root
    for decision in record.decisions:
        node = node.play(decision)
    return fill_result(game)


LOCKED = {  # every cell Purple's, with power >= 1 (tests/test_turns.py)
    "a1": "t", "b1": "td", "c1": "tt", "d1": "tt", "a2": "tt", "b2": "tt",
    "c2": "tb", "d2": "bb", "a3": "dd", "b3": "ww", "c3": "sx", "d3": "fc",
}


def forfeit_game() -> Game:
    """A game whose main line ends by forfeit (R-15): Green has no legal placement."""
    game = Game(Position.from_cpn(cpn(LOCKED, "g", "x")), {"Green": "stuck"})
    assert game.root.position.result().forfeit
    return fill_result(game)


def read_text(text: str) -> list[Game]:
    return list(read_games(io.StringIO(text)))


# ---------------------------------------------------------------------- round trips


@pytest.fixture(scope="module")
def many_games() -> list[Game]:
    rng = random.Random(12)
    return [random_game(rng) for _ in range(ROUND_TRIP_GAMES)]


def same_games(written: list[Game], read: list[Game]) -> None:
    assert len(read) == len(written)
    for i, (a, b) in enumerate(zip(written, read, strict=True)):
        assert list(b.headers.items()) == expected_headers(a), i
        assert b.root.position == a.root.position, i
        assert b.movetext() == a.movetext(), i  # tokens, variations, comments, glyphs
        assert [n.comment for n in b.nodes()] == [n.comment for n in a.nodes()], i


def test_thousands_of_random_games_survive_write_then_read(many_games, tmp_path):
    path = tmp_path / "games.cgn"
    assert write_games(many_games, path) == ROUND_TRIP_GAMES
    same_games(many_games, list(read_games(path)))
    # what was read writes back byte for byte
    again = tmp_path / "again.cgn"
    write_games(read_games(path), again)
    assert again.read_bytes() == path.read_bytes()


def test_the_generated_games_cover_what_the_format_must_carry(many_games):
    """The round trip above is only as good as its games: check they hold every feature."""
    text = "".join(format_game(g) for g in many_games)
    for needle in ('\\"', "\\\\", "\\}", "\n\n", "\t", "\r\n", "?!", "(", '[CPN "', "é"):
        assert needle in text, needle
    ends = [g.root.end().position.result() for g in many_games]
    assert sum(r is not None for r in ends) > ROUND_TRIP_GAMES // 5
    assert sum(r is None for r in ends) > ROUND_TRIP_GAMES // 2
    pairs = zip(many_games, ends, strict=True)
    resigned = [g.headers.get("Result", "*") != "*" and r is None for g, r in pairs]
    assert any(resigned)  # a result on an unfinished main line


def test_headers_keep_their_order_and_any_name():
    text = '[Zeta "1"]\n[Green "Ann \\"A\\" \\\\ B"]\n[Alpha "{(x)} ]["]\n[Result "*"]\nB@b2\n'
    (game,) = read_text(text)
    assert list(game.headers.items()) == [
        ("Zeta", "1"), ("Green", 'Ann "A" \\ B'), ("Alpha", "{(x)} ]["), ("Result", "*"),
    ]
    assert format_game(game) == text


def test_a_cpn_start_is_read_and_written():
    start = Position.start().play("B@b2").play("B@b3")
    game = Game(start, {"Green": "x"})
    game.root.play("T@a1")
    text = format_game(game)
    assert f'[CPN "{start.cpn()}"]' in text
    (back,) = read_text(text)
    assert back.root.position == start and back.headers["CPN"] == start.cpn()


def test_result_is_always_written_so_empty_games_stay_apart(tmp_path):
    path = tmp_path / "empty.cgn"
    assert write_games([Game(), Game(), Game()], path) == 3
    assert path.read_text() == '[Result "*"]\n\n[Result "*"]\n\n[Result "*"]\n'
    assert len(list(read_games(path))) == 3


def test_pgn_layout_crlf_bom_and_several_blank_lines_are_read():
    pgn = (
        '\ufeff[Green "a"]\r\n[Result "*"]\r\n\r\nB@b2 {x\r\n\r\ny}\r\nB@b3\r\n'
        '\r\n\r\n\r\n[Result "*"]\r\n'
    )
    games = list(read_games(io.BytesIO(pgn.encode("utf-8"))))
    assert [g.headers for g in games] == [{"Green": "a", "Result": "*"}, {"Result": "*"}]
    assert [n.decision_text for n in games[0].mainline()] == ["B@b2", "B@b3"]
    assert games[0].mainline()[0].comment == "x\r\n\r\ny"  # comments are lossless


def test_a_tag_line_after_moves_starts_the_next_game():
    games = read_text('[Result "*"]\nB@b2\n[Result "*"]\nD@a1\n')
    assert [g.mainline()[0].decision_text for g in games] == ["B@b2", "D@a1"]


def test_the_game_text_form_reads_tags_too():
    game = Game.parse('[Green "a"] [Result "*"] B@b2 B@b3')
    assert game.headers == {"Green": "a", "Result": "*"}
    assert game.export() == '[Green "a"] [Result "*"] B@b2 B@b3'
    assert Game.parse("B@b2").headers == {} and Game.parse("B@b2").export() == "B@b2"


# ---------------------------------------------------------------------- results


def test_fill_result_names_the_engines_outcome_green_first():
    over = Game(Position.from_cpn(cpn(LOCKED, "g", "#", "0-1")))  # Purple 12 cells
    assert str(over.root.position.result()) == "purple 0-12 0-5 0-1"
    assert fill_result(over).headers == {"Result": "0-1", "Score": "0-12 0-5 0-1"}
    assert fill_result(forfeit_game()).headers["Result"] == "0-1"  # Green cannot place
    game = finished_game(3)
    assert game.headers["Score"] == str(game.root.end().position.result()).split(" ", 1)[1]
    assert fill_result(Game()).headers == {"Result": "*"}


def test_fill_result_marks_a_forfeit_and_drops_a_stale_score():
    game = forfeit_game()
    game.headers["Score"] = "1-1 0-0 0-0"
    fill_result(game)
    assert game.headers["Termination"] == "forfeit" and "Score" not in game.headers
    assert list(read_text(format_game(game))[0].headers.items()) == expected_headers(game)


@pytest.mark.parametrize(
    "tag, value, fragment",
    [
        ("Result", "wrong", "is not one of 1-0, 0-1, 1/2-1/2, *"),
        ("Result", "*", "does not match the main line's end"),
        ("Score", "0-0 0-0 0-0", "does not match the main line's end"),
        ("Termination", "forfeit", "which is no [Termination]"),
    ],
)
def test_tags_that_contradict_a_finished_game_are_refused_naming_both(tag, value, fragment):
    game = finished_game(5)
    expected = game.headers.get(tag)
    others = [f'[{k} "{v}"]' for k, v in game.headers.items() if k != tag]
    moves = " ".join(game.movetext())
    text = "\n".join(['[Green "g"]', f'[{tag} "{value}"]', *others, moves]) + "\n"
    with pytest.raises(GameFileError) as info:
        read_text(text)
    message = str(info.value)
    assert fragment in message and f'[{tag} "{value}"]' in message, message
    assert info.value.line == 2 and info.value.index == 0
    if expected is not None and value != "wrong":
        assert f'[{tag} "{expected}"]' in message  # the engine's value is named too
    game.headers[tag] = value
    with pytest.raises(GameFileError, match="game index 3"):
        format_game(game, 3)


def test_a_forfeit_needs_no_score_and_keeps_its_termination():
    game = forfeit_game()
    text = format_game(game)
    with pytest.raises(GameFileError, match=r'\[Termination "abandoned"\] does not match'):
        read_text(text.replace('"forfeit"', '"abandoned"'))
    with pytest.raises(GameFileError, match=r"which is no \[Score\]"):
        read_text(text.replace('[Termination "forfeit"]', '[Score "1-1 0-0 0-0"]'))


def test_an_unfinished_main_line_has_any_result_but_no_score_or_forfeit():
    assert read_text('[Result "0-1"]\nB@b2\n')[0].headers["Result"] == "0-1"  # resigned
    assert read_text('[Termination "abandoned"]\nB@b2\n')[0].headers["Termination"] == "abandoned"
    with pytest.raises(GameFileError, match="does not end the game"):
        read_text('[Score "7-5 0-0 0-0"]\nB@b2\n')
    with pytest.raises(GameFileError, match="does not end by forfeit"):
        read_text('[Termination "forfeit"]\nB@b2\n')


def test_only_the_main_line_end_is_checked():
    game = finished_game(8)
    node = game.mainline()[9]
    taken = {c.decision for c in node.children}
    other = next(d for d in node.position.legal_decisions() if d not in taken)
    node.play(other).promote_to_main()  # the finished line is now a variation
    del game.headers["Score"]
    game.headers["Result"] = "1/2-1/2" if game.headers["Result"] != "1/2-1/2" else "1-0"
    (back,) = read_text(format_game(game))
    assert back.headers["Result"] == game.headers["Result"]
    assert back.root.end().position.result() is None


# ---------------------------------------------------------------------- errors


def test_errors_give_the_line_and_the_game_index():
    text = '[Result "*"]\nB@b2\n\n[Result "*"]\nB@b2 B@b3\nT@a1 B@z9\n'
    with pytest.raises(GameFileError) as info:
        read_text(text)
    e = info.value
    assert (e.line, e.index) == (6, 1) and str(e).startswith("line 6, game index 1: ")
    assert "'z9' is not a cell" in str(e)
    assert isinstance(e, GameTextError) and isinstance(e, CernunosError)
    assert isinstance(e, ValueError)


@pytest.mark.parametrize(
    "text, line, fragment",
    [
        ('[Result "*"]\n[Green "a"]\n[Green "b"]\nB@b2\n', 3, "appears twice"),
        ('[Result "*"]\n[Green "a\\x"]\nB@b2\n', 2, "bad tag"),
        ('[Result "*"]\nB@b2\n[CPN "nonsense"]\nB@b2\n', 3, "CPN"),
        ('[Result "*"]\nB@b2 {open\n\n\n[Result "*"]\n', 2, "not closed with '}'"),
        ('[Result "*"]\nB@b2 (B@b3\nT@a1\n', 2, "not closed with ')'"),
        ('[Result "*"]\nB@b2 B@b3\n)\n', 3, "unbalanced ')'"),
        ("B@b2\n}\n", 2, "unbalanced '}'"),
        ("B@b2 B@b3!!\n", 1, "glyph"),
    ],
)
def test_bad_files_say_which_line(text, line, fragment):
    with pytest.raises(GameFileError) as info:
        read_text(text)
    assert info.value.line == line and fragment in str(info.value), str(info.value)


def test_unicode_white_space_is_blank_as_the_game_text_reads_it():
    games = read_text('[Result "*"]\nB@b2\n\n\u00a0\u2003\n\n[Result "*"]\n')
    assert [len(g.mainline()) for g in games] == [1, 0]


def test_an_error_from_a_worker_process_keeps_its_line_and_index():
    import pickle

    with pytest.raises(GameFileError) as info:
        read_text('[Result "*"]\nB@b2\n\n[Result "*"]\nB@z2\n')
    again = pickle.loads(pickle.dumps(info.value))
    assert (again.line, again.index, str(again)) == (5, 1, str(info.value))


def test_games_before_a_bad_one_are_yielded():
    games = read_games(io.StringIO('[Result "*"]\nB@b2\n\n[Result "*"]\nB@b9\n'))
    assert next(games).mainline()[0].decision_text == "B@b2"
    with pytest.raises(GameFileError, match="line 5, game index 1"):
        next(games)


def test_bad_bytes_and_bad_sources():
    two = b'[Result "*"]\nB@b2\n\n[Result "*"]\nB@b2 {\xe9}\n'
    with pytest.raises(GameFileError, match="line 5, game index 1: not UTF-8") as info:
        list(read_games(io.BytesIO(two)))
    assert (info.value.line, info.value.index) == (5, 1)
    with pytest.raises(GameFileError, match="not UTF-8 text .* at this line or a later one"):
        list(read_games(io.TextIOWrapper(io.BytesIO(two), encoding="utf-8")))  # reads ahead
    with pytest.raises(GameFileError, match="line 2, game index 0: not UTF-8 text: byte 0xff"):
        list(read_games(io.BytesIO(b'[Result "*"]\nB@b2 {\xff}\n')))
    with pytest.raises(GameFileError, match="a path or an open stream"):
        list(read_games(42))


def test_a_game_too_long_for_a_file_is_refused_in_bounded_memory(monkeypatch):
    import cernunos_widget.record.files as games

    monkeypatch.setattr(games, "MAX_GAME_TEXT", 1000)
    with pytest.raises(GameFileError, match="line 1, game index 0: a line longer than 1,000"):
        read_text("B@b2 " * 300)
    with pytest.raises(GameFileError, match=r"1,000 characters \(inside a comment: is a '\}'"):
        read_text("B@b2 {" + "x\n" * 600 + "}")
    big = Game()
    big.root.play("B@b2").comment = "x" * 2000
    with pytest.raises(GameFileError, match="game index 0: the game is"):
        format_game(big, 0)


@pytest.mark.parametrize(
    "name, value, fragment",
    [
        ("Green", "two\nlines", "line break"),
        ("9lives", "x", "bad tag name"),
        ("Green", 3, "holds int"),
        ("Green", "\ud800", "lone surrogate"),
    ],
)
def test_tags_that_cannot_be_written_are_refused(name, value, fragment):
    game = Game(headers={name: value})
    with pytest.raises(GameFileError, match=fragment):
        format_game(game)


# ---------------------------------------------------------------------- atomic writes


def failing_after(games: list[Game], count: int):
    yield from games[:count]
    raise RuntimeError("the bot crashed")


@pytest.mark.parametrize("append", [False, True])
def test_a_failed_write_leaves_the_previous_file_byte_identical(tmp_path, append):
    path = tmp_path / "games.cgn"
    games = [finished_game(s) for s in range(4)]
    write_games(games[:2], path)
    before = path.read_bytes()
    with pytest.raises(RuntimeError, match="the bot crashed"):
        write_games(failing_after(games, 3), path, append=append)
    assert path.read_bytes() == before
    bad = Game(headers={"Result": "1-0 maybe"})
    with pytest.raises(GameFileError, match="game index 2"):
        write_games([games[2], games[3], bad], path, append=append)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["games.cgn"]  # no temporary file left behind


def test_a_failed_first_write_creates_no_file(tmp_path):
    path = tmp_path / "new.cgn"
    with pytest.raises(RuntimeError):
        write_games(failing_after([Game()], 1), path)
    assert os.listdir(tmp_path) == []


def test_append_adds_games_after_a_blank_line(tmp_path):
    path = tmp_path / "games.cgn"
    path.write_bytes(b'[Result "*"]\r\nB@b2')  # by hand: no final line break
    assert write_games([finished_game(1)], path, append=True) == 1
    assert write_games([Game()], path, append=True) == 1
    games = list(read_games(path))
    assert len(games) == 3 and games[2].headers == {"Result": "*"}
    assert path.read_bytes().startswith(b'[Result "*"]\r\nB@b2\n\n[Result')
    fresh = tmp_path / "fresh.cgn"
    assert write_games([Game()], fresh, append=True) == 1 and len(list(read_games(fresh))) == 1


def test_writing_keeps_the_files_permissions(tmp_path):
    path = tmp_path / "games.cgn"
    write_games([Game()], path)
    umask = os.umask(0o022)
    os.umask(umask)
    assert os.stat(path).st_mode & 0o777 == 0o666 & ~umask  # as open() would make it
    os.chmod(path, 0o640)
    write_games([Game()], path)
    assert os.stat(path).st_mode & 0o777 == 0o640


# ---------------------------------------------------------------------- streaming


def many_small_games(count: int, comment: int = 0) -> bytes:
    game = f'[Round "{{n}}"]\n[Result "*"]\nB@b2 {{{"x" * comment}}}\n\n'
    return "".join(game.replace("{n}", str(i)) for i in range(count)).encode()


def test_twenty_thousand_games_are_read_lazily():
    data = many_small_games(20_000)
    stream = CountingStream(data)
    games = read_games(stream)
    first = next(games)
    assert first.headers["Round"] == "0"
    assert stream.handed < 200  # the first game's lines only (and the blank line after)
    assert sum(1 for _ in games) == 19_999 and stream.handed == len(data)


def test_memory_does_not_grow_with_the_number_of_games():
    """Peak memory while reading 4,000 games is about that of 400 (the ratio, not a size).

    A game's tree is cyclic (each node keeps its parent), so a dropped game waits for the
    cyclic collector; left automatic, when that runs depends on the collector's counters
    and long-lived objects inherited from the tests before, and the peaks with it. Here
    each game is collected as soon as it is dropped, so a peak is what the reader keeps.
    """

    def peak(count: int) -> int:
        stream = io.BytesIO(many_small_games(count, comment=2000))
        gc.disable()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        try:
            for game in read_games(stream):
                del game
                gc.collect(1)  # the youngest generations: the game just dropped is there
            return tracemalloc.get_traced_memory()[1] - base
        finally:
            tracemalloc.stop()
            gc.enable()

    peak(4)  # first-call allocations (imports, caches) land here, in no measured run
    small, large = peak(400), peak(4000)
    assert large < 1.5 * small, (small, large)


# ---------------------------------------------------------------------- the widget


def test_the_widget_loads_a_game_by_index_and_saves_it_with_its_headers(tmp_path):
    from cernunos_widget.widget.adapter import CernunosWidget

    path = tmp_path / "club.cgn"
    second = finished_game(2)
    second.headers = {"Green": "Ann", "Purple": "Bo", "Event": 'the "Spring" cup', **second.headers}
    write_games([finished_game(1), second], path)
    w = CernunosWidget(game="B@b2")
    old = w.load_games(path, index=1)
    assert old.export() == "B@b2" and w.game.headers == second.headers
    assert w.game.movetext() == second.movetext() and w.node is w.game.root.end()
    out = tmp_path / "saved.cgn"
    assert w.save_game(out) == 1
    assert out.read_text() == format_game(second)  # headers survive load -> save
    assert w.save_game(out, append=True) == 1 and len(list(read_games(out))) == 2
    w.load_games(io.StringIO(path.read_text()))  # text, through a stream
    assert w.game.headers == read_text(path.read_text())[0].headers


def test_the_widget_refuses_a_bad_file_or_index_and_keeps_its_game(tmp_path):
    from cernunos_widget.widget.adapter import CernunosWidget

    w = CernunosWidget(game="B@b2 B@b3")
    before = (w.game.export(), w.session.generation)
    with pytest.raises(GameFileError, match="line 2, game index 0"):
        w.load_games(io.StringIO('[Result "*"]\nB@b2 B@z3\n'))
    with pytest.raises(GameFileError, match="no game index 3: the file holds 1 game"):
        w.load_games(io.StringIO('[Result "*"]\nB@b2\n'), index=3)
    with pytest.raises(GameFileError, match="a game index is an integer >= 0"):
        w.load_games(io.StringIO('[Result "*"]\nB@b2\n'), index=-1)
    assert (w.game.export(), w.session.generation) == before


def test_save_game_refuses_tags_the_tree_contradicts(tmp_path):
    from cernunos_widget.widget.adapter import CernunosWidget

    w = CernunosWidget(game=finished_game(4))
    w.goto(w.game.root.end().parent)
    w.delete(w.game.root.end())  # the end of the game is gone; [Score] is stale
    path = tmp_path / "g.cgn"
    with pytest.raises(GameFileError, match="does not end the game"):
        w.save_game(path)
    assert not path.exists()
    fill_result(w.game)
    assert w.save_game(path) == 1 and read_text(path.read_text())[0].headers["Result"] == "*"


def test_the_page_downloads_and_opens_cgn_files():
    from page_double import Page

    from cernunos_widget.widget.adapter import CernunosWidget

    game = finished_game(6)
    game.headers = {"Green": "Ann", "Purple": "Bo", **game.headers}
    text = format_game(game) + "\n" + format_game(Game())
    w = CernunosWidget(game="B@b2")
    page = Page(w)
    reply = page.request(type="load_cgn", text=text)
    assert reply["ok"] and reply["patch"]["reset"] and page.agrees()
    assert reply["value"] == f"opened game 1 of the file: Ann - Bo ({game.headers['Result']})"
    assert w.game.headers == game.headers
    reply = page.request(type="export_cgn")
    assert reply["ok"] and reply["value"] == format_game(game) and "patch" not in reply
    reply = page.request(type="load_cgn", text=text, index=1)
    assert reply["ok"] and reply["value"] == "opened game 2 of the file" and page.agrees()


def test_a_refused_file_keeps_the_pages_game_and_names_the_line():
    from page_double import Page

    from cernunos_widget.widget.adapter import CernunosWidget

    w = CernunosWidget(game="B@b2 B@b3")
    page = Page(w)
    before = (w.game.export(), w.session.generation)
    bad = '[Result "*"]\nB@b2\n\n[Green "x"]\n[Result "1-0"]\n[Score "7-5 0-0 0-0"]\nB@b2\n'
    reply = page.request(type="load_cgn", text=bad, index=1)
    assert not reply["ok"] and "patch" not in reply
    assert reply["message"].startswith("line 6, game index 1: [Score")
    assert (w.game.export(), w.session.generation) == before and page.agrees()


def test_the_pages_download_refreshes_tags_the_tree_no_longer_matches():
    from page_double import Page

    from cernunos_widget.widget.adapter import CernunosWidget

    w = CernunosWidget(game=finished_game(4))
    w.delete(w.game.root.end())
    reply = Page(w).request(type="export_cgn")
    assert reply["ok"] and '[Result "*"]' in reply["value"] and "[Score" not in reply["value"]
