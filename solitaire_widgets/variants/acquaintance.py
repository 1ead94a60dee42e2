"""Acquaintance: four growing reserve piles fed by ``deal``, foundations by rank from the aces.

Each ruling is written beside the sentence of the rule text (seed 001) it implements, quoted;
RULES.md settles what the text leaves open. What the engines know about the game beyond its
rules (safe moves, playouts, hint words) is in ``games/acquaintance.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import ACES, Card
from ..moves import DEAL, REDEAL, Move
from ..state import GameState
from .base import Variant, no_redeal_left, number_word

R, S = 4, 8  # first reserve pile, stock


class Acquaintance(Variant):
    name = "acquaintance"
    title = "Acquaintance"
    pile_names = ("F1", "F2", "F3", "F4", "R1", "R2", "R3", "R4", "S")
    rows = (("F1", "F2", "F3", "F4"), ("R1", "R2", "R3", "R4"), ("S",))
    # "Only the top card of each reserve pile is available for play": the piles grow, fanned
    # (RULES.md: "one face-up card at a time" means one playable card).
    fanned = frozenset({"R1", "R2", "R3", "R4"})
    # "Foundations are built up by rank from Ace to King, regardless of suit."
    suit_foundations = False
    # "... and redeal them as new reserve piles. This can be done twice per game."
    redeals_allowed = 2

    def deal(self, deck: Sequence[Card]) -> GameState:
        """The text: "All four Aces are removed and placed as the starting cards for the
        foundation piles"; "deal one card face-up to each reserve pile"; the rest is the stock,
        the next card of the deck on top."""
        rest = [c for c in deck if c % 13]
        reserve = tuple((c,) for c in rest[:4])
        stock = tuple(reversed(rest[4:]))
        return GameState(self.name, (*((a,) for a in ACES), *reserve, stock))

    def legal_moves(self, state: GameState) -> list[Move]:
        """The text: "Cards can only be moved from the reserve to the foundations." ``deal``
        whenever the stock has cards (RULES.md: "when no further moves are possible" is
        advice); "After all cards in the stock have been dealt, you may collect all cards from
        the reserve piles ... and redeal them": ``redeal``."""
        piles = state.piles
        moves = []
        pair = self.pair_moves
        heights = [len(piles[0]), len(piles[1]), len(piles[2]), len(piles[3])]
        for r in range(R, R + 4):
            pile = piles[r]
            if pile:
                rank = pile[-1] % 13
                for f in range(4):
                    if heights[f] == rank:
                        moves.append(pair[r, f])
        if piles[S]:
            moves.append(DEAL)
        elif state.redeals < self.redeals_allowed and any(piles[R : R + 4]):
            moves.append(REDEAL)
        return moves

    def apply(self, state: GameState, move: Move) -> GameState:
        """The text: "collect all cards from the reserve piles (left to right, column by
        column), stack them, and redeal them": ``R1`` bottom to top first, then ``R2``, ``R3``,
        ``R4``, and one deal at once, as part of the redeal (RULES.md)."""
        if move.src == "deal":
            return self._deal_round(state.piles, state.redeals)
        if move.src == "redeal":
            gathered = [c for pile in state.piles[R : R + 4] for c in pile]
            gathered_piles = (*state.piles[:R], (), (), (), (), tuple(reversed(gathered)))
            return self._deal_round(gathered_piles, state.redeals + 1)
        return self.move_top(state, move)

    def _deal_round(self, before: Sequence[tuple[Card, ...]], redeals: int) -> GameState:
        """The text: "deal one card from the stock to each reserve pile, face-up": ``R1``
        first, while the stock lasts (RULES.md)."""
        piles = list(before)
        stock = piles[S]
        for r in range(R, R + 4):
            if not stock:
                break
            piles[r] = (*piles[r], stock[-1])
            stock = stock[:-1]
        piles[S] = stock
        return GameState(self.name, tuple(piles), redeals)

    def place_reason(self, state: GameState, src: int, dst: int, card: Card) -> str | None:
        """The text: "You cannot move cards between reserve piles"; "Empty reserve spots cannot
        be filled manually."
        """
        if src == S:  # "by deal" alone only where a deal is legal now, else why not
            why = self.deal_reason(state)
            more = "" if why is None else f", and {why}"
            return f"the stock is face down: its cards reach the reserve piles only by deal{more}"
        if self.kinds[dst] == "reserve":
            return "cards never move between reserve piles: a reserve pile grows only by deal"
        return self.foundation_reason(state, card, dst)

    def deal_reason(self, state: GameState) -> str | None:
        if state.piles[S]:
            return None
        more = " (redeal to gather the piles)" if self.redeal_reason(state) is None else ""
        return f"the stock is empty: there is nothing to deal{more}"

    def redeal_reason(self, state: GameState) -> str | None:
        if state.redeals >= self.redeals_allowed:  # first: no dealing brings one (review 42)
            return no_redeal_left(self.title, self.redeals_allowed, passes=False)
        if state.piles[S]:
            then = ": deal the rest of the stock first" if self.deal_reason(state) is None else ""
            return f"redeal only when the stock is empty{then}"
        return None

    def draw_reason(self, state: GameState) -> str | None:
        """No waste; "with deal" only where a deal is legal now (review 48)."""
        text = "Acquaintance has no waste: the stock is dealt onto the reserve piles"
        return f"{text} with deal" if self.deal_reason(state) is None else text

    def describe(self, state: GameState, move: Move) -> str:
        """``deal`` and ``redeal`` say which piles get a card (the stock is face down, so no
        card is named); a redeal says that it gathers the piles and deals one round at once."""
        if move == DEAL:
            return self._round_words(len(state.piles[S]), "the stock")
        if move == REDEAL:
            gathered = sum(len(pile) for pile in state.piles[R : R + 4])
            deal = self._round_words(gathered, "the new stock")
            return (
                f"gather reserve 1 to reserve 4 into a new stock; then {deal} "
                f"(redeal {state.redeals + 1} of {self.redeals_allowed})"
            )
        return super().describe(state, move)

    def _round_words(self, stock: int, source: str) -> str:
        """One round of dealing from a stock of ``stock`` cards, in words (the word "deal"
        is left to the notation, so a message does not read "deal: deal ...")."""
        if stock >= 4:
            return f"each reserve pile gets one card from {source}"
        targets = [self.label(r) for r in range(R, R + stock)]
        if stock == 1:
            return f"the one card left in {source} goes onto {targets[0]}"
        places = ", ".join(targets[:-1]) + " and " + targets[-1]
        return f"the {number_word(stock)} cards left in {source} go onto {places}"
