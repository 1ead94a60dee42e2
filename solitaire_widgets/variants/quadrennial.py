"""Quadrennial: eight one-card reserve piles refilled from the stock, foundations by suit.

Each ruling is written beside the sentence of the rule text (seed 000) it implements, quoted;
RULES.md settles what the text leaves open. What the engines know about the game beyond its
rules (safe moves, the solver's lean search, hint words) is in ``games/quadrennial.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..moves import DRAW, REDEAL, Move
from ..state import GameState
from .base import Variant

R = 4  # first reserve pile (after the four foundations); the stock and waste follow the reserve


def _layout(reserve: int) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The pile names and the rows of a Quadrennial with ``reserve`` one-card reserve piles."""
    names = tuple(f"R{i}" for i in range(1, reserve + 1))
    return ("F1", "F2", "F3", "F4", *names, "S", "W"), (("F1", "F2", "F3", "F4"), names, ("S", "W"))


class Quadrennial(Variant):
    name = "quadrennial"
    title = "Quadrennial"
    # "Foundations are built up by suit, starting with Ace and ending with King."
    suit_foundations = True
    # "Reserve: Deal one card face up to each of eight reserve piles" (the reserve-size knob
    # counts these piles).
    reserve_size = 8
    reserve_limits = (1, 52)
    pile_names, rows = _layout(reserve_size)
    # "This redeal is permitted twice, for a total of three passes through the stock."
    redeals_allowed = 2

    def __init__(self) -> None:
        assert self.reserve_size is not None
        self.pile_names, self.rows = _layout(self.reserve_size)
        super().__init__()

    def deal(self, deck: Sequence[Card]) -> GameState:
        """The text: "Deal one card face up to each of eight reserve piles ... Place the
        remaining 44 cards face down as the stock pile"; the ninth card of the deck on top."""
        size = self.stock - R  # the number of reserve piles
        reserve = tuple((c,) for c in deck[:size])
        stock = tuple(reversed(deck[size:]))
        return GameState(self.name, ((), (), (), (), *reserve, stock, ()))

    def legal_moves(self, state: GameState) -> list[Move]:
        """The text: "Cards can be moved from the reserve or from the waste pile to the
        foundations." "Cards are drawn from the stock, one at a time": ``S-W`` whenever the
        stock has cards, not only when no reserve card plays (RULES.md: the text's "if no more
        reserve cards can be played" is advice). "After the stock is exhausted, the waste pile
        can be turned over to form a new stock": ``redeal``."""
        piles = state.piles
        moves = []
        pair = self.pair_moves
        S, W = self.stock, self.waste
        for r in range(R, S):
            pile = piles[r]
            if pile:
                card = pile[0]
                suit = card // 13
                if len(piles[suit]) == card % 13:
                    moves.append(pair[r, suit])
        waste = piles[W]
        if waste:
            card = waste[-1]
            suit = card // 13
            if len(piles[suit]) == card % 13:
                moves.append(pair[W, suit])
        if piles[S]:
            moves.append(DRAW)
        elif waste and state.redeals < self.redeals_allowed:
            moves.append(REDEAL)
        return moves

    def apply(self, state: GameState, move: Move) -> GameState:
        """The text: "Whenever a reserve pile is emptied ..., immediately deal a new card
        from the stock to that reserve pile, face up. If the stock is empty, no new card is
        dealt": the refill is part of the move. "Turn the waste pile over (without
        shuffling)": the card drawn first in the last pass becomes the stock's top."""
        piles = list(state.piles)
        redeals = state.redeals
        S, W = self.stock, self.waste
        if move.src == "S" or move.src == "redeal":  # draw or redeal (unchecked: S-W is
            self.draw_or_turn_over(piles, move)  # the stock's only move here)
            redeals += move.src == "redeal"
        else:
            src = self.index[move.src]
            dst = self.index[move.dst]
            card = piles[src][-1]
            piles[dst] = (*piles[dst], card)
            if src == W:
                piles[W] = piles[W][:-1]
            else:
                stock = piles[S]
                if stock:
                    piles[src] = (stock[-1],)
                    piles[S] = stock[:-1]
                else:
                    piles[src] = ()
        return GameState(state.variant, tuple(piles), redeals)

    def place_reason(self, state: GameState, src: int, dst: int, card: Card) -> str | None:
        """The text: "Only one card at a time may be moved, and only to the foundations."
        "You cannot place cards onto the reserve piles; they always contain at most one card."
        """
        if src == self.stock:
            return self.face_down_stock(state)
        if dst == self.waste:
            return self.waste_only_from_stock(state)
        if self.kinds[dst] == "reserve":
            return "nothing is ever placed on a reserve pile: each holds at most one card"
        return self.foundation_reason(state, card, dst)

    def consequence(self, state: GameState, src: int) -> str:
        """A reserve pile played home is refilled from the stock (its card is face down, so it
        is not named), or stays empty once the stock is used up."""
        if self.kinds[src] != "reserve":
            return ""
        if state.piles[self.stock]:
            return f"{self.label(src)} is refilled with the top stock card"
        return f"{self.label(src)} stays empty: the stock is empty"
