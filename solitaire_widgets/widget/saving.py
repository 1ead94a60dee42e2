"""Saving a table's games: the file next to the notebook, the cell output that carries the log
in its metadata (for nbgrader's collect step), and a download link (the browser-only site)."""

from __future__ import annotations

import base64
import importlib
import json
import re
from html import escape
from pathlib import Path
from typing import Any

from ..classroom.collect import METADATA_KEY
from ..classroom.log import LOG_FORMAT, GameLog, PlayedGame, iso, log_json
from ..exercises import current

__all__ = ["save_log"]


def save_log(log: GameLog, path: str | Path | None, player: str | None) -> Path:
    """Write the log (merged with the games already in the file), show it, return the path."""
    name = current().shown or current().name if player is None else player
    if not isinstance(name, str):
        raise TypeError(f"player is a name, as text, not {name!r:.40}")
    target = Path(path) if path is not None else Path(f"games-{_slug(name)}.json")
    games = _merged(_earlier(target), log.games)
    text = log_json(games, name, iso(_now()))
    target.write_text(text + "\n", encoding="utf-8")
    _show(target, text, len(games))
    return target


def _earlier(path: Path) -> list[dict[str, Any]]:
    """The games already in the file, as saved (none when there is no file); a file that is
    not a game log is never overwritten."""
    if not path.exists():
        return []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ValueError(f"{path} is not a game log ({error}): give another path") from None
    if not isinstance(data, dict) or data.get("format") != LOG_FORMAT:
        raise ValueError(f"{path} is not a game log: give another path")
    games = data.get("games")
    return [g for g in games if isinstance(g, dict)] if isinstance(games, list) else []


def _merged(earlier: list[dict[str, Any]], mine: list[PlayedGame]) -> list[Any]:
    """The file's games and this table's, each id once (this table's copy is the newer)."""
    ours = {game.id for game in mine}
    kept = [_AsSaved(g) for g in earlier if g.get("id") not in ours]
    return [*kept, *mine]


class _AsSaved:
    """A game from the file, written back as it was (``collect`` checks it when read)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def to_dict(self) -> dict[str, Any]:
        return self.data


def _show(path: Path, text: str, count: int) -> None:
    """The cell's output: a line, a download link, and the log in the output's metadata."""
    display: Any = importlib.import_module("IPython.display").display
    words = f"saved {count} game{'' if count == 1 else 's'} to {path.name}"
    link = base64.b64encode(text.encode()).decode()
    html = (
        f'<p>{escape(words)} · <a download="{escape(path.name)}" '
        f'href="data:application/json;base64,{link}">download {escape(path.name)}</a></p>'
    )
    display(
        {"text/plain": words, "text/html": html},
        raw=True,
        metadata={METADATA_KEY: json.loads(text)},
    )


def _slug(name: str) -> str:
    """A name as a file name: ``"Ada Lovelace"`` -> ``"ada-lovelace"``; ``"table"`` if none."""
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:40] or "table"


def _now() -> float:
    import time

    return time.time()
