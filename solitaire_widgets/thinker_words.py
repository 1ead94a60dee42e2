"""The thinker's words for what it decided and measured: kept apart from its search, so each
sentence a reviewer found false has one home and one test."""

from __future__ import annotations

from .move_tally import MoveTally
from .moves import Move

__all__ = ["alike", "average", "count", "only"]


def only(move: Move, legal: int) -> str:
    """Why a move is forced: the only legal one, or the only one that does not go back."""
    if legal == 1:
        return "the only legal move"
    return "the only move that does not go back to an earlier position of the moves played"


def alike(some_go_back: bool) -> str:
    """Why one move of several is forced when the others give its position up to a symmetry;
    with moves back to a position already seen left out, the words say so (the fifty-second
    review: "every other move" spoke of a move that goes back, to a different position)."""
    same = "gives the same position but for piles or twin cards swapped"
    if some_go_back:
        return f"every other move goes back to an earlier position of the moves played or {same}"
    return f"every other move {same}"


def average(total: int, samples: int) -> str:
    """``total / samples`` to a tenth, rounded down: 103.93 cards home is "103.9", never "104",
    which would say that every playout won (the forty-sixth review); "52" when whole."""
    tenths = total * 10 // samples
    return str(tenths // 10) if tenths % 10 == 0 else f"{tenths // 10}.{tenths % 10}"


def count(tally: MoveTally) -> str:
    """Won deals, with the undecided ones said apart."""
    if not tally.undecided:
        return str(tally.won)
    return f"{tally.won} (and {tally.undecided} undecided)"
