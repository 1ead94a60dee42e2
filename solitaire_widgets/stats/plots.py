"""Plots of the measurements (matplotlib, imported only when a plot is drawn).

Each function draws on the ``ax`` it is given (or a new figure's) and returns the ``Axes``, so a
notebook can combine them; none of them calls ``plt.show()``. A notebook that plots starts with
``plt = pyplot_if_installed()``: without matplotlib (a JupyterLite site built without Pyodide's
full distribution, say) it says so once, and its plot cells skip their plots.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .montecarlo import WinRate

if TYPE_CHECKING:
    from matplotlib.axes import Axes


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
