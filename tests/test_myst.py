"""MyST's ``{anywidget}`` directive (issue #34 item 3): ``cernunos_widget.myst`` writes the
module MyST loads and the JSON body of a board, the board being the Sphinx directive's and
the static page's (``widget.blocks.read_block``, ``widget.static.board_data``). The module
is checked against MyST's contract in Node (tests/js/test_myst_module.py) and in Chromium
(tests/browser/test_myst.py)."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys

import pytest

from cernunos_widget import lessons, myst, puzzles
from cernunos_widget.engine import CernunosError
from cernunos_widget.i18n import text
from cernunos_widget.myst.__main__ import main
from cernunos_widget.record.tree import Game
from cernunos_widget.session.core import Session
from cernunos_widget.version import __version__
from cernunos_widget.widget.blocks import read_block
from cernunos_widget.widget.contents import board_state
from cernunos_widget.widget.static import board_data, board_fragment

GAME = "B@b2 B@b3 (D@a1 {a quieter start}) T@a1"
STUDY = '[Chapter "One"] B@b2 B@b3\n\n[Chapter "Two"] [Mode "interactive"] T@a1 D@c2\n'
FRAGMENT_STATE = re.compile(r"data-cernunos-board>(.*?)</script>", re.S)


@pytest.fixture(scope="module")
def code() -> str:
    return myst.module_code()


def test_the_module_is_the_page_code_with_every_feature_and_no_import(code):
    assert not re.search(r"""(?<![\w.])import\s*[("'{*\w]""", code)  # nothing to fetch
    assert code.rstrip().endswith("export default { render: renderMyst };")
    assert "export { renderMyst as render };" in code
    for part in ("createLesson", "createPuzzle", "createStudy", "const cernunosModel"):
        assert part in code, part
    assert '"fr":{' in code and '"en":{' in code  # both catalogues
    assert __version__ in code.splitlines()[0]
    # the dark colours follow the board's own element in MyST's shadow root
    css = json.loads(re.search(r"^const CERNUNOS_CSS = (.*);$", code, re.M)[1])
    assert 'body[data-jp-theme-light="false"]' not in css
    assert ':is(body,.cernunos-myst)[data-jp-theme-light="false"] .cw-root' in css
    assert ".cw-cell-body" in css  # a class holding "body" is not a selector of <body>
    no_board = json.loads(re.search(r"^const NO_BOARD = (.*);$", code, re.M)[1])
    assert no_board == {lang: text("myst.no_board", lang) for lang in ("en", "fr")}


def test_write_module_replaces_the_file_atomically_and_says_where(tmp_path, code):
    (tmp_path / myst.MODULE).write_text("old", encoding="utf-8")
    path = myst.write_module(tmp_path)
    assert path == tmp_path / myst.MODULE
    assert path.read_text(encoding="utf-8") == code
    assert sorted(p.name for p in tmp_path.iterdir()) == [myst.MODULE]  # no temporary left
    assert myst.write_module(tmp_path, "board.js") == tmp_path / "board.js"


@pytest.mark.parametrize(
    ("folder", "name", "said"),
    [
        ("missing", myst.MODULE, "not a folder"),
        (".", "board.txt", "ending in .mjs or .js"),
        (".", "sub/board.mjs", "a file name"),
    ],
)
def test_write_module_refuses_what_it_cannot_write(tmp_path, folder, name, said):
    with pytest.raises(myst.MystError, match=said):
        myst.write_module(tmp_path / folder, name)
    assert list(tmp_path.iterdir()) == []


def test_the_model_is_the_sphinx_blocks_board_through_the_same_path():
    body = myst.model(GAME, start=2, overlay=True, language="fr", size="420px")
    block = read_block(
        "cernunos", GAME, {"start": 2, "overlay": None, "language": "fr", "size": "420px"}
    )
    assert body == {"board": board_data(block.state, True), "size": "420px"}
    # the static page's fragment holds the same board, byte for byte
    (embedded,) = FRAGMENT_STATE.findall(board_fragment(block.state, size="420px"))
    assert json.loads(embedded) == json.loads(json.dumps(body["board"]))
    board = body["board"]
    assert board["static"] is True and board["playable"] is True
    assert board["tree"]["settings"] == {**board["tree"]["settings"], "overlay": True}
    assert board["tree"]["settings"]["language"] == "fr"
    assert "zones" not in board and "packed" in board["tree"]  # as small as a page's


def test_a_game_a_cpn_and_walk_only():
    assert myst.model(Game.parse(GAME)) == myst.model(GAME)
    assert myst.model(GAME, walk_only=True)["board"]["playable"] is False
    assert myst.model(GAME, walk_only=False) == myst.model(GAME)
    cpn = Game.parse(GAME).root.end().position.cpn()
    board = myst.model(cpn)["board"]
    assert board["tree"]["start"] == cpn and "size" not in myst.model(cpn)


def test_lessons_puzzles_studies_and_what_a_page_shows():
    course = myst.model(kind="cernunos-lessons", lesson="power", language="fr")["board"]
    assert course["lesson_state"]["name"] == "power" and course["course"]
    chosen = myst.model(kind="cernunos-puzzles", rating=(0, 5000), count=3)["board"]
    assert len(chosen["tree"]["puzzle"]["set"]) == 3
    ids = [p.id for p in puzzles.load()[:2]]
    assert [p["id"] for p in myst.model(kind="cernunos-puzzles", ids=ids)["board"]["tree"][
        "puzzle"]["set"]] == ids
    study = myst.model(STUDY, kind="cernunos-study", chapter=1)["board"]
    assert [c["title"] for c in study["study_data"]["chapters"]] == ["One", "Two"]
    session = Session(Game.parse(GAME), "fr")
    assert myst.model(session, walk_only=True, size="30em") == {
        "board": board_data(board_state(session), False),
        "size": "30em",
    }
    assert myst.model(lessons.lesson("power"))["board"]["lesson_state"]["name"] == "power"


@pytest.mark.parametrize(
    ("call", "said"),
    [
        (lambda: myst.model(GAME, colour="red"), r"no option colour \(its options: start, walk_"),
        (lambda: myst.model(GAME, size="big"), "size is a CSS length"),
        (lambda: myst.model(GAME, start=-1), "the option start=-1: negative value"),
        (lambda: myst.model(GAME, start=9), r"start is 0\.\.3"),
        (lambda: myst.model(GAME, language="de"), "de"),
        (lambda: myst.model(), "needs a game text, a CPN or a Game"),
        (lambda: myst.model("x/y/z"), "CPN"),
        (lambda: myst.model(GAME, kind="cernunos-lessons"), "takes options only"),
        (lambda: myst.model(kind="cernunos-board"), "no kind 'cernunos-board'"),
        (lambda: myst.model(kind="cernunos-lessons", lesson="nope"), "nope"),
        (lambda: myst.model(Session(Game()), start=2), "takes walk_only, size and language"),
        (lambda: myst.model(Session(Game()), walk_only="yes"), "playable is True or False"),
        (lambda: myst.model(42), "not a int"),
    ],
)
def test_a_bad_board_or_option_is_an_engine_error_saying_what_is_accepted(call, said):
    with pytest.raises(CernunosError, match=said):
        call()


def test_the_directive_block_parses_back_to_the_model_with_a_fence_longer_than_any_run():
    tricky = "B@b2 {a comment with ``` and ```` in it} B@b3"
    block = myst.directive(tricky, start=1, module="./site/cernunos-board.mjs")
    first, body, last = block.rstrip("\n").split("\n")
    assert first == "`````{anywidget} ./site/cernunos-board.mjs" and last == "`````"
    assert json.loads(body) == json.loads(json.dumps(myst.model(tricky, start=1)))
    assert myst.directive(GAME).startswith("```{anywidget} ./cernunos-board.mjs\n")


def test_python_m_runs_the_command(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run(
        [sys.executable, "-m", "cernunos_widget.myst", str(tmp_path)],
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == f"{tmp_path / myst.MODULE}\n"
    assert (tmp_path / myst.MODULE).read_text(encoding="utf-8") == myst.module_code()


def test_the_command_prints_a_games_block(tmp_path, capsys, monkeypatch):
    game = tmp_path / "first.cgn"
    game.write_text(GAME + "\n", encoding="utf-8")
    args = [str(tmp_path), "--board", str(game), "--start", "1", "--walk-only", "--size", "300px"]
    assert main(args) == 0
    assert capsys.readouterr().out == myst.directive(GAME, start=1, walk_only=True, size="300px")
    assert (tmp_path / myst.MODULE).exists()
    monkeypatch.setattr(sys, "stdin", io.StringIO(GAME))
    assert main([str(tmp_path), "--board", "-", "--language", "fr", "--overlay"]) == 0
    assert capsys.readouterr().out == myst.directive(GAME, language="fr", overlay=True)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["{folder}/missing"], "not a folder"),
        (["{folder}", "--board", "{folder}/none.cgn"], "cannot read the board's file"),
        (["{folder}", "--board", "{folder}/game.cgn", "--start", "7"], r"start is 0\.\.3"),
        (["{folder}", "--board", "{folder}/game.cgn", "--size", "huge"], "size is a CSS length"),
        (["{folder}", "--board", "{folder}/game.cgn", "--language", "de"], "de"),
    ],
)
def test_the_command_says_what_is_wrong_and_exits_2(tmp_path, capsys, args, said):
    (tmp_path / "game.cgn").write_text(GAME, encoding="utf-8")
    assert main([a.format(folder=tmp_path) for a in args]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.startswith("cernunos_widget.myst: ")
    assert re.search(said, out.err) and "Traceback" not in out.err
