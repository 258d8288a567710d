"""The documentation site's build time and page weight (issue #22 item 4).

Builds the site as the README says (``python -m sphinx -b html docs <dir>``, fresh each
run) and prints the wall time of each build, the size of what a host serves (the output
less Sphinx's ``.doctrees`` and ``.buildinfo``) and each page's weight: its HTML plus the
local CSS and scripts it loads (what a reader's browser fetches for it).

    python benchmarks/docsite.py [--runs 2]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ASSET = re.compile(r'<(?:script|link)[^>]*?(?:src|href)="([^"#?]+\.(?:js|css))[^"]*"')


def build(dest: Path) -> float:
    """Seconds to build the site into ``dest`` from scratch."""
    t0 = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "sphinx", "-E", "-q", "-b", "html", "docs", str(dest)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - t0


def served(site: Path) -> list[Path]:
    """The files a host would serve."""
    return [
        p
        for p in site.rglob("*")
        if p.is_file() and ".doctrees" not in p.parts and p.name != ".buildinfo"
    ]


def page_weight(site: Path, page: Path) -> int:
    """The page's HTML and the local stylesheets and scripts it loads, in bytes."""
    html = page.read_text(encoding="utf-8")
    assets = {(page.parent / src).resolve() for src in ASSET.findall(html) if "://" not in src}
    return page.stat().st_size + sum(a.stat().st_size for a in assets if a.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            site = Path(tmp) / f"site{run}"
            times.append(build(site))
        files = served(site)
        total = sum(f.stat().st_size for f in files)
        pages = sorted(site.rglob("*.html"))
        weights = {p.relative_to(site).as_posix(): page_weight(site, p) for p in pages}
        boards = {
            p.relative_to(site).as_posix(): p.read_text(encoding="utf-8").count(
                "data-cernunos-board>"
            )
            for p in pages
        }
    print(f"build (fresh, {args.runs} runs): " + ", ".join(f"{t:.1f} s" for t in times))
    print(f"  median {statistics.median(times):.1f} s")
    print(f"served: {len(files)} files, {total / 1024:.0f} KB; {len(pages)} HTML pages")
    print("page weights (HTML + local CSS/JS), heaviest first:")
    for name, weight in sorted(weights.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<28} {weight / 1024:7.0f} KB   boards: {boards[name]}")


if __name__ == "__main__":
    main()
