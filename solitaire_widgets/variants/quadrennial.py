"""Quadrennial: eight one-card reserve piles refilled from the stock, foundations by suit.

Rulings (RULES.md): ``S-W`` whenever the stock has cards; a reserve card played home is
replaced at once by the top stock card as part of the same move (a pile emptied while the
stock is empty stays empty); two redeals, each turning the waste over so that the card drawn
first in the last pass is the stock's new top; reserve and waste cards go only to foundations.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..moves import DRAW, REDEAL, Move
from ..state import GameState
from .base import Variant

R = 4  # first reserve pile (after the four foundations); the stock and waste follow the reserve


class Quadrennial(Variant):
    name = "quadrennial"
    title = "Quadrennial"
    pile_names = ("F1", "F2", "F3", "F4", *(f"R{i}" for i in range(1, 9)), "S", "W")
    rows = (("F1", "F2", "F3", "F4"), tuple(f"R{i}" for i in range(1, 9)), ("S", "W"))
    suit_foundations = True
    redeals_allowed = 2

    def deal(self, deck: Sequence[Card]) -> GameState:
        size = self.stock - R  # the number of reserve piles
        reserve = tuple((c,) for c in deck[:size])
        stock = tuple(reversed(deck[size:]))
        return GameState(self.name, ((), (), (), (), *reserve, stock, ()))

    def legal_moves(self, state: GameState) -> list[Move]:
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
        if src == self.stock:
            return "the stock is face down: draw its top card to the waste first (S-W)"
        if dst == self.waste:
            return "only the stock's top card goes to the waste (S-W)"
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
