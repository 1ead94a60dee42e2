"""Acme beyond its rules (``variants/acme.py``): what the solver, Auto and the hints know.

**Safe moves: every foundation move.** The card c goes home; in the position before (B), c
only waits: nothing can be placed on it (the one card that fits on c, the next lower card of
its suit, is already home, since c fits its foundation), and cards above it in the waste must
leave first either way. Let L be a winning line from B; play it from the position after (A),
skipping the moves of c. L's moves stay legal in A: the same cards are on top (c is not in the
way), the foundation of c's suit takes in B nothing but c until c arrives, and a move L makes
with c (to a tableau pile, or from one) is skipped. If c leaves a tableau pile, the reserve's
top card fills it in A at once; then A's pile holds the card that is B's reserve top, and
wherever L plays B's reserve top, A plays the same card from that pile, whose emptying again
brings the next one (reserve cards and tableau tops go to the same places), until L plays c
and both positions are the same. If c leaves the waste, every draw and the redeal find the
same cards, c apart. No dead-position test.

**Key.** Foundations build by suit, so they hold exactly the cards found in no other pile: the
key leaves them out. The four tableau piles play the same role (each builds down by suit, the
reserve fills whichever empties), so the key sorts them. The reserve is known by its size:
cards only leave it from its top, so its order never changes.

**Candidate moves.** Of one card's moves to empty tableau piles, only the first: the positions
after them have the same key. Then foundation moves, building on the tableau, empty piles,
the stock.

**Moves that never lead back** (the hints): taking a card from the stock, the waste or the
reserve, or a redeal. Within a pass the stock and the reserve never grow back and the waste
grows only by a draw, which shrinks the stock; the redeals used never go down.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from ..advice import Hint, goes_home, left_behind
from ..cards import CARDS
from ..moves import Move
from ..state import GameState
from ..variants import Variant
from .base import CardExample, CardRule, Profile, RuleCardText, ThinkerSettings, at
from .policy import Policy


class AcmePolicy(Policy):
    """Tableau piles sorted in the key, the reserve by its size (``AcmeProfile.key``)."""

    def order(self, state: GameState, legal: list[Move]) -> list[Move]:
        piles = state.piles
        index = self.rules.index
        moved_to_empty: set[str] = set()  # of one card's moves to empty piles, try one
        out = []
        for m in legal:
            if m.dst.startswith("T") and not piles[index[m.dst]]:
                if m.src in moved_to_empty:
                    continue
                moved_to_empty.add(m.src)
            out.append(m)
        # foundation moves, then building on the tableau, then empty piles, then the stock
        return sorted(out, key=lambda m: _acme_rank(state, m, index))


def _acme_rank(state: GameState, move: Move, index: dict[str, int]) -> int:
    if move.dst.startswith("F"):
        return 0
    if not move.dst:
        return 5
    if move.dst == "W":
        return 4
    if not state.piles[index[move.dst]]:
        return 3
    return 1 if move.src in ("R", "W") else 2


# ------------------------------------------------------------------------------ rule card
_AC = "TH 9H 2C 5S KC QC JC TC 9C 8C 7C 6C 5C 4C 3C KD 9D 8H"
_AC_EMPTY = "TH 2D 5S 8D 9H KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C 7D"
_AC_EMPTIED = (*(["R-F1"] * 12), "R-T1", "T2-F2")  # the reserve played out, T2 left empty
_AC_PASSES = ("T2-T1", *(["S-W"] * 31), "redeal", *(["S-W"] * 31))  # both passes used up

RULE_CARD = RuleCardText(
    "The aces start the foundations, which build up by suit; four tableau piles build down "
    "by suit and are refilled from a 13-card reserve; the stock goes to a waste, twice "
    "through.",
    (
        CardRule(
            "Foundations build up by suit",
            "2♣ on A♣, then 3♣, and so on up to K♣.",
            (CardExample(at(_AC), "T3-F1", True), CardExample(at(_AC), "R-F2", False)),
        ),
        CardRule(
            "The tableau builds down by suit",
            "A card goes onto the card of its own suit one rank higher: 8♣ on 9♣, never 8♦ on 9♣.",
            (CardExample(at(_AC), "T2-T1", True), CardExample(at(_AC), "R-T1", False)),
        ),
        CardRule(
            "What moves where",
            "The top card of a tableau pile, of the reserve or of the waste goes to a "
            "foundation or onto a tableau pile, one card at a time. No move puts a card on "
            "the reserve, the waste or the stock (only a draw fills the waste, and a "
            "redeal the stock).",
            (
                CardExample(at(_AC), "T1-R", False),
                CardExample(at(_AC, "T2-T1", "S-W"), "W-T1", True),
            ),
        ),
        CardRule(
            "Empty tableau piles",
            "A tableau pile that empties is refilled at once from the reserve, in the same "
            "move. Once the reserve is empty, an empty pile takes any top card, except a "
            "tableau pile's only card (that would change nothing).",
            (
                CardExample(at(_AC_EMPTY, *_AC_EMPTIED), "T1-T2", True),
                CardExample(at(_AC_EMPTY, *_AC_EMPTIED), "T3-T2", False),
            ),
        ),
        CardRule(
            "Draw, and one redeal",
            "S-W turns the stock's top card onto the waste, whenever the stock has cards. "
            "When it is empty, redeal turns the waste over, once: two passes.",
            (CardExample(at(_AC), "S-W", True), CardExample(at(_AC), "S-T1", False)),
        ),
        CardRule(
            "Won or lost",
            "Won when all 52 cards are home; lost when no legal move remains.",
            (),
        ),
    ),
    (
        CardRule(
            "The refill is part of the move",
            "When a tableau pile empties, the reserve's top card fills it in the same move, "
            "so one undo puts both back.",
            (CardExample(at(_AC), "T2-T1", True, after=("T2", "9D")),),
        ),
        CardRule(
            "Going round in circles",
            "With an empty pile a card can go back and forth for ever: each move is legal "
            "and changes nothing. When nothing else is left, no card goes home again: the "
            "hints call such a game hopeless.",
            (CardExample(at(_AC_EMPTY, *_AC_EMPTIED, "T1-T2"), "T2-T1", True),),
        ),
        CardRule(
            "The game goes on after the second pass",
            "The text's 'lost if both passes are exhausted' is not a rule here: with the "
            "stock used up and no redeal left, the waste and tableau cards still play while "
            "a move is legal.",
            (CardExample(at(_AC, *_AC_PASSES), "T3-F1", True),),
        ),
    ),
)


class AcmeProfile(Profile):
    """Acme: every foundation move safe, tableau piles interchangeable."""

    policy_class = AcmePolicy
    one_way_sources = frozenset({"S", "W", "R", "redeal"})
    safe_words = (
        "the next lower card of its suit is home already, so no card needs it on the tableau: "
        "this can never hurt"
    )
    aces_always_safe = True  # nothing needs an ace on the tableau (the module's argument)
    rule_card = RULE_CARD
    thinker = ThinkerSettings(samples=40, max_samples=120, min_samples=20)
    """Most Acme positions are lost on most deals of the unseen cards, so a move's wins are
    few: many deals, and no early stop before 20 of them."""

    def __init__(self, rules: Variant) -> None:
        self._piles = rules.reserve, rules.tableau[0], rules.tableau[-1] + 1, rules.stock
        self._waste = rules.waste
        super().__init__(rules)

    def key(self, state: GameState) -> Hashable:
        r, t, end, s = self._piles
        p = state.piles  # the foundations: the cards found nowhere else
        return len(p[r]), tuple(sorted(p[t:end])), p[s], p[self._waste], state.redeals

    def safe_home(self, state: GameState, move: Move) -> bool:
        return True

    def _finder(self) -> Callable[[GameState], Move | None]:
        """Every foundation move: the first top that fits (reserve, tableau, waste)."""
        rules = self.rules
        sources = (rules.reserve, *rules.tableau, rules.waste)
        pair = rules.pair_moves

        def acme(state: GameState) -> Move | None:
            piles = state.piles
            for src in sources:
                pile = piles[src]
                if pile and len(piles[pile[-1] // 13]) == pile[-1] % 13:
                    return pair[src, pile[-1] // 13]
            return None

        return acme

    def place_hint(self, state: GameState, move: Move, card: int) -> Hint:
        """A card onto a tableau pile, scored by what the move frees."""
        rules = self.rules
        text = str(move)
        shown = CARDS[card]
        src = rules.index[move.src]
        src_pile = state.piles[src]
        target = state.piles[rules.index[move.dst]]
        reserve = state.piles[rules.reserve]
        onto = f"onto {CARDS[target[-1]]}" if target else f"into the empty {move.dst}"
        left = left_behind(rules, state, src)
        if move.src == "R":
            if len(reserve) > 1:
                return Hint(text, 75, f"{shown} off the reserve {onto} {left}")
            return Hint(
                text, 70, f"{shown} {onto} {left}: from now on an empty tableau pile takes any card"
            )
        if move.src == "W":
            return Hint(text, 55, f"{shown} off the waste {onto}, where it stays playable")
        if len(src_pile) == 1 and reserve:
            turns = "; the next reserve card turns face up" if len(reserve) > 1 else ""
            return Hint(
                text,
                80,
                f"{shown} {onto} {left}, which the reserve's top card fills at once{turns}",
            )
        if len(src_pile) == 1:
            return Hint(
                text, 40, f"{shown} {onto} {left}: with the reserve empty it takes any card later"
            )
        beneath = src_pile[-2]
        if goes_home(rules, state, beneath):
            return Hint(text, 70, f"{shown} {onto} {left}, which can go home next")
        return Hint(text, 45 if target else 35, f"{shown} {onto} {left}")
