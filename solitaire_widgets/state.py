"""The immutable game state: piles as tuples of cards, and the redeals used."""

from __future__ import annotations

from typing import NamedTuple

from .cards import Card

Pile = tuple[Card, ...]


class GameState(NamedTuple):
    """A position. ``piles`` follows the variant's pile order; each pile is bottom to top.

    States are values: equal positions compare and hash equal, so they can key a
    transposition table, and ``apply`` never changes a state, it returns a new one.
    """

    variant: str
    piles: tuple[Pile, ...]
    redeals: int = 0

    def key(self) -> tuple[tuple[Pile, ...], int]:
        """A hashable key of the position (the variant is implied by the caller)."""
        return (self.piles, self.redeals)

    def replace_piles(self, changes: dict[int, Pile], redeals: int | None = None) -> GameState:
        """A new state with the piles at the given indices replaced."""
        piles = list(self.piles)
        for index, pile in changes.items():
            piles[index] = pile
        return GameState(self.variant, tuple(piles), self.redeals if redeals is None else redeals)
