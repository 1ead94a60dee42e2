"""Confidence intervals for a proportion: Wilson's score interval and the exact Clopper–Pearson.

A win rate measured on ``n`` deals is a binomial proportion. Wilson's interval is the one to
quote (good coverage even near 0 and 1, closed form); Clopper–Pearson is the "exact" interval,
never narrower than it should be, computed here without scipy: its bounds are Beta quantiles,
and the regularized incomplete beta at integer parameters is a binomial tail,
``I_p(k, n - k + 1) = P(Binomial(n, p) >= k)``, so each bound is found by bisection on that tail.
"""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import NamedTuple


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
    """A proportion needs ``0 <= successes <= n``."""
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


def binomial_tail(n: int, k: int, p: float) -> float:
    """``P(Binomial(n, p) >= k)``, summed term by term in log space (no cancellation)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    if p <= 0.0:
        return 0.0
    if p >= 1.0:
        return 1.0
    log_p, log_q = math.log(p), math.log1p(-p)
    log_n = math.lgamma(n + 1)
    terms = (
        math.exp(log_n - math.lgamma(j + 1) - math.lgamma(n - j + 1) + j * log_p + (n - j) * log_q)
        for j in range(k, n + 1)
    )
    return min(1.0, math.fsum(terms))


def _solve_bound(f_target: float, k: int, n: int, below: bool) -> float:
    """The ``p`` where ``P(X >= k)`` (or, if ``below``, ``P(X <= k)``) equals the target."""
    lo, hi = 0.0, 1.0
    for _ in range(80):
        mid = (lo + hi) / 2
        value = 1 - binomial_tail(n, k + 1, mid) if below else binomial_tail(n, k, mid)
        # P(X >= k) increases with p; P(X <= k) decreases with p.
        if (value < f_target) != below:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def clopper_pearson(successes: int, n: int, confidence: float = 0.95) -> Interval:
    """The exact (Clopper–Pearson) interval: never undercovers, a little wider than Wilson's.

    Closed forms at the ends: ``0`` of ``n`` gives ``[0, 1 - (alpha/2) ** (1/n)]``.
    """
    check_counts(successes, n)
    z_value(confidence)  # validates the level
    if n == 0:
        return Interval(0.0, 1.0)
    alpha = 1 - confidence
    low = 0.0 if successes == 0 else _solve_bound(alpha / 2, successes, n, below=False)
    high = 1.0 if successes == n else _solve_bound(alpha / 2, successes, n, below=True)
    return Interval(low, high)


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

    ``sample_size(0.15, 0.01)`` is 4898: about 5000 deals for +-1 point at 15%.
    """
    z = z_value(confidence)
    return math.ceil(z * z * p * (1 - p) / (half_width * half_width))
