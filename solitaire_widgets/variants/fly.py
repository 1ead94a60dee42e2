"""Fly: two decks, eight foundations by rank from the aces, a 13-card reserve, five tableau piles.

Rulings (RULES.md): the stock's top card is face up and may go to a foundation or onto any
tableau pile, empty or not, at any time; the reserve's top card likewise; tableau cards move
only to a foundation. There is no waste and no redeal.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import ACES, Card
from ..moves import Move
from ..state import GameState
from .base import Variant

R, T, S = 8, 9, 14  # reserve, first tableau pile, stock
TABLEAU = range(T, T + 5)
FOUNDATIONS = range(8)


class Fly(Variant):
    name = "fly"
    title = "Fly"
    decks = 2
    pile_names = (
        *(f"F{i}" for i in range(1, 9)),
        "R",
        *(f"T{i}" for i in range(1, 6)),
        "S",
    )
    rows = (tuple(f"F{i}" for i in range(1, 9)), ("S", "R", "T1", "T2", "T3", "T4", "T5"))
    fanned = frozenset({"T1", "T2", "T3", "T4", "T5"})
    suit_foundations = False
    stock_face_up_top = True
    reserve_face_up_top_only = True
    reserve_size = 13

    def deal(self, deck: Sequence[Card]) -> GameState:
        rest = [c for c in deck if c % 13]
        reserve = tuple(rest[: self.reserve_size])
        stock = tuple(reversed(rest[self.reserve_size :]))
        foundations = tuple((a,) for a in ACES * 2)
        return GameState(self.name, (*foundations, reserve, (), (), (), (), (), stock))

    def __init__(self) -> None:
        super().__init__()
        # the stock and reserve tops may go onto any tableau pile; tableau cards never do
        self.to_tableau = {
            src: [self.pair_moves[src, dst] for dst in TABLEAU] if src in (S, R) else []
            for src in (S, R, *TABLEAU)
        }

    def legal_moves(self, state: GameState) -> list[Move]:
        piles = state.piles
        pair = self.pair_moves
        heights = [len(piles[f]) for f in FOUNDATIONS]
        moves = []
        for src in (S, R, *TABLEAU):
            pile = piles[src]
            if pile:
                rank = pile[-1] % 13
                for f in FOUNDATIONS:
                    if heights[f] == rank:
                        moves.append(pair[src, f])
                moves.extend(self.to_tableau[src])
        return moves

    def apply(self, state: GameState, move: Move) -> GameState:
        return self.move_top(state, move)

    def place_reason(self, state: GameState, src: int, dst: int, card: Card) -> str | None:
        if dst == R:
            return "nothing is ever placed on the reserve"
        if self.kinds[dst] == "foundation":
            return self.foundation_reason(state, card, dst)
        if self.kinds[src] == "tableau":
            return "tableau cards never move except to a foundation: no building in Fly"
        return None

    def draw_reason(self, state: GameState) -> str | None:
        return (
            "Fly has no waste: the stock's face-up top card goes straight to a foundation "
            "or a tableau pile (S-F1, S-T2)"
        )

    def stock_hint(self) -> str:
        return "play the stock's face-up top card to a foundation or a tableau pile"

    def redeal_reason(self, state: GameState) -> str | None:
        return "Fly has no redeal: once the stock is used up it is gone"
