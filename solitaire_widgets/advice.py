"""A hint as a value, and the words every hint is built from.

``Hint`` is what the hint engine (``hints``) returns. The helpers say, in words that are true
of the position and name only face-up cards, what a move leaves behind and whether a card is
needed soon; the shared hint engine and each game's profile (``games/<game>.py``, which words
the moves only that game has) build their reasons from them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CARDS
from .moves import Move
from .state import GameState
from .variants import Variant


@dataclass(frozen=True)
class Hint:
    """A suggested move, its score (higher is better, 0-100) and the reason in words."""

    move: str
    score: float
    reason: str
    safe: bool = False
    uses_hidden_cards: bool = False

    def __str__(self) -> str:
        return f"{self.move}: {self.reason}"


def needed_ranks(rules: Variant, state: GameState) -> list[int]:
    """Rank index each foundation needs next (13 when complete)."""
    return [len(state.piles[f]) for f in rules.foundations]


def needed_soon(rules: Variant, state: GameState, card: int) -> bool:
    """Whether a foundation will take ``card`` after at most one more card."""
    heights = needed_ranks(rules, state)
    if rules.suit_foundations:
        return 0 <= card % 13 - heights[card // 13] <= 1
    return any(0 <= card % 13 - h <= 1 for h in heights)


def goes_home(rules: Variant, state: GameState, card: int) -> bool:
    """Whether some foundation takes ``card`` now."""
    return any(rules.foundation_accepts(state, card, f) for f in rules.foundations)


def left_behind(rules: Variant, state: GameState, src: int) -> str:
    """What taking the top card off pile ``src`` leaves, in words that are true of it:
    'uncovers 7♣', 'turns up the next reserve card' or 'empties T3'."""
    pile = state.piles[src]
    name = rules.pile_names[src]
    if len(pile) < 2:
        return f"empties {name}"
    if rules.face_down(state, src):
        return f"turns up the next {rules.kinds[src]} card"
    return f"uncovers {CARDS[pile[-2]]}"


def left_by(rules: Variant, state: GameState, move: Move) -> str:
    """What playing ``move`` leaves on its source pile, from the move as the engine plays it:
    ``left_behind``'s words, or that the pile is refilled at once (Acme's reserve, Quadrennial's
    stock) without naming the card, which the player has not seen yet."""
    src = rules.index[move.src]
    before, after = state.piles[src], rules.apply(state, move).piles[src]
    if after and len(after) >= len(before):
        return f"{move.src} is refilled at once"
    return left_behind(rules, state, src)
