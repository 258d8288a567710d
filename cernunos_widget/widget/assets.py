"""The page's source: its ES modules (``cernunos_widget/js``) linked into one, and its CSS.

The Jupyter widget's module (:func:`esm`) has every feature and language. A static page's
script (:func:`render_script`) links only the features its boards show (``js/features.js``
written for it by :func:`features_module`) and the catalogues of its languages, without
comments and indentation (:mod:`.compact`): a page pays for what it shows (issue #35).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import takewhile
from pathlib import Path

from ..i18n import LANGUAGES, js_module
from .compact import compact_css, compact_js
from .linker import Bundle, LinkError, link

JS = Path(__file__).parents[1] / "js"
ENTRY = "widget.js"  # exports default { render }; imports the other parts
# A board's optional features: name -> its files' stem in js/ (the part exporting it in
# capitals, LESSONS, with its CSS beside it: lesson.js and lesson.css). js/features.js lists
# them.
FEATURES = {"lessons": "lesson", "puzzles": "puzzle", "studies": "study"}


def features_module(features: Iterable[str] = FEATURES) -> str:
    """``js/features.js`` with ``features`` (default: all, the file on disk; a static page's
    has only those its boards show), in the order of :data:`FEATURES`."""
    names = _features(features)
    lines = (JS / "features.js").read_text(encoding="utf-8").splitlines(keepends=True)
    head = "".join(takewhile(lambda line: line.startswith("//"), lines))  # the file's comment
    imports = "".join(
        f'import {{ {name.upper()} }} from "./{FEATURES[name]}.js";\n' for name in names
    )
    listed = ", ".join(name.upper() for name in names)
    return f"{head}{imports}export const FEATURES = Object.freeze([{listed}]);\n"


def _features(features: Iterable[str]) -> list[str]:
    """``features`` in the order of :data:`FEATURES`; :class:`LinkError` for an unknown one."""
    chosen = set(features)
    unknown = chosen - FEATURES.keys()
    if unknown:
        raise LinkError(f"no feature {sorted(unknown)}: the features are {sorted(FEATURES)}")
    return [name for name in FEATURES if name in chosen]


def bundle(features: Iterable[str] = FEATURES, languages: Iterable[str] = LANGUAGES) -> Bundle:
    """The page's parts linked from ``widget.js``, read from disk now, with ``features`` and
    the catalogues of ``languages`` (English always; default: everything)."""
    sources = {
        path.relative_to(JS).as_posix(): path.read_text(encoding="utf-8")
        for path in JS.rglob("*.js")
    }
    sources["catalogues.js"] = js_module(languages)
    sources["features.js"] = features_module(features)
    return link(sources, ENTRY)


def esm() -> str:
    """The widget's ES module (``export default { render }`` at its end): every feature."""
    return bundle().module()


def render_script(features: Iterable[str] = FEATURES, languages: Iterable[str] = LANGUAGES) -> str:
    """A static page's code with ``render`` bound as a constant: ``features`` and the
    catalogues of ``languages`` only (default: everything), without comments and indentation."""
    linked = bundle(features, languages)
    return f"{compact_js(linked.code)}const {{ render }} = {linked.entry}.default;\n"


def css(features: Iterable[str] = FEATURES) -> str:
    """The widget's CSS as written, with that of ``features`` (default: all, the Jupyter
    widget's)."""
    files = ["widget", *(FEATURES[name] for name in _features(features))]
    return "".join((JS / f"{stem}.css").read_text(encoding="utf-8") for stem in files)


def page_css(features: Iterable[str] = FEATURES) -> str:
    """The CSS of a static page with ``features``: :func:`css` without comments and
    indentation."""
    return compact_css(css(features))
