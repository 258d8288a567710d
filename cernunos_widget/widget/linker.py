"""Links the page's ES modules (``cernunos_widget/js``) into the one module anywidget loads.

A browser cannot resolve ``import ... from "./dom.js"`` inside a module given as a string
(anywidget's ``_esm``, a static page's inline script), and no bundler is needed for a
dozen small files: :func:`link` reads the parts the entry imports, orders them so each
comes after what it imports (a cycle is refused), and wraps each in its own function, so
two parts may use the same private name::

    const __cw_dom = (() => { ...; return Object.freeze({ esc, h }); })();
    const __cw_board = (() => { const { esc, h } = __cw_dom; ...; })();

Each part stays a plain ES module that Node and browsers load alone.  The syntax a part
may use at the start of a line (anything else starting with ``import`` or ``export`` is
refused, with the part and line named):

- ``import { name, other as alias } from "./part.js";`` (a part of the same folder, of a
  folder below it: ``"./rules/index.js"``, or of the folder above: ``"../i18n.js"``; parts are
  named by their path, ``rules/index.js``);
- ``export function name``, ``export async function name``, ``export class Name``,
  ``export const name``; ``export { name, other as alias };``; ``export default value;``
  (not a named ``function`` or ``class``: its name would not be bound in its part).

Exports are copied once when the part has run, hence ``const``, not ``let``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..engine.errors import CernunosError

_NAME = r"[A-Za-z_$][\w$]*"
_PART = re.compile(r"(?:[A-Za-z_]\w*/)*[A-Za-z_]\w*\.js")
_STATEMENT = re.compile(r"^(?:import|export)\b", re.M)
_IMPORT = re.compile(
    r"import\s*\{(?P<names>[^}]*)\}\s*from\s*(?P<q>[\"'])(?P<source>[^\"'\n]*)(?P=q)[ \t]*;?"
)
_EXPORT_DECLARATION = re.compile(
    rf"export\s+(?=(?:async\s+function\b\*?|function\b\*?|class\b|const\b)\s*(?P<name>{_NAME}))"
)
_EXPORT_LIST = re.compile(r"export\s*\{(?P<names>[^}]*)\}[ \t]*;?")
# a default export of a value; a named function or class would lose its name in its part
_EXPORT_DEFAULT = re.compile(r"export\s+default\b(?!\s*(?:async\s+)?function\b|\s*class\b)\s*")
_DEFAULT = "__cw_default"

Names = tuple[tuple[str, str], ...]  # ((exported name, local name), ...)


class LinkError(CernunosError):
    """The page's modules cannot be linked: unknown part or name, a cycle, unsupported syntax."""


@dataclass(frozen=True)
class Part:
    """One parsed module: its body without import/export syntax, what it imports and exports."""

    name: str
    body: str
    imports: tuple[tuple[str, Names], ...]  # (part, names)
    exports: Names


@dataclass(frozen=True)
class Bundle:
    """The linked parts, in order; ``entry`` is the variable that holds the entry's exports."""

    code: str
    entry: str
    exports: tuple[str, ...]

    def module(self) -> str:
        """An ES module exporting what the entry exports."""
        named = [name for name in self.exports if name != "default"]
        tail = f"export const {{ {', '.join(named)} }} = {self.entry};\n" if named else ""
        if "default" in self.exports:
            tail += f"export default {self.entry}.default;\n"
        return self.code + tail


def _variable(part: str) -> str:
    """The bundle's variable holding ``part``'s exports (``dom.js`` -> ``__cw_dom``,
    ``rules/index.js`` -> ``__cw_rules$index``)."""
    return "__cw_" + part.removesuffix(".js").replace("/", "$")


def _resolve(importer: str, source: str) -> str | None:
    """The part ``source`` names, relative to ``importer``'s folder (None: above the root)."""
    folder = importer.split("/")[:-1]
    rest = source[2:] if source.startswith("./") else source
    while rest.startswith("../"):
        if not folder:
            return None
        folder.pop()
        rest = rest[3:]
    return "/".join([*folder, rest])


def _where(name: str, text: str, at: int) -> str:
    line = text.count("\n", 0, at) + 1
    return f"{name} line {line}"


def _names(spec: str, where: str) -> Names:
    """``a, b as c`` -> ((a, a), (b, c))."""
    pairs = []
    for item in spec.split(","):
        words = item.split()
        if not words:
            continue
        if len(words) == 1:
            words = [words[0], "as", words[0]]
        named = all(re.fullmatch(_NAME, word) for word in words[::2])
        if len(words) != 3 or words[1] != "as" or not named:
            raise LinkError(f"{where}: {item.strip()!r} is not a name or 'name as alias'")
        pairs.append((words[0], words[2]))
    if not pairs:
        raise LinkError(f"{where}: an empty list of names")
    return tuple(pairs)


