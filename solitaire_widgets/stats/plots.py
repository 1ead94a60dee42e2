"""Plots of the measurements (matplotlib, imported only when a plot is drawn).

Each function draws on the ``ax`` it is given (or a new figure's) and returns the ``Axes``, so a
notebook can combine them; none of them calls ``plt.show()``. Intervals are Wilson's unless a
plot says otherwise; a reference value is drawn as a dashed line, and read against each
interval in the words of ``intervals.read_claim`` (consistent, excluded, unsettled).

A notebook that plots starts with ``plt = pyplot_if_installed()``: without matplotlib (a
JupyterLite site built without Pyodide's full distribution, say) it says so once, and its plot
cells skip their plots.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from ..intervals import (
    IntervalMethod,
    clopper_pearson,
    coverage,
    read_claim,
    undecided_bounds,
    wilson,
)
from .montecarlo import WinRate
from .strategies import Outcome

if TYPE_CHECKING:
    from matplotlib.axes import Axes


class Counted(Protocol):
    """Won, lost and undecided deals of one measure (``chances.Tally`` is one)."""

    @property
    def won(self) -> int: ...
    @property
    def lost(self) -> int: ...
    @property
    def undecided(self) -> int: ...


MATPLOTLIB_MISSING = (
    "matplotlib is not installed here, so this notebook's plots are skipped; everything else "
    "runs. To see the plots, install it (pip install matplotlib) or, on a JupyterLite site, use "
    "one built with Pyodide's full distribution."
)


def pyplot_if_installed() -> Any | None:
    """``matplotlib.pyplot``, or None after printing a plain note that the plots are skipped."""
    try:
        return importlib.import_module("matplotlib.pyplot")
    except ImportError:
        print(MATPLOTLIB_MISSING)
        return None


def _axes(ax: Axes | None) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, new = plt.subplots(figsize=(7, 4))
    return new


def _errors(results: Sequence[WinRate]) -> tuple[list[float], list[list[float]]]:
    """Rates in percent and their asymmetric error bars (Wilson) for ``errorbar``."""
    rates = [100 * r.rate for r in results]
    low = [100 * (r.rate - r.interval.low) for r in results]
    high = [100 * (r.interval.high - r.rate) for r in results]
    return rates, [low, high]


def plot_win_rates(results: Sequence[WinRate], ax: Axes | None = None) -> Axes:
    """Win rate with its confidence interval, one group per variant, one marker per strategy."""
    ax = _axes(ax)
    variants = list(dict.fromkeys(r.variant for r in results))
    strategies = list(dict.fromkeys(r.strategy for r in results))
    width = 0.8 / max(1, len(strategies))
    for s, strategy in enumerate(strategies):
        chosen = [r for r in results if r.strategy == strategy]
        xs = [variants.index(r.variant) - 0.4 + width * (s + 0.5) for r in chosen]
        rates, errors = _errors(chosen)
        ax.errorbar(xs, rates, yerr=errors, fmt="o", capsize=4, label=strategy)
    ax.set_xticks(range(len(variants)), variants)
    ax.set_ylabel("win rate (%)")
    confidence = results[0].confidence if results else 0.95
    ax.set_title(f"Win rate per strategy ({confidence:.0%} Wilson intervals)")
    ax.set_ylim(bottom=0)
    ax.legend()
    return ax


def plot_measures(measures: Mapping[str, Mapping[str, Counted]], ax: Axes | None = None) -> Axes:
    """Several measures side by side, one group per game and one marker per measure, each a
    count of won, lost and undecided deals (a ``chances.Tally``): the rate over the decided
    deals with its Wilson interval, and, when some are undecided, a thin bar for the range
    they leave open (all lost ... all won). ``measures[game][name]``: say winnable (the solver)
    next to the hint player's wins on the same deals."""
    ax = _axes(ax)
    games = list(measures)
    names = list(dict.fromkeys(name for by_name in measures.values() for name in by_name))
    width = 0.8 / max(1, len(names))
    widest = 0.0  # the widest range undecided deals leave open, in points
    for s, name in enumerate(names):
        xs, rates, low, high = [], [], [], []
        for g, game in enumerate(games):
            tally = measures[game].get(name)
            if tally is None or not tally.won + tally.lost:
                continue
            x = g - 0.4 + width * (s + 0.5)
            interval = wilson(tally.won, tally.won + tally.lost)
            rate = 100 * tally.won / (tally.won + tally.lost)
            xs.append(x)
            rates.append(rate)
            low.append(rate - 100 * interval.low)
            high.append(100 * interval.high - rate)
            if tally.undecided:
                bounds = undecided_bounds(tally.won, tally.won + tally.lost, tally.undecided)
                ax.vlines(x, 100 * bounds.low, 100 * bounds.high, lw=6, color=f"C{s}", alpha=0.25)
                widest = max(widest, 100 * (bounds.high - bounds.low))
        ax.errorbar(xs, rates, yerr=[low, high], fmt="o", capsize=4, color=f"C{s}", label=name)
    ax.set_xticks(range(len(games)), games)
    ax.set_ylabel("share of the deals (%)")
    ax.set_ylim(0, 105)
    # a bar under a marker is no bar to look for (the fifty-fourth review)
    undecided = (
        "a pale bar: the range the undecided deals leave open"
        if widest >= 2
        else "the undecided deals move no share by 2 points"
    )
    ax.set_title(f"95% Wilson intervals; {undecided}" if widest else "95% Wilson intervals")
    ax.legend()
    return ax


