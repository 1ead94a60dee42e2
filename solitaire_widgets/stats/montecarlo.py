"""Monte Carlo win rates: deal many games, let a strategy play each, count, and say how sure.

Every game ``i`` of a run with master seed ``seed`` gets its deal number and its strategy's
random generator from ``(seed, i)`` alone (``game_seeds``), never from the order in which
workers happen to finish; results are merged back in game-index order. So the same call gives
the same games whether it runs here, on a process pool of any size or on a dask cluster.

A run can be stopped (Ctrl-C, or the notebook's interrupt button): the games already played are
kept and returned in a result marked ``interrupted=True``; the work still queued is cancelled.
"""

from __future__ import annotations

import dataclasses
import math
import os
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..checks import check_confidence, check_count
from ..engine import MAX_SEED, check_seed
from ..intervals import (
    Interval,
    Proportion,
    Reading,
    clopper_pearson,
    read_claim,
    undecided_bounds,
    wilson,
)
from ..quoting import quoted
from ..variants import VARIANTS
from ..variants.knobs import Knobs, ensure_variant
from .runs import (
    GameRecord,
    Progress,
    ProgressCallback,
    RunSpec,
    game_seeds,
    run_dask,
    run_here,
    run_pool,
)
from .strategies import Strategy, get_strategy, strategy_name

__all__ = [
    "MAX_GAMES",
    "GameRecord",
    "ProgressCallback",
    "WinRate",
    "compare",
    "estimate_win_rate",
    "game_seeds",
    "sweep",
    "variant_name",
]

MAX_GAMES = 10_000_000
"""The most games ``estimate_win_rate`` plays in one call: hours of work even for the quickest
player, and a precision (a half-width of 0.03 points) beyond any question asked here."""


