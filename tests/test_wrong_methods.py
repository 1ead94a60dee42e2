"""Each function exercise against the methods a class gets wrong, and right in other forms: a wrong
method is told "not yet" with the hint that is true for it (the words each must get are below),
and a right one in any form is "correct". The table grew from the teacher reviews: a hint that
describes a mistake the student did not make teaches the wrong thing."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from math import ceil, comb, perm, prod, sqrt
from typing import Any

import pytest

from solitaire_widgets.exercises import judge, session, student
from solitaire_widgets.intervals import wilson

RIGHT = "correct"


def measuring(deals: Callable[[int], int], measurements: Callable[[int], range]) -> Any:
    """A coverage simulation whose counts of deals and of measurements are ``deals(n)`` and
    ``measurements(runs)``: the right one has n and range(runs)."""

    def measure_coverage(p: float, n: int, runs: int, rng: random.Random) -> float:
        hits = 0
        for _ in measurements(runs):
            wins = sum(rng.random() < p for _ in range(deals(n)))
            hits += p in wilson(wins, n)
        return hits / runs

    return measure_coverage


right_coverage = measuring(lambda n: n, range)


def unseeded(p: float, n: int, runs: int, rng: random.Random) -> float:
    hits = 0
    for _ in range(runs):
        wins = sum(random.random() < p for _ in range(n))  # not the rng given: still honest
        hits += p in wilson(wins, n)
    return hits / runs


def interval_of_runs(p: float, n: int, runs: int, rng: random.Random) -> float:
    hits = 0
    for _ in range(runs):
        wins = sum(rng.random() < p for _ in range(n))
        hits += p in wilson(wins, runs)  # runs where n belongs
    return hits / runs


def seeded_each_run(p: float, n: int, runs: int, rng: random.Random) -> float:
    hits = 0
    for _ in range(runs):
        own = random.Random(0)  # made afresh, seeded alike: every measurement the same
        hits += p in wilson(sum(own.random() < p for _ in range(n)), n)
    return hits / runs


def deals_by_wilson(p: float, h: float) -> int:
    """Wilson's half-width, not the formula asked for (and from the package)."""
    n = 1
    while wilson(round(p * n), n).half_width > h:
        n += 1
    return n


def miss_share(p: float, n: int, runs: int, rng: random.Random) -> float:
    """The share of intervals that miss p."""
    return 1 - right_coverage(p, n, runs, rng)


def wald_coverage(p: float, n: int, runs: int, rng: random.Random) -> float:
    """The interval built from the half-width formula, estimate ± 1.96·√(e(1 − e)/n), not
    ``wilson`` (the twenty-sixth review)."""
    hits = 0
    for _ in range(runs):
        estimate = sum(rng.random() < p for _ in range(n)) / n
        half = 1.96 * sqrt(estimate * (1 - estimate) / n)
        hits += estimate - half <= p <= estimate + half
    return hits / runs


def measuring_wins(won: Callable[[random.Random, float], object]) -> Any:
    """A coverage simulation whose deal is won when ``won(rng, p)``."""

    def measure_coverage(p: float, n: int, runs: int, rng: random.Random) -> float:
        hits = 0
        for _ in range(runs):
            wins = sum(bool(won(rng, p)) for _ in range(n))
            hits += p in wilson(wins, n)
        return hits / runs

    return measure_coverage


def p_aces_reordered(cards: int, aces: int, reserve: int, k: int) -> Fraction:
    return Fraction(comb(aces, k) * comb(cards - aces, reserve - k), comb(cards, reserve))


def deals_by_loop(p: float, h: float) -> int:
    n = 1
    while 1.96 * sqrt(p * (1 - p) / n) > h:
        n += 1
    return n