def plot_cards_home(results: WinRate | Sequence[WinRate], ax: Axes | None = None) -> Axes:
    """Histogram of the cards brought home per game (one step line per result)."""
    ax = _axes(ax)
    for result in [results] if isinstance(results, WinRate) else results:
        counts = result.cards_home_histogram
        played = sum(counts.values()) or 1
        xs = range(result.total_cards + 1)
        share = [100 * counts.get(x, 0) / played for x in xs]
        ax.step(xs, share, where="mid", label=f"{result.variant}, {result.strategy}")
    ax.set_xlabel("cards brought home")
    ax.set_ylabel("games (%)")
    ax.set_title("Cards brought home")
    ax.legend()
    return ax


def plot_knob(
    results: Mapping[int | bool, WinRate], knob: str = "knob", ax: Axes | None = None
) -> Axes:
    """Win rate against the values of one rule knob (``sweep``'s result), with intervals."""
    ax = _axes(ax)
    values = list(results)
    rates, errors = _errors([results[v] for v in values])
    ax.errorbar([float(v) for v in values], rates, yerr=errors, fmt="o-", capsize=4)
    first = next(iter(results.values()), None)
    if first is not None:
        ax.set_title(f"{first.variant.split('[')[0]}, {first.strategy}: win rate against {knob}")
    ax.set_xlabel(knob)
    ax.set_ylabel("win rate (%)")
    ax.set_ylim(bottom=0)
    return ax


