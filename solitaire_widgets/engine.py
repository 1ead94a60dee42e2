"""The engine's pure functions over states, by variant name: deal, list, apply, judge.

They trust their input: ``apply`` assumes the move is legal (``Game.play`` checks first), so
the solver and anything else that needs speed can use them. (This module was ``rules``; that
name now means one thing, a ``Variant``: the rules of one game.)
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence

from .cards import Card, check_deck, shuffled_deck
from .moves import Move
from .quoting import quoted
from .state import GameState
from .variants import VARIANTS, get_variant


def new_state(
    variant: str, seed: int | None = None, deck: Sequence[object] | None = None
) -> GameState:
    """The starting position for deal number ``seed`` or an explicit ``deck`` of codes.

    With neither, a random deal (as ``Game(variant)`` picks one); a position does not carry
    its deal number, so use ``Game`` when the number must be recorded.
    """
    rules = get_variant(variant)
    if deck is not None:
        if seed is not None:
            raise ValueError("give a deal number or an explicit deck, not both")
        cards: Sequence[Card] = check_deck(deck, rules.decks, rules.title)
    else:
        cards = shuffled_deck(random_seed() if seed is None else check_seed(seed), rules.decks)
    return rules.deal(cards)


MAX_SEED = 2**53 - 1
"""The largest deal number: the largest integer a JavaScript number holds exactly, so a deal
number means the same deal in Python, in a JSON record read anywhere, and on the table in the
browser (a larger one would show as another number there)."""


def check_seed(seed: object) -> int:
    """A deal number is an integer from 0 to ``MAX_SEED``: any integral type (``numpy.int64``
    too, read with ``operator.index``) but not ``bool``, a float or ``-5``. Returns a plain
    ``int``. Every place a deal number enters (``Game``, ``new_state``, ``next_winnable``, the
    statistics' seeds and deal lists, records) checks it here."""
    if not isinstance(seed, bool):  # numpy's booleans refuse operator.index themselves
        try:
            number = operator.index(seed)  # type: ignore[arg-type]
        except TypeError:
            pass
        else:
            if 0 <= number <= MAX_SEED:
                return number
            if number > MAX_SEED:
                raise ValueError(
                    f"a deal number stops at 2^53 - 1 ({MAX_SEED:,}), not {quoted(seed)}"
                )
    raise ValueError(f"a deal number is a non-negative integer, not {quoted(seed)}")


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
