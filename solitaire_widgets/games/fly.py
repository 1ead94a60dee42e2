"""Fly beyond its rules (``variants/fly.py``): what the engines know.

**Safe moves**: the rank games' rule (``by_rank``: a card onto a lowest foundation).

**Dead positions**: ``by_rank.rank_deadlock``, with the tableau piles as the piles whose cards
go home top first and the reserve and stock cards as free (the cards above them can always be
put on the tableau).

**Key.** Foundations by their sorted heights (``by_rank``). The five tableau piles play the
same role (any stock or reserve card may go on any of them, and their cards only go home), so
the key sorts them; the two copies of a card are the same value. The reserve and the stock are
known by their sizes: only their tops ever leave, so their order never changes.

**Candidate moves**: ``by_rank.one_per_foundation_height``, and of one card's moves to
identical tableau piles only the first (the positions after them have the same key). Then a
card goes where it blocks least (``_fly_rank``). Randomized playouts and nested runs run
alongside the complete search (``fly_playouts``).

**Moves that never lead back** (the hints): a card from the stock or the reserve (nothing is
ever placed on them). Tableau cards move only home.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

from ..advice import Hint, left_behind, needed_soon
from ..cards import CARDS
from ..moves import Move
from ..state import GameState
from ..variants import Variant
from .base import CardExample, CardRule, RuleCardText, at
from .by_rank import RankProfile, one_per_foundation_height
from .fly_playouts import fly_tries
from .policy import Policy, Tries


class FlyPolicy(Policy):
    """Tableau piles sorted in the key, foundations by height; a card goes where it blocks
    least. Randomized playouts run alongside the complete search (``fly_playouts``)."""

    playout_share = 0.95

    def order(self, state: GameState, legal: list[Move]) -> list[Move]:
        piles = state.piles
        index = self.rules.index
        out = []
        seen: set[tuple[str, tuple[int, ...]]] = set()
        for m in one_per_foundation_height(state, legal, index):
            if m.dst.startswith("T"):  # identical piles are the same target
                mark = (m.src, piles[index[m.dst]])
                if mark in seen:
                    continue
                seen.add(mark)
            out.append(m)
        return sorted(out, key=lambda m: _fly_rank(state, m, index))

    def tries(self, state: GameState, rng: random.Random) -> Tries:
        return fly_tries(self.rules, state, rng)


def _fly_rank(state: GameState, move: Move, index: dict[str, int]) -> tuple[int, int, int]:
    """Foundation moves; then a card onto a higher card (it goes home first, so it blocks
    nothing; the closer the better); then an empty pile; then onto a lower card. Reserve cards
    before stock cards at equal merit: the reserve is the pile that is hard to dig out."""
    if move.dst.startswith("F"):
        return (0, 0, 0)
    card = state.piles[index[move.src]][-1] % 13
    target = state.piles[index[move.dst]]
    stock = int(move.src == "S")
    if not target:
        return (2, stock, 0)
    top = target[-1] % 13
    return (1, stock, top - card) if top >= card else (3, stock, card - top)


_F = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H 2C 2D KH 3C"

RULE_CARD = RuleCardText(
    "Two decks: the eight aces start eight foundations that build up by rank, suit "
    "ignored; the stock's top card is face up and goes home or onto any of five tableau "
    "piles, where it waits until it can go home. One pass, no redeal.",
    (
        CardRule(
            "Foundations build up by rank",
            "Any 2 on any ace, any 3 on any 2, and so on up to a king: suit does not count.",
            (CardExample(at(_F), "S-F2", True), CardExample(at(_F, "S-F", "S-T1"), "S-F2", False)),
        ),
        CardRule(
            "The stock's top card",
            "It is face up and goes to a foundation or onto any tableau pile, at any time. "
            "There is no waste and no draw.",
            (CardExample(at(_F), "S-T4", True), CardExample(at(_F), "S-W", False)),
        ),
        CardRule(
            "The reserve's top card",
            "It goes to a foundation or onto any tableau pile. Nothing is ever placed on "
            "the reserve.",
            (CardExample(at(_F), "R-T3", True), CardExample(at(_F, "S-F", "S-T1"), "T1-R", False)),
        ),
        CardRule(
            "Tableau cards go only home",
            "A tableau pile's top card goes only to a foundation: no building, so a card "
            "put on a pile blocks every card under it until it goes home.",
            (CardExample(at(_F, "S-F", "S-T1"), "T1-T2", False),),
        ),
        CardRule(
            "One pass; won or lost",
            "No redeal: once the stock is used up it is gone. Won when all 104 cards are "
            "home; lost when no legal move remains.",
            (CardExample(at(_F), "redeal", False),),
        ),
    ),
    (
        CardRule(
            "Any card on any tableau pile",
            "Empty or not, a tableau pile takes any stock or reserve card: there is no "
            "building rule.",
            (CardExample(at(_F, "S-F", "S-T1"), "S-T1", True),),
        ),
    ),
)


class FlyProfile(RankProfile):
    """Fly: the rank games' rule and deadlock, tableau piles interchangeable."""

    policy_class = FlyPolicy
    chance_nodes = 2_500  # its searches are wider: Chances on an opening stays within seconds
    one_way_sources = frozenset({"S", "R", "redeal"})
    rule_card = RULE_CARD

    def __init__(self, rules: Variant) -> None:
        self._piles = rules.reserve, rules.tableau[0], rules.tableau[-1] + 1, rules.stock
        super().__init__(rules)

    def key(self, state: GameState) -> Hashable:
        r, t, end, s = self._piles
        p = state.piles
        return (
            tuple(sorted([len(p[f]) for f in self.rules.foundations])),
            len(p[r]),
            tuple(sorted(p[t:end])),
            len(p[s]),
        )

    def stacks_and_free(self, state: GameState) -> tuple[list[Sequence[int]], Sequence[int]] | None:
        piles, rules = state.piles, self.rules
        return [piles[i] for i in rules.tableau], (*piles[rules.reserve], *piles[rules.stock])

    def place_hint(self, state: GameState, move: Move, card: int) -> Hint:
        """The stock's or the reserve's card onto a tableau pile: where it blocks least."""
        rules, piles, text = self.rules, state.piles, str(move)
        src = rules.index[move.src]
        target = piles[rules.index[move.dst]]
        shown = CARDS[card]
        why = left_behind(rules, state, src)
        if move.src == "R":
            base = 62
            why += ": the reserve is the hardest pile to dig out" if len(piles[src]) > 1 else ""
        else:
            base = 50
        if not target:
            return Hint(
                text, base, f"puts {shown} on an empty pile, where it blocks nothing; {why}"
            )
        top = CARDS[target[-1]]
        if top % 13 > card % 13:
            closeness = min(top % 13 - card % 13, 10)
            return Hint(
                text,
                base + 10 - closeness,
                f"{shown} on {top}: it will go home before {top} is needed, so it blocks "
                f"nothing; {why}",
            )
        soon = needed_soon(rules, state, top)
        higher = "the higher " if card % 13 > top % 13 else ""
        return Hint(
            text,
            base - 30 - (10 if soon else 0),
            f"would bury {top}{' which a foundation needs soon' if soon else ''} under {higher}"
            f"{shown} (taken from {rules.label(src)})",
        )
