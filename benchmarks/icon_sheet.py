"""Contact sheet of the token icons: every kind at 64 px (board cells) and 18 px (reserve
buttons), in both players' colours, on light and dark squares and the dark theme.

    python benchmarks/icon_sheet.py [out.png]

Writes an HTML page next to the PNG and, if ``/usr/bin/chromium`` exists, screenshots it
headless (no browser is ever downloaded). Look at the PNG to judge the icons side by side.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

from cernunos_widget.engine.icons import ICONS
from cernunos_widget.engine.tokens import Kind

CHROMIUM = "/usr/bin/chromium"
# (square colour, Green, Purple): the light theme's two square shades, then the dark theme.
BACKGROUNDS = (
    ("#efe9d6", "#2e7d32", "#6a1b9a"),
    ("#e2d9bd", "#2f8f4e", "#8a3fb3"),
    ("#3c3729", "#5fd18a", "#c78ff0"),
)


def _icon(letter: str, size: int) -> str:
    return f'<svg viewBox="0 0 100 100" width="{size}" height="{size}">{ICONS[letter]}</svg>'


def sheet_html() -> str:
    """The contact sheet as one self-contained HTML page."""
    letters = list(ICONS)
    head = "".join(f"<th>{Kind.from_letter(k).title}</th>" for k in letters)
    rows = []
    for square, *colours in BACKGROUNDS:
        for colour in colours:
            big = "".join(f"<td>{_icon(k, 64)}</td>" for k in letters)
            small = "".join(f"<td class=s>{_icon(k, 18)}</td>" for k in letters)
            rows.append(
                f'<tr style="background:{square};color:{colour}">{big}<td></td>{small}</tr>'
            )
    return (
        "<!doctype html><meta charset=utf-8><style>body{margin:8px;font:12px sans-serif}"
        "table{border-collapse:collapse}td{padding:3px;text-align:center}"
        "td.s{padding:2px}</style>"
        f"<table><tr>{head}<th></th>{head.replace('<th>', '<th style=font-size:7px>')}</tr>"
        f"{''.join(rows)}</table>"
    )


def main(out: str = "/tmp/icon_sheet.png") -> None:
    png = pathlib.Path(out).resolve()
    page = png.with_suffix(".html")
    page.write_text(sheet_html(), encoding="utf-8")
    print(f"page: {page}")
    if not pathlib.Path(CHROMIUM).exists():
        print("no /usr/bin/chromium: open the page in a browser instead")
        return
    subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            f"--screenshot={png}",
            "--window-size=900,520",
            "--hide-scrollbars",
            f"file://{page}",
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    print(f"png: {png}")


if __name__ == "__main__":
    main(*sys.argv[1:2])
