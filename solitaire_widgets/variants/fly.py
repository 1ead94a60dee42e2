"""Fly: two decks, eight foundations by rank from the aces, a 13-card reserve, five tableau piles.

Each ruling is written beside the sentence of the rule text (seed 004) it implements, quoted;
RULES.md settles what the text leaves open. What the engines know about the game beyond its
rules (safe moves, dead positions, playouts, hint words) is in ``games/fly.py``.
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
    # "Foundations: Build up from Ace to King, regardless of suit or color."
    suit_foundations = False
    # "Only the top card of each tableau pile, the reserve, and the stock are available":
    # the stock's top card is face up (RULES.md), and it is played, never drawn or dealt.
    stock_face_up_top = True
    draws_or_deals = False
    # "Reserve: 1 pile containing 13 cards. Only the top card is face up" (the reserve-size
    # knob: 0 to the 96 non-aces)
    reserve_face_up_top_only = True
    reserve_size = 13
    reserve_limits = (0, 96)
    # "No Redeals: Once the stock is exhausted, no redeal is permitted." (redeals_allowed 0)

    def deal(self, deck: Sequence[Card]) -> GameState:
        """The text: "8 piles. Each is dealt an Ace"; "Reserve: 1 pile containing 13 cards";
        "The remainder of the cards ... forms the stock pile", the next card on top."""
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
        """The text: "Moving the top card of any tableau pile, the reserve, or the stock to a
        foundation if it fits the sequence"; "You may only place cards from the stock or
        reserve onto any tableau pile", "Empty Tableau Piles: You may deal any card from the
        stock to an empty tableau pile"; at any time (RULES.md)."""
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
        """The text: "Cards cannot be moved back into the reserve"; "you cannot move cards
        between tableau piles or build sequences within them"."""
        if dst == R:
            return "nothing is ever placed on the reserve"
        if self.kinds[dst] == "foundation":
            return self.foundation_reason(state, card, dst)
        if self.kinds[src] == "tableau":
            return "tableau cards never move except to a foundation: no building in Fly"
        return None

    def draw_reason(self, state: GameState) -> str | None:
        """No waste; how the stock is played instead, while it has cards (review 46), with
        moves that are legal now as the examples (review 48)."""
        stock = state.piles[S]
        if not stock:
            return "Fly has no waste, and its stock is used up: there is nothing to draw"
        home = [f for f in FOUNDATIONS if self.foundation_accepts(state, stock[-1], f)]
        examples = ", ".join([*(f"S-{self.pile_names[f]}" for f in home[:1]), "S-T1"])
        return (
            "Fly has no waste: the stock's face-up top card goes straight to a foundation "
            f"or a tableau pile ({examples})"
        )

    def stock_hint(self, state: GameState) -> str | None:
        if not state.piles[S]:
            return "its stock is used up"
        return "play the stock's face-up top card to a foundation or a tableau pile"

    def redeal_reason(self, state: GameState) -> str | None:
        return "Fly has no redeal: once the stock is used up it is gone"
