"""Exact answers and confidence intervals: known values, and agreement with real deals."""

from __future__ import annotations

import functools
import math
from fractions import Fraction
from math import comb

import pytest

from solitaire_widgets.stats import (
    Proportion,
    acme_reserve_suit_count,
    acquaintance_two_in_first_row,
    clopper_pearson,
    fly_reserve_both_copies,
    hypergeometric,
    quadrennial_ace_in_reserve,
    questions,
    sample_size,
    wilson,
)
from solitaire_widgets.stats.exact import Question, has_rank

SIMULATED_DEALS = 4000


def test_wilson_hand_computed() -> None:
    # 50 of 100 at 95% (z = 1.959964): centre 0.5, half-width
    # z / (1 + z²/n) * sqrt(p(1-p)/n + z²/4n²) = 1.887458 * 0.0509513 = 0.0961685
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038315, abs=1e-6)
    assert high == pytest.approx(0.5961685, abs=1e-6)
    # 0 of 10: the upper bound is z²/(n + z²)
    z2 = 1.959963984540054**2
    assert wilson(0, 10).low == 0.0
    assert wilson(0, 10).high == pytest.approx(z2 / (10 + z2))
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(750, 5000).half_width < 0.01  # the Acme claim's target precision


def test_clopper_pearson_known_values() -> None:
    assert clopper_pearson(0, 10).high == pytest.approx(1 - 0.025**0.1, abs=1e-9)
    assert clopper_pearson(10, 10).low == pytest.approx(0.025**0.1, abs=1e-9)
    low, high = clopper_pearson(3, 10)  # the textbook table value
    assert (round(low, 4), round(high, 4)) == (0.0667, 0.6525)
    mirrored = clopper_pearson(7, 10)
    assert mirrored.low == pytest.approx(1 - high) and mirrored.high == pytest.approx(1 - low)
    # the exact interval is never narrower than Wilson's at these counts
    assert clopper_pearson(30, 200).half_width > wilson(30, 200).half_width


def test_interval_arguments_are_checked() -> None:
    with pytest.raises(ValueError):
        wilson(11, 10)
    with pytest.raises(ValueError):
        wilson(1, 10, confidence=1.5)


def test_sample_size_for_the_acme_claim() -> None:
    assert 4800 < sample_size(0.15, 0.01) < 5000


def test_exact_values() -> None:
    assert quadrennial_ace_in_reserve() == 1 - Fraction(comb(48, 8), comb(52, 8))
    assert acquaintance_two_in_first_row() == 1 - Fraction(comb(44, 4), comb(48, 4))
    assert fly_reserve_both_copies() == Fraction(13 * 12, 96 * 95)
    assert acme_reserve_suit_count(3) == Fraction(comb(12, 3) * comb(36, 10), comb(48, 13))
    assert sum(acme_reserve_suit_count(k) for k in range(13)) == 1
    assert sum(hypergeometric(k, 52, 13, 13) for k in range(14)) == 1


@pytest.mark.parametrize("question", questions(reserve_knobs=True), ids=lambda q: q.text)
def test_exact_agrees_with_real_deals(question: Question) -> None:
    """The exact answer lies inside the 99.9% interval of a simulation on real deals."""
    seen = question.simulate(SIMULATED_DEALS, seed=2024)
    assert seen.n == SIMULATED_DEALS
    assert float(question.exact) in seen.wilson(0.999), (question.text, str(seen))


def test_simulation_rejects_a_wrong_answer() -> None:
    """The agreement test has power: the naive "expected number of aces" answer, 8 * 4/52, falls
    outside the interval; and an event that cannot happen (an ace in Fly's reserve) never does."""
    quad = questions()[0]
    seen = quad.simulate(SIMULATED_DEALS, seed=2024)
    assert 8 * 4 / 52 not in seen.wilson(0.999)
    # Aces never reach Fly's reserve: dealt positions know the aces are set aside.
    no_ace = Question(
        "ace in Fly's reserve", "fly", Fraction(0), functools.partial(has_rank, rank_index=0)
    )
    assert no_ace.simulate(300).successes == 0


def test_proportion_text() -> None:
    text = str(Proportion(30, 120))
    assert "30/120" in text and "25.00%" in text
    assert math.isnan(Proportion(0, 0).rate)
