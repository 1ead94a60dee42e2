"""The table's words, written once, here: the browser shows them and writes none of its own
about the game (what a move did, which step a replay shows, what a job is doing).

A move is described alone, in the position it was played from, so that the line under the
table costs the same after move 5 and after move 5,000.
"""

from __future__ import annotations

from ..moves import parse_move
from ..state import GameState
from ..variants import get_variant
from ._types import GameLike

__all__ = ["last_move_text", "move_words", "plural", "step_text"]


def plural(count: int, word: str) -> str:
    """``"1 move"``, ``"2 moves"``, ``"1,000 moves"``."""
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def move_words(before: GameState, notation: str) -> str:
    """A move in words, in the position ``before`` it was played, consequences included:
    ``"3♥ from tableau 1 to tableau 4; the reserve's top card, 6♥, fills tableau 1"``."""
    return get_variant(before.variant).describe(before, parse_move(notation))


def last_move_text(game: GameLike, last_move: str | None) -> str:
    """``"R3-F1: 7♥ from reserve 3 to foundation 1"`` for the game's last move (``last_move``,
    the notation ``game.view()`` gives), or ``""`` before any move. Only that move is
    described; its position before is the game's next-to-last one."""
    if not last_move:
        return ""
    positions = game.positions
    return f"{last_move}: {move_words(positions[-2], last_move)}"


def step_text(index: int, last: int, move: str, words: str, start: int | None = None) -> str:
    """``"step 3 of 40: R3-F1, 7♥ from reserve 3 to foundation 1"``; a solver's line says
    which steps are the solver's (``start``: where Solve was pressed)."""
    text = f"step {index} of {last}: {move}, {words}" if move else f"step 0 of {last}: {words}"
    if start is None:
        return text
    if index > start:
        return f"{text} · the solver's line (it looked at the face-down cards)"
    if index == start:
        return f"{text} · where Solve was pressed"
    return f"{text} · the game before Solve"
