"""The board in a Panel app, with no CDN: Panel's own ``AnyWidgetComponent`` runs the
widget's ES module, served by the Panel server itself.

``pn.panel(widget)`` goes through ``ipywidgets_bokeh``, which fetches anywidget's front end
from unpkg.com: offline, the board never draws. :func:`panel_board` instead wraps a
:class:`.CernunosWidget` in an ``AnyWidgetComponent`` whose parameters mirror the widget's
synced traits both ways, and whose messages are the widget's (the page's requests reach
``widget``'s handler, its replies and patches reach the page). Python keeps using ``w``
(``w.play(...)``, ``w.cpn``) as in a notebook. Panel is imported on first use.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

# ipywidgets' own traits: the component has its own model and layout
_WIDGET_TRAITS = {
    "_anywidget_id", "_css", "_dom_classes", "_esm", "_model_module", "_model_module_version",
    "_model_name", "_view_count", "_view_module", "_view_module_version", "_view_name",
    "layout", "tabbable", "tooltip",
}  # fmt: skip


class MissingPanelError(ImportError):
    """Panel is not installed."""


def synced_traits(widget: Any) -> list[str]:
    """The board's own synced traits (what the page reads and writes)."""
    return sorted(set(widget.traits(sync=True)) - _WIDGET_TRAITS)


@lru_cache(maxsize=1)
def _component_class() -> type:
    """The ``AnyWidgetComponent`` subclass with a parameter per synced trait (made once)."""
    try:
        import panel as pn
        import param
    except ImportError as error:
        raise MissingPanelError(
            f"a Panel board needs panel ({error.name} is missing): "
            'pip install "cernunos-widget[hosts]"'
        ) from None
    from .adapter import CernunosWidget
    from .assets import css, esm

    names = synced_traits(CernunosWidget())
    body: dict[str, Any] = {name: param.Parameter(default=None) for name in names}
    body.update(
        _esm=panel_module(esm()), _stylesheets=[css()], page_request=param.Dict(default=None)
    )
    return type("CernunosPanelBoard", (pn.custom.AnyWidgetComponent,), body)


# Panel's AnyWidgetComponent model has no send (anywidget's page -> kernel message): the
# board's module gets a model whose send sets the page_request parameter (numbered, so two
# equal requests are two changes); Python answers as to a message. Kernel -> page messages
# are Panel's own (msg:custom).
_PANEL_RENDER = """
const __cw_for_panel = __cw_widget.default;
export default {
  render({ model, el }) {
    let sent = 0;
    const send = (message) => {
      sent += 1;
      model.set("page_request", { n: sent, message });
      model.save_changes();
    };
    const panelModel = new Proxy(model, {
      get: (target, name) => (name === "send" ? send : Reflect.get(target, name)),
    });
    return __cw_for_panel.render({ model: panelModel, el });
  },
};
"""


def panel_module(module: str) -> str:
    """The widget's ES module for Panel's AnyWidgetComponent (:data:`_PANEL_RENDER`)."""
    ending = "export default __cw_widget.default;\n"
    if not module.endswith(ending):
        raise ValueError("the widget's module no longer ends with its default export")
    return module[: -len(ending)] + _PANEL_RENDER


def _wire(widget: Any, name: str) -> Any:
    """The trait ``name`` as the page gets it in a notebook: its serializer's JSON (a tree
    packed), object keys as strings."""
    value = getattr(widget, name)
    to_json = widget.trait_metadata(name, "to_json")
    return json.loads(json.dumps(to_json(value, widget) if to_json else value))


def panel_board(widget: Any = None, **params: Any) -> Any:
    """A Panel component showing ``widget`` (a :class:`.CernunosWidget`; default: a new one),
    served by Panel with no network: ``pn.Column(panel_board(w), ...)`` in an app;
    ``params`` are Panel's (``width``, ``sizing_mode`` ...). The component's ``widget`` is
    ``widget``; the two stay in step whoever changes the board."""
    from .adapter import CernunosWidget

    widget = CernunosWidget() if widget is None else widget
    if not isinstance(widget, CernunosWidget):
        raise TypeError(f"panel_board shows a CernunosWidget, not a {type(widget).__name__}")
    names = synced_traits(widget)
    component = _component_class()(**{n: _wire(widget, n) for n in names}, **params)
    component.widget = widget
    syncing: set[str] = set()

    def to_page(change: dict) -> None:
        if change["name"] not in syncing:
            syncing.add(change["name"])
            try:
                setattr(component, change["name"], _wire(widget, change["name"]))
            finally:
                syncing.discard(change["name"])

    def to_widget(event: Any) -> None:
        if event.name not in syncing:
            syncing.add(event.name)
            try:
                setattr(widget, event.name, event.new)
            finally:
                syncing.discard(event.name)

    def request(event: Any) -> None:  # to the widget's handler, as the notebook's comm does
        if event.new:
            widget._handle_custom_msg(event.new["message"], [])  # noqa: SLF001 - ipywidgets'

    widget.observe(to_page, names=names)
    component.param.watch(to_widget, names)
    component.param.watch(request, "page_request")
    # replies and patches, as JSON (the comm's form: object keys as strings)
    widget.send = lambda content, buffers=None: component.send(json.loads(json.dumps(content)))
    return component
