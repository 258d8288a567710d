"""Driving the board by clicks, and counting what the kernel sends (tests and benchmarks)."""

from __future__ import annotations

from pathlib import Path

SCRIPTED_GAME = Path(__file__).resolve().parents[2] / "benchmarks" / "scripted_game.txt"


def scripted_decisions() -> list[str]:
    """The committed 45-decision game (effect choices included), as tokens."""
    lines = SCRIPTED_GAME.read_text().splitlines()
    return " ".join(line for line in lines if not line.startswith("#")).split()


def final_click(page, token: str, scope: str = ".cw-root"):
    """Make every click of ``token`` but the last; return the last one's locator."""
    root = page.locator(scope).first
    if "@" in token:
        kind, cell = token.split("@")
        player = root.get_attribute("data-pending")[0]
        page.locator(f'{scope} [data-kind="{kind}"][data-player="{player}"]').first.click()
        return page.locator(f'{scope} [data-cell="{cell}"]').first
    if token == "pass":
        return page.locator(f'{scope} [data-decision="pass"]').first
    cells = token[5:].split(",") if token.startswith("grow:") else token.split("~")
    for cell in cells[:-1]:
        page.locator(f'{scope} [data-cell="{cell}"]').first.click()
    return page.locator(f'{scope} [data-cell="{cells[-1]}"]').first


class FrameMeter:
    """Counts the payload bytes of websocket frames the page receives (kernel -> page)."""

    def __init__(self, page) -> None:
        self.bytes = 0
        self.frames = 0
        page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload) -> None:
        self.frames += 1
        self.bytes += len(payload.encode() if isinstance(payload, str) else payload)

    def reset(self) -> None:
        self.bytes = self.frames = 0


def live_preview(widget, path: Path) -> Path:
    """``widget.to_html`` with its controls enabled, as if a kernel might answer: for tests of
    the page's looks and keyboard use that need no kernel (nothing answers its requests: after
    the 4 s ping timeout it plays by itself, as a notebook opened without its kernel does)."""
    html = widget.to_html().replace('"static": true', '"static": false', 1)
    assert '"static": false' in html
    path.write_text(html, encoding="utf-8")
    return path
