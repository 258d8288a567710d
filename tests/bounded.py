"""A call that must end in bounded time (a FIFO must be refused, never waited on)."""

from __future__ import annotations

import threading


def run_bounded(call, seconds: float = 60):
    """``call()`` in a thread: its result, or its exception raised again; a failure if it
    still runs after ``seconds`` (main waited forever on a FIFO)."""
    box: dict = {}

    def run() -> None:
        try:
            box["result"] = call()
        except BaseException as e:  # noqa: BLE001 - raised again below
            box["error"] = e

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s (waiting on a FIFO?)"
    if "error" in box:
        raise box["error"]
    return box["result"]
