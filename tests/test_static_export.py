"""A notebook with a live table, exported to HTML by nbconvert (no kernel, no widget manager),
shows the static table: its status line and its face-up cards, and no face-down card.

The notebook is executed without storing the widget state, as JupyterLab saves notebooks by
default and as this project stores its own; nbconvert then skips the widget view, which has no
state to draw, and shows the next output of the bundle, the ``text/html`` table."""

from __future__ import annotations

from html import unescape
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter

from solitaire_widgets import Game

CELL = """
from solitaire_widgets import Game
from solitaire_widgets.widget import GameWidget

game = Game("acme", seed=3)
game.play("S-W")
GameWidget(game)
"""


def test_nbconvert_html_shows_the_static_table(tmp_path: Path) -> None:
    notebook = nbformat.v4.new_notebook()  # type: ignore[no-untyped-call]
    notebook.cells.append(nbformat.v4.new_code_cell(CELL))  # type: ignore[no-untyped-call]
    NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        store_widget_state=False,
        resources={"metadata": {"path": str(tmp_path)}},
    ).execute()
    output = notebook.cells[0].outputs[0]
    assert "application/vnd.jupyter.widget-view+json" in output["data"]
    assert "text/html" in output["data"]

    html, _ = HTMLExporter().from_notebook_node(notebook)
    text = unescape(html)
    game = Game("acme", seed=3)
    game.play("S-W")
    view = game.view()
    assert "Acme, deal 3: playing, 1 move" in text
    for name in ("T1", "T2", "T3", "T4", "W"):
        top = str(Game("acme", seed=3).pile(name)[-1]) if name != "W" else str(game.pile("W")[-1])
        assert top in text, name
    shown = {c for pile in view["piles"].values() for c in pile["cards"]}
    hidden = [card for card in game.pile("S") if card.code not in shown]
    assert hidden and not any(f">{card}<" in text or f" {card} " in text for card in hidden)
