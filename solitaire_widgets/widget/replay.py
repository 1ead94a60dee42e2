"""Step-through replay: a cursor over a game's positions, one step sent at a time.

A replay holds the positions of a game (immutable ``GameState`` values, shared with the game
they come from) and its moves in notation. The ``replay`` trait carries only the step shown:
its index, its move and words, and ``view(state)`` of its position, worked out when the step
is asked for. A step costs the same at move 5 and at move 5,000, and nothing is replayed: a
table's own game already holds its positions, a record is read once by ``Game.from_json``, and
a solver's line (checked once by the solver) is applied move by move without a second check.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..game import Game
from ..moves import parse_move
from ..state import GameState
from ..variants import get_variant
from ..view import view
from ._types import GameLike, JSONDict
from .protocol import IntentError
from .words import move_words, status_line, step_text

__all__ = [
    "MAX_REPLAY_MOVES",
    "START_WORDS",
    "Replay",
    "game_from_record",
    "replay_of",
]

START_WORDS = "the deal"
"""The words shown for step 0, the position before any move."""

MAX_REPLAY_MOVES = 20_000
"""A replay steps through at most this many moves (``Game.from_json`` reads no longer record
unless asked); a longer game is refused with words that say so."""


@dataclass(frozen=True)
class Replay:
    """The positions of a game from its deal, its moves, and the step shown (``index``).

    ``positions[k]`` is the position after ``moves[:k]``. A solver's line sets ``start``, the
    step where Solve was pressed (the steps after it are the solver's)."""

    variant: str
    seed: int | None
    positions: tuple[GameState, ...]
    moves: tuple[str, ...]
    index: int = 0
    start: int | None = None
    standalone: bool = False  # a ReplayWidget's own replay: the game's toolbar waits for Exit

    @property
    def last(self) -> int:
        """The last step's number (the number of moves)."""
        return len(self.moves)

    def at(self, index: int) -> Replay:
        """The same replay showing step ``index``."""
        return replace(self, index=index)

    def with_line(self, line: Sequence[str]) -> Replay:
        """This game followed by the solver's winning ``line``, shown at the step where Solve
        was pressed (this replay's last). The line was checked by the solver: its moves are
        applied, not checked again."""
        _check_length(self.last + len(line))
        rules = get_variant(self.variant)
        positions = list(self.positions)
        for notation in line:
            positions.append(rules.apply(positions[-1], parse_move(notation)))
        start = self.last
        moves = (*self.moves, *line)
        return replace(self, positions=tuple(positions), moves=moves, index=start, start=start)

    def view(self) -> JSONDict:
        """What a player sees at the step shown, with the keys of ``Game.view()``."""
        k = self.index
        return {
            **view(self.positions[k]),
            "seed": self.seed,
            "moves_made": k,
            "can_redo": False,
            "last_move": self.moves[k - 1] if k else None,
        }

    def words(self) -> str:
        """The move that led to the step shown, in words (``START_WORDS`` for the deal)."""
        k = self.index
        if not k:
            return START_WORDS
        return move_words(self.positions[k - 1], self.moves[k - 1])

    def trait(self) -> JSONDict:
        """The ``replay`` trait: ``{index, last, move, words, text, status, view}`` (``text``:
        the step line, ``status``: the status line of that position), and for a solver's line
        ``start`` and ``solver``; a ReplayWidget's opening replay ``standalone``."""
        k = self.index
        move = self.moves[k - 1] if k else ""
        words, view = self.words(), self.view()
        trait: JSONDict = {
            "index": k,
            "last": self.last,
            "move": move,
            "words": words,
            "text": step_text(k, self.last, move, words, self.start),
            "status": status_line(view),
            "view": view,
        }
        if self.start is not None:
            trait.update(start=self.start, solver=True)
        if self.standalone:
            trait["standalone"] = True
        return trait


def replay_of(game: GameLike) -> Replay:
    """A replay of ``game`` from its deal (its positions are shared, not copied one by one)."""
    moves = tuple(game.history)
    _check_length(len(moves))
    return Replay(game.variant, game.seed, tuple(game.positions), moves)


def game_from_record(record: str | Mapping[str, Any] | GameLike) -> GameLike:
    """A fresh game holding the recorded moves.

    ``record`` is a ``Game.to_json`` text, the same record parsed into a dict, or a game;
    a game is copied through its record so that replaying never touches the original.
    """
    if isinstance(record, Mapping):
        record = json.dumps(dict(record))
    if isinstance(record, str):
        return Game.from_json(record)
    copied: GameLike = type(record).from_json(record.to_json())  # type: ignore[attr-defined]
    return copied


def _check_length(moves: int) -> None:
    """Refuse a replay longer than ``MAX_REPLAY_MOVES``, in words."""
    if moves > MAX_REPLAY_MOVES:
        raise IntentError(
            f"this game has {moves:,} moves: a replay steps through at most "
            f"{MAX_REPLAY_MOVES:,} (the game itself is kept whole)"
        )
