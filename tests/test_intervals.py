"""Intervals against published values, their coverage, and how they are read against a claim.

Published values: Newcombe (1998), "Two-sided confidence intervals for the single
proportion", Statistics in Medicine 17, Table I (Wilson's score interval, method 3, and the
exact Clopper–Pearson interval, method 5), to four decimals; R 3.6.2's ``binom.test`` and
``prop.test`` as scipy's own tests quote them; and scipy's documented example
(``binomtest(7, 50).proportion_ci()``).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from scipy.stats import beta, binomtest

from solitaire_widgets.intervals import (
    clopper_pearson,
    coverage,
    percent,
    read_claim,
    undecided_bounds,
    wilson,
)

# (successes, n): (Wilson low, high), (Clopper–Pearson low, high), Newcombe's Table I
NEWCOMBE = {
    (81, 263): ((0.2553, 0.3662), (0.2527, 0.3676)),
    (15, 148): ((0.0624, 0.1605), (0.0578, 0.1617)),
    (0, 20): ((0.0000, 0.1611), (0.0000, 0.1684)),
    (1, 29): ((0.0061, 0.1718), (0.0009, 0.1776)),
    (29, 29): ((0.8830, 1.0000), (0.8806, 1.0000)),
}


@pytest.mark.parametrize(("k", "n"), sorted(NEWCOMBE))
def test_newcombe_table(k: int, n: int) -> None:
    (w_low, w_high), (cp_low, cp_high) = NEWCOMBE[k, n]
    assert wilson(k, n) == (pytest.approx(w_low, abs=5e-5), pytest.approx(w_high, abs=5e-5))
    assert clopper_pearson(k, n) == (
        pytest.approx(cp_low, abs=5e-5),
        pytest.approx(cp_high, abs=5e-5),
    )


def test_r_values_quoted_by_scipy() -> None:
    # binom.test(20, 100): 95% exact interval; binom.test(3, 50, conf.level = 0.99)
    assert clopper_pearson(20, 100) == (
        pytest.approx(0.1266555521019559, rel=1e-9),
        pytest.approx(0.2918426890886281, rel=1e-9),
    )
    assert clopper_pearson(3, 50, 0.99) == (
        pytest.approx(0.006872485, rel=1e-6),
        pytest.approx(0.202706269, rel=1e-6),
    )
    assert clopper_pearson(10, 10).low == pytest.approx(0.6915029, rel=1e-6)
    # prop.test(3, 10, correct = FALSE): Wilson's score interval at 95% and 99%
    assert wilson(3, 10) == (pytest.approx(0.1077913, rel=1e-6), pytest.approx(0.6032219, rel=1e-6))
    assert wilson(3, 10, 0.99) == (
        pytest.approx(0.07956632, rel=1e-6),
        pytest.approx(0.6799753, rel=1e-6),
    )
    assert wilson(0, 10).high == pytest.approx(0.2775328, rel=1e-6)
    assert wilson(10, 10).low == pytest.approx(0.7224672, rel=1e-6)


def test_scipy_documented_example() -> None:
    assert clopper_pearson(7, 50) == (
        pytest.approx(0.05819170033997342, rel=1e-9),
        pytest.approx(0.26739600249700846, rel=1e-9),
    )


@pytest.mark.parametrize(("k", "n"), [(15_000, 100_000), (630, 5000), (3, 100_000), (0, 10**6)])
def test_large_n(k: int, n: int) -> None:
    """At large n, Wilson's short formula matches scipy's implementation, and the exact
    interval's bounds are the Beta quantiles that define it."""
    ours = wilson(k, n)
    theirs = binomtest(k, n).proportion_ci(method="wilson")
    assert ours == (pytest.approx(theirs.low, abs=1e-12), pytest.approx(theirs.high, rel=1e-9))
    low, high = clopper_pearson(k, n)
    assert low == (pytest.approx(beta.ppf(0.025, k, n - k + 1), rel=1e-7) if k else 0.0)
    assert high == pytest.approx(beta.ppf(0.975, k + 1, n - k), rel=1e-7)
    assert high - low >= ours.high - ours.low - 1e-4  # the exact one is never much narrower


