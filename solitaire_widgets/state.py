"""The immutable game state: piles as tuples of cards, and the redeals used; and what holds one."""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple, Protocol

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


class HasState(Protocol):
    """What holds a position, as the engines below ``Game`` see it (a ``Game`` is one)."""

    @property
    def state(self) -> GameState: ...


class HasHistory(HasState, Protocol):
    """A position with the positions played before it (a ``Game`` is one): the hints rank a
    move back to one of them last."""

    @property
    def seen(self) -> Collection[GameState]: ...


def state_of(position: GameState | HasState, taker: str = "this") -> GameState:
    """The position itself, or a ``Game``'s current one; a ``TypeError`` for anything else
    (``taker`` names the function in the message)."""
    if isinstance(position, GameState):
        return position
    try:
        state = position.state  # a Game, or a look-alike with a state
    except AttributeError:
        state = None
    if not isinstance(state, GameState):
        raise TypeError(f"{taker} takes a Game or a GameState, not {type(position).__name__}")
    return state


def history_of(position: GameState | HasHistory) -> Collection[GameState]:
    """The positions played before, up to now: a ``Game``'s ``seen``; none for a position."""
    return () if isinstance(position, GameState) else position.seen
