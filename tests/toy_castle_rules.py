"""A toy fifth game, for the tests only: "Castle", a four-pile Beleaguered Castle miniature.

It is what ``variants/<game>.py`` would be for a new game (docs/architecture.md, "Adding a
game"): the rules alone. Its know-how is ``toy_castle_profile.py``; ``register_castle`` adds
one line to each registry, as a new game in the package would.

The rule text (invented for the tests): "The four aces start four foundations, which build up
by suit to the king. The other cards are dealt face up into four tableau piles of twelve.
The top card of a tableau pile goes to its foundation, or onto another tableau pile whose top
card is one rank higher (any suit), or onto an empty tableau pile."
"""

from __future__ import annotations

from collections.abc import Sequence

from solitaire_widgets.cards import ACES, Card
from solitaire_widgets.moves import Move
from solitaire_widgets.state import GameState
from solitaire_widgets.variants import Variant

T = 4  # the first tableau pile


class Castle(Variant):
    name = "castle"
    title = "Castle"
    pile_names = ("F1", "F2", "F3", "F4", "T1", "T2", "T3", "T4")
    rows = (("F1", "F2", "F3", "F4"), ("T1", "T2", "T3", "T4"))
    fanned = frozenset({"T1", "T2", "T3", "T4"})
    # "The four aces start four foundations, which build up by suit to the king."
    suit_foundations = True
    # no stock: nothing is drawn or dealt
    draws_or_deals = False

    def deal(self, deck: Sequence[Card]) -> GameState:
        """The text: "dealt face up into four tableau piles of twelve": the first twelve cards
        to T1 (the twelfth on top), the next twelve to T2, and so on."""
        rest = [c for c in deck if c % 13]
        tableau = tuple(tuple(rest[i : i + 12]) for i in range(0, 48, 12))
        return GameState(self.name, (*((a,) for a in ACES), *tableau))

    def legal_moves(self, state: GameState) -> list[Move]:
        """The text: "The top card of a tableau pile goes to its foundation, or onto another
        tableau pile whose top card is one rank higher (any suit), or onto an empty tableau
        pile" (a pile's only card onto an empty pile would change nothing: not a move)."""
        piles, pair, moves = state.piles, self.pair_moves, []
        for src in range(T, T + 4):
            pile = piles[src]
            if not pile:
                continue
            card = pile[-1]
            if len(piles[card // 13]) == card % 13:
                moves.append(pair[src, card // 13])
            for dst in range(T, T + 4):
                target = piles[dst]
                if dst != src and (
                    (target and target[-1] % 13 == card % 13 + 1) or (not target and len(pile) > 1)
                ):
                    moves.append(pair[src, dst])
        return moves

    def apply(self, state: GameState, move: Move) -> GameState:
        return self.move_top(state, move)

    def place_reason(self, state: GameState, src: int, dst: int, card: Card) -> str | None:
        if self.kinds[dst] == "foundation":
            return self.foundation_reason(state, card, dst)
        target = state.piles[dst]
        if not target:
            if len(state.piles[src]) == 1:
                return "moving a pile's only card onto an empty pile is not a move"
            return None
        if target[-1] % 13 == card % 13 + 1:
            return None
        return f"{card} cannot go on {target[-1]}: a tableau pile takes a card one rank lower"

    def stock_hint(self, state: GameState) -> str | None:
        return "Castle has no stock"
