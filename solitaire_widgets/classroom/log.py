"""The log of the games played at one table: each game's deal code, moves, outcome, hints asked,
undos and time, saved as one JSON file a teacher collects.

``GameLog(game)`` follows a ``Game`` as an observer (the table makes one for its game), so it
sees every change, from a click or from a cell: a new deal starts a new entry, a move taken
back (Undo, Restart, ``game.undo()``) counts one undo, and Back to an earlier game reopens that
game's entry (the same game is never two entries). The table tells it when a hint is asked
(``hint_asked``). Each entry carries the game's own record (``Game.to_json``), so reading a log
back replays the moves and checks every claim (``collect``). A game in which no move was played
is not a game played, and is left out.

The file::

    {"format": "solitaire_widgets.games", "version": 1, "player": "ada", "saved": "...",
     "games": [{"id": "3f2a...", "code": "ACME-7L", "record": {<Game.to_json()>},
                "outcome": "won", "cards_home": 52, "moves": 131, "hints": 2, "undos": 1,
                "started": "2026-03-02T10:04:00+00:00", "seconds": 412.0}, ...]}
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from ..game import Game

__all__ = ["LOG_FORMAT", "LOG_VERSION", "GameLog", "PlayedGame", "log_json"]

LOG_FORMAT = "solitaire_widgets.games"
LOG_VERSION = 1


def iso(seconds: float) -> str:
    """A time as ISO 8601 in UTC, to the second."""
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class PlayedGame:
    """One game of a log, as saved (``to_dict``) and as read back once checked."""

    id: str
    code: str | None  # None for an own deck, which has no code
    record: dict[str, Any]  # Game.to_json(), parsed
    outcome: str  # won, lost, or playing (left unfinished)
    cards_home: int
    hints: int
    undos: int
    started: str  # ISO 8601
    seconds: float  # from the deal to the last move

    @property
    def moves(self) -> int:
        return len(self.record.get("moves", []))

    @property
    def variant(self) -> str:
        return str(self.record["variant"])

    @property
    def seed(self) -> int | None:
        seed = self.record.get("seed")
        return seed if isinstance(seed, int) else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "code": self.code,
            "record": self.record,
            "outcome": self.outcome,
            "cards_home": self.cards_home,
            "moves": self.moves,
            "hints": self.hints,
            "undos": self.undos,
            "started": self.started,
            "seconds": round(self.seconds, 1),
        }


@dataclass
class _Entry:
    """A game being followed: its first position (by identity: Back brings the same object
    back, a new deal of the same number is a new one) and what was seen of it last."""

    first: object
    id: str
    started: float
    last: float
    history: list[str] = field(default_factory=list)
    record: str = ""
    code: str | None = None
    outcome: str = "playing"
    cards_home: int = 0
    hints: int = 0
    undos: int = 0

    def played(self) -> PlayedGame:
        return PlayedGame(
            self.id,
            self.code,
            json.loads(self.record),
            self.outcome,
            self.cards_home,
            self.hints,
            self.undos,
            iso(self.started),
            max(0.0, self.last - self.started),
        )


class GameLog:
    """The games played on ``game`` from now on (see the module docstring).

    ``clock`` (seconds since 1970) and ``ids`` (a new entry's id) are for tests and for the
    synthetic class; by default the wall clock and a random 64-bit id in hex."""

    def __init__(
        self,
        game: Game,
        *,
        clock: Callable[[], float] = time.time,
        ids: Callable[[], str] = lambda: secrets.token_hex(8),
    ) -> None:
        self._clock, self._ids = clock, ids
        self._lock = threading.Lock()
        self._entries: list[_Entry] = []  # the current game's entry is the last
        self._seen(game)
        self._unsubscribe = game.subscribe(self._seen)

    def close(self) -> None:
        """Stop following the game (the entries stay)."""
        self._unsubscribe()

    def hint_asked(self) -> None:
        """Count a hint asked for the current game."""
        with self._lock:
            self._entries[-1].hints += 1

    @property
    def games(self) -> list[PlayedGame]:
        """The games played so far, the current one included, in the order first played;
        games without a move are left out."""
        with self._lock:
            return [entry.played() for entry in self._entries if entry.history]

    def to_json(self, player: str = "") -> str:
        """The log file's text (``log_json``), saved now."""
        return log_json(self.games, player, iso(self._clock()))

    def _seen(self, game: Game) -> None:
        """Note the game's change: a new game, a move taken back, or a move played."""
        positions, history = game.positions, game.history
        now = self._clock()
        with self._lock:
            entry = self._entry_for(positions[0], now)
            if len(history) < len(entry.history) and entry.history[: len(history)] == history:
                entry.undos += 1
            entry.history = history
            if history:
                entry.last = now
            entry.record, entry.code = game.to_json(), game.code
            entry.outcome, entry.cards_home = game.status, game.cards_home

    def _entry_for(self, first: object, now: float) -> _Entry:
        """The entry of the game that starts at ``first``, made current (a new one for a new
        deal; an earlier one when Back brings its game back)."""
        for index, entry in enumerate(self._entries):
            if entry.first is first:
                self._entries.append(self._entries.pop(index))
                return entry
        if self._entries and not self._entries[-1].history:
            self._entries.pop()  # a deal left without a move was no game
        entry = _Entry(first, self._ids(), now, now)
        self._entries.append(entry)
        return entry


def log_json(games: list[PlayedGame], player: str, saved: str) -> str:
    """A log file's text: who played (``player``, as typed; may be empty), when it was saved,
    and the games."""
    return json.dumps(
        {
            "format": LOG_FORMAT,
            "version": LOG_VERSION,
            "player": player,
            "saved": saved,
            "games": [game.to_dict() for game in games],
        },
        ensure_ascii=False,
    )
