"""The table's synced traits: what Python shows in the browser, declared and documented once.

All are JSON and written by Python only, except ``four_colour`` and ``large`` (display
preferences the browser may set; any other write from the browser is refused and corrected, see
``GameWidget.set_state``).

``view``
    ``game.view()``: piles, rows, status, legal moves, last move.
``error``
    The reason the last intent was refused, ``""`` if it was not.
``hint``
    ``{"move", "reason", "from", "to", "by", "tag", "title", "ranked"}`` after the Hint
    button, else ``{}``; ``by`` is ``"quick"`` (the quick hint rules: shown at once) or
    ``"thinker"`` (its considered choice, which replaces the quick hint when the thinker ends;
    it adds ``"kind"``: forced, safe, proved, lost, undecided or sampled); ``tag`` and
    ``title`` are the words over and beside it (see :mod:`.hinting`); ``ranked`` is the first
    three ranked hints ``{"move", "reason", "safe"}``, best first.
``message``
    One line describing what just happened (also read out by screen readers).
``four_colour``
    Draw clubs green and diamonds blue; a display preference the browser may set.
``large``
    The teaching text (the lines, hints and chances) in a larger size, for a projector; a
    display preference the browser may set too.
``replay``
    The step shown while stepping through a game, else ``{}``: ``{"index", "last", "move",
    "words", "text", "view"}`` (one step: each step is sent when asked for, see
    :mod:`.replay`); a solver's line adds ``"start": k, "solver": true``.
``solving``
    The background job (Solve, Chances, the thinker's hint, "winnable only"): ``{"task",
    "button", "running",
    "status", "nodes", "done", "total", "reason", "message"}``, or ``{}`` before any job and
    after the position changed (see :mod:`.jobs`).
``chances``
    The measures per move after Chances, ``[{"move", "samples", "winnable", "players": [{"name",
    ...}, ...]}, ...]`` best first, ``[]`` otherwise: winnable and each player's chance (see
    ``background.chance_row`` and ``tally_json``).
``back``
    ``{"seed": 3, "moves": 12}`` after New deal: the game left behind, which the Back button
    brings back (the two then swap places); ``{}`` when there is none.
``restarted``
    ``{"moves": 12}`` right after Restart took 12 moves away: Undo brings them all back in one
    step; ``{}`` otherwise (any other change forgets it).
``lines``
    The table's words, written here and only shown by the browser: ``{"status"}`` (the status
    line), ``{"won"}`` once the game is won, and with chances ``{"caption", "columns", "gap"}``
    (the players' column headers, and the two sentences under the table; see :mod:`.words`).

"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import anywidget
import traitlets

from ._types import JSONDict
from .protocol import IntentError, check_size

__all__ = ["BROWSER_WRITABLE", "TableTraits"]

BROWSER_WRITABLE = frozenset({"four_colour", "large"})
"""Synced traits the browser may change; every other state update from it is refused."""


class TableTraits(anywidget.AnyWidget):
    """The synced traits of a table (see the module's documentation)."""

    view = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Dict().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    large = traitlets.Bool(False).tag(sync=True)
    replay = traitlets.Dict().tag(sync=True)
    solving = traitlets.Dict().tag(sync=True)
    chances: traitlets.List[JSONDict] = traitlets.List().tag(sync=True)
    back = traitlets.Dict().tag(sync=True)
    restarted = traitlets.Dict().tag(sync=True)
    lines = traitlets.Dict().tag(sync=True)

    def set_state(self, sync_data: Mapping[str, Any]) -> None:
        """Accept state from the browser only for display preferences.

        The browser must not rewrite the view, the error or the replay: everything the
        player sees is computed here. A refused update is answered by sending the true
        state back, so the browser's copy is corrected.
        """
        try:
            check_size(sync_data)
        except IntentError as exc:
            self.error = str(exc)
            self.send_state()
            return
        refused = sorted(str(key) for key in sync_data if key not in BROWSER_WRITABLE)
        wrong: list[str] = []
        for key in sorted(set(sync_data) & BROWSER_WRITABLE):
            try:
                super().set_state({key: sync_data[key]})
            except traitlets.TraitError:
                wrong.append(key)
        if refused:
            self.error = f"the table may not change {', '.join(refused)[:60]}"
            self.send_state([key for key in refused if key in self.keys])
        if wrong:
            self.error = f"{', '.join(wrong)} must be true or false: it was not changed"
            self.send_state(wrong)
