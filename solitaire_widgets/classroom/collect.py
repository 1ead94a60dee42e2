"""A class's games read back from a folder, checked, and counted once.

``collect(folder)`` reads every game log in a folder and its subfolders: the ``.json`` files a
table saves (``GameLog``), and the notebooks (``.ipynb``) whose outputs carry a log in their
metadata (``GameWidget.save_games`` puts one there, so nbgrader's ``submitted/`` folder works
as it is). Every game is checked by replaying its record through the engine (each move legal),
and what the log claims about it (its code, outcome, cards home) must be what the replay gives;
a game that fails is listed in ``problems`` with the file, the game and the reason, and left out.
Nothing in a file can crash the tally: any problem is a ``Problem``.

Counted once: every game has an id, made when it was dealt. The same id twice (a log saved
twice, a file copied, the same log in a notebook and in a file) is one game: the copy with the
most moves is kept (a later save of the same game); two copies whose moves disagree are a
conflict, and only the first read is kept. The folder is read in sorted order, so the result
does not depend on the file system.

A log that is consistent is not proof of honest play: a student could type a legal winning
line by hand (the solver's, say). The checks catch damage, edits and copies, not that.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ..game import Game
from ..record import MAX_RECORD_CHARS
from .log import LOG_FORMAT, PlayedGame

__all__ = ["METADATA_KEY", "ClassGame", "Collected", "Problem", "collect", "read_log"]

METADATA_KEY = "solitaire_widgets/games"
"""The key of a cell output's metadata that carries a game log (``GameWidget.save_games``)."""
MAX_FILE_CHARS = 20_000_000  # a log of 300 games is about 400 kB; bigger files are refused
_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")
_OUTCOMES = ("won", "lost", "playing")
_MAX_COUNT = 1_000_000


@dataclass(frozen=True)
class Problem:
    """A file, or a game in a file, that was left out, and why."""

    source: str
    reason: str

    def __str__(self) -> str:
        return f"{self.source}: {self.reason}"


@dataclass(frozen=True)
class ClassGame:
    """One checked game of the class: who played it (as the log says), where it was read."""

    player: str
    source: str
    game: PlayedGame


@dataclass(frozen=True)
class Collected:
    """The checked games, each once, and what was left out."""

    games: tuple[ClassGame, ...]
    problems: tuple[Problem, ...]
    files: int

    def __str__(self) -> str:
        players = len({g.player for g in self.games})
        lines = [
            f"{len(self.games)} games by {players} players, from {self.files} files; "
            f"{len(self.problems)} notes (files or games left out, copies counted once)"
        ]
        lines += [f"  - {problem}" for problem in self.problems]
        return "\n".join(lines)


def collect(folder: str | Path) -> Collected:
    """Every game log under ``folder`` (see the module docstring)."""
    root = Path(folder)
    if not root.is_dir():
        raise ValueError(f"no folder {str(root)!r} to collect game logs from")
    paths = sorted(p for p in root.rglob("*") if p.suffix in (".json", ".ipynb") and p.is_file())
    games: list[ClassGame] = []
    problems: list[Problem] = []
    for path in paths:
        name = path.relative_to(root).as_posix()
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            problems.append(Problem(name, f"cannot be read: {error}"))
            continue
        for source, log in _logs_in(name, text, path.suffix, problems):
            found, wrong = read_log(log, source)
            games += found
            problems += wrong
    kept, repeated = once(games)
    return Collected(tuple(kept), tuple(problems + repeated), len(paths))


def _logs_in(
    name: str, text: str, suffix: str, problems: list[Problem]
) -> Iterator[tuple[str, object]]:
    """The logs a file holds: a log file is one; a notebook holds one per output that
    carries one. A file that is neither is a problem only if it claims to be a log."""
    if len(text) > MAX_FILE_CHARS:
        problems.append(Problem(name, f"too large to be a game log ({len(text):,} characters)"))
        return
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        if suffix == ".json":
            problems.append(Problem(name, f"not JSON: {error}"))
        return
    if suffix == ".json":
        yield name, data
        return
    cells = data.get("cells") if isinstance(data, dict) else None
    for number, cell in enumerate(cells if isinstance(cells, list) else [], 1):
        outputs = cell.get("outputs") if isinstance(cell, dict) else None
        for output in outputs if isinstance(outputs, list) else []:
            metadata = output.get("metadata") if isinstance(output, dict) else None
            if isinstance(metadata, dict) and METADATA_KEY in metadata:
                yield f"{name}, cell {number}", metadata[METADATA_KEY]


