"""A MyST project (Jupyter Book 2) with Cernunos boards in ``{anywidget}`` blocks.

    python examples/hosts/myst_project.py boards/
    cd boards && myst start        # or: myst build --html

writes ``myst.yml``, a page with three boards (a position with a Boar's push to choose, a
game opened after two decisions in French, the course) and ``cernunos-board.mjs``, the
module the blocks load (docs/myst.md). tests/browser/test_myst.py builds it with MyST and
plays it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cernunos_widget import myst

CONFIG = """version: 1
project:
  title: Cernunos boards
site:
  template: book-theme
"""

BOAR_BOARD = ".,.,.,./.,T,.,./t,.,.,. g 2 0-0"  # Green's Boar to place beside two Trees
GAME = "B@b2 B@b3 (D@a1 {a quieter start}) T@a1 D@c2"
# Each board: myst.model's arguments.
BOARDS = [
    {"content": BOAR_BOARD, "size": "480px"},
    {"content": GAME, "start": 2, "language": "fr"},
    {"kind": "cernunos-lessons"},
]


def page() -> str:
    """The page's MyST Markdown: a title, some text and a block per board."""
    blocks = [myst.directive(**board) for board in BOARDS]
    return (
        "# Cernunos boards\n\nPlace Green's Boar, then choose what it pushes:\n\n"
        f"{blocks[0]}\nA game, opened after its first two decisions:\n\n{blocks[1]}\n"
        f"The course:\n\n{blocks[2]}"
    )


def write_project(folder: Path) -> None:
    """Write the project in ``folder`` (made if missing)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "myst.yml").write_text(CONFIG, encoding="utf-8")
    (folder / "index.md").write_text(page(), encoding="utf-8")
    myst.write_module(folder)


if __name__ == "__main__":
    write_project(Path(sys.argv[1] if len(sys.argv) > 1 else "boards"))
