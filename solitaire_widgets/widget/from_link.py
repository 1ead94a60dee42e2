"""A table dealt from the page's link: the browser-only site opens a notebook on a given deal.

A teacher puts a link on the projector (``classroom.projector`` prints it), such as::

    https://school.example/solitaire/notebooks/index.html?path=play.ipynb&deal=ACME-7L

and every student who opens it gets that deal. ``DealFromLink()`` is what the notebook
(``notebooks/class/play.ipynb``, ``play.ipynb`` in the site) shows: a line and, once dealt, a
live ``GameWidget``. The kernel cannot read the page's address (in JupyterLite it runs in a web
worker, whose ``location`` is the worker's script), so the line's view (``js/from_link.js``)
reads the ``deal`` parameter and sends it; Python reads it with ``dealcode.read_code``, the one
reader of codes, and deals a table of that game, or shows the code's own refusal as words (a
wrong check letter, an unknown game) with a box to type the code by hand. The box also serves
a page whose link names no deal (JupyterLab, or the site opened without ``&deal=``).

Only the first deal counts: once the table is there, the line ignores the link (a view drawn
again sends it again) and the box goes away; the table's own New deal box takes other deals
of its game. ``play.table`` is the table, ``play.save_games()`` hands its games in.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets
import traitlets

from ..dealcode import DealCodeError
from ..game import Game
from ..variants import get_variant
from .bundle import JS_DIR, joined
from .table import GameWidget

__all__ = ["DealFromLink"]

WAITING = "reading the deal code in this page's link…"
"""The line until the page has said what its link holds (also what a notebook shows where no
browser runs it, as under nbval)."""
NO_DEAL = (
    "This page's link names no deal (a link that ends in &deal=ACME-7L does): type the code "
    "your teacher shows and press Deal."
)
TYPE_IT = "Type the code your teacher shows and press Deal."


class _LinkLine(anywidget.AnyWidget):
    """The line and the code box; its view sends the link's code (``js/from_link.js``)."""

    _esm = joined(JS_DIR, "from_link.js")  # with what it imports (bundle.py)
    _css = Path(__file__).parent / "from_link.css"
    words = traitlets.Unicode(WAITING).tag(sync=True)
    """What the student reads: the deal dealt, or why not."""
    asking = traitlets.Bool(False).tag(sync=True)
    """Whether the code box is shown (no table yet, and the page has spoken)."""

    def set_state(self, sync_data: Mapping[str, Any]) -> None:
        """Python alone says what the line reads: an update from the browser is answered with
        the true state, and changes nothing."""
        self.send_state([key for key in sync_data if key in self.keys])


class DealFromLink(ipywidgets.VBox):  # type: ignore[misc]
    """The deal the page's link names (``?…&deal=ACME-7L``), as a live table; see the module.

    ``table`` is the ``GameWidget`` once dealt (None before); ``deal(code)`` deals a code as
    the box does; ``save_games()`` is the table's."""

    def __init__(self) -> None:
        self._line = _LinkLine()
        self._table: GameWidget | None = None
        self._code: str | None = None  # the table's deal, as its code
        super().__init__(children=(self._line,))
        self._line.on_msg(self._on_message)

    @property
    def table(self) -> GameWidget | None:
        """The live table, once a code has been dealt; None before."""
        return self._table

    @property
    def words(self) -> str:
        """The line the student reads."""
        return str(self._line.words)

    def deal(self, code: str) -> GameWidget:
        """Deal the deal ``code`` names (``Game.from_code``) on a new table shown here, once:
        a ``DealCodeError`` (a ``ValueError``) names a slip in the code; a second deal is a
        ``ValueError`` too (the table's New deal box takes other deals of its game)."""
        if self._table is not None:
            raise ValueError(
                f"this notebook already plays {self._code}: use its New deal box "
                "for another deal of the same game"
            )
        game = Game.from_code(code)
        self._table, self._code = GameWidget(game), game.code
        self.children = (self._line, self._table)
        self._line.asking = False
        title = get_variant(game.variant).title
        self._line.words = f"{game.code}: {title}, deal {game.seed}. Good luck!"
        return self._table

    def save_games(self, path: str | Path | None = None, player: str | None = None) -> Path:
        """The table's ``save_games`` (the games played on it, for the teacher)."""
        if self._table is None:
            raise ValueError("no deal yet, so no games to save: deal a code first")
        return self._table.save_games(path, player)

    def __repr__(self) -> str:
        return f"DealFromLink({self._code or 'no deal yet'})"

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The page's link (``{"type": "link", "code": text or null}``) or a code typed in
        the box (``{"type": "code", "code": text}``); anything else is said, and ignored."""
        if self._table is not None:
            return  # dealt already: a view drawn again sends the link again
        kind = content.get("type") if isinstance(content, dict) else None
        code = content.get("code") if isinstance(content, dict) else None
        if kind not in ("link", "code") or not (code is None or isinstance(code, str)):
            self._line.words = f"the page sent a message this notebook does not read. {TYPE_IT}"
            self._line.asking = True
            return
        if code is None or not code.strip():
            self._line.words = NO_DEAL if kind == "link" else f"The box is empty. {TYPE_IT}"
            self._line.asking = True
            return
        try:
            self.deal(code)
        except DealCodeError as error:
            which = "The deal code in this page's link" if kind == "link" else "The code you typed"
            self._line.words = f"{which} is refused: {error}. {TYPE_IT}"
            self._line.asking = True
