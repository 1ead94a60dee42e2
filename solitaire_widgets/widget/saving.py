"""Saving a table's games: the file next to the notebook, the cell output that carries the log
in its metadata (for nbgrader's collect step), and a download (the browser-only site).

Two ways in, one file: ``table.save_games()`` in a cell (:func:`save_log`: the file, and the
cell's output with the log in its metadata and a download link) and the table's Save button
(:func:`save_clicked`: the same file, said on the table's message line; where the kernel runs in
the browser, or cannot write next to the notebook, the browser downloads the same text).
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import json
import re
import sys
import unicodedata
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from ..classroom.collect import METADATA_KEY
from ..classroom.log import LOG_FORMAT, GameLog, PlayedGame, iso, log_json
from ..exercises import current
from .protocol import IntentError

__all__ = [
    "DOWNLOAD",
    "Saved",
    "compose_log",
    "could_not_write",
    "kernel_in_browser",
    "save_clicked",
    "save_log",
    "saved_words",
    "write",
]

DOWNLOAD = "download"
"""The type of the custom message that asks the browser to download a file:
``{"type": "download", "name": "games-ana.json", "text": "<the log's JSON>"}``."""


@dataclass(frozen=True)
class Saved:
    """A log as saved: where (the file's path), its text, and how many games it holds."""

    path: Path
    text: str
    count: int


def save_log(log: GameLog, path: str | Path | None, player: str | None) -> Path:
    """Write the log (merged with the games already in the file), show it, return the path.
    Where the file cannot be written (a folder the kernel may not write to), the output says
    so and its link and metadata carry the log all the same."""
    saved = compose_log(log, path, player)
    try:
        write(saved)
    except OSError as error:
        _show(saved, failed=could_not_write(saved.path.name, error))
    else:
        _show(saved)
    return saved.path


def compose_log(log: GameLog, path: str | Path | None, player: str | None) -> Saved:
    """The log as it will be saved into ``path`` (default ``games-<name>.json`` in the working
    directory, the notebook's folder): merged with the games already in that file. A file
    there that is not a game log is a ``ValueError`` (it is never overwritten)."""
    name = _player(player)
    target = Path(path) if path is not None else default_path(name)
    games = _merged(_earlier(target, name), log.games)
    return Saved(target, log_json(games, name, iso(_now())), len(games))


def write(saved: Saved) -> None:
    """Write the log's file, whole (``OSError`` when the folder cannot take it)."""
    saved.path.write_text(saved.text + "\n", encoding="utf-8")


def save_clicked(log: GameLog | None) -> tuple[str, dict[str, str] | None]:
    """The Save button: save the table's log as ``save_games()`` does (the same file, the same
    records) and say so in words; returns those words and the download message for the
    browser (``None`` when the file next to the notebook is all there is). Where the kernel runs
    in the browser (the browser-only site: the file goes into the browser's storage) or cannot
    write the file, the browser downloads the same text. A refusal (no log, nothing played yet,
    a file there that is not a game log) is an :class:`IntentError` that says why."""
    if log is None:
        raise IntentError("this table's game is not a solitaire_widgets Game: it keeps no log")
    if not log.games:
        raise IntentError("nothing to save yet: no move has been played on this table")
    unnamed = "" if _player(None) else ' (no name given: student("your name") names the file)'
    try:
        saved = compose_log(log, None, None)
    except ValueError as error:  # a file of that name that is not a game log
        raise IntentError(f"{error} (save_games(path=...) in a cell chooses another)") from None
    download = _download(saved.path.name, saved.text)
    try:
        write(saved)
    except OSError as error:  # a folder the kernel may not write to
        words = could_not_write(saved.path.name, error) + ": your browser downloads it instead"
        return words + unnamed, download
    words = saved_words(saved.count, saved.path.name)
    if not kernel_in_browser():
        return words + unnamed, None
    words += " in this browser's storage; your browser downloads it too: hand that file in"
    return words + unnamed, download


def saved_words(count: int, name: str) -> str:
    """What a save says: ``"saved 3 games to games-ana.json"``."""
    return f"saved {count} game{'' if count == 1 else 's'} to {name}"


def could_not_write(name: str, error: OSError) -> str:
    """What a save says when the file could not be written, and why."""
    return f"could not write {name} next to the notebook ({error.strerror or type(error).__name__})"


def default_path(name: str) -> Path:
    """The log file of the player ``name``, next to the notebook: ``games-<name>.json``."""
    return Path(f"games-{_slug(name)}.json")


def kernel_in_browser() -> bool:
    """Whether the kernel runs in the browser (Pyodide: the browser-only site), where a file
    written next to the notebook stays in the browser's storage."""
    return sys.platform == "emscripten"


def _player(player: str | None) -> str:
    """The player's name: ``player``, or the name given to ``student()`` ("" if none)."""
    name = current().shown or current().name if player is None else player
    if not isinstance(name, str):
        raise TypeError(f"player is a name, as text, not {name!r:.40}")
    return name


def _download(name: str, text: str) -> dict[str, str]:
    """The message that asks the browser to download ``text`` as the file ``name``."""
    return {"type": DOWNLOAD, "name": name, "text": text}


def _earlier(path: Path, player: str) -> list[dict[str, Any]]:
    """The games already in the file, as saved (none when there is no file); a file that is
    not a game log, or another player's (names that make one file name, "Ada L." and "Ada
    L"), is never overwritten."""
    if not path.exists():
        return []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ValueError(f"{path} is not a game log ({error}): give another path") from None
    if not isinstance(data, dict) or data.get("format") != LOG_FORMAT:
        raise ValueError(f"{path} is not a game log: give another path")
    saved_by = data.get("player")
    if isinstance(saved_by, str) and saved_by.strip().casefold() != player.strip().casefold():
        raise ValueError(f"{path} holds the games of {saved_by!r:.40}, not {player!r:.40}")
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


def _show(saved: Saved, failed: str = "") -> None:
    """The cell's output: a line (what was saved, or why the file could not be written), a
    download link, and the log in the output's metadata."""
    display: Any = importlib.import_module("IPython.display").display
    name, text = saved.path.name, saved.text
    words = f"{failed}: download it from the link" if failed else saved_words(saved.count, name)
    link = base64.b64encode(text.encode()).decode()
    html = (
        f'<p>{escape(words)} · <a download="{escape(name)}" '
        f'href="data:application/json;base64,{link}">download {escape(name)}</a></p>'
    )
    display(
        {"text/plain": words, "text/html": html},
        raw=True,
        metadata={METADATA_KEY: json.loads(text)},
    )


def _slug(name: str) -> str:
    """A name as a file name: ``"Ada Lovelace"`` -> ``"ada-lovelace"``; ``"table"`` if none.
    A name with letters the plain slug loses (``"Zoë"``, ``"Zoé"``, ``"李明"``) gets a short
    hash of the name as well, so that two such names never share a file (the forty-seventh
    review: "Zoë" and "Zoé" both saved to games-zo.json, "李明" to games-table.json)."""
    plain = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:40]
    if name.isascii():
        return plain or "table"
    letters = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    base = re.sub(r"[^a-z0-9]+", "-", letters.casefold()).strip("-")[:40]
    digest = hashlib.sha256(name.strip().encode()).hexdigest()[:6]
    return f"{base}-{digest}" if base else digest


def _now() -> float:
    import time

    return time.time()
