"""The package's layers (docs/architecture.md): its import graph, read from the source, has no
cycle and no arrow that runs up a layer or into the solver's internals.

Every import counts, those inside functions included; only imports under
``if TYPE_CHECKING:`` are left out (they never run: they name types for annotations)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "cernunos_widget"
ROOT = "cernunos_widget"

# What each layer may import, besides itself and the version module. The widget, cli, the
# Sphinx extension and the package's own __init__/__main__ sit on top.
MAY_IMPORT = {
    "i18n": set(),
    "engine": {"i18n"},
    "solver": {"engine", "i18n"},
    "record": {"engine", "lessons", "i18n"},  # lessons: the [Goal] tag of a study (record/tags.py)
    "lessons": {"engine", "i18n"},
    "study": {"engine", "record", "lessons", "puzzles", "i18n"},
    "session": {"engine", "solver", "record", "lessons", "study", "i18n"},
    "tools": {"engine", "solver", "record", "i18n"},
    "puzzles": {"engine", "solver", "record", "tools", "i18n"},
    "widget": {
        "engine", "solver", "record", "session", "tools", "lessons", "puzzles", "study", "i18n"
    },
    "cli": {"engine", "solver", "record", "tools", "puzzles", "study", "i18n"},
    "sphinx": {"engine", "record", "session", "puzzles", "study", "widget", "i18n"},  # sphinx.py
    "markdown": {"engine", "widget", "study", "i18n"},  # markdown.py, the Markdown extension
    "myst": {"engine", "record", "widget", "i18n"},  # myst.py, the MyST module
}
LEAVES = {"version"}  # modules any layer may import: they import nothing
# Modules of a layer that any layer may import, because they import nothing of ours: the
# engine's error types (the catalogues' LanguageError is a CernunosError, and the engine
# speaks through the catalogues).
LEAF_MODULES = {f"{ROOT}.engine.errors"}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The ids of import nodes under ``if TYPE_CHECKING:``."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                skipped.update(id(n) for n in ast.walk(inner))
    return skipped


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``name`` (at ``path``) imports, resolved to modules."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_only(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                submodule = f"{target}.{alias.name}"
                # ``from pkg import module`` imports the module, unless pkg binds that name
                if submodule in known and alias.name not in bound_names(target, known):
                    found.add(submodule)
                else:
                    found.add(target)
    return {target for target in found if target in known and target != name}


def bound_names(package: str, known: set[str]) -> set[str]:
    """The names a package's ``__init__`` binds at its top level."""
    path = PACKAGE.parent.joinpath(*package.split("."), "__init__.py")
    if package not in known or not path.exists():
        return set()
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def import_graph() -> dict[str, set[str]]:
    found = modules()
    return {name: imports_of(name, path, set(found)) for name, path in found.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def layer(module: str) -> str | None:
    """The layer a module belongs to (None: the package's top, which may import anything)."""
    parts = module.split(".")
    if len(parts) == 1 or parts[1] in ("__main__",):
        return None
    return parts[1]


def forbidden_arrows(graph: dict[str, set[str]]) -> list[str]:
    found = []
    for source, targets in graph.items():
        source_layer = layer(source)
        for target in targets:
            target_layer = layer(target)
            if target_layer in LEAVES or target_layer is None and source_layer is None:
                continue
            if target in LEAF_MODULES:
                continue
            if target_layer is None:
                found.append(f"{source} -> {target} (the package's top)")
            elif source_layer not in (None, target_layer) and target_layer not in MAY_IMPORT.get(
                source_layer, set()
            ):
                found.append(f"{source} -> {target}")
            if source_layer != "solver" and target.startswith(f"{ROOT}.solver."):
                found.append(f"{source} -> {target} (the solver's internals)")
    return sorted(found)


def test_the_graph_is_read_from_the_source():
    graph = import_graph()
    # a few arrows every layout must have: the reader does find imports
    assert f"{ROOT}.engine.position" in graph[f"{ROOT}.engine"]
    assert f"{ROOT}.record.tree" in graph[f"{ROOT}.session.core"]
    assert f"{ROOT}.widget.adapter" in graph[f"{ROOT}.widget"]  # inside a function


def test_at_most_six_modules_at_the_root():
    root_modules = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(root_modules) <= 6, root_modules
    layers = {path.name for path in PACKAGE.iterdir() if (path / "__init__.py").exists()}
    assert layers == set(MAY_IMPORT) - {"cli", "sphinx", "markdown"}


def test_leaf_modules_import_nothing_of_ours():
    graph = import_graph()
    assert {name: graph[name] for name in LEAF_MODULES} == {name: set() for name in LEAF_MODULES}


def test_no_import_cycle():
    assert cycles(import_graph()) == []


def test_no_arrow_runs_up_a_layer_or_into_the_solver():
    assert forbidden_arrows(import_graph()) == []


@pytest.mark.parametrize(
    ("graph", "expected"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}, [["a", "b", "c"]]),
        ({"a": {"b"}, "b": set()}, []),
    ],
)
def test_the_cycle_finder_finds_cycles(graph, expected):
    assert cycles(graph) == expected


def test_the_arrow_checks_catch_a_planted_arrow():
    graph = import_graph()
    graph[f"{ROOT}.engine.board"].add(f"{ROOT}.record.tree")
    graph[f"{ROOT}.tools.batch"].add(f"{ROOT}.solver.search")
    graph[f"{ROOT}.record.files"].add(f"{ROOT}.widget.protocol")
    assert forbidden_arrows(graph) == [
        f"{ROOT}.engine.board -> {ROOT}.record.tree",
        f"{ROOT}.record.files -> {ROOT}.widget.protocol",
        f"{ROOT}.tools.batch -> {ROOT}.solver.search (the solver's internals)",
    ]
