"""Exact answers to the counting questions the four layouts raise, each next to a simulation.

The answers are ``Fraction`` values from ``math.comb`` (hypergeometric counting): no floating
point, no scipy. Each question also knows how to recognise its event in a real dealt position,
so ``simulate(question, n)`` deals ``n`` real games with ``new_state`` and counts; the exact
value should fall inside the simulation's confidence interval (the tests check it does).

Why the counts are what they are: Acquaintance, Acme and Fly put their aces on the foundations
before dealing, so their reserves are drawn from the non-aces only (48 cards, 12 per suit;
Fly 96 cards, two copies of each), while Quadrennial deals its reserve from the full 52.

These functions answer the tutorials' counting exercises, so each refuses while a check runs a
student's function (``kernel_state.refuse_in_checks``): the exercise asks the student to write
it. Everywhere else (the notebooks use them after the exercises) they answer.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..cards import parse_card
from ..engine import new_state
from ..intervals import Proportion
from ..kernel_state import refuse_in_checks
from ..state import GameState
from ..variants import VARIANTS
from ..variants.knobs import Knobs
from .montecarlo import game_seeds


def hypergeometric(k: int, population: int, successes: int, draws: int) -> Fraction:
    """P(exactly ``k`` successes) drawing ``draws`` cards without replacement from
    ``population`` cards of which ``successes`` are successes."""
    refuse_in_checks("hypergeometric")
    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise ValueError("need 0 <= successes, draws <= population")
    return Fraction(
        comb(successes, k) * comb(population - successes, draws - k), comb(population, draws)
    )


def at_least_one(population: int, successes: int, draws: int) -> Fraction:
    """P(at least one success) among ``draws`` cards: one minus P(none)."""
    refuse_in_checks("at_least_one")
    return 1 - hypergeometric(0, population, successes, draws)


def quadrennial_ace_in_reserve(reserve: int = 8) -> Fraction:
    """Quadrennial: P(at least one ace among the ``reserve`` reserve cards) = 1 - C(48,8)/C(52,8).

    The reserve is the first eight cards of the full deck (Quadrennial's aces are not set aside).
    """
    refuse_in_checks("quadrennial_ace_in_reserve")
    return at_least_one(52, 4, reserve)


def acme_reserve_suit_count(k: int, reserve: int = 13) -> Fraction:
    """Acme: P(the 13-card reserve holds exactly ``k`` cards of one given suit).

    The aces are on the foundations first, so the reserve is 13 of the 48 non-aces, 12 per suit:
    C(12, k) C(36, 13 - k) / C(48, 13).
    """
    refuse_in_checks("acme_reserve_suit_count")
    return hypergeometric(k, 48, 12, reserve)


def acquaintance_two_in_first_row() -> Fraction:
    """Acquaintance: P(the first row R1..R4, four non-aces, holds a 2) = 1 - C(44,4)/C(48,4)."""
    refuse_in_checks("acquaintance_two_in_first_row")
    return at_least_one(48, 4, 4)


def fly_reserve_both_copies(reserve: int = 13) -> Fraction:
    """Fly: P(the 13-card reserve holds both copies of one given card).

    The reserve is 13 of the 96 non-aces (two copies of each of 48 cards):
    C(94, 11) / C(96, 13) = 13 * 12 / (96 * 95).
    """
    refuse_in_checks("fly_reserve_both_copies")
    return hypergeometric(2, 96, 2, reserve)


# ----------------------------------------------------------------------------- events
def reserve_cards(state: GameState) -> list[int]:
    """Every card in the reserve pile(s) of a position, whatever the variant."""
    rules = VARIANTS[state.variant]
    return [c for i, kind in enumerate(rules.kinds) if kind == "reserve" for c in state.piles[i]]


def has_rank(state: GameState, rank_index: int) -> bool:
    """Whether some reserve card has this rank (0 = ace, 1 = two...)."""
    return any(c % 13 == rank_index for c in reserve_cards(state))


def suit_count_is(state: GameState, suit: int, k: int) -> bool:
    """Whether the reserve holds exactly ``k`` cards of ``suit``."""
    return sum(c // 13 == suit for c in reserve_cards(state)) == k


def copies_in_reserve(state: GameState, card: int, copies: int) -> bool:
    """Whether the reserve holds exactly ``copies`` copies of ``card``."""
    return reserve_cards(state).count(card) == copies


@dataclass(frozen=True)
class Question:
    """A counting question: its words, its exact answer, and its event in a dealt position."""

    text: str
    variant: str
    exact: Fraction
    event: Callable[[GameState], bool]

    def simulate(self, n: int, seed: int = 0) -> Proportion:
        """Deal ``n`` real games (deal numbers as in ``estimate_win_rate``) and count the event."""
        hits = 0
        for i in range(n):
            deal, _ = game_seeds(seed, i)
            hits += self.event(new_state(self.variant, deal))
        return Proportion(hits, n)


def questions(reserve_knobs: bool = False) -> list[Question]:
    """The four questions of the layouts (plus, if asked, the same under a changed reserve)."""
    items = [
        Question(
            "Quadrennial: at least one ace among the eight reserve cards",
            "quadrennial",
            quadrennial_ace_in_reserve(),
            functools.partial(has_rank, rank_index=0),
        ),
        Question(
            "Acme: exactly 3 clubs in the 13-card reserve",
            "acme",
            acme_reserve_suit_count(3),
            functools.partial(suit_count_is, suit=0, k=3),
        ),
        Question(
            "Acquaintance: a 2 in the first row R1..R4",
            "acquaintance",
            acquaintance_two_in_first_row(),
            functools.partial(has_rank, rank_index=1),
        ),
        Question(
            "Fly: both copies of the king of spades in the reserve",
            "fly",
            fly_reserve_both_copies(),
            functools.partial(copies_in_reserve, card=parse_card("KS"), copies=2),
        ),
    ]
    if reserve_knobs:
        items += [
            Question(
                "Quadrennial with 10 reserve piles: at least one ace among them",
                Knobs("quadrennial", reserve=10).register(),
                quadrennial_ace_in_reserve(10),
                functools.partial(has_rank, rank_index=0),
            ),
            Question(
                "Acme with a 20-card reserve: exactly 5 hearts in it",
                Knobs("acme", reserve=20).register(),
                acme_reserve_suit_count(5, reserve=20),
                functools.partial(suit_count_is, suit=2, k=5),
            ),
        ]
    return items