def test_the_undecided_widen_the_interval_to_their_bounds() -> None:
    # 27 of 28 decided, 12 undecided: all lost is 27 of 40, all won 39 of 40
    bounds = undecided_bounds(27, 28, 12)
    assert bounds == (wilson(27, 40).low, wilson(39, 40).high)
    assert bounds.low < wilson(27, 28).low and wilson(27, 28).high <= bounds.high
    assert undecided_bounds(5, 10, 0) == wilson(5, 10)
    with pytest.raises(ValueError):
        undecided_bounds(5, 10, -1)


def test_coverage_is_exact_and_tells_the_intervals_apart() -> None:
    """Coverage at p: the probability that the interval holds p, summed over the outcomes."""
    # n = 1: the interval of 0 of 1 and of 1 of 1; p = 0.5 is in both, so covered surely
    assert coverage(1, [0.5]) == [pytest.approx(1.0)]
    ps = [i / 100 for i in range(1, 100)]
    exact = coverage(30, ps, clopper_pearson)
    assert min(exact) >= 0.95 - 1e-9  # Clopper–Pearson never undercovers
    score = coverage(30, ps)
    assert min(score) < 0.95 < max(score)  # Wilson's swings around the level
    assert sum(score) / len(score) == pytest.approx(0.95, abs=0.02)
    with pytest.raises(ValueError):
        coverage(0, [0.5])


def test_a_claim_inside_is_consistent_not_confirmed() -> None:
    reading = read_claim(0.15, 31, 200)
    assert reading.verdict == "consistent"
    assert "consistent with 15%" in str(reading) and "do not confirm" in str(reading)
    assert "confirmed" not in str(reading)
    small = read_claim(0.15, 6, 60)  # one deal in ten, still consistent with 15%
    assert small.verdict == "consistent" and 0.15 in small.interval


def test_a_claim_outside_is_excluded() -> None:
    reading = read_claim(0.15, 630, 5000)
    assert reading.verdict == "excluded"
    assert "exclude 15%" in str(reading) and "lower" in str(reading)
    assert read_claim(0.05, 630, 5000).text.endswith("(the rate is higher).")


def test_undecided_samples_can_leave_a_claim_unsettled() -> None:
    # 27 of 28 decided and 12 undecided: 70% is outside the decided interval, inside the bounds
    assert read_claim(0.7, 27, 28, undecided=12).verdict == "unsettled"
    assert read_claim(0.3, 27, 28, undecided=12).verdict == "excluded"
    inside = read_claim(0.95, 27, 28, undecided=12)
    assert inside.verdict == "consistent" and "12 undecided" in inside.text
    assert read_claim(0.5, 0, 0).verdict == "consistent"  # nothing decided rules nothing out
    with pytest.raises(ValueError):
        read_claim(1.5, 3, 10)


def test_the_chances_run_without_scipy() -> None:
    """The widget's Chances and Wilson need no scipy (the widget runs in Pyodide too)."""
    code = textwrap.dedent(
        """
        import sys
        sys.modules["scipy"] = None  # any import of scipy now fails
        from solitaire_widgets import Game
        from solitaire_widgets.chances import measure_chances
        from solitaire_widgets.intervals import clopper_pearson, wilson
        import solitaire_widgets.stats, solitaire_widgets.widget
        report = measure_chances(Game("acme", seed=3), samples=2, max_nodes=500)
        print(report.done, wilson(3, 10).low > 0)
        try:
            clopper_pearson(3, 10)
        except ImportError:
            print("no scipy")
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["2", "True", "no", "scipy"]


@pytest.mark.parametrize(
    ("share", "text"),
    [
        (0.15, "15%"),
        (0.126, "12.6%"),
        (1.0, "100%"),
        (0.0, "0%"),
        (0.9996, "99.96%"),  # not "100%": 2 undecided of 10,000 must still show
        (0.0004, "0.04%"),
        (0.99999, "over 99.99%"),
        (0.00001, "under 0.01%"),
    ],
)
def test_percent_never_rounds_a_share_to_all_or_nothing(share: float, text: str) -> None:
    assert percent(share) == text
