"""The live table widget: play, watch and replay patience games in Jupyter.

``GameWidget(game)`` shows a :class:`~solitaire_widgets.Game` as a table you can play with
the mouse or the keyboard; every move is checked by the engine in Python. ``ReplayWidget``
steps through a recorded game; ``DealFromLink()`` deals the code in the page's link (the
browser-only site's deal links). See ``docs/widget.md`` for the traits and the message
protocol between the browser and Python.
"""

from __future__ import annotations

from .from_link import DealFromLink
from .protocol import IntentError
from .table import GameWidget, ReplayWidget, show

__all__ = ["DealFromLink", "GameWidget", "IntentError", "ReplayWidget", "show"]
