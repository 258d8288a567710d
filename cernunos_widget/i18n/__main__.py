"""``python -m cernunos_widget.i18n``: write ``js/catalogues.js`` from the catalogues."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from . import FOLDER, js_module

TARGET = FOLDER.parent / "js" / "catalogues.js"


def write(target: Path = TARGET) -> None:
    """Replace ``target`` atomically by the catalogues' module."""
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".catalogues-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(js_module())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


if __name__ == "__main__":
    write()
    print(f"wrote {TARGET}")
