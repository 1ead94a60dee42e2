"""Safe moves: foundation moves that can never make a winnable position unwinnable.

Which moves are safe depends on the variant: in Acme and Fly a card only blocks others until it
goes home, so every foundation move is safe; in Acquaintance a foundation move changes how a
later redeal gathers and deals the piles, and in Quadrennial the moment a reserve card is
played decides which stock card refills its pile, so there only the waste's top is auto-played.
"""

from __future__ import annotations

from .moves import Move
from .state import GameState
from .variants import VARIANTS


def safe_moves(state: GameState) -> list[Move]:
    """The legal foundation moves that auto-play may make without asking."""
    rules = VARIANTS[state.variant]
    moves = [m for m in rules.legal_moves(state) if m.dst.startswith("F")]
    if state.variant == "quadrennial":
        return [m for m in moves if m.src == "W"]
    if state.variant == "acquaintance":
        return [m for m in moves if state.piles[rules.stock]]
    return moves
