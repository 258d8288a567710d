"""Two boards in a Solara app: ``solara run examples/hosts/solara_app.py``.

Solara shows ipywidgets as they are (the board is an anywidget). The button plays from
Python; the line under each board is what the kernel holds, kept up to date by a reactive
value the boards' ``revision`` trait updates (clicks, Python, new games alike)."""

import json

import solara

from cernunos_widget import CernunosWidget

BOAR_BOARD = ".,.,.,./.,T,.,./t,.,.,. g 2 0-0"


def kernel_state(board: CernunosWidget) -> str:
    return json.dumps({"cpn": board.cpn, "game": board.game.export(), "current": board.current})


@solara.component
def Board(cpn: str | None = None):
    """One board, and under it what the kernel holds for it."""
    board = solara.use_memo(lambda: CernunosWidget(cpn=cpn) if cpn else CernunosWidget(), [])
    state, set_state = solara.use_state(kernel_state(board))

    def follow():
        def changed(_change):
            set_state(kernel_state(board))

        board.observe(changed, "revision")
        return lambda: board.unobserve(changed, "revision")

    solara.use_effect(follow, [])
    with solara.Column():
        solara.Button("Boar on b2 (from Python)", on_click=lambda: board.play("B@b2"))
        solara.display(board)
        solara.HTML(tag="pre", unsafe_innerHTML=state, attributes={"data-kernel": ""})


@solara.component
def Page():
    solara.Title("Cernunos boards")
    Board()
    Board(BOAR_BOARD)