@dataclass(frozen=True)
class WinRate:
    """The result of a run: the games, and the win rate with its confidence intervals.

    ``rate`` and ``interval`` count the deals decided (won or lost). Deals the strategy could
    not decide (the solver out of budget) are ``unknown`` and are never folded into either:
    ``bounds`` gives the interval for the rate over all deals, unknowns counted as lost at its
    low end and as won at its high end.
    """

    variant: str
    strategy: str
    seed: int
    n_requested: int
    games: tuple[GameRecord, ...]
    total_cards: int
    elapsed: float
    workers: int
    interrupted: bool = False
    confidence: float = 0.95
    _counts: Counter[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "confidence", check_confidence(self.confidence))
        object.__setattr__(self, "_counts", Counter(g.outcome for g in self.games))

    @property
    def n(self) -> int:
        """Games played (fewer than ``n_requested`` if interrupted)."""
        return len(self.games)

    @property
    def wins(self) -> int:
        return self._counts["won"]

    @property
    def losses(self) -> int:
        return self._counts["lost"]

    @property
    def unknown(self) -> int:
        """Games neither won nor lost (the solver's budget ran out): undecided."""
        return self._counts["unknown"]

    @property
    def undecided(self) -> int:
        """The same as ``unknown``, in the word the docs and messages use."""
        return self.unknown

    @property
    def capped(self) -> int:
        """Games stopped by a strategy's move cap (counted as lost)."""
        return sum(g.capped for g in self.games)

    @property
    def decided(self) -> Proportion:
        """Wins out of the games decided."""
        return Proportion(self.wins, self.wins + self.losses)

    @property
    def rate(self) -> float:
        """Wins over games decided (``nan`` if none)."""
        return self.decided.rate

    @property
    def interval(self) -> Interval:
        """Wilson's interval for ``rate`` at ``confidence``."""
        return wilson(self.wins, self.wins + self.losses, self.confidence)

    @property
    def exact_interval(self) -> Interval:
        """The Clopper–Pearson (exact) interval for ``rate``."""
        return clopper_pearson(self.wins, self.wins + self.losses, self.confidence)

    @property
    def bounds(self) -> Interval:
        """Over all deals played: Wilson low with unknowns lost, Wilson high with them won."""
        return undecided_bounds(self.wins, self.wins + self.losses, self.unknown, self.confidence)

    def read(self, claim: float) -> Reading:
        """What these deals say about a claimed win rate: consistent with it, excluded, or (with
        unknowns) unsettled; never "confirmed" (see ``intervals.read_claim``)."""
        return read_claim(
            claim,
            self.wins,
            self.wins + self.losses,
            undecided=self.unknown,
            confidence=self.confidence,
        )

    def first(self, n: int) -> WinRate:
        """The same run cut to its first ``n`` games: the estimate a run of ``n`` would have
        given, since game ``i`` never depends on the run's length (``elapsed`` in proportion)."""
        if not 0 <= n <= self.n:
            raise ValueError(f"this run has {self.n} games; cannot take the first {n}")
        elapsed = self.elapsed * n / self.n if self.n else 0.0
        return dataclasses.replace(self, n_requested=n, games=self.games[:n], elapsed=elapsed)

    @property
    def cards_home_histogram(self) -> dict[int, int]:
        """Cards brought home -> number of games, for the games played out."""
        counts = Counter(g.cards_home for g in self.games if g.cards_home is not None)
        return dict(sorted(counts.items()))

    @property
    def mean_cards_home(self) -> float:
        """Mean cards brought home over the games played out (``nan`` if none)."""
        homes = [g.cards_home for g in self.games if g.cards_home is not None]
        return sum(homes) / len(homes) if homes else math.nan

    @property
    def games_per_second(self) -> float:
        return self.n / self.elapsed if self.elapsed > 0 else math.nan

    def __str__(self) -> str:
        text = (
            f"{self.variant}, {self.strategy}: {self.wins} won of {self.wins + self.losses} "
            f"decided = {self.rate:.2%}, {self.confidence:.0%} interval {self.interval}"
        )
        if self.unknown:
            text += f"; {self.unknown} undecided (all deals: {self.bounds})"
        text += (
            f"; mean {self.mean_cards_home:.1f} of {self.total_cards} cards home; "
            f"{self.n} games in {self.elapsed:.1f} s"
        )
        return text + (" (interrupted)" if self.interrupted else "")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))


