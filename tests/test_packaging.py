"""A plain `pip install .` in an empty virtual environment: what imports without extras."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHECK = """
import sys
import cernunos_widget.widget.embed as embed
assert "nbconvert" not in sys.modules and "nbformat" not in sys.modules
try:
    embed.export_notebook_html("nb.ipynb", "out.html", ".")
except embed.EmbedAssetsError:
    pass  # the assets are checked first; now without them:
import pathlib
for name in embed.ASSETS:
    pathlib.Path(name).write_text("")
try:
    embed.export_notebook_html("nb.ipynb", "site/out.html", ".")
except embed.MissingExtraError as error:
    print("refused:", error)
import cernunos_widget.widget.static, cernunos_widget.session.core
# static export does not import the widget
assert "cernunos_widget.widget.adapter" not in sys.modules
from cernunos_widget.solver import learned
assert learned.shipped().version == learned.VERSION  # the weights are package data
print("ok")
"""


def test_a_plain_install_imports_embed_and_names_the_docs_extra(tmp_path):
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [python, "-m", "pip", "install", "-q", "--disable-pip-version-check", str(ROOT)],
        check=True,
        timeout=900,
    )
    out = subprocess.run(
        [python, "-c", CHECK], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert 'pip install "cernunos-widget[docs]"' in out.stdout and out.stdout.endswith("ok\n")


def test_the_session_and_static_export_do_not_import_the_widget():
    code = (
        "import sys, cernunos_widget.widget.static, cernunos_widget.session.core, "
        "cernunos_widget.widget.protocol; "
        "print('cernunos_widget.widget.adapter' in sys.modules, 'anywidget' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