def read_log(log: object, source: str) -> tuple[list[ClassGame], list[Problem]]:
    """The checked games of one log (parsed JSON, or its text), and its problems."""
    if isinstance(log, str):
        try:
            log = json.loads(log)
        except (ValueError, RecursionError) as error:
            return [], [Problem(source, f"not JSON: {error}")]
    if not isinstance(log, dict) or log.get("format") != LOG_FORMAT:
        return [], [Problem(source, f"not a game log (no format {LOG_FORMAT!r})")]
    if log.get("version") != 1:
        return [], [Problem(source, f"a game log of version {log.get('version')!r}, not 1")]
    player, entries = log.get("player", ""), log.get("games")
    if not isinstance(player, str) or len(player) > 200:
        return [], [Problem(source, "'player' is not a name")]
    if not isinstance(entries, list):
        return [], [Problem(source, "'games' is not a list")]
    games, problems = [], []
    for number, entry in enumerate(entries, 1):
        where = f"{source}, game {number}"
        try:
            games.append(ClassGame(" ".join(player.split()).casefold(), where, checked(entry)))
        except ValueError as error:
            problems.append(Problem(where, str(error)))
    return games, problems


def checked(entry: object) -> PlayedGame:
    """One game of a log, replayed and checked; a ``ValueError`` says what is wrong."""
    if not isinstance(entry, dict):
        raise ValueError("not a game (a JSON object)")
    game_id = entry.get("id")
    if not isinstance(game_id, str) or not _ID.fullmatch(game_id):
        raise ValueError("no valid 'id'")
    record = entry.get("record")
    if not isinstance(record, dict):
        raise ValueError("no game record")
    text = json.dumps(record)
    if len(text) > MAX_RECORD_CHARS:
        raise ValueError("its record is too long")
    try:
        game = Game.from_json(text)
    except (ValueError, TypeError) as error:
        raise ValueError(f"its record does not replay: {error}") from None
    claims = {
        "code": (entry.get("code"), game.code),
        "outcome": (entry.get("outcome"), game.status),
        "cards_home": (entry.get("cards_home"), game.cards_home),
        "moves": (entry.get("moves", len(game.history)), len(game.history)),
    }
    for name, (claimed, replayed) in claims.items():
        if claimed != replayed or type(claimed) is not type(replayed):
            raise ValueError(
                f"it claims {name} {claimed!r:.40} but its moves give {replayed!r} "
                "(edited or damaged)"
            )
    counts = [entry.get("hints"), entry.get("undos")]
    if not all(_whole(c) for c in counts):
        raise ValueError("'hints' and 'undos' must be whole numbers, 0 or more")
    seconds, started = entry.get("seconds"), entry.get("started")
    if not _seconds(seconds):
        raise ValueError("'seconds' must be a number of seconds, 0 or more")
    if not isinstance(started, str) or not _when(started):
        raise ValueError("'started' must be a date and time (ISO 8601)")
    return PlayedGame(
        game_id,
        game.code,
        json.loads(game.to_json()),
        game.status,
        game.cards_home,
        int(counts[0]),  # type: ignore[arg-type]
        int(counts[1]),  # type: ignore[arg-type]
        started,
        float(seconds),  # type: ignore[arg-type]
    )


def once(games: Iterable[ClassGame]) -> tuple[list[ClassGame], list[Problem]]:
    """Each game once (by id; see the module docstring), and a note for each copy left out
    (one note per pair of files: "10 games also in ...")."""
    kept: dict[str, ClassGame] = {}
    notes: list[Problem] = []
    copies: Counter[tuple[str, str]] = Counter()
    for item in games:
        first = kept.get(item.game.id)
        if first is None:
            kept[item.game.id] = item
            continue
        mine, theirs = item.game.record["moves"], first.game.record["moves"]
        if mine[: len(theirs)] == theirs or theirs[: len(mine)] == mine:
            longer, shorter = (item, first) if len(mine) > len(theirs) else (first, item)
            kept[item.game.id] = longer
            copies[_file(shorter.source), _file(longer.source)] += 1
        else:
            notes.append(
                Problem(item.source, f"same id as {first.source} with other moves: left out")
            )
    for (copy, other), count in copies.items():
        games_word = "1 game" if count == 1 else f"{count} games"
        notes.append(Problem(copy, f"{games_word} also in {other}: each counted once"))
    return list(kept.values()), notes


def _file(source: str) -> str:
    """The file part of a source (``"a.json, game 3"`` -> ``"a.json"``)."""
    return source.split(", game ")[0]


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= _MAX_COUNT


def _seconds(value: Any) -> bool:
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return number and math.isfinite(value) and 0 <= value <= 10**8


def _when(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return len(text) <= 40
