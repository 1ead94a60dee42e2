"""Building positions for tests: explicit decks and constructed states."""

from __future__ import annotations

from solitaire_widgets.cards import CARDS, parse_card
from solitaire_widgets.state import GameState
from solitaire_widgets.variants import VARIANTS


def deck_starting_with(codes: str, decks: int = 1) -> list[str]:
    """A full deck starting with ``codes`` (space separated), the rest in canonical order."""
    first = [parse_card(c) for c in codes.split()]
    rest = list(CARDS) * decks
    for card in first:
        rest.remove(card)
    return [c.code for c in first + rest]


def state_of(variant: str, redeals: int = 0, **piles: str) -> GameState:
    """A constructed position: piles by name as codes bottom to top; unnamed piles are empty."""
    rules = VARIANTS[variant]
    unknown = set(piles) - set(rules.pile_names)
    assert not unknown, unknown
    return GameState(
        variant,
        tuple(
            tuple(parse_card(c) for c in piles.get(name, "").split()) for name in rules.pile_names
        ),
        redeals,
    )


def codes(state: GameState, name: str) -> str:
    """A pile of a state as codes, bottom to top."""
    return " ".join(c.code for c in state.piles[VARIANTS[state.variant].index[name]])
