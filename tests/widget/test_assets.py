"""The page's ES modules linked into one (widget/linker.py, widget/assets.py): the order, a
scope per part, the errors, and the real page (js/) linked and run by Node."""

from __future__ import annotations

import re

import pytest
from node_runner import run_module

from cernunos_widget.engine.errors import CernunosError
from cernunos_widget.widget.assets import JS, bundle, esm, render_script
from cernunos_widget.widget.linker import LinkError, link, parse

PARTS = sorted(path.relative_to(JS).as_posix() for path in JS.rglob("*.js"))


def linked_order(code: str) -> list[str]:
    return re.findall(r"^// ---- (\S+)$", code, re.M)


class TestOrder:
    SOURCES = {
        "a.js": (
            'import { b } from "./b.js";\nimport { c } from "./c.js";\nexport const a = b + c;\n'
        ),
        "b.js": 'import { c } from "./c.js";\nexport const b = c * 10;\n',
        "c.js": "export const c = 1;\n",
        "unused.js": "export const u = 0;\n",
    }

    def test_each_part_comes_after_what_it_imports(self):
        assert linked_order(link(self.SOURCES, "a.js").code) == ["c.js", "b.js", "a.js"]

    def test_parts_the_entry_does_not_need_are_left_out(self):
        assert "unused" not in link(self.SOURCES, "a.js").code
        assert linked_order(link(self.SOURCES, "b.js").code) == ["c.js", "b.js"]

    def test_the_linked_module_runs_with_the_values_of_its_imports(self, tmp_path):
        (tmp_path / "page.mjs").write_text(link(self.SOURCES, "a.js").module())
        out = run_module(tmp_path, 'import { a } from "./page.mjs";\nconsole.log(a);\n')
        assert out == "11\n"


def test_each_part_has_its_own_scope(tmp_path):
    """Two parts keep a private name of their own; imports, renames and exports all work."""
    sources = {
        "one.js": 'const secret = "one";\nexport function tell() { return secret; }\n',
        "two.js": (
            'const secret = "two";\nfunction tell() { return secret; }\n'
            "export { tell as tellTwo, secret };\n"
        ),
        "main.js": (
            'import { tell } from "./one.js";\n'
            'import { tellTwo, secret as theirs } from "./two.js";\n'
            'const secret = "main";\n'
            "export const all = [tell(), tellTwo(), theirs, secret];\n"
            "export default { all };\n"
        ),
    }
    (tmp_path / "page.mjs").write_text(link(sources, "main.js").module())
    out = run_module(
        tmp_path,
        'import page, { all } from "./page.mjs";\n'
        "console.log(JSON.stringify([all, page.all === all, typeof secret, typeof tell]));\n",
    )
    assert out == '[["one","two","two","main"],true,"undefined","undefined"]\n'


class TestErrors:
    def refused(self, sources: dict[str, str], entry: str = "a.js") -> str:
        with pytest.raises(LinkError) as error:
            link(sources, entry)
        assert isinstance(error.value, CernunosError)
        return str(error.value)

    def test_a_cycle_is_named(self):
        message = self.refused(
            {
                "a.js": 'import { b } from "./b.js";\nexport const a = 1;\n',
                "b.js": 'import { c } from "./c.js";\nexport const b = 1;\n',
                "c.js": 'import { a } from "./a.js";\nexport const c = 1;\n',
            }
        )
        assert message == "an import cycle: a.js -> b.js -> c.js -> a.js"

    def test_a_part_importing_itself_is_a_cycle(self):
        message = self.refused({"a.js": 'import { a } from "./a.js";\nexport const a = 1;\n'})
        assert message == "an import cycle: a.js -> a.js"

    def test_a_name_the_part_does_not_export(self):
        message = self.refused(
            {
                "a.js": 'import { b, nope } from "./b.js";\nexport const a = b;\n',
                "b.js": "const nope = 2;\nexport const b = 1;\n",
            }
        )
        assert message == "a.js imports nope from b.js, which does not export it"

    def test_an_unknown_part(self):
        message = self.refused({"a.js": 'import { b } from "./missing.js";\nexport const a = b;\n'})
        assert message == "a.js imports from missing.js, which is not a part"
        assert self.refused({}, "a.js") == "the entry a.js is not a part"
        assert "is not a part name" in self.refused({"a.mjs": ""}, "a.mjs")

    @pytest.mark.parametrize(
        "statement",
        [
            'import b from "./b.js";',
            'import * as b from "./b.js";',
            'import "./b.js";',
            "export let a = 1;",
            "export var a = 1;",
            "export const { a } = {};",
            "export * from './b.js';",
            "export default function h() {}",
            "export default async function h() {}",
            "export default class C {}",
        ],
    )
    def test_unsupported_syntax_names_the_line(self, statement):
        message = self.refused({"a.js": f"// a part\n{statement}\nexport const z = 0;\n"})
        assert message.startswith("a.js line 2: unsupported import or export: ")
        assert statement[:20] in message

    @pytest.mark.parametrize("source", ["../b.js", "lodash", "./sub/../b.js", "./b.mjs", "/b.js"])
    def test_imports_only_from_parts_of_the_same_folder_or_below(self, source):
        message = self.refused({"a.js": f'import {{ b }} from "{source}";\n'})
        assert message == f"a.js line 1: imports from {source!r}, not a part './name.js'"

    def test_a_part_below_imports_relative_to_its_own_folder(self):
        """js/rules/ parts import each other as "./x.js": resolved in rules/, not in js/."""
        sources = {
            "a.js": 'import { b } from "./sub/b.js";\nexport const a = b + 1;\n',
            "sub/b.js": 'import { c } from "./c.js";\nexport const b = c * 10;\n',
            "sub/c.js": "export const c = 4;\n",
            "c.js": "export const c = 1000;\n",
        }
        bundle = link(sources, "a.js")
        assert "__cw_sub$c" in bundle.code and "__cw_c " not in bundle.code
        assert self.refused({"a.js": 'import { b } from "./sub/x.js";'}) == (
            "a.js imports from sub/x.js, which is not a part"
        )

    def test_a_part_below_imports_from_the_folder_above(self):
        """js/rules/ parts read the catalogues' accessor as "../i18n.js"; no part above js/."""
        sources = {
            "a.js": 'import { b } from "./sub/b.js";\nexport const a = b;\n',
            "sub/b.js": 'import { c } from "../c.js";\nexport const b = c * 10;\n',
            "c.js": "export const c = 4;\n",
        }
        bundle = link(sources, "a.js")
        assert "const { c } = __cw_c;" in bundle.code
        refused = self.refused({**sources, "sub/b.js": 'import { c } from "../../c.js";'})
        assert refused == "sub/b.js line 1: imports from '../../c.js', not a part './name.js'"

    def test_bad_name_lists(self):
        assert "'b c' is not a name" in self.refused({"a.js": 'import { b c } from "./b.js";'})
        assert "empty list" in self.refused({"a.js": 'import { } from "./b.js";'})
        assert "'a as 1' is not a name" in self.refused(
            {"a.js": "const a = 1;\nexport { a as 1 };"}
        )

    def test_a_name_exported_or_imported_twice(self):
        twice = "export const a = 1;\nconst b = 2;\nexport { b as a };\n"
        assert self.refused({"a.js": twice}) == "a.js exports a twice"
        message = self.refused(
            {
                "a.js": 'import { b } from "./b.js";\nimport { c as b } from "./c.js";\n',
                "b.js": "export const b = 1;\n",
                "c.js": "export const c = 1;\n",
            }
        )
        assert message == "a.js imports the name b twice"


