"""The page's code and CSS without comments and white space (widget/compact.py, issue #35):
what looks like a comment inside a string, a template or a regular expression stays, line
breaks stay (automatic semicolons), and the page's own parts, compacted, pass their Node tests."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from node_runner import node, run_module

from cernunos_widget.widget.assets import JS
from cernunos_widget.widget.compact import CompactError, _strip_js, compact_css, compact_js

TESTS_JS = Path(__file__).parents[1] / "js"

# Everything the tokenizer must read as JavaScript does; it prints what it computed.
SAMPLE = r"""
// a comment
const url = "http://example.org/*not a comment*/"; /* a comment */
const quote = 'it\'s // still a string';
const nested = `a ${ `b ${ { k: "}" }.k } // c` /* d */ } /* e */ ${ 1 / 2 }`;
const re = /\/\/[^/'"`]*\/*'/g, cls = /[//]/.test("/");
const half = 10 / 2 / 5; // a division, twice
const html = `<a href="//x">
  //  kept, with its indentation
</a>`;
let a = 1
let b = a
++b
const neg = a - -b, pos = a + +b, div = a / /x/.source.length;
const inRe = /in/g instanceof RegExp;
function f() {
  return /* empty */ a
    + 1;
}
const n = 1 .toFixed(1);
console.log(JSON.stringify([url, quote, nested, re.source, cls, half, html]));
console.log(JSON.stringify([a, b, neg, pos, div, inRe, f(), n]));
"""


def test_comments_go_and_what_only_looks_like_one_stays():
    out = _strip_js(SAMPLE)
    for kept in (
        '"http://example.org/*not a comment*/"',
        "'it\\'s // still a string'",
        "// c`",
        "} /* e */ ${",
        '"}"',
        r"""/\/\/[^/'"`]*\/*'/g""",
        '<a href="//x">\n  //  kept, with its indentation\n</a>',
    ):
        assert kept in out, kept
    for gone in ("// a comment", "/* a comment */", "// a division", "/* d */", "/* empty */"):
        assert gone not in out, gone
    assert "\n  " not in out.replace(">\n  //  kept", "")  # no indentation but the template's


def test_the_compacted_code_computes_the_same(tmp_path):
    (tmp_path / "before.mjs").write_text(SAMPLE)
    (tmp_path / "after.mjs").write_text(_strip_js(SAMPLE))
    before = run_module(tmp_path, 'import "./before.mjs";\n')
    assert run_module(tmp_path, 'import "./after.mjs";\n') == before
    assert '"<a href=\\"//x\\">\\n  //  kept' in before  # the sample did run its template


def test_spaces_stay_only_where_tokens_would_join():
    out = _strip_js("x = a + +b - -c / /re/ in d; y = typeof z === 'q' ? 1 .x : f (g) ;\n")
    assert out == "x=a+ +b- -c/ /re/ in d;y=typeof z==='q'?1 .x:f(g);\n"


def test_line_breaks_stay_so_semicolons_are_inserted_as_before():
    assert _strip_js("let a = 1\n\n\n  let b = a\n  ++b\n") == "let a=1\nlet b=a\n++b\n"
    assert _strip_js("return /* a\n b */ x") == "return\nx"  # a comment's line break counts


@pytest.mark.parametrize(
    "code",
    [
        "if (x) {} /re/.test(y)",  # after "}": a regex or a division
        "i++ / 2",
        "`never ends",
        "a = /never ends\n",
        "`${ never closed",
    ],
)
def test_what_cannot_be_read_with_certainty_is_left_as_it_is(code):
    with pytest.raises(CompactError):
        _strip_js(code)
    assert compact_js(code) == code


def test_css_keeps_strings_and_selectors():
    css = '/* c */\n.a .b:hover > .c {\n  content: "/* kept */";\n  margin: 0 1px;\n}\n'
    assert compact_css(css) == '.a .b:hover > .c {\ncontent: "/* kept */";\nmargin: 0 1px;\n}\n'


def test_every_part_of_the_page_is_read_and_passes_its_node_tests_compacted(tmp_path):
    """The referee is Node: each part of js/, compacted (the tokenizer must read it all),
    loads and passes tests/js/*.test.mjs as the part as written does."""
    page = tmp_path / "cernunos_widget" / "js"
    for path in JS.rglob("*"):
        target = page / path.relative_to(JS)
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".js":
            source = path.read_text(encoding="utf-8")
            target.write_text(_strip_js(source), encoding="utf-8")
            assert len(target.read_text(encoding="utf-8")) < len(source), path.name
        elif path.is_file():
            shutil.copyfile(path, target)
    tests = tmp_path / "tests" / "js"
    tests.mkdir(parents=True)
    for path in TESTS_JS.glob("*.mjs"):
        shutil.copyfile(path, tests / path.name)
    out = subprocess.run(
        [node(), "--test", "--test-reporter=tap", *map(str, sorted(tests.glob("*.test.mjs")))],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert "# fail 0" in out.stdout and "# pass" in out.stdout
