"""The anywidget adapter and everything the page needs: the request protocol, the page's
assets (``cernunos_widget/js``) and static export (self-contained pages, notebooks).

``CernunosWidget`` is imported on first use: static export and the protocol do not load
anywidget."""

from typing import Any

__all__ = ["CernunosWidget"]


def __getattr__(name: str) -> Any:
    if name == "CernunosWidget":
        from .adapter import CernunosWidget

        return CernunosWidget
    raise AttributeError(f"module 'cernunos_widget.widget' has no attribute {name!r}")
