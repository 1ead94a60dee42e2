"""Confidence intervals for a proportion, and how to read one against a claimed value.

A win rate measured on ``n`` deals is a binomial proportion. Wilson's score interval is the one
to quote (good coverage even near 0 and 1, a short closed form, pure Python, so it runs in the
widget and in Pyodide); Clopper–Pearson is the "exact" interval, never undercovering, computed
by scipy (imported only when it is asked for). ``read_claim`` phrases what an interval says
about a claimed value: "consistent with" or "excluded", never "confirmed".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from statistics import NormalDist
from typing import Literal, NamedTuple

from .checks import check_confidence, check_share
from .kernel_state import refuse_in_checks


class Interval(NamedTuple):
    """A two-sided confidence interval ``[low, high]`` for a proportion."""

    low: float
    high: float

    @property
    def half_width(self) -> float:
        """Half the width: the "plus or minus" of the estimate."""
        return (self.high - self.low) / 2

    def __contains__(self, value: object) -> bool:
        return isinstance(value, (int, float)) and self.low <= value <= self.high

    def __str__(self) -> str:
        return f"[{self.low:.2%}, {self.high:.2%}]"


def z_value(confidence: float) -> float:
    """The two-sided normal quantile: 1.959964 for 95%."""
    if not 0 < confidence < 1:
        raise ValueError(f"a confidence level is strictly between 0 and 1, not {confidence}")
    return NormalDist().inv_cdf(1 - (1 - confidence) / 2)


def check_counts(successes: int, n: int) -> None:
    """A proportion needs whole counts, ``0 <= successes <= n``: a share given as the count
    (``wilson(0.15, 50)``) is refused, not read as 0.15 of a success."""
    for name, count in (("successes", successes), ("n", n)):
        if float(count) != int(count):
            raise ValueError(
                f"{name} is a count, a whole number, not {count!r} (for a share of n, give "
                "the count: share × n)"
            )
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")


def wilson(successes: int, n: int, confidence: float = 0.95) -> Interval:
    """Wilson's score interval for ``successes`` out of ``n`` (``[0, 1]`` when ``n`` is 0).

    >>> print(wilson(50, 100))
    [40.38%, 59.62%]
    """
    check_counts(successes, n)
    if n == 0:
        return Interval(0.0, 1.0)
    z = z_value(confidence)
    p = successes / n
    z2n = z * z / n
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / n + z2n / (4 * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(low, high)


def clopper_pearson(successes: int, n: int, confidence: float = 0.95) -> Interval:
    """The exact (Clopper–Pearson) interval: never undercovers, a little wider than Wilson's.

    Its bounds are Beta quantiles; scipy computes them (``binomtest(k, n).proportion_ci(
    method="exact")``), so scipy is imported here, when an exact interval is asked for, and
    nowhere else: everything else in the package, the widget included, runs without it.
    """
    check_counts(successes, n)
    z_value(confidence)  # validates the level
    if n == 0:
        return Interval(0.0, 1.0)
    from scipy.stats import binomtest

    ci = binomtest(successes, n).proportion_ci(confidence_level=confidence, method="exact")
    return Interval(float(ci.low), float(ci.high))


class Proportion(NamedTuple):
    """``successes`` out of ``n`` trials, with its estimate and intervals."""

    successes: int
    n: int

    @property
    def rate(self) -> float:
        """The observed proportion (``nan`` when there were no trials)."""
        return self.successes / self.n if self.n else math.nan

    def wilson(self, confidence: float = 0.95) -> Interval:
        return wilson(self.successes, self.n, confidence)

    def clopper_pearson(self, confidence: float = 0.95) -> Interval:
        return clopper_pearson(self.successes, self.n, confidence)

    def __str__(self) -> str:
        return f"{self.successes}/{self.n} = {self.rate:.2%} (95% Wilson {self.wilson()})"


def sample_size(p: float, half_width: float, confidence: float = 0.95) -> int:
    """Deals needed for a normal-approximation half-width at a guessed rate ``p``.

    ``sample_size(0.15, 0.01)`` is 4898: about 5000 deals for +-1 point at 15%. ``p`` is a
    share from 0 to 1 and ``half_width`` one above 0 (``ValueError`` otherwise).
    """
    refuse_in_checks("sample_size")  # the answer of 07's deals_needed
    p = check_share(p, "p (the guessed rate)")
    half_width = check_share(half_width, "half_width", open_low=True)
    z = z_value(check_confidence(confidence))
    return math.ceil(z * z * p * (1 - p) / (half_width * half_width))


def undecided_bounds(
    successes: int, decided: int, undecided: int, confidence: float = 0.95
) -> Interval:
    """The interval over every sample, decided or not: Wilson's low end with the undecided
    counted as failures, its high end with them counted as successes.

    However the undecided samples turn out, the rate over all of them lies in this range (at
    the stated confidence); it is never narrower than the interval of the decided ones.
    """
    check_counts(successes, decided)
    if undecided < 0:
        raise ValueError(f"a count of undecided samples is not negative: {undecided}")
    n = decided + undecided
    return Interval(
        wilson(successes, n, confidence).low, wilson(successes + undecided, n, confidence).high
    )


IntervalMethod = Callable[[int, int, float], Interval]
"""An interval as a function ``(successes, n, confidence) -> Interval``, like ``wilson``."""


def binomial_pmf(k: int, n: int, p: float) -> float:
    """``P(Binomial(n, p) = k)``, in log space so that large ``n`` does not overflow."""
    if p <= 0.0 or p >= 1.0:
        return float(k == (0 if p <= 0.0 else n))
    log = math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
    return math.exp(log + k * math.log(p) + (n - k) * math.log1p(-p))


def coverage(
    n: int, ps: Sequence[float], method: IntervalMethod = wilson, confidence: float = 0.95
) -> list[float]:
    """For each true rate ``p``, the probability that the interval from ``n`` trials contains
    it: the sum of ``P(k successes)`` over the ``k`` whose interval holds ``p``. Exact, no
    simulation. A 95% interval should give about 0.95 at every ``p``; Wilson's swings around
    it, Clopper–Pearson's stays above."""
    refuse_in_checks("coverage")  # what 06's measure_coverage measures
    if n < 1:
        raise ValueError(f"coverage needs at least one trial, not n = {n}")
    intervals = [method(k, n, confidence) for k in range(n + 1)]
    return [
        math.fsum(binomial_pmf(k, n, p) for k, ci in enumerate(intervals) if p in ci) for p in ps
    ]


