"""Positions that exercises and rule cards ask about: a deal number or a chosen deck, then moves."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import CARDS
from ..game import Game
from ..variants import get_variant


def deck(first: str = "", decks: int = 1) -> list[str]:
    """Every card code (52, or 104 for two decks): ``first`` in its order, then the rest in
    canonical order, as the tutorials' ``deck`` helper does."""
    chosen = first.upper().split()
    rest = [card.code for card in CARDS] * decks
    for code in chosen:
        rest.remove(code)  # a ValueError if a card is asked for too often
    return chosen + rest


@dataclass(frozen=True)
class Position:
    """A deal number (``seed``) or the first cards of a deck (``first``), then ``moves``."""

    variant: str
    first: str = ""
    seed: int | None = None
    moves: tuple[str, ...] = ()

    def game(self) -> Game:
        """A fresh game at this position (the moves are played, and checked, by the engine)."""
        if self.seed is not None:
            game = Game(self.variant, seed=self.seed)
        else:
            game = Game(self.variant, deck=deck(self.first, get_variant(self.variant).decks))
        for move in self.moves:
            game.play(move)
        return game
