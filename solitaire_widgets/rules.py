"""Pure functions over states, for the solver and anything else that needs speed.

They trust their input: ``apply`` assumes the move is legal (``Game.play`` checks first).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import Card, check_deck, shuffled_deck
from .moves import Move
from .state import GameState
from .variants import VARIANTS, get_variant


def new_state(
    variant: str, seed: int | None = None, deck: Sequence[object] | None = None
) -> GameState:
    """The starting position for deal number ``seed`` or an explicit ``deck`` of codes."""
    rules = get_variant(variant)
    if deck is not None:
        cards: Sequence[Card] = check_deck(deck, rules.decks)
    else:
        cards = shuffled_deck(check_seed(seed), rules.decks)
    return rules.deal(cards)


def check_seed(seed: object) -> int:
    """A deal number is a non-negative integer (``bool`` is refused, so is ``-5``)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a deal number is a non-negative integer, not {seed!r}")
    if seed < 0:
        raise ValueError(f"a deal number is a non-negative integer, not {seed}")
    return seed


def random_seed() -> int:
    """A deal number for a game started without one (recorded, so it can be replayed)."""
    return random.SystemRandom().randrange(1, 1_000_000)


def legal_moves(state: GameState) -> list[Move]:
    return VARIANTS[state.variant].legal_moves(state)


def apply(state: GameState, move: Move) -> GameState:
    return VARIANTS[state.variant].apply(state, move)


def outcome(state: GameState) -> str:
    """``won``, ``lost`` or ``playing``."""
    return VARIANTS[state.variant].outcome(state)