def parse(name: str, text: str) -> Part:
    """Read one module's imports and exports, refusing the syntax the linker does not know."""
    imports: list[tuple[str, Names]] = []
    exports: list[tuple[str, str]] = []
    pieces: list[str] = []
    done = 0
    for statement in _STATEMENT.finditer(text):
        at = statement.start()
        where = _where(name, text, at)
        pieces.append(text[done:at])
        if match := _IMPORT.match(text, at):
            source = match["source"]
            relative = source.startswith("./") or source.startswith("../")
            resolved = _resolve(name, source) if relative else None
            if resolved is None or not _PART.fullmatch(resolved):
                raise LinkError(f"{where}: imports from {source!r}, not a part './name.js'")
            imports.append((resolved, _names(match["names"], where)))
            done = match.end()
        elif match := _EXPORT_DECLARATION.match(text, at):
            exports.append((match["name"], match["name"]))
            done = match.end()
        elif match := _EXPORT_LIST.match(text, at):
            exports.extend((alias, local) for local, alias in _names(match["names"], where))
            done = match.end()
        elif match := _EXPORT_DEFAULT.match(text, at):
            exports.append(("default", _DEFAULT))
            pieces.append(f"const {_DEFAULT} = ")
            done = match.end()
        else:
            line = text[at:].split("\n", 1)[0][:80]
            raise LinkError(f"{where}: unsupported import or export: {line!r}")
    pieces.append(text[done:])
    seen: set[str] = set()
    for exported, _ in exports:
        if exported in seen:
            raise LinkError(f"{name} exports {exported} twice")
        seen.add(exported)
    return Part(name, "".join(pieces), tuple(imports), tuple(exports))


def _order(parts: Mapping[str, Part], entry: str) -> list[str]:
    """The parts the entry needs, each after what it imports (depth first, import order)."""
    order: list[str] = []
    path: list[str] = []

    def visit(name: str) -> None:
        if name in order:
            return
        if name in path:
            cycle = " -> ".join([*path[path.index(name) :], name])
            raise LinkError(f"an import cycle: {cycle}")
        path.append(name)
        for source, _ in parts[name].imports:
            visit(source)
        path.pop()
        order.append(name)

    visit(entry)
    return order


def _read(sources: Mapping[str, str], entry: str) -> dict[str, Part]:
    """Parse the entry and every part it imports, directly or not."""
    parts: dict[str, Part] = {}
    todo = [(entry, "")]
    while todo:
        name, wanted_by = todo.pop()
        if name in parts:
            continue
        if name not in sources:
            if name == entry:
                raise LinkError(f"the entry {entry} is not a part")
            raise LinkError(f"{wanted_by} imports from {name}, which is not a part")
        parts[name] = parse(name, sources[name])
        todo.extend((source, name) for source, _ in parts[name].imports)
    return parts


def _check_names(parts: Mapping[str, Part]) -> None:
    """Every imported name is exported by its part, and bound once in the importer."""
    for part in parts.values():
        bound: set[str] = set()
        for source, names in part.imports:
            exported = {name for name, _ in parts[source].exports}
            for name, local in names:
                if name not in exported:
                    raise LinkError(
                        f"{part.name} imports {name} from {source}, which does not export it"
                    )
                if local in bound:
                    raise LinkError(f"{part.name} imports the name {local} twice")
                bound.add(local)


def _pairs(pairs: Names) -> str:
    """((a, a), (b, c)) -> ``a, b: c`` (a destructuring pattern or an object literal)."""
    return ", ".join(key if key == value else f"{key}: {value}" for key, value in pairs)


def _wrap(part: Part) -> str:
    """The part as ``const __cw_x = (() => { ...; return exports; })();``."""
    bindings = "".join(
        f"const {{ {_pairs(names)} }} = {_variable(source)};\n" for source, names in part.imports
    )
    returned = _pairs(part.exports)
    return (
        f"// ---- {part.name}\nconst {_variable(part.name)} = (() => {{\n{bindings}{part.body}"
        f"\nreturn Object.freeze({{ {returned} }});\n}})();\n"
    )


def link(sources: Mapping[str, str], entry: str) -> Bundle:
    """Link ``entry`` and the parts it imports (``sources``: file name -> text)."""
    if not _PART.fullmatch(entry):
        raise LinkError(f"the entry {entry!r} is not a part name 'name.js'")
    parts = _read(sources, entry)
    _check_names(parts)
    code = "".join(_wrap(parts[name]) for name in _order(parts, entry))
    return Bundle(code, _variable(entry), tuple(name for name, _ in parts[entry].exports))
