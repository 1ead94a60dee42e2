"""Acquaintance beyond its rules (``variants/acquaintance.py``): what the engines know.

**Safe moves.** The rank games' rule (``by_rank``: onto a lowest foundation), and more: a
redeal gathers the reserve piles into the next stock, so a card taken out earlier shifts
which pile every later card is dealt to. Foundation moves are safe only in the last pass; or
the last card home in any pass (it wins the game: no redeal follows); or, with one redeal
left and the stock empty, the card that redeal would gather last (the top of the last
non-empty pile): then nothing can cover it before the redeal, and removing the last card of
the new stock shifts no other card, so the passes after the move match those before it with
the card missing at the very end, and no later redeal gathers again.

**Dead positions**, in the last pass: ``by_rank.rank_deadlock`` with the reserve piles as the
piles whose cards go home top first and the stock's cards as free (dealing reaches each).

**Key.** Foundations by their sorted heights (``by_rank``). The reserve piles are not
interchangeable (a deal serves ``R1`` first, a redeal gathers ``R1`` first), so they are kept
in order. **Candidate moves**: ``by_rank.one_per_foundation_height``.

**Playouts.** Most deals are won, but their winning lines are long and the complete search,
trying every variation near the leaves first, can take minutes to reach one; greedy lines
with noise in their choices (``acquaintance_playout``) usually include a win. They assume the
game's own rules, so a knob variant under the stricter reading runs none.

**Moves that never lead back** (the hints): ``deal`` and ``redeal`` (the stock shrinks within a
pass; the redeals used never go down). Reserve cards move only home.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

from ..moves import Move
from ..state import GameState
from ..variants import Variant
from .base import CardExample, CardRule, Profile, RuleCardText, at
from .by_rank import RankProfile, one_per_foundation_height
from .policy import Policy, Tries


class AcquaintancePolicy(Policy):
    """Foundations by sorted height; the reserve piles in order; playouts alongside."""

    playout_share = 0.8

    def __init__(self, profile: Profile, use_knowledge: bool = True) -> None:
        super().__init__(profile, use_knowledge)
        if self.rules.stuck_only:
            self.playout_share = 0.0

    def order(self, state: GameState, legal: list[Move]) -> list[Move]:
        return one_per_foundation_height(state, legal, self.rules.index)

    def tries(self, state: GameState, rng: random.Random) -> Tries:
        """Plain playouts until one wins."""
        while True:
            line, moves = acquaintance_playout(self.rules, state, rng)
            if line is not None:
                return line
            yield moves


def acquaintance_playout(
    rules: Variant, state: GameState, rng: random.Random
) -> tuple[list[str] | None, int]:
    """Play a card home (at random, or from the tallest pile) with a probability this playout
    draws, always in the last pass; else deal, or redeal (gathering ``R1`` bottom to top, then
    ``R2`` ..., and dealing one round at once). Tuned on the hardest of deals 1..10,000."""
    eager = rng.choice((0.5, 0.8, 0.95, 1.0))
    piles = state.piles
    found = rules.foundations
    names = rules.pile_names
    reserve_at = rules.reserves
    heights = [len(piles[f]) for f in found]
    reserve = [[c % 13 for c in piles[r]] for r in reserve_at]
    stock = [c % 13 for c in piles[rules.stock]]
    redeals = state.redeals
    line: list[str] = []

    def deal_round() -> None:
        for pile in reserve:
            if not stock:
                break
            pile.append(stock.pop())

    while True:
        home = [
            (i, heights.index(pile[-1]))
            for i, pile in enumerate(reserve)
            if pile and pile[-1] in heights
        ]
        can_redeal = not stock and redeals < rules.redeals_allowed and any(reserve)
        last_pass = redeals >= rules.redeals_allowed  # then always play home when one fits
        if home and (last_pass or not (stock or can_redeal) or rng.random() < eager):
            if rng.random() < 0.3:  # sometimes the card from the tallest pile
                i, f = max(home, key=lambda h: len(reserve[h[0]]))
            else:
                i, f = rng.choice(home)
            heights[f] += 1
            reserve[i].pop()
            line.append(f"{names[reserve_at[i]]}-{names[found[f]]}")
        elif stock:
            deal_round()
            line.append("deal")
        elif can_redeal:
            gathered = [card for pile in reserve for card in pile]
            stock = gathered[::-1]
            for pile in reserve:
                pile.clear()
            redeals += 1
            deal_round()
            line.append("redeal")
        else:
            won = all(h == 13 for h in heights)
            return (line if won else None), len(line)


_AQ = "2C 9H 5S KD 7C 3D 8S QH"
_AQ_OUT = ("R1-F1", *(["deal"] * 11))  # the stock dealt out

RULE_CARD = RuleCardText(
    "The four aces start the foundations, which build up by rank with suit ignored; the "
    "stock is dealt four cards at a time onto four growing piles, and only each pile's top "
    "card can go home.",
    (
        CardRule(
            "Foundations build up by rank",
            "Any 2 on any ace, any 3 on any 2, and so on up to a king: suit does not count.",
            (CardExample(at(_AQ), "R1-F2", True), CardExample(at(_AQ), "R2-F1", False)),
        ),
        CardRule(
            "Only a pile's top card moves, and only home",
            "A move takes the top card of a reserve pile to a foundation (R3-F1, or R3-F "
            "for the leftmost that takes it). Nothing else moves.",
            (CardExample(at(_AQ), "R1-R2", False), CardExample(at(_AQ), "R1-F", True)),
        ),
        CardRule(
            "Deal",
            "deal puts one stock card face up on each reserve pile, R1 first.",
            (CardExample(at(_AQ), "deal", True), CardExample(at(_AQ), "S-R1", False)),
        ),
        CardRule(
            "Redeal, twice",
            "When the stock is empty, redeal gathers the piles into a new stock and deals "
            "again. Twice per game.",
            (CardExample(at(_AQ), "redeal", False), CardExample(at(_AQ, *_AQ_OUT), "redeal", True)),
        ),
        CardRule(
            "Won or lost",
            "Won when all 52 cards are home; lost when no legal move remains.",
            (),
        ),
    ),
    (
        CardRule(
            "You may deal whenever the stock has cards",
            "Even when a card could go home: the text's 'when no further moves are "
            "possible' is advice. A deal can bury a card you need.",
            (CardExample(at(_AQ), "deal", True),),
        ),
        CardRule(
            "Every card of a pile shows, only the top one moves",
            "The piles are fanned; a deal covers each top card, and a covered card waits.",
            (CardExample(at(_AQ, "deal"), "R1-F1", False),),
        ),
        CardRule(
            "The redeal's order, and its first round",
            "The piles are gathered R1 bottom to top, then R2, R3, R4; one round is dealt "
            "at once, as part of the redeal.",
            (CardExample(at(_AQ, *_AQ_OUT), "redeal", True, after=("R1", "7C")),),
        ),
        CardRule(
            "A deal that runs short",
            "When the stock runs out during a deal, the remaining piles get nothing.",
            (
                CardExample(
                    at(_AQ, *_AQ_OUT, "redeal", *["deal"] * 10), "deal", True, after=("R4", "TH")
                ),
            ),
        ),
    ),
)


class AcquaintanceProfile(RankProfile):
    """Acquaintance: the rank games' rule, with the redeal's gathering in mind."""

    policy_class = AcquaintancePolicy
    one_way_sources = frozenset({"deal", "redeal"})
    rule_card = RULE_CARD
    early_safe_words = " (but the last card home, which wins the game)"

    def __init__(self, rules: Variant) -> None:
        self._first_reserve = rules.reserves[0]
        self._first_safe_pass, self._stock = rules.redeals_allowed - 1, rules.stock
        super().__init__(rules)

    def key(self, state: GameState) -> Hashable:
        p = state.piles
        heights = tuple(sorted([len(p[f]) for f in self.rules.foundations]))
        return heights, p[self._first_reserve :], state.redeals

    def safe_home(self, state: GameState, move: Move) -> bool:
        rules = self.rules
        if not super().safe_home(state, move):
            return False
        if state.redeals >= rules.redeals_allowed or self._last_card(state):
            return True
        # before the last pass: only the card the one redeal left would gather last
        return (
            state.redeals == rules.redeals_allowed - 1
            and not state.piles[rules.stock]
            and self._last_gathered(state) == move.src
        )

    def safe_reason(self, state: GameState, move: Move) -> str:
        """The lowest-foundation reason, and before the last pass why the redeal does not
        matter for this card (the module; the thirty-fifth review: not the reason alone)."""
        if self._last_card(state):
            return "it is the last card, so the game is won"
        if state.redeals >= self.rules.redeals_allowed:
            return self.safe_words
        return (
            "it goes on a lowest foundation, and it is the last card the redeal would gather, "
            "so taking it out shifts no other card of the next stock"
        )

    def _last_gathered(self, state: GameState) -> str | None:
        """The reserve pile whose top card a redeal would gather last."""
        for r in reversed(self.rules.reserves):
            if state.piles[r]:
                return self.rules.pile_names[r]
        return None

    def first_safe_pass(self) -> int:
        return self._first_safe_pass

    def safe_possible(self, state: GameState) -> bool:
        """From the second-to-last pass on, and the last card home in any pass (it wins). The
        solver asks at every position: the pass and the stock are looked at here, the cards
        home (``_last_card``) only once the stock is empty."""
        if state.redeals >= self._first_safe_pass:
            return True
        return not state.piles[self._stock] and self._last_card(state)

    def _last_card(self, state: GameState) -> bool:
        """Whether every card but one is home, with the stock empty: a move home then wins,
        and no redeal follows (review 42: it was "not safe yet"). A card still in the stock
        cannot go home from there, so the stock is looked at first, the cheap test."""
        rules = self.rules
        return not state.piles[rules.stock] and rules.cards_home(state) == rules.total_cards - 1

    def stacks_and_free(self, state: GameState) -> tuple[list[Sequence[int]], Sequence[int]] | None:
        if state.redeals < self.rules.redeals_allowed:
            return None  # no dead-position test before the last pass
        piles = state.piles
        return [piles[r] for r in self.rules.reserves], piles[self.rules.stock]

    def later_words(self, state: GameState) -> str:
        if state.redeals < self.rules.redeals_allowed:
            return "played now, it changes the cards the next redeal gathers"
        return ""