def plot_interval_by_size(
    outcomes: WinRate | Sequence[Outcome],
    sizes: Sequence[int] = (60, 200, 1000, 5000),
    reference: float | None = None,
    reference_label: str = "claimed",
    confidence: float = 0.95,
    ax: Axes | None = None,
) -> Axes:
    """The estimate and its interval on the first 60, 200, 1,000, 5,000 deals of one run:
    the interval shrinks around the estimate as the deals grow.

    ``outcomes`` is a run (``estimate_win_rate``) or its outcomes in deal order (``won``,
    ``lost``, ``unknown``). Where some deals are undecided, a pale bar beside the interval
    shows the range they leave open (all lost ... all won). With a ``reference`` value (a
    dashed line), each size is labelled with its reading: consistent, excluded, or
    unsettled; never "confirmed".
    """
    seen = [g.outcome for g in outcomes.games] if isinstance(outcomes, WinRate) else outcomes
    too_many = [size for size in sizes if not 0 < size <= len(seen)]
    if too_many:
        raise ValueError(f"{len(seen)} deals cannot give the first {too_many[0]}")
    ax = _axes(ax)
    shown_bounds = False
    for size in sizes:
        first = seen[:size]
        won, lost = first.count("won"), first.count("lost")
        undecided = size - won - lost
        interval = wilson(won, won + lost, confidence)
        if undecided:  # beside the interval, a little to the right (the x axis is logarithmic)
            bounds = undecided_bounds(won, won + lost, undecided, confidence)
            label = "" if shown_bounds else "all deals: the undecided all lost … all won"
            ax.vlines(
                size * 1.1,
                100 * bounds.low,
                100 * bounds.high,
                lw=4,
                color="C0",
                alpha=0.4,
                label=label,
            )
            shown_bounds = True
        rate = 100 * won / (won + lost) if won + lost else 50.0
        low, high = 100 * interval.low, 100 * interval.high
        ax.errorbar(
            [size], [rate], yerr=[[rate - low], [high - rate]], fmt="o", color="C0", capsize=4
        )
        if reference is not None:
            reading = read_claim(
                reference, won, won + lost, undecided=undecided, confidence=confidence
            )
            ax.annotate(
                reading.verdict,
                (size, high),
                textcoords="offset points",
                xytext=(0, 6),
                ha="center",
                fontsize="small",
            )
    if reference is not None:
        ax.axhline(
            100 * reference, ls="--", color="grey", label=f"{reference_label}: {reference:.0%}"
        )
    if reference is not None or shown_bounds:
        ax.legend()
    ax.set_xscale("log")
    ax.minorticks_off()
    ax.set_xticks(list(sizes), [f"{size:,}" for size in sizes])
    ax.set_xlim(min(sizes) / 1.5, max(sizes) * 1.5)
    ax.set_xlabel("deals")
    ax.set_ylabel("win rate (%)")
    ax.set_title(f"The estimate and its {confidence:.0%} interval as the deals grow")
    return ax


def plot_exact_and_simulated(
    exact: Mapping[int, Fraction | float],
    counts: Mapping[int, int],
    n: int,
    xlabel: str = "k",
    confidence: float = 0.95,
    ax: Axes | None = None,
) -> Axes:
    """An exact distribution as bars, and a simulation of ``n`` trials as dots with interval
    whiskers: ``counts[k]`` trials gave the value ``k``. Where a whisker misses its bar's top,
    the simulation and the exact answer disagree at that confidence (expect about one value in
    twenty to miss at 95% by chance alone)."""
    ax = _axes(ax)
    xs = sorted(set(exact) | set(counts))
    ax.bar(xs, [100 * float(exact.get(x, 0)) for x in xs], color="lightsteelblue", label="exact")
    rates, low, high = [], [], []
    for x in xs:
        share = counts.get(x, 0) / n
        ci = wilson(counts.get(x, 0), n, confidence)
        rates.append(100 * share)
        low.append(100 * (share - ci.low))
        high.append(100 * (ci.high - share))
    ax.errorbar(
        xs,
        rates,
        yerr=[low, high],
        fmt="o",
        color="black",
        capsize=3,
        label=f"simulated, {n:,} trials ({confidence:.0%} intervals)",
    )
    ax.set_xlabel(xlabel)
    ax.set_ylabel("probability (%)")
    ax.legend()
    return ax


def plot_coverage(
    n: int,
    ps: Sequence[float] | None = None,
    methods: Mapping[str, IntervalMethod] | None = None,
    confidence: float = 0.95,
    ax: Axes | None = None,
) -> Axes:
    """How often a ``confidence`` interval from ``n`` trials holds the true rate, against that
    rate (exact, by ``intervals.coverage``), one line per method: Wilson's and
    Clopper–Pearson's by default (the latter needs scipy), or any ``(k, n, confidence)``
    function, such as a notebook's own normal-approximation interval."""
    ax = _axes(ax)
    ps = list(ps) if ps is not None else [i / 200 for i in range(1, 200)]
    methods = methods or {"Wilson": wilson, "Clopper–Pearson": clopper_pearson}
    for name, method in methods.items():
        ax.plot(ps, [100 * c for c in coverage(n, ps, method, confidence)], label=name)
    ax.axhline(100 * confidence, ls="--", color="grey", label=f"{confidence:.0%} promised")
    ax.set_xlabel("true win rate p")
    ax.set_ylabel("coverage (%)")
    ax.set_title(f"Coverage of {confidence:.0%} intervals from n = {n} trials")
    ax.legend()
    return ax
