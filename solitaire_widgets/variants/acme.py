"""Acme: four tableau piles building down by suit, a 13-card reserve, one redeal.

Each ruling is written beside the sentence of the rule text (seed 002) it implements, quoted;
RULES.md settles what the text leaves open. What the engines know about the game beyond its
rules (safe moves, the solver's key and move order, hint words) is in ``games/acme.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import ACES, CARDS, Card
from ..moves import DRAW, REDEAL, Move
from ..state import GameState
from .base import Variant

R, T, S, W = 4, 5, 9, 10  # reserve, first tableau pile, stock, waste
TABLEAU = range(T, T + 4)


class Acme(Variant):
    name = "acme"
    title = "Acme"
    pile_names = ("F1", "F2", "F3", "F4", "R", "T1", "T2", "T3", "T4", "S", "W")
    rows = (("S", "W", "F1", "F2", "F3", "F4"), ("R", "T1", "T2", "T3", "T4"))
    fanned = frozenset({"T1", "T2", "T3", "T4"})
    # "Foundations: Build up by suit, starting with Ace and ending with King."
    suit_foundations = True
    # "you may redeal the waste back into the stock once, allowing for two complete passes"
    redeals_allowed = 1
    # "Create a reserve pile with 13 cards: deal one card face-up on top, and the remaining 12
    # cards face-down beneath it." (the reserve-size knob: 0 to the 44 cards left)
    reserve_face_up_top_only = True
    reserve_size = 13
    reserve_limits = (0, 44)

    def deal(self, deck: Sequence[Card]) -> GameState:
        """The text: "four foundation piles, each starting with an Ace", "four tableau piles,
        each with one card dealt face-up", the reserve, "the remaining cards as the stock
        pile"; of the non-aces in deck order, the next card on top (RULES.md)."""
        rest = [c for c in deck if c % 13]
        tableau = tuple((c,) for c in rest[:4])
        reserve = tuple(rest[4 : 4 + self.reserve_size])
        stock = tuple(reversed(rest[4 + self.reserve_size :]))
        return GameState(self.name, (*((a,) for a in ACES), reserve, *tableau, stock, ()))

    def legal_moves(self, state: GameState) -> list[Move]:
        """The text: "Move the top card of a tableau pile [, of the reserve, of the waste]
        to: A foundation pile ... Another tableau pile (if it is one rank lower and same
        suit)"; "If the reserve is empty, any card (from tableau, waste, or reserve) may fill
        the space", except a tableau pile's only card, which would change nothing (RULES.md);
        "Move a card from the stock pile to the waste" whenever the stock has cards."""
        piles = state.piles
        pair = self.pair_moves
        moves = []
        reserve_empty = not piles[R]
        for src in (R, T, T + 1, T + 2, T + 3, W):
            pile = piles[src]
            if not pile:
                continue
            card = pile[-1]
            if len(piles[card // 13]) == card % 13:
                moves.append(pair[src, card // 13])
            lone = src != R and src != W and len(pile) == 1
            for dst in TABLEAU:
                if dst == src:
                    continue
                target = piles[dst]
                if target:
                    if target[-1] == card + 1 and card % 13 != 12:
                        moves.append(pair[src, dst])
                elif reserve_empty and not lone:
                    moves.append(pair[src, dst])
        if piles[S]:
            moves.append(DRAW)
        elif piles[W] and state.redeals < self.redeals_allowed:
            moves.append(REDEAL)
        return moves

    def apply(self, state: GameState, move: Move) -> GameState:
        """The text: "When a tableau pile becomes empty: Automatically fill it with the top
        card from the reserve pile (if available)": part of the move that emptied it."""
        piles = list(state.piles)
        redeals = state.redeals
        if move.src == "S" or move.src == "redeal":  # draw or redeal (unchecked: S-W is
            self.draw_or_turn_over(piles, move)  # the stock's only move here)
            redeals += move.src == "redeal"
        else:
            src = self.index[move.src]
            dst = self.index[move.dst]
            pile = piles[src]
            piles[dst] = (*piles[dst], pile[-1])
            pile = pile[:-1]
            reserve = piles[R]
            if not pile and T <= src < S and reserve:
                pile = (reserve[-1],)
                piles[R] = reserve[:-1]
            piles[src] = pile
        return GameState(state.variant, tuple(piles), redeals)

    def place_reason(self, state: GameState, src: int, dst: int, card: Card) -> str | None:
        """The text: "Tableau: Build down by suit (e.g., 8♥ on 9♥ ...)"; the stock goes only
        to the waste, and nothing is placed on the reserve or the waste."""
        if src == S:
            return self.face_down_stock(state)
        if dst == W:
            return self.waste_only_from_stock(state)
        if dst == R:
            return "nothing is ever placed on the reserve"
        if self.kinds[dst] == "foundation":
            return self.foundation_reason(state, card, dst)
        target = state.piles[dst]
        name = self.pile_names[dst]
        if not target:
            if state.piles[R]:
                return f"{name} is empty but is filled from the reserve, not by hand"
            if self.kinds[src] == "tableau" and len(state.piles[src]) == 1:
                return (
                    f"moving {self.pile_names[src]}'s only card onto an empty tableau pile "
                    "is not a move: it would change nothing"
                )
            return None
        top = target[-1]
        if card + 1 == top and card % 13 != 12:
            return None
        wanted = f"only {CARDS[top - 1]}" if top % 13 else "nothing (an ace ends a pile)"
        return (
            f"{card} cannot go on {name}: the tableau builds down by suit, so {top} takes {wanted}"
        )

    def consequence(self, state: GameState, src: int) -> str:
        """A tableau pile left empty takes the reserve's (face-up) top card at once."""
        reserve = state.piles[R]
        if T <= src < S and len(state.piles[src]) == 1 and reserve:
            return f"the reserve's top card, {reserve[-1]}, fills {self.label(src)}"
        return ""