METHODS: list[tuple[str, str, Callable[..., object], str]] = [
    # exercise, method, function, words of the hint it must get (or RIGHT)
    (
        "quadrennial-ace",
        "adds per ace",
        lambda c, a, r: a * comb(c - 1, r - 1) / comb(c, r),
        "card by card",
    ),
    ("quadrennial-ace", "expected aces", lambda c, a, r: r * a / c, "card by card"),
    (
        "quadrennial-ace",
        "with replacement",
        lambda c, a, r: 1 - (1 - a / c) ** r,
        "with replacement",
    ),
    ("quadrennial-ace", "no ace", lambda c, a, r: comb(c - a, r) / comb(c, r), "*no* ace"),
    (
        "quadrennial-ace",
        "52 written in",
        lambda c, a, r: 1 - comb(52 - a, r) / comb(52, r),
        "Right for Quadrennial's own numbers",
    ),
    (
        "quadrennial-ace",
        "a percent",
        lambda c, a, r: 100 * (1 - comb(c - a, r) / comb(c, r)),
        "is that a percent?",
    ),
    (
        "quadrennial-ace",
        "exactly one",
        lambda c, a, r: a * comb(c - a, r - 1) / comb(c, r),
        "hold no ace?",
    ),
    ("quadrennial-ace", "ordered", lambda c, a, r: 1 - perm(c - a, r) / perm(c, r), RIGHT),
    (
        "quadrennial-ace",
        "card after card",
        lambda c, a, r: 1 - prod((c - a - i) / (c - i) for i in range(r)),
        RIGHT,
    ),
    (
        "quadrennial-aces",
        "the rest from all cards",
        lambda k, c, a, r: comb(a, k) * comb(c, r - k) / comb(c, r),
        "aces included",
    ),
    (
        "quadrennial-aces",
        "at least k",
        lambda k, c, a, r: sum(
            comb(a, j) * comb(c - a, r - j) / comb(c, r) for j in range(k, a + 1)
        ),
        "*at least* k",
    ),
    (
        "acme-clubs",
        "at least k",
        lambda k, r: sum(
            comb(12, j) * comb(36, r - j) / comb(48, r) for j in range(k, min(12, r) + 1)
        ),
        "*at least* k",
    ),
    (
        "quadrennial-aces",
        "binomial",
        lambda k, c, a, r: comb(r, k) * (a / c) ** k * (1 - a / c) ** (r - k),
        "*binomial*",
    ),
    ("quadrennial-aces", "aces only", lambda k, c, a, r: comb(a, k) / comb(c, r), "but not both"),
    (
        "quadrennial-aces",
        "a percent",
        lambda k, c, a, r: 100 * comb(a, k) * comb(c - a, r - k) / comb(c, r),
        "is that a percent?",
    ),
    (
        "quadrennial-aces",
        "52 written in",
        lambda k, c, a, r: comb(a, k) * comb(52 - a, r - k) / comb(52, r),
        "Right for",
    ),
    (
        "quadrennial-aces",
        "ordered draws",
        lambda k, c, a, r: perm(a, k) * perm(c - a, r - k) / perm(c, r),
        "in one order",
    ),
    (
        "quadrennial-aces",
        "card by card, aces first",
        lambda k, c, a, r: (
            prod((a - i) / (c - i) for i in range(k))
            * prod((c - a - i) / (c - k - i) for i in range(r - k))
        ),
        "the aces first",
    ),
    (
        "acme-clubs",
        "card by card, clubs first",
        lambda k, r: (
            prod((12 - i) / (48 - i) for i in range(k))
            * prod((36 - i) / (48 - k - i) for i in range(r - k))
        ),
        "the clubs first",
    ),
    (
        "acquaintance-two",
        "suits and piles swapped",
        lambda s, p: 1 - comb(11 * p, s) / comb(12 * p, s),
        "uses `suits` where `piles` belongs",
    ),
    (
        "quadrennial-aces",
        "right at k = 0 only",  # not "right for Quadrennial's numbers": those are k = 0..4
        lambda k, c, a, r: comb(a, k) * comb(c - a, r - k) / comb(c, r) if k == 0 else 0.1,
        "For each k",
    ),
    (
        "quadrennial-aces",
        "a float",
        lambda k, c, a, r: comb(a, k) * comb(c - a, r - k) / comb(c, r),
        RIGHT,
    ),
    ("acquaintance-two", "adds per card", lambda s, p: p / 12, "counts a row with two 2s twice"),
    ("acquaintance-two", "with replacement", lambda s, p: 1 - (11 / 12) ** p, "with replacement"),
    ("acquaintance-two", "no two", lambda s, p: comb(11 * s, p) / comb(12 * s, p), "no 2 at all"),
    (
        "acquaintance-two",
        "aces dealt too",
        lambda s, p: 1 - comb(12 * s, p) / comb(13 * s, p),
        "aces included",
    ),
    ("acquaintance-two", "48 written in", lambda s, p: 1 - comb(44, p) / comb(48, p), "Right for"),
    (
        "acquaintance-two",
        "rows of suits",
        lambda s, p: 1 - comb(12 * s - p, s) / comb(12 * s, s),
        RIGHT,
    ),
    ("acquaintance-twos", "out of 52", lambda n: n * 4 / 52, "4/52"),
    ("acquaintance-twos", "one card", lambda n: 4 / 48, "chance for one card"),
    ("acquaintance-twos", "a percent", lambda n: 100 * n / 12, "is that a percent?"),
    ("acquaintance-twos", "whole division", lambda n: n // 12, "drop the fraction"),
    ("acquaintance-twos", "rounded", lambda n: round(n / 12, 2), "look rounded"),
    (
        "acquaintance-twos",
        "chance of a two",
        lambda n: 1 - comb(44, n) / comb(48, n),
        "sum of the cards' chances",
    ),
    ("acquaintance-twos", "the game's number", lambda n: 12 * Fraction(4, 48), "Right for"),
    ("acquaintance-twos", "one", lambda n: 1, "Right for"),
    ("acquaintance-twos", "out of 47", lambda n: n * 4 / 47, "how many cards"),
    ("acquaintance-twos", "three twos", lambda n: n * 3 / 48, "how many twos"),
    ("acquaintance-twos", "by the pile", lambda n: (n - 1) / 12, "chance that one card"),
    ("acquaintance-twos", "one in 48", lambda n: n / 48, "how many twos"),
    ("acquaintance-twos", "a float", lambda n: n * 4 / 48, RIGHT),
    ("acme-clubs", "binomial", lambda k, r: comb(r, k) * 0.25**k * 0.75 ** (r - k), "*binomial*"),
    (
        "acme-clubs",
        "52 cards",
        lambda k, r: comb(13, k) * comb(39, r - k) / comb(52, r),
        "not from 52 cards",
    ),
    (
        "acme-clubs",
        "the rest from all cards",
        lambda k, r: comb(12, k) * comb(48, r - k) / comb(48, r),
        "clubs included",
    ),
    (
        "acme-clubs",
        "a percent",
        lambda k, r: 100 * comb(12, k) * comb(36, r - k) / comb(48, r),
        "is that a percent?",
    ),
    (
        "acme-clubs",
        "13 written in",
        lambda k, r: comb(12, k) * comb(36, 13 - k) / comb(48, 13),
        "Right for",
    ),
    ("fly-kings", "independent", lambda r: (r / 96) ** 2, "independently"),
    ("fly-kings", "one copy", lambda r: r / 96, "one copy"),
    ("fly-kings", "either copy", lambda r: 1 - comb(94, r) / comb(96, r), "hold both K♠"),
    ("fly-kings", "pairs of places", lambda r: comb(r, 2) / comb(96, 2), RIGHT),
    ("fly-pair", "no pair", lambda r: comb(48, r) * 2**r / comb(96, r), "no pair at all"),
    (
        "fly-pair",
        "one copy of each, no choice of copy",
        lambda r: 1 - comb(48, r) / comb(96, r),
        "which of its two copies",
    ),
    (
        "fly-pair",
        "independent pairs",
        lambda r: 1 - (1 - comb(94, r - 2) / comb(96, r)) ** 48,
        "as independent",
    ),
    (
        "fly-pair",
        "adds the pairs",
        lambda r: 48 * comb(94, r - 2) / comb(96, r),
        "the expected number of pairs",
    ),
    (  # the same sum by the notebook's own "So?" cell's 78 pairs of places (review 21)
        "fly-pair",
        "adds the pairs of places",
        lambda r: comb(r, 2) / 95,
        "the expected number of pairs",
    ),
    (  # a right method rounded: p_pair draws no case, so the check asks (review 21)
        "fly-pair",
        "rounded",
        lambda r: round(1 - comb(48, r) * 2**r / comb(96, r), 4),
        "does your function round?",
    ),
    (
        "fly-pair",
        "the aces counted in",
        lambda r: 1 - comb(52, r) * 2**r / comb(104, r),
        "all 104 cards",
    ),
    (
        "quadrennial-ace",
        "whole division",
        lambda c, a, r: 1 - comb(c - a, r) // comb(c, r),
        "drop the fraction",
    ),
    (
        "acme-clubs",
        "whole division",
        lambda k, r: comb(12, k) * comb(36, r - k) // comb(48, r),
        "drop the fraction",
    ),
    (
        "fly-pair",
        "card after card",
        lambda r: 1 - prod((96 - 2 * i) / (96 - i) for i in range(r)),
        RIGHT,
    ),
    (
        "lab-sample-size",
        "rounded down",
        lambda p, h: int(1.96**2 * p * (1 - p) / h**2),
        "Round up, not down",
    ),
    (
        "lab-sample-size",
        "int + 1",  # as ceil wherever n is not whole, and no fair case has a whole n
        lambda p, h: int(1.96**2 * p * (1 - p) / h**2) + 1,
        RIGHT,
    ),
    (
        "lab-sample-size",
        "floor division + 1",  # the same
        lambda p, h: int(1.96**2 * p * (1 - p) // h**2 + 1),
        RIGHT,
    ),
    (
        "lab-sample-size",
        "ceil of one less",  # 4898 on the claim's numbers, a right value there by chance
        lambda p, h: ceil(1.96**2 * p * (1 - p) / h**2 - 1),
        "Round up, not down",
    ),
    (
        "lab-sample-size",
        "round + 1",
        lambda p, h: round(1.96**2 * p * (1 - p) / h**2) + 1,
        "overshoots",
    ),
    (
        "lab-sample-size",
        "h in points",
        lambda p, h: ceil(1.96**2 * p * (1 - p) / (100 * h) ** 2),
        "one percentage point is 0.01",
    ),
    (  # h taken for a percent and made a share (review 21)
        "lab-sample-size",
        "h divided by 100",
        lambda p, h: ceil(1.96**2 * p * (1 - p) / (h / 100) ** 2),
        "needs no dividing by 100",
    ),
    (
        "lab-sample-size",
        "z unsquared",
        lambda p, h: ceil(1.96 * p * (1 - p) / h**2),
        "Is z squared",
    ),
    (
        "lab-sample-size",
        "h unsquared",
        lambda p, h: ceil(1.96**2 * p * (1 - p) / h),
        "four times the deals",
    ),
    ("lab-sample-size", "z of 90%", lambda p, h: ceil(1.645**2 * p * (1 - p) / h**2), "90%"),
    ("lab-sample-size", "z of 99%", lambda p, h: ceil(2.576**2 * p * (1 - p) / h**2), "99%"),
    ("lab-sample-size", "z² rounded", lambda p, h: ceil(3.84 * p * (1 - p) / h**2), "3.8416"),
    (
        "lab-sample-size",
        "ceil + 1",
        lambda p, h: ceil(1.96**2 * p * (1 - p) / h**2) + 1,
        "ceil already rounds up",
    ),
    ("lab-sample-size", "z = 2", lambda p, h: ceil(4 * p * (1 - p) / h**2), "z = 2"),
    ("lab-sample-size", "z / h first", lambda p, h: ceil((1.96 / h) ** 2 * p * (1 - p)), RIGHT),
    (
        "lab-sample-size",
        "z to more digits",
        lambda p, h: ceil(1.959963984540054**2 * p * (1 - p) / h**2),
        RIGHT,
    ),
    ("lab-sample-size", "a loop", deals_by_loop, RIGHT),
    ("lab-sample-size", "Wilson's interval", deals_by_wilson, "without the package"),
    (
        "lab-coverage",
        "one deal too few",
        measuring(lambda n: n - 1, range),
        "further from what a simulation",
    ),
    (
        "lab-coverage",
        "one measurement too few",
        measuring(lambda n: n, lambda runs: range(1, runs)),
        "exactly `runs` measurements",
    ),
    (
        "lab-coverage",
        "one measurement too many",
        measuring(lambda n: n, lambda runs: range(runs + 1)),
        "exactly `runs` measurements",
    ),
    (
        "lab-coverage",
        "rounded",
        lambda p, n, runs, rng: round(right_coverage(p, n, runs, rng), 2),
        "rounded to two",
    ),
    ("lab-coverage", "typed in", lambda p, n, runs, rng: 0.95, "what the name promises"),
    ("lab-coverage", "one deal per measurement", measuring(lambda n: 1, range), "wins among n"),
    (
        "lab-coverage",
        "divided by runs + 1",
        lambda p, n, runs, rng: right_coverage(p, n, runs, rng) * runs / (runs + 1),
        "no count of intervals",
    ),
    ("lab-coverage", "the interval of runs deals", interval_of_runs, "wins among n"),
    (
        "lab-coverage",
        "rounded to one place",
        lambda p, n, runs, rng: round(right_coverage(p, n, runs, rng), 1),
        "rounded to two",
    ),
    ("lab-coverage", "misses counted", miss_share, "the number of intervals that do contain"),
    ("lab-coverage", "wins when above p", measuring_wins(lambda rng, p: rng.random() > p), "< p"),
    ("lab-coverage", "a coin for a deal", measuring_wins(lambda rng, p: rng.randint(0, 1)), "< p"),
    ("lab-coverage", "a generator per run", seeded_each_run, "seeded the same way"),
    ("lab-coverage", "the half-width's interval", wald_coverage, "make each one with wilson"),
    ("lab-coverage", "a simulation", right_coverage, RIGHT),
    ("lab-coverage", "another generator", unseeded, RIGHT),
]


Z = 1.96


def deals_by_half_width(p: float, h: float) -> int:
    n = 1
    while Z * sqrt(p * (1 - p) / n) >= h:
        n += 1
    return n


SAMPLE_SIZE_FORMS = {  # the right formula written as students write it (the fifteenth review)
    "z² p(1 − p) / h²": lambda p, h: ceil(Z**2 * p * (1 - p) / h**2),
    "(z √(p(1 − p)) / h)²": lambda p, h: ceil((Z * sqrt(p * (1 - p)) / h) ** 2),
    "(z / h)² p(1 − p)": lambda p, h: ceil((Z / h) ** 2 * p * (1 - p)),
    "p(1 − p) z² / h²": lambda p, h: ceil(p * (1 - p) * Z**2 / h**2),
    "z z p(1 − p) / (h h)": lambda p, h: ceil(Z * Z * p * (1 - p) / (h * h)),
    "p(1 − p) / (h / z)²": lambda p, h: ceil(p * (1 - p) / (h / Z) ** 2),
    "p(1 − p) / (h² / z²)": lambda p, h: ceil(p * (1 - p) / (h**2 / Z**2)),
    "p(1 − p) / (h h / z / z)": lambda p, h: ceil(p * (1 - p) / (h * h / Z / Z)),
    "pow": lambda p, h: ceil(pow(Z * sqrt(p * (1 - p)) / h, 2)),
    "-(-a // b)": lambda p, h: int(-(-(Z * Z * p * (1 - p)) // (h * h))),
    "(z / h)² (p − p²)": lambda p, h: ceil((Z / h) ** 2 * (p - p * p)),
    "(z² p − z² p²) / h²": lambda p, h: ceil((Z**2 * p - Z**2 * p**2) / h**2),
    "z² p(1 − p) h⁻²": lambda p, h: ceil(Z**2 * p * (1 - p) * h**-2),
    "√p √(1 − p)": lambda p, h: ceil((Z * sqrt(p) * sqrt(1 - p) / h) ** 2),
    "z² typed as 3.8416": lambda p, h: ceil(3.8416 * p * (1 - p) / h**2),
    "times (1 / h)²": lambda p, h: ceil(Z**2 * p * (1 - p) * (1 / h) ** 2),
    "p z z (1 − p) / h²": lambda p, h: ceil(p * Z * Z * (1 - p) / h**2),
    "(z √(p(1 − p)))² / h²": lambda p, h: ceil((Z * sqrt(p * (1 - p))) ** 2 / h**2),
    "a loop on the half-width": deals_by_half_width,
    "Fraction of the floats": lambda p, h: ceil(
        Fraction(Z) ** 2 * Fraction(p) * (1 - Fraction(p)) / Fraction(h) ** 2
    ),
    "Fraction of the decimals": lambda p, h: ceil(
        Fraction(str(Z)) ** 2 * Fraction(str(p)) * (1 - Fraction(str(p))) / Fraction(str(h)) ** 2
    ),
}


@pytest.mark.parametrize("form", SAMPLE_SIZE_FORMS)
def test_every_way_of_writing_the_sample_size_is_right(form: str) -> None:
    """Every form is right: the check has no case whose n is whole, where a float a hair above
    it would make ceil add a deal (the fifteenth and sixteenth reviews)."""
    feedback = judge("lab-sample-size", SAMPLE_SIZE_FORMS[form])
    assert feedback.verdict == "correct", feedback


def test_randomness_from_secrets_is_told_where_to_get_it_and_not_counted() -> None:
    import secrets

    def measure_coverage(p: float, n: int, runs: int, rng: random.Random) -> float:
        system = secrets.SystemRandom()
        hits = sum(p in wilson(sum(system.random() < p for _ in range(n)), n) for _ in range(runs))
        return hits / runs

    feedback = judge("lab-coverage", measure_coverage)
    assert "use the `rng` the check gives" in feedback.message, feedback
    assert "Not counted" in feedback.message and "insides" not in feedback.message, feedback


def test_parameters_in_another_order_are_a_form_slip() -> None:
    feedback = judge("quadrennial-aces", p_aces_reordered)
    assert "in that order" in feedback.message and "Not counted" in feedback.message, feedback


@pytest.fixture(autouse=True)
def fresh_session() -> Any:
    session.forget()
    student("")
    yield
    session.forget()
    student("")


@pytest.mark.parametrize(
    ("exercise_id", "function", "words"),
    [
        pytest.param(exercise, function, words, id=f"{exercise}: {method}")
        for exercise, method, function, words in METHODS
    ],
)
def test_each_method_gets_the_hint_that_is_true_for_it(
    exercise_id: str, function: Callable[..., object], words: str
) -> None:
    feedback = judge(exercise_id, function)
    if words == RIGHT:
        assert feedback.verdict == "correct", feedback
    else:
        assert feedback.verdict == "not yet" and words in feedback.message, feedback
