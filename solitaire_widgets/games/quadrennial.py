"""Quadrennial beyond its rules (``variants/quadrennial.py``): what the engines know.

The safe moves, the dead positions, the key and the solver's lean search, each with its
argument, are in ``games/quadrennial_search.py`` (this game's search alone fills a module).
Here: the profile that hands them out, the hint words, the budget and the rule card.

**Moves that never lead back** (the hints): a draw, a card from the waste, a redeal. Within a
pass the stock never grows back and the waste grows only by a draw, which shrinks the stock;
the redeals used never go down. (A reserve card goes home, which no move undoes.)
"""

from __future__ import annotations

from collections.abc import Hashable

from ..advice import Hint, left_behind
from ..cards import CARDS
from ..moves import Move
from ..state import GameState
from ..variants import Variant
from .base import CardExample, CardRule, Profile, RuleCardText, at
from .policy import Policy
from .quadrennial_search import (
    QuadrennialPolicy,
    StrictQuadrennialPolicy,
    no_refill_ahead,
    quadrennial_dead,
    quadrennial_safe,
)

_Q = "AC 5H 9S 2D KC 7H 3S JD 2C"  # A♣ in R1, 2♣ on top of the stock
_Q_EMPTY = (*(["S-W"] * 44), "R1-F1")  # the stock drawn out, then A♣ home: R1 stays empty

RULE_CARD = RuleCardText(
    "Eight face-up reserve cards and a face-down stock: every card goes straight home to "
    "its suit's foundation, ace to king, and you may go through the stock three times.",
    (
        CardRule(
            "Foundations build up by suit",
            "Each foundation takes the ace of its suit first, then the two, and so on up "
            "to the king.",
            (CardExample(at(_Q), "R1-F1", True), CardExample(at(_Q), "R2-F3", False)),
        ),
        CardRule(
            "Cards move only to a foundation",
            "A move takes one card home: a reserve card (R1-F1) or the waste's top card "
            "(W-F2). X-F means: to whichever foundation takes it.",
            (CardExample(at(_Q), "R1-R2", False), CardExample(at(_Q, "S-W"), "W-R1", False)),
        ),
        CardRule(
            "Draw",
            "S-W (or draw) turns the stock's top card over onto the waste. Stock cards "
            "play only once they are on the waste.",
            (CardExample(at(_Q), "S-W", True), CardExample(at(_Q), "S-F1", False)),
        ),
        CardRule(
            "Refill",
            "A reserve card played home is replaced at once by the stock's top card, as "
            "part of the same move.",
            (
                CardExample(at(_Q), "R1-F1", True, after=("R1", "2C")),
                CardExample(at(_Q, "R1-F1"), "R1-F1", True),
            ),
        ),
        CardRule(
            "Redeal, twice",
            "When the stock is empty, redeal turns the waste over into a new stock. Twice "
            "per game, so three passes through the stock.",
            (
                CardExample(at(_Q), "redeal", False),
                CardExample(at(_Q, *["S-W"] * 44), "redeal", True),
            ),
        ),
        CardRule(
            "Won or lost",
            "Won when all 52 cards are home; lost when no legal move remains.",
            (),
        ),
    ),
    (
        CardRule(
            "You may draw whenever the stock has cards",
            "Even when a reserve card could go home: the text's 'draw if no more reserve "
            "cards can be played' is advice.",
            (CardExample(at(_Q), "S-W", True),),
        ),
        CardRule(
            "An emptied reserve pile stays empty once the stock is empty",
            "The refill needs a stock card; without one the pile stays empty for the rest "
            "of the game, and nothing is ever placed on it.",
            (
                CardExample(at(_Q, *["S-W"] * 44), "R1-F1", True, after=("R1", "")),
                CardExample(at(_Q, *_Q_EMPTY), "W-R1", False),
            ),
        ),
        CardRule(
            "A redeal keeps the order",
            "Turning the waste over makes the card drawn first in the pass just ended the first "
            "card drawn again.",
            (CardExample(at(_Q, *["S-W"] * 44), "redeal", True, after=("S", "2C")),),
        ),
    ),
)


