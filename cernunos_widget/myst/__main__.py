"""``python -m cernunos_widget.myst FOLDER [--board FILE] [options]``: write the module
MyST's ``{anywidget}`` directive loads in a site's sources; with ``--board``, print the block
of a game too (docs/myst.md)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ..engine import CernunosError
from .board import directive
from .module import MODULE, MystError, write_module


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cernunos_widget.myst FOLDER [--board FILE] [options]``: exit 0, or 2
    with a message for what it cannot do."""
    parser = argparse.ArgumentParser(
        prog="python -m cernunos_widget.myst",
        description=f"Write {MODULE}, the Cernunos board for MyST's {{anywidget}} directive, "
        "in FOLDER (a site's sources) and print its path; with --board, print instead the "
        "{anywidget} block of a game (docs/myst.md).",
    )
    parser.add_argument("folder", metavar="FOLDER", help="where the module goes")
    parser.add_argument("--board", metavar="FILE", help="a game text or a CPN (- : stdin)")
    parser.add_argument("--start", type=int, metavar="N", help="decisions into the main line")
    parser.add_argument("--walk-only", action="store_true", help="the reader only walks")
    parser.add_argument("--overlay", action="store_true", help="the power overlay on")
    parser.add_argument("--language", metavar="LANG", help="en (default) or fr")
    parser.add_argument("--size", metavar="CSS", help="the board's largest width (480px)")
    args = parser.parse_args(argv)
    try:
        path = write_module(args.folder)
        if args.board is None:
            print(path)
            return 0
        options = {
            name: getattr(args, name)
            for name in ("start", "walk_only", "overlay", "language", "size")
            if getattr(args, name) not in (None, False)
        }
        print(directive(_read_board(args.board), **options), end="")
    except CernunosError as e:
        print(f"cernunos_widget.myst: {e}", file=sys.stderr)
        return 2
    return 0


def _read_board(name: str) -> str:
    """The text of the file ``name`` (``-``: standard input)."""
    if name == "-":
        return sys.stdin.read()
    try:
        return Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        reason = getattr(e, "strerror", None) or str(e)
        raise MystError(f"cannot read the board's file {name}: {reason}") from None


if __name__ == "__main__":
    sys.exit(main())
