"""Probability tools: exact answers, Monte Carlo win rates, strategies, rule knobs and plots.

Importing this package needs nothing beyond the standard library: the progress bar (tqdm),
dask and matplotlib are imported only by the calls that use them.

>>> from solitaire_widgets.stats import estimate_win_rate
>>> result = estimate_win_rate("acme", "greedy", 200, seed=1)
>>> result.n, 0 <= result.rate <= 1
(200, True)
"""

from __future__ import annotations

from ..intervals import (
    Interval,
    Proportion,
    Reading,
    clopper_pearson,
    coverage,
    read_claim,
    sample_size,
    undecided_bounds,
    wilson,
)
from ..variants.knobs import Knobs, ensure_variant
from .exact import (
    Question,
    acme_reserve_suit_count,
    acquaintance_two_in_first_row,
    at_least_one,
    fly_reserve_both_copies,
    hypergeometric,
    quadrennial_ace_in_reserve,
    questions,
)
from .montecarlo import (
    GameRecord,
    WinRate,
    compare,
    estimate_win_rate,
    game_seeds,
    sweep,
)
from .plots import (
    plot_cards_home,
    plot_coverage,
    plot_exact_and_simulated,
    plot_interval_by_size,
    plot_knob,
    plot_measures,
    plot_win_rates,
)
from .strategies import (
    GreedyPlay,
    HintPlay,
    Played,
    RandomPlay,
    SolverPlay,
    Strategy,
    get_strategy,
)

Rules = Knobs
"""The old name of ``Knobs`` (kept, silently, for one release: the notebooks use it)."""

__all__ = [
    "GameRecord",
    "GreedyPlay",
    "HintPlay",
    "Interval",
    "Knobs",
    "Played",
    "Proportion",
    "Question",
    "RandomPlay",
    "Reading",
    "Rules",
    "SolverPlay",
    "Strategy",
    "WinRate",
    "acme_reserve_suit_count",
    "acquaintance_two_in_first_row",
    "at_least_one",
    "clopper_pearson",
    "compare",
    "coverage",
    "ensure_variant",
    "estimate_win_rate",
    "fly_reserve_both_copies",
    "game_seeds",
    "get_strategy",
    "hypergeometric",
    "plot_cards_home",
    "plot_coverage",
    "plot_exact_and_simulated",
    "plot_interval_by_size",
    "plot_knob",
    "plot_measures",
    "plot_win_rates",
    "quadrennial_ace_in_reserve",
    "questions",
    "read_claim",
    "sample_size",
    "sweep",
    "undecided_bounds",
    "wilson",
]
