"""Step-through replay of a recorded game, computed in Python through the engine.

A record (``Game.to_json``) is loaded, taken back to the deal, and replayed move by move
through ``Game.play``, so every step's view is exactly what the engine produces and holds
only what a player could see at that step. The browser receives the list of steps and an
index; it never computes a position itself.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..game import Game
from ._types import GameLike, JSONDict

__all__ = ["START_WORDS", "game_from_record", "replay_state", "replay_steps"]

START_WORDS = "the deal"
"""The words shown for step 0, the position before any move."""


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


def replay_steps(game: GameLike) -> list[JSONDict]:
    """Every position of ``game``'s history as ``{move, words, view}``, the deal first.

    The game is taken back to the deal with ``undo`` and the history is played forward
    again with ``play``, so ``game`` ends where it started, with the same history.
    """
    moves = list(game.history)
    words = list(game.history_words())
    while game.can_undo:
        game.undo()
    if game.history:
        raise ValueError("the record cannot be taken back to its deal")
    steps = [{"move": "", "words": START_WORDS, "view": game.view()}]
    for move, said in zip(moves, words, strict=True):
        game.play(move)
        steps.append({"move": move, "words": said, "view": game.view()})
    return steps


def replay_state(steps: list[JSONDict], index: int) -> JSONDict:
    """The ``replay`` trait for showing step ``index`` of ``steps``."""
    return {"steps": steps, "index": index}
