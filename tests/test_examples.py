"""The example notebooks run from top to bottom without errors (README's first command),
and are committed as Jupyter writes them, without outputs, so they open unmodified."""

import re
from pathlib import Path

import nbclient
import nbformat
import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.ipynb")))
def test_example_notebook_runs(name):
    nb = nbformat.read(EXAMPLES / name, as_version=4)
    client = nbclient.NotebookClient(
        nb, kernel_name="python3", timeout=120, resources={"metadata": {"path": str(EXAMPLES)}}
    )
    client.execute()  # raises CellExecutionError on the first failing cell
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert outputs and not [o for o in outputs if o.output_type == "error"]
    boards = [o for o in outputs if WIDGET_VIEW in o.get("data", {})]
    shown = [c for c in nb.cells if re.search(r"^(w|CernunosWidget\(.*\))$", c.source, re.M)]
    assert len(boards) == len(shown)  # every board a cell shows became a widget view


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.ipynb")))
def test_example_notebook_is_committed_clean(name):
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    nb = nbformat.reads(text, as_version=4)
    nbformat.validate(nb)
    assert text == nbformat.writes(nb) + "\n"  # what Jupyter writes back: opens unmodified
    assert nb.metadata.kernelspec.name == "python3" and "widgets" not in nb.metadata
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source


def test_first_steps_shows_a_pending_boar_choice():
    nb = nbformat.read(EXAMPLES / "first-steps.ipynb", as_version=4)
    nbclient.NotebookClient(nb, kernel_name="python3", timeout=120).execute()
    text = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert "Purple chooses which token their Boar on b2 pushes" in text
    assert "pushes Green's Boar from b1 to b3 (wrapping around)" in text


def test_analysis_notebook_branches_and_promotes(tmp_path):
    nb = nbformat.read(EXAMPLES / "analysis.ipynb", as_version=4)
    nbclient.NotebookClient(
        nb, kernel_name="python3", timeout=120, resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    text = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert "B@c3 d3 (b3)" in text and "B@c3 b3 {moving Purple's own Crow" in text
    assert (tmp_path / "analysis-board.html").exists()


def test_tour_has_a_board_for_every_tokens_effect():
    cells = nbformat.read(EXAMPLES / "tour.ipynb", as_version=4).cells
    shown = set()
    for heading, board in zip(cells, cells[1:], strict=False):
        if heading.cell_type == "markdown" and heading.source.startswith("## "):
            assert "CernunosWidget(cpn=" in board.source and "overlay=True" in board.source
            shown.update(w for w in heading.source.split("\n")[0].split() if w.isalpha())
    assert {"Tree", "Boar", "Deer", "Wolf", "Squirrel", "Fox", "Crow", "Fire"} <= shown


def test_the_tours_analysis_board_is_proven_by_a_short_search():
    from cernunos_widget.engine import Position
    from cernunos_widget.solver import Limit, analyse

    cells = nbformat.read(EXAMPLES / "tour.ipynb", as_version=4).cells
    heading = next(i for i, c in enumerate(cells) if c.source.startswith("## Analysis"))
    cpn = re.search(r"cpn='([^']+)'", cells[heading + 1].source).group(1)
    infos = analyse(Position.from_cpn(cpn), Limit(time=20), multipv=3)
    assert len(infos) == 3 and all(info.proven for info in infos)  # "proven" as the text says