class QuadrennialProfile(Profile):
    """Quadrennial: safe moves and a dead test in the last pass only, reserve piles sorted."""

    policy_class = QuadrennialPolicy
    one_way_sources = frozenset({"S", "W", "redeal"})
    safe_words = "the waste's top card only waits, so playing it home can never hurt"
    early_safe_words = (
        " (unless no refill can ever come: every reserve pile empty, or the stock and the "
        "waste both empty)"
    )
    rule_card = RULE_CARD

    def __init__(self, rules: Variant) -> None:
        self._piles = rules.reserves[0], rules.reserves[-1] + 1, rules.stock, rules.waste
        super().__init__(rules)

    def policy(self, use_knowledge: bool = True) -> Policy:
        """The lean search; the engine's moves under the stricter reading (no cut holds)."""
        if self.rules.stuck_only:
            return StrictQuadrennialPolicy(self, use_knowledge)
        return QuadrennialPolicy(self, use_knowledge)

    def key(self, state: GameState) -> Hashable:
        """The reserve cards sorted, the stock, the waste, the redeals (the foundations hold
        the cards found nowhere else): ``quadrennial_search``."""
        first, end, stock, waste = self._piles
        p = state.piles
        reserve = tuple(sorted([pile[0] for pile in p[first:end] if pile]))
        return reserve, p[stock], p[waste], state.redeals

    def safe_home(self, state: GameState, move: Move) -> bool:
        last_pass = state.redeals >= self.rules.redeals_allowed
        stock_empty = not state.piles[self.rules.stock]
        return quadrennial_safe(last_pass, move.src == "W", stock_empty) or self._no_refill(state)

    def first_safe_pass(self) -> int:
        return self.rules.redeals_allowed

    def safe_possible(self, state: GameState) -> bool:
        return state.redeals >= self.rules.redeals_allowed or self._no_refill(state)

    def _no_refill(self, state: GameState) -> bool:
        """``no_refill_ahead`` of this position."""
        first, end, stock, waste = self._piles
        p = state.piles
        return no_refill_ahead(
            any(p[first:end]),
            bool(p[stock]),
            bool(p[waste]),
            state.redeals >= self.rules.redeals_allowed,
        )

    def safe_reason(self, state: GameState, move: Move) -> str:
        """The waste's reason or the empty stock's (``quadrennial_search``: the two safe
        moves of the last pass)."""
        if move.src == self.rules.pile_names[self.rules.waste]:
            return self.safe_words
        return (
            f"the stock is empty and no redeal can fill it again, so nothing would refill "
            f"{move.src} later either: playing it home can never hurt"
        )

    def is_dead(self, state: GameState) -> bool:
        last_pass = state.redeals >= self.rules.redeals_allowed
        return quadrennial_dead(last_pass, state.piles[self.rules.waste])

    def home_hint(self, state: GameState, move: Move, card: int) -> Hint:
        """A card home that is not safe (``quadrennial_search``): from the reserve, what the
        refill will be; from the waste (before the last pass), why waiting may matter."""
        shown, pile = CARDS[card], move.src
        if pile == self.rules.pile_names[self.rules.waste]:  # rule 4 refills the reserve only
            left = left_behind(self.rules, state, self.rules.waste)
            return Hint(
                str(move),
                85,
                f"{shown} goes home and {left}. Not safe before the last pass: a card left on "
                "the waste comes round again in the next pass's stock, which changes which "
                "card refills which reserve pile",
            )
        stock = state.piles[self.rules.stock]
        if not stock:
            return Hint(
                str(move), 85, f"{shown} goes home; the stock is empty, so {pile} stays empty"
            )
        if len(stock) > 1:
            later = f"refill {pile} with a later card instead"
        elif state.redeals >= self.rules.redeals_allowed:  # a draw first empties the stock
            later = f"leave {pile} empty for the rest of the game"
        else:  # ... until the redeal: the next pass's stock refills it then (review 35)
            later = (
                f"empty the stock, so that {pile} would be refilled only if {shown} waited "
                "for the next pass"
            )
        return Hint(
            str(move),
            85,
            f"{shown} goes home and the next stock card refills {pile}; drawing first would "
            f"{later}",
        )