def estimate_win_rate(
    variant: str,
    strategy: str | Strategy,
    n: int,
    *,
    seed: int = 0,
    workers: int | None = 1,
    client: Any = None,
    knobs: Knobs | None = None,
    rules: Knobs | None = None,
    progress: bool | ProgressCallback | None = None,
    deals: Sequence[int] | None = None,
    chunk_size: int | None = None,
    confidence: float = 0.95,
) -> WinRate:
    """Play ``n`` deals of ``variant`` with ``strategy`` and measure its win rate.

    - ``strategy``: ``"random"``, ``"greedy"``, ``"hint"``, ``"solver"``, or a strategy object.
    - ``seed``: the master seed; the same seed gives the same deals and the same games.
    - ``workers``: processes on this machine (``None``: every core; 1: in this process).
    - ``client``: a ``dask.distributed.Client``; the games then run on its cluster.
    - ``knobs``: a ``Knobs`` set for this variant ("what if" there were no redeal...);
      ``rules`` is its old name, still accepted.
    - ``progress``: ``True`` for a ``tqdm.auto`` bar, ``False`` for none, ``None`` for a bar
      only on long runs in a notebook or terminal, or a callback ``(done, total)``.
    - ``deals``: explicit deal numbers (``n`` of them) instead of ones derived from ``seed``.

    - ``chunk_size``: games per task sent to a worker (default: a fair share, at most 250).
    - ``confidence``: the level of the intervals (0.95 for 95%).

    Interrupting (KeyboardInterrupt) returns the games finished so far, ``interrupted=True``.
    Every argument is checked before a game is played: ``n`` is at most ``MAX_GAMES`` (ten
    million: hours of work even for the quickest player, and far more precision than any
    question here needs), ``seed`` and each deal number are whole numbers from 0 to 2^53 - 1.
    """
    n = check_count(n, "n (a number of games)", high=MAX_GAMES)
    seed = check_count(seed, "seed (the master seed)", high=MAX_SEED)
    if deals is not None:
        if isinstance(deals, (str, bytes)) or not isinstance(deals, Sequence):
            raise ValueError(f"deals is a list of deal numbers, not {quoted(deals)}")
        if len(deals) != n:
            raise ValueError(f"give n = {n} deal numbers, not {len(deals)}")
        deals = [check_seed(d) for d in deals]
    if workers is not None:
        workers = check_count(workers, "workers (processes)", low=1)
    if chunk_size is not None:
        chunk_size = check_count(chunk_size, "chunk_size (games per task)", low=1)
    confidence = check_confidence(confidence)
    if knobs is not None and rules is not None:
        raise ValueError("give knobs, or its old name rules, not both")
    name = variant_name(variant, knobs if rules is None else rules)
    play = get_strategy(strategy)
    spec = RunSpec(name, play, seed, None if deals is None else tuple(deals))
    count = (os.cpu_count() or 1) if workers is None else max(1, workers)
    if client is not None:
        count = max(1, len(getattr(client, "ncores", dict)()))
    size = chunk_size or max(1, min(250, math.ceil(n / (count * 8))))
    chunks = [(a, min(a + size, n)) for a in range(0, n, size)]
    done: dict[int, GameRecord] = {}
    bar = Progress(progress, n, f"{name} {strategy_name(play)}")
    start = time.perf_counter()
    interrupted = False
    try:
        if client is not None:
            run_dask(client, spec, chunks, done, bar)
        elif count > 1 and n > size:
            run_pool(count, spec, chunks, done, bar)
        else:
            run_here(spec, n, done, bar)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        bar.close()
    return WinRate(
        variant=name,
        strategy=strategy_name(play),
        seed=seed,
        n_requested=n,
        games=tuple(done[i] for i in sorted(done)),
        total_cards=VARIANTS[name].total_cards,
        elapsed=time.perf_counter() - start,
        workers=count,
        interrupted=interrupted,
        confidence=confidence,
    )


def variant_name(variant: str, knobs: Knobs | None = None) -> str:
    """The registered name to deal with: the variant itself, or its knob variant."""
    name = ensure_variant(variant)
    if knobs is None:
        return name
    if knobs.variant != name.split("[")[0]:
        raise ValueError(f"knobs for {knobs.variant} cannot change {name}")
    return knobs.register()


def compare(
    variants: Sequence[str],
    strategies: Sequence[str | Strategy],
    n: int,
    **options: Any,
) -> list[WinRate]:
    """``estimate_win_rate`` for every variant and strategy (same seed: the same deals).

    Stops at the first interrupted run and returns what was measured until then.
    """
    results = []
    for variant in variants:
        for strategy in strategies:
            result = estimate_win_rate(variant, strategy, n, **options)
            results.append(result)
            if result.interrupted:
                return results
    return results


def sweep(
    variant: str,
    strategy: str | Strategy,
    n: int,
    knob: str,
    values: Sequence[int | bool],
    **options: Any,
) -> dict[int | bool, WinRate]:
    """The win rate as one rule knob (``redeals``, ``reserve`` or ``stuck``) takes each value."""
    if knob not in ("redeals", "reserve", "stuck"):
        raise ValueError(f"the knobs are redeals, reserve and stuck, not {knob!r}")
    results: dict[int | bool, WinRate] = {}
    for value in values:
        knobs = Knobs(variant, **{knob: value})  # type: ignore[arg-type]
        results[value] = estimate_win_rate(variant, strategy, n, knobs=knobs, **options)
        if results[value].interrupted:
            break
    return results
