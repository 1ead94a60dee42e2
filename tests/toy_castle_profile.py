"""The toy game's know-how, as ``games/<game>.py`` would hold it: its profile and policy.

**Safe moves**: a card onto a lowest foundation. The cards that could ever be placed on a card
c of rank r are the cards of rank r-1, any suit; when c's foundation (at height r) is a lowest
one, every foundation is at r or above, so all of them are home and c only waits: nothing can
be put on it. Take a winning line L from the position before the move (B) and play it from the
position after it (A), skipping the moves of c: every move of L stays legal (the same cards are
on top, c apart, and no card of L was ever placed on c), so A wins when B does.

**Dead positions**: none claimed.

**Key.** Foundations build by suit, so they hold the cards found nowhere else: left out. The
four tableau piles play the same role (each builds down by rank, any card onto an empty one),
so they are sorted. **Candidate moves**: of one card's moves to empty piles only the first
(the positions after them have the same key); foundation moves first.
"""

from __future__ import annotations

from collections.abc import Hashable

from toy_castle_rules import Castle

from solitaire_widgets.advice import Hint, left_behind
from solitaire_widgets.cards import CARDS
from solitaire_widgets.games import PROFILES, Policy, Profile
from solitaire_widgets.games.base import CardExample, CardRule, RuleCardText, at
from solitaire_widgets.moves import Move
from solitaire_widgets.state import GameState
from solitaire_widgets.variants import VARIANTS


class CastlePolicy(Policy):
    """Tableau piles sorted in the key; one move per card to the empty piles."""

    def order(self, state: GameState, legal: list[Move]) -> list[Move]:
        index, piles = self.rules.index, state.piles
        to_empty: set[str] = set()
        out = []
        for m in legal:
            if m.dst.startswith("T") and not piles[index[m.dst]]:
                if m.src in to_empty:
                    continue
                to_empty.add(m.src)
            out.append(m)
        return sorted(out, key=lambda m: not m.dst.startswith("F"))


_C = "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"  # T1: K♣ down to 2♣ on top; T2 2♦..K♦, ...

RULE_CARD = RuleCardText(
    "Four aces start the foundations; every other card is face up in four tableau piles.",
    (
        CardRule(
            "Foundations build up by suit",
            "2♣ on A♣, then 3♣, and so on up to K♣.",
            (CardExample(at(_C), "T1-F1", True), CardExample(at(_C), "T2-F1", False)),
        ),
        CardRule(
            "The tableau builds down by rank",
            "A card goes onto a card one rank higher, any suit.",
            (CardExample(at(_C, "T1-F1"), "T2-T1", False),),
        ),
    ),
    (),
)


class CastleProfile(Profile):
    """Castle: a card onto a lowest foundation is safe; tableau piles interchangeable."""

    policy_class = CastlePolicy
    safe_words = "no card can ever be put on it, so it only waits"
    rule_card = RULE_CARD

    def key(self, state: GameState) -> Hashable:
        return tuple(sorted(state.piles[t] for t in self.rules.tableau))

    def safe_home(self, state: GameState, move: Move) -> bool:
        heights = [len(state.piles[f]) for f in self.rules.foundations]
        return heights[self.rules.index[move.dst]] == min(heights)

    def place_hint(self, state: GameState, move: Move, card: int) -> Hint:
        rules = self.rules
        src = rules.index[move.src]
        target = state.piles[rules.index[move.dst]]
        onto = f"onto {CARDS[target[-1]]}" if target else f"into the empty {move.dst}"
        return Hint(str(move), 50, f"{CARDS[card]} {onto} {left_behind(rules, state, src)}")


def register_castle() -> None:
    """The registry lines a new game adds: its rules, and its know-how."""
    VARIANTS["castle"] = Castle()
    PROFILES["castle"] = CastleProfile


def unregister_castle() -> None:
    VARIANTS.pop("castle", None)
    PROFILES.pop("castle", None)
