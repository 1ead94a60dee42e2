"""The wrong formulas behind the hints of the function exercises, keyed by (exercise id, index
of the mistake). The package stores only a slow hash of each formula's values on the exercise's
cases (``Mistake.digest``): some formulas are one step from the answer (the complement of the
chance of none, one term of a sum), and the package's source is readable (the twenty-sixth
review read p_both's formula off a hint). ``test_mistake_digests_are_the_formulas`` checks each
hash and prints the right one for a new mistake."""

from collections.abc import Callable
from fractions import Fraction
from math import ceil, comb, perm, sqrt

from solitaire_widgets.stats import hypergeometric

FORMULAS: dict[tuple[str, int], Callable[..., object]] = {
    ("quadrennial-ace", 0): lambda cards, aces, reserve: reserve * Fraction(aces, cards),
    ("quadrennial-ace", 1): lambda cards, aces, reserve: (
        1 - Fraction(cards - aces, cards) ** reserve
    ),
    ("quadrennial-ace", 2): lambda cards, aces, reserve: Fraction(
        comb(cards - aces, reserve), comb(cards, reserve)
    ),
    ("quadrennial-aces", 0): lambda k, cards, aces, reserve: (
        comb(reserve, k)
        * Fraction(aces, cards) ** k
        * Fraction(cards - aces, cards) ** (reserve - k)
    ),
    ("quadrennial-aces", 1): lambda k, cards, aces, reserve: Fraction(
        comb(aces, k), comb(cards, reserve)
    ),
    ("quadrennial-aces", 2): lambda k, cards, aces, reserve: Fraction(
        comb(cards - aces, reserve - k), comb(cards, reserve)
    ),
    ("quadrennial-aces", 3): lambda k, cards, aces, reserve: sum(
        (
            Fraction(comb(aces, j) * comb(cards - aces, reserve - j), comb(cards, reserve))
            for j in range(k, min(aces, reserve) + 1)
        ),
        Fraction(0),
    ),
    ("quadrennial-aces", 4): lambda k, cards, aces, reserve: Fraction(
        perm(aces, k) * perm(cards - aces, reserve - k), perm(cards, reserve)
    ),
    ("quadrennial-aces", 5): lambda k, cards, aces, reserve: Fraction(
        comb(aces, k) * comb(cards, reserve - k), comb(cards, reserve)
    ),
    ("acquaintance-two", 0): lambda suits, piles: (
        1 - Fraction(comb(12 * suits, piles), comb(13 * suits, piles))
    ),
    ("acquaintance-two", 1): lambda suits, piles: piles * Fraction(suits, 12 * suits),
    ("acquaintance-two", 2): lambda suits, piles: Fraction(
        comb(11 * suits, piles), comb(12 * suits, piles)
    ),
    ("acquaintance-two", 3): lambda suits, piles: 1 - Fraction(11, 12) ** piles,
    ("acquaintance-two", 4): lambda suits, piles: (
        1 - Fraction(comb(11 * piles, suits), comb(12 * piles, suits))
    ),
    ("acquaintance-twos", 0): lambda cards: cards * Fraction(4, 52),
    ("acquaintance-twos", 1): lambda cards: Fraction(4, 48),
    ("acme-clubs", 0): lambda k, reserve: (
        comb(reserve, k) * Fraction(1, 4) ** k * Fraction(3, 4) ** (reserve - k)
    ),
    ("acme-clubs", 1): lambda k, reserve: hypergeometric(k, 52, 13, reserve),
    ("acme-clubs", 2): lambda k, reserve: sum(
        (hypergeometric(j, 48, 12, reserve) for j in range(k, min(12, reserve) + 1)),
        Fraction(0),
    ),
    ("acme-clubs", 3): lambda k, reserve: Fraction(
        perm(12, k) * perm(36, reserve - k), perm(48, reserve)
    ),
    ("acme-clubs", 4): lambda k, reserve: Fraction(
        comb(12, k) * comb(48, reserve - k), comb(48, reserve)
    ),
    ("fly-kings", 0): lambda reserve: Fraction(reserve, 96) ** 2,
    ("fly-kings", 1): lambda reserve: Fraction(reserve, 96),
    ("fly-pair", 0): lambda reserve: 48 * Fraction(comb(94, reserve - 2), comb(96, reserve)),
    ("fly-pair", 1): lambda reserve: Fraction(comb(48, reserve) * 2**reserve, comb(96, reserve)),
    ("fly-pair", 2): lambda reserve: (
        1 - Fraction(comb(52, reserve) * 2**reserve, comb(104, reserve))
    ),
    ("fly-pair", 3): lambda reserve: (
        1 - (1 - Fraction(comb(94, reserve - 2), comb(96, reserve))) ** 48
    ),
    ("lab-sample-size", 0): lambda p, h: int(1.96**2 * p * (1 - p) / h**2),
    ("lab-sample-size", 1): lambda p, h: round(1.96**2 * p * (1 - p) / h**2),
    ("lab-sample-size", 2): lambda p, h: ceil(1.96**2 * p * (1 - p) / (100 * h) ** 2),
    ("lab-sample-size", 3): lambda p, h: ceil(1.96**2 * p * (1 - p) / (h / 100) ** 2),
    ("lab-sample-size", 4): lambda p, h: ceil(1.96 * p * (1 - p) / h**2),
    ("lab-sample-size", 5): lambda p, h: ceil(1.96**2 * p * (1 - p) / h),
    ("lab-sample-size", 6): lambda p, h: round(1.96**2 * p * (1 - p) / h**2) + 1,
    ("lab-sample-size", 7): lambda p, h: ceil(1.96 * sqrt(p * (1 - p)) / h),
    ("lab-sample-size", 8): lambda p, h: ceil(1.645**2 * p * (1 - p) / h**2),
    ("lab-sample-size", 9): lambda p, h: ceil(2.576**2 * p * (1 - p) / h**2),
    ("lab-sample-size", 10): lambda p, h: ceil(3.84 * p * (1 - p) / h**2),
    ("lab-sample-size", 11): lambda p, h: ceil(1.96**2 * p * (1 - p) / h**2) + 1,
    ("lab-sample-size", 12): lambda p, h: ceil(4 * p * (1 - p) / h**2),
}
