"""The MyST module (cernunos_widget.myst) against MyST's render-side contract in Node
(myst.test.mjs): the module written as a site would have it, and what Python expects of it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from node_runner import node_test

from cernunos_widget import myst
from cernunos_widget.i18n import LANGUAGES, text

CHECK = Path(__file__).parent / "myst.test.mjs"


def test_the_module_follows_myst_s_contract_in_node(tmp_path):
    myst.write_module(tmp_path)
    expected = {
        "no_board": {language: text("myst.no_board", language) for language in LANGUAGES},
    }
    (tmp_path / "expected.json").write_text(json.dumps(expected), encoding="utf-8")
    out = node_test(CHECK, "CERNUNOS_MYST_MODULE", tmp_path)
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    counts = dict(re.findall(r"^# (pass|fail|skipped) (\d+)$", out.stdout, re.M))
    assert counts == {"pass": "2", "fail": "0", "skipped": "0"}, out.stdout[-3000:]