def test_parse_keeps_the_body_and_reads_every_form():
    part = parse(
        "p.js",
        'import {\n  x,\n  y as why,\n} from "./q.js";\nexport async function f() {}\n'
        "export class K {}\nexport function* g() {}\nconst z = 1;\nexport { z as zed };\n"
        "export default f;\n",
    )
    assert part.imports == (("q.js", (("x", "x"), ("y", "why"))),)
    assert part.exports == (
        ("f", "f"),
        ("K", "K"),
        ("g", "g"),
        ("zed", "z"),
        ("default", "__cw_default"),
    )
    assert "import" not in part.body and "export" not in part.body
    assert "async function f() {}" in part.body and "const __cw_default = f;" in part.body


class TestThePage:
    def test_every_part_is_linked_once_shared_helpers_first_widget_last(self):
        order = linked_order(bundle().code)
        assert sorted(order) == PARTS
        assert order[:3] == ["catalogues.js", "i18n.js", "dom.js"] and order[-1] == "widget.js"
        rules = [i for i, name in enumerate(order) if name.startswith("rules/")]
        assert rules == list(range(rules[0], rules[-1] + 1))  # the mirror, in one block
        assert order[rules[-1]] == "rules/index.js" and order.index("derive.js") > rules[-1]

    def test_the_module_exports_render_by_default_and_runs(self, tmp_path):
        module = esm()
        assert module.endswith("export default __cw_widget.default;\n")
        (tmp_path / "page.mjs").write_text(module)
        out = run_module(
            tmp_path,
            'import page from "./page.mjs";\nconsole.log(Object.keys(page), typeof page.render);\n',
        )
        assert out == "[ 'render' ] function\n"

    def test_a_static_page_gets_render_without_an_export(self, tmp_path):
        script = render_script()
        assert not re.search(r"^export\b", script, re.M)
        (tmp_path / "page.mjs").write_text(script + "console.log(typeof render);\n")
        assert run_module(tmp_path, 'import "./page.mjs";\n') == "function\n"

    def test_no_part_uses_another_parts_export_without_importing_it(self):
        """In one scope, a forgotten import went unnoticed; linked, it is a ReferenceError in
        the page. A name another part exports, used as a bare identifier, is imported or
        declared in the part itself."""
        top = [name for name in PARTS if "/" not in name]  # the mirror's parts run alone in Node
        parts = {name: parse(name, (JS / name).read_text(encoding="utf-8")) for name in top}
        forgotten = []
        for name, part in parts.items():
            if name == "catalogues.js":  # generated data: its words are text, not names
                continue
            code = re.sub(r"//[^\n]*|/\*.*?\*/", "", part.body, flags=re.S)
            imported = {local for _, names in part.imports for _, local in names}
            declared = set(re.findall(r"(?:const|let|function|class)\s+([\w$]+)", code))
            declared |= set(re.findall(r"([\w$]+)\s*\)?\s*=>", code))  # (t) => ..., t => ...
            for params in re.findall(r"function\s*[\w$]*\s*\(([^)]*)\)", code):
                declared |= set(re.findall(r"[\w$]+", params))  # function f(clue, language)
            for other, their in parts.items():
                for exported, _ in their.exports if other != name else ():
                    used = re.search(
                        rf"(?<![\w$.\"'-]){re.escape(exported)}(?![\w$\"'-]|\s*:)", code
                    )
                    if used and exported not in imported | declared:
                        forgotten.append(f"{name} uses {exported} from {other}")
        assert forgotten == []
