"""Every tutorial survives play: a student may click on any table at any time, and the cells
below must still run and print what the teacher's notebook shows.

Each teacher's notebook runs in one kernel, cell by cell. After every code cell, every table made
so far (each ``GameWidget`` and ``ReplayWidget``) gets a few random intents through the widget's
own message handler, as clicks send them: legal moves mostly, and undo, redo, restart, hint,
auto, new deal, back, solve, chances, stop, replay steps (a solve or chances job runs on in
its own thread while the next cells run). Then the next cell runs. Every cell must run, and
each one's text must be what the stored notebook holds (under the same sanitizing as nbval),
except a table's own one-line description, which says where the table is, and cells whose
output nbval ignores (``notebook_kernel.ignores_output``).
"""

from __future__ import annotations

import configparser
import re
from pathlib import Path

import nbformat
import pytest
from notebook_kernel import Kernel, ignores_output

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
INTENTS_PER_TABLE = 5
TABLE_REPR = re.compile(r"^(GameWidget|ReplayWidget)\(")

PRELUDE = """
import random as _random
from solitaire_widgets.widget import GameWidget as _GameWidget

_tables = []
_init = _GameWidget.__init__


def _tracked(self, *args, **kwargs):
    _init(self, *args, **kwargs)
    _tables.append(self)


_GameWidget.__init__ = _tracked
_CONTROLS = ["undo", "redo", "restart", "hint", "auto", "new", "back", "solve", "chances", "stop"]
_STEPS = ["next", "next", "last", "prev", "first", "exit"]


def _play_on_tables(seed, per_table):
    rng = _random.Random(seed)
    for table in list(_tables):
        for _ in range(per_table):
            if table.replay:
                intent = {"type": "replay", "action": rng.choice(_STEPS)}
            elif table.view.get("legal") and rng.random() < 0.75:
                intent = {"type": "move", "move": rng.choice(table.view["legal"])}
            else:
                intent = {"type": "control", "action": rng.choice(_CONTROLS)}
            table._on_custom_msg(table, intent, [])
"""


def sanitizers() -> list[tuple[re.Pattern[str], str]]:
    """nbval's replacements for this project (notebooks/nbval_sanitize.cfg)."""
    config = configparser.ConfigParser()
    config.read(NOTEBOOK_DIR / "nbval_sanitize.cfg")
    return [
        (re.compile(config[section]["regex"]), config[section]["replace"])
        for section in config.sections()
    ]


def stored_text(cell: nbformat.NotebookNode) -> list[str]:
    """A stored code cell's outputs as the kernel sends them: what it printed, then the plain
    text of each display and result (images and tables' descriptions left out)."""
    printed, shown = "", []
    for output in cell.outputs:
        if output.output_type == "stream" and output.name == "stdout":
            printed += output.text
        elif output.output_type in ("display_data", "execute_result"):
            shown.append(output.data.get("text/plain", ""))
    return [printed, *shown]


def comparable(texts: list[str], rules: list[tuple[re.Pattern[str], str]]) -> list[str]:
    kept = []
    for text in texts:
        if TABLE_REPR.match(text):
            continue
        for pattern, replacement in rules:
            text = pattern.sub(replacement, text)
        kept.append(text)
    return kept


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_every_cell_runs_the_same_after_random_play(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    rules = sanitizers()
    kernel = Kernel(NOTEBOOK_DIR)
    try:
        setup = kernel.run(PRELUDE)
        assert setup.status == "ok", setup.error
        tables_played = 0
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            run = kernel.run(cell.source)
            assert run.status == "ok", f"{path.name} cell {index}: {run.error}"
            if not ignores_output(cell):
                fresh = comparable([run.stdout, *run.texts], rules)
                stored = comparable(stored_text(cell), rules)
                assert fresh == stored, f"{path.name} cell {index} printed otherwise after play"
            played = kernel.run(f"_play_on_tables({index}, {INTENTS_PER_TABLE}); len(_tables)")
            assert played.status == "ok", f"{path.name}, playing after cell {index}: {played.error}"
            tables_played = max(tables_played, int(played.texts[-1]))
        assert tables_played > 0, f"{path.name} has no table to play on"
    finally:
        kernel.close()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_every_cell_can_run_twice_in_a_row(path: Path) -> None:
    """A student runs a cell again (Shift+Enter twice, or back up a few cells): it must run, and
    print what it printed the first time. So a cell that plays on a game makes or restarts its
    game. A check's second run is a new try (its number and, for the project, its deals differ),
    so only that it runs is asked of it."""
    nb = nbformat.read(path, as_version=4)
    rules = sanitizers()
    kernel = Kernel(NOTEBOOK_DIR)
    try:
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            runs = [kernel.run(cell.source) for _ in range(2)]
            for number, run in enumerate(runs, 1):
                assert run.status == "ok", f"{path.name} cell {index}, run {number}: {run.error}"
            graded = cell.metadata.get("nbgrader", {}).get("grade", False)
            if not graded and not ignores_output(cell):
                first, second = (comparable([run.stdout, *run.texts], rules) for run in runs)
                assert first == second, f"{path.name} cell {index} printed otherwise when run again"
    finally:
        kernel.close()
