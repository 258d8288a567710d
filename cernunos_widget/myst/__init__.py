"""MyST / Jupyter Book 2: boards that play in a MyST site through its ``{anywidget}``
directive, without a kernel.

MyST's directive loads an ES module (a path beside the page, or a URL) and calls its
``render({ model, el })`` with a model made of the directive's JSON body (``get``, ``set``,
``on``; ``el`` inside a shadow root). :func:`write_module` writes that module: the offline
board of the static pages (the linked page code of :func:`.widget.assets.render_script`
with every feature and language, its CSS, the model stand-in of
:data:`.widget.static.STAND_IN`), one file, no network. :func:`model` makes the JSON body of
a board, :func:`directive` the whole block::

    ```{anywidget} ./cernunos-board.mjs
    {"board": {...}, "size": "420px"}
    ```

The body's ``board`` is :func:`.widget.static.board_data` of the board the Sphinx
directive or the Markdown block with the same options would show (:mod:`.widget.blocks`):
the rules run in the page (js/rules/), as on a static page. From a shell,
``python -m cernunos_widget.myst FOLDER`` writes the module, and ``--board FILE`` (a game
text or a CPN; ``-``: standard input) with the ``cernunos`` block's options prints the
block of that game (docs/myst.md).
"""

from .board import directive, model
from .module import MODULE, MystError, module_code, write_module

__all__ = ["MODULE", "MystError", "directive", "model", "module_code", "write_module"]