Verdict = Literal["consistent", "excluded", "unsettled"]


class Reading(NamedTuple):
    """What an interval says about a claimed value: the verdict and the sentence to say.

    ``consistent``: the claim lies inside the interval. So does every other value in it, so
    the data do not *confirm* the claim; they only fail to rule it out. ``excluded``: outside
    the interval (and, with undecided samples, outside the bounds that count them all lost and
    all won). ``unsettled``: outside the interval of the decided samples but inside those
    bounds, so the undecided samples could still bring it in.
    """

    claim: float
    verdict: Verdict
    interval: Interval
    bounds: Interval | None
    text: str

    def __str__(self) -> str:
        return self.text


def percent(x: float) -> str:
    """``15%`` for 0.15, ``12.6%`` for 0.126: one decimal, dropped when it is zero. Never
    ``100%`` or ``0%`` for a share that is not exactly that: 0.9996 is ``99.96%``."""
    text = f"{x:.1%}".replace(".0%", "%")
    if text in ("0%", "100%") and 0 < x < 1:
        text = f"{x:.2%}"
        if text == "0.00%":
            return "under 0.01%"
        if text == "100.00%":
            return "over 99.99%"
    return text


def read_claim(
    claim: float,
    successes: int,
    decided: int,
    *,
    undecided: int = 0,
    confidence: float = 0.95,
    method: IntervalMethod = wilson,
) -> Reading:
    """Read ``successes`` of ``decided`` samples (and ``undecided`` more) against ``claim``.

    >>> print(read_claim(0.15, 31, 200))  # doctest: +NORMALIZE_WHITESPACE
    15% is inside the 95% interval [11.1%, 21.2%] from 31 of 200: the data are consistent
    with 15%, as with every value in the interval; they do not confirm it.
    >>> read_claim(0.15, 630, 5000).verdict
    'excluded'
    """
    if not 0 <= claim <= 1:
        raise ValueError(f"a claimed proportion lies between 0 and 1, not {claim}")
    interval = method(successes, decided, confidence)
    bounds = undecided_bounds(successes, decided, undecided, confidence) if undecided else None
    level = f"{confidence:.0%}"
    span = f"[{percent(interval.low)}, {percent(interval.high)}]"
    where = f"the {level} interval {span} from {successes} of {decided}"
    c = percent(claim)
    if decided == 0:
        text = f"no sample is decided yet: nothing rules out any value, {c} included"
        return Reading(claim, "consistent", interval, bounds, text)
    side = "lower" if claim > interval.high else "higher"
    if bounds is None:
        if claim in interval:
            text = (
                f"{c} is inside {where}: the data are consistent with {c}, as with every value "
                "in the interval; they do not confirm it."
            )
            return Reading(claim, "consistent", interval, bounds, text)
        text = (
            f"{c} is outside {where}: the data exclude {c} at the {level} level "
            f"(the rate is {side})."
        )
        return Reading(claim, "excluded", interval, bounds, text)
    all_span = f"[{percent(bounds.low)}, {percent(bounds.high)}]"
    counted = f"the {undecided} undecided counted all lost … all won give {all_span}"
    if claim in interval:
        text = (
            f"{c} is inside {where} decided: the data are consistent with {c}, as with every "
            f"value in the interval; they do not confirm it ({counted})."
        )
        return Reading(claim, "consistent", interval, bounds, text)
    if claim in bounds:
        text = (
            f"{c} is outside {where} decided, but {counted}: not settled until the undecided "
            "are decided."
        )
        return Reading(claim, "unsettled", interval, bounds, text)
    text = (
        f"{c} is outside {where} decided, and {counted}: the data exclude {c} at the {level} "
        f"level however the undecided turn out (the rate is {side})."
    )
    return Reading(claim, "excluded", interval, bounds, text)
