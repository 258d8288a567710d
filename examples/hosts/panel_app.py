"""Two boards in a Panel app, with no CDN: ``panel serve examples/hosts/panel_app.py``.

``pn.panel(w)`` would go through ipywidgets_bokeh, which loads anywidget's front end from
unpkg.com; ``panel_board(w)`` runs the board's module in Panel's own AnyWidgetComponent,
served by Panel. Python keeps using ``w``. The button plays from Python; the line under each
board is what the kernel holds, kept up to date whoever moves the board."""

import json

import panel as pn

from cernunos_widget import CernunosWidget
from cernunos_widget.widget.panel_host import panel_board

pn.extension()

BOAR_BOARD = ".,.,.,./.,T,.,./t,.,.,. g 2 0-0"


def board_with_state(w: CernunosWidget) -> pn.Column:
    state = pn.pane.HTML()

    def show(_change=None):
        held = {"cpn": w.cpn, "game": w.game.export(), "current": w.current}
        state.object = f"<pre data-kernel>{json.dumps(held)}</pre>"

    w.observe(show, "revision")
    show()
    button = pn.widgets.Button(name="Boar on b2 (from Python)")
    button.on_click(lambda _event: w.play("B@b2"))
    return pn.Column(button, panel_board(w, sizing_mode="stretch_width"), state)


pn.Column(
    "# Cernunos boards",
    board_with_state(CernunosWidget()),
    board_with_state(CernunosWidget(cpn=BOAR_BOARD)),
    sizing_mode="stretch_width",
).servable(title="Cernunos boards")
