"""Everything a French reader can meet on the board is French (issue #35 item 8).

A walk of every refusal the kernel can send a page: each request type of the protocol with
each field missing, of a wrong type, out of range, an unknown field, an unknown type, a bad
id; then what each handler refuses (decisions, positions, game texts and .cgn files, nodes,
lessons, puzzles, settings) and an unexpected error. Each is asked of a French board and of
an English one: both refuse, and the French words are not the English ones, nor English.
Then every message key the page can show has its own French text. (The page's own session
says the same words as the kernel: tests/js/*_vectors.py record both languages.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cernunos_widget.i18n import catalogue
from cernunos_widget.lessons import load as load_lessons
from cernunos_widget.puzzles import load as load_puzzles
from cernunos_widget.widget import adapter
from cernunos_widget.widget.adapter import CernunosWidget
from cernunos_widget.widget.protocol import DEFAULTS, SCHEMA

JS = Path(adapter.__file__).parents[1] / "js"
# English words that no French refusal holds outside what it quotes
ENGLISH = re.compile(r"\b(the|must|is|are|not|no|unknown|expected|needs|has|this|of|one)\b")


def ask(widget: CernunosWidget, content: object) -> dict:
    replies: list[dict] = []
    widget.send = lambda reply, buffers=None: replies.append(reply)
    if isinstance(content, dict) and "gen" not in content:
        content = {"id": 1, "gen": widget.session.generation, **content}
    widget._on_page_message(widget, content, [])  # noqa: SLF001 - the page's handler
    assert len(replies) == 1, replies
    return replies[0]


def unquoted(text: str) -> str:
    """``text`` without what it quotes (the page's own input, the names of requests)."""
    return re.sub(r"'[^']*'|\"[^\"]*\"|«[^»]*»|\([^)]*\)|\[[^\]]*\]", "", text)


def schema_requests() -> list[tuple[str, object]]:
    """Every way a request can break the protocol, with a name for each."""
    cases: list[tuple[str, object]] = [
        ("not an object", ["play"]),
        ("unknown type", {"type": "castle"}),
        ("bad id", {"type": "ping", "id": ["x"]}),
        ("bad gen", {"type": "ping", "id": 1, "gen": "new"}),
    ]
    bad_values = (True, "x" * 3_000_000, [], {"a": 1}, -1, 10**9, 1.5, float("nan"), "", "  ")
    for kind, fields in SCHEMA.items():
        base = {name: value for name, value in DEFAULTS.get(kind, {}).items()}
        cases.append((f"{kind}: unexpected field", {"type": kind, **base, "castle": 1}))
        for name in fields:
            if name not in base:
                cases.append((f"{kind}: no {name}", {"type": kind, **base}))
            for value in bad_values:
                cases.append((f"{kind}.{name} = {str(value)[:12]}", {"type": kind, name: value}))
    return cases


def refused_by_both(content: object, setup=None) -> tuple[str, str] | None:
    """(French, English) refusals of ``content``, or None when a board accepts it."""
    said = []
    for language in ("fr", "en"):
        w = CernunosWidget(language=language)
        if setup:
            setup(w)
        reply = ask(w, content)
        if reply["ok"]:
            return None
        said.append(reply["message"])
    return said[0], said[1]


def check_french(name: str, french: str, english: str) -> list[str]:
    problems = []
    if french == english:
        problems.append(f"{name}: the same words in both languages: {french!r}")
    elif ENGLISH.search(unquoted(french)):
        problems.append(f"{name}: English in the French refusal: {french!r}")
    return problems


def test_every_protocol_refusal_is_french_on_a_french_board():
    problems, refused = [], 0
    for name, content in schema_requests():
        answer = refused_by_both(content)
        if answer is not None:
            refused += 1
            problems += check_french(name, *answer)
    assert refused > 150, refused
    assert problems == []


def with_lesson(w: CernunosWidget) -> None:
    w.lesson(load_lessons()[0].name)


def with_puzzle(w: CernunosWidget) -> None:
    w.puzzle(0)


def solved_puzzle(w: CernunosWidget) -> None:
    w.puzzle(0)
    puzzle = load_puzzles()[0]
    for step in puzzle.steps:
        if step.by == "decider":
            assert ask(w, {"type": "puzzle", "action": "try", "decision": step.play})["ok"]


def with_study(w: CernunosWidget) -> None:
    w.study('[Chapter "one"]\nB@b2 D@a1\n')  # a normal chapter


def solved_gamebook(w: CernunosWidget) -> None:
    w.study('[Chapter "one"]\n[Mode "interactive"]\nB@b2\n')
    assert ask(w, {"type": "study", "action": "try", "decision": "B@b2"})["ok"]


CGN = '[Event "a"]\nB@b2\n\n'
HANDLERS = [  # (name, setup, request): what each handler refuses
    ("illegal decision", None, {"type": "play", "node": 0, "decision": "B@z9"}),
    ("not now", None, {"type": "play", "node": 0, "decision": "pass"}),
    ("no node", None, {"type": "goto", "node": 99}),
    ("root delete", None, {"type": "delete", "node": 0}),
    ("glyph", None, {"type": "annotate", "node": 0, "glyph": "?!?"}),
    ("no line", None, {"type": "line", "index": 0}),
    ("replaced", None, {"type": "goto", "node": 0, "gen": 7, "id": 1}),
    ("bad cpn", None, {"type": "setup", "cpn": "nothing"}),
    ("unreachable cpn", None, {"type": "check_position", "cpn": "F,T,.,./.,.,.,./.,.,.,. g 2 0-0"}),
    ("language", None, {"type": "language", "language": "de"}),
    ("engine", None, {"type": "engine", "engine": "stockfish"}),
    ("threads", None, {"type": "threads", "threads": 10**6}),
    ("game text: bad decision", None, {"type": "load_game", "text": "B@b2 Q@a1"}),
    ("game text: unbalanced )", None, {"type": "load_game", "text": "B@b2 )"}),
    ("game text: unbalanced (", None, {"type": "load_game", "text": "B@b2 ( D@a1"}),
    ("game text: unbalanced }", None, {"type": "load_game", "text": "B@b2 }"}),
    ("game text: open comment", None, {"type": "load_game", "text": "B@b2 {a"}),
    ("game text: bad tag", None, {"type": "load_game", "text": "[Green Ann] B@b2"}),
    ("game text: glyph", None, {"type": "load_game", "text": "B@b2?!? D@a1"}),
    ("game text: lone glyph", None, {"type": "load_game", "text": "B@b2 !! D@a1"}),
    ("game text: bad CPN tag", None, {"type": "load_game", "text": '[CPN "x"] B@b2'}),
    ("game text: bad rules tag", None, {"type": "load_game", "text": '[Rules "chess"] B@b2'}),
    ("game text: variation first", None, {"type": "load_game", "text": "(B@b2)"}),
    (".cgn: bad decision", None, {"type": "load_cgn", "text": CGN.replace("B@b2", "Q@a1")}),
    (".cgn: no such game", None, {"type": "load_cgn", "text": CGN, "index": 3}),
    (".cgn: bad tag line", None, {"type": "load_cgn", "text": '[Event "a]\nB@b2\n'}),
    ("no lesson", None, {"type": "lesson", "action": "next"}),
    ("unknown lesson", with_lesson, {"type": "lesson", "action": "open", "lesson": "chess"}),
    ("exercise", with_lesson, {"type": "lesson", "action": "open", "lesson": "placing",
                               "exercise": 40}),
    ("lesson action", with_lesson, {"type": "lesson", "action": "jump"}),
    ("no puzzle", None, {"type": "puzzle", "action": "next"}),
    ("puzzle index", with_puzzle, {"type": "puzzle", "action": "open", "index": 10**5}),
    ("puzzle illegal", with_puzzle, {"type": "puzzle", "action": "try", "decision": "B@z9"}),
    ("puzzle solved", solved_puzzle, {"type": "puzzle", "action": "try", "decision": "pass"}),
    ("no study", None, {"type": "study", "action": "next"}),
    ("study chapter", with_study, {"type": "study", "action": "open", "chapter": 9}),
    ("not interactive", with_study, {"type": "study", "action": "try", "decision": "B@b2"}),
    ("nothing hidden", with_study, {"type": "study", "action": "reveal"}),
    ("gamebook solved", solved_gamebook, {"type": "study", "action": "try", "decision": "B@b2"}),
]  # fmt: skip


@pytest.mark.parametrize(("name", "setup", "request_"), HANDLERS, ids=[h[0] for h in HANDLERS])
def test_every_handlers_refusal_is_french_on_a_french_board(name, setup, request_):
    answer = refused_by_both(request_, setup)
    assert answer is not None, f"{name}: accepted"
    assert check_french(name, *answer) == []


def test_an_unexpected_errors_reply_is_french(monkeypatch):
    def broken(self, request):
        raise RuntimeError("a bug")

    monkeypatch.setitem(adapter._HANDLERS, "overlay", broken)  # noqa: SLF001
    french, english = refused_by_both({"type": "overlay", "on": True})
    assert english == "internal error: RuntimeError (the kernel's log has the details)"
    assert french == "erreur interne\u00a0: RuntimeError (le journal du noyau a les détails)"


# Texts the same in both languages: notation and numbers, no words to translate
SAME = {
    "editor.cpn", "editor.phase", "hint.exact", "legend.zone", "moves.place", "power.base",
    "power.text", "puzzle.pick.entry", "review.values", "study.edit.mode",
}


def test_every_message_key_the_page_can_show_has_its_own_french():
    """The keys the page's parts name (t("..."), phrase("..."), and the areas they build
    keys in: offline.what.*, analysis.status.* ...) all have a French text of their own."""
    said = re.compile(r"""\b(?:t|phrase)\(\s*[`"']([a-z_]+\.[\w.${}-]+)[`"']""")
    named: set[str] = set()
    for path in JS.rglob("*.js"):
        if path.name != "catalogues.js":
            named |= set(said.findall(path.read_text(encoding="utf-8")))
    en, fr = catalogue("en"), catalogue("fr")
    keys = set()
    for key in named:  # a key built in the code names its area: every key of it
        area = key.split("${")[0]
        keys |= {k for k in en if k.startswith(area)} if "${" in key else {key}
    assert len(keys) > 250, len(keys)
    missing = sorted(k for k in keys if k not in fr)
    same = sorted(k for k in keys if k in fr and fr[k] == en[k] and k not in SAME)
    assert (missing, same) == ([], [])
    assert json.dumps(sorted(SAME)) == json.dumps(sorted(k for k in SAME if k in en))
