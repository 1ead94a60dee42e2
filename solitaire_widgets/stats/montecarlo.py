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
import importlib
import math
import os
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..engine import new_state
from ..intervals import (
    Interval,
    Proportion,
    Reading,
    clopper_pearson,
    read_claim,
    undecided_bounds,
    wilson,
)
from ..variants import VARIANTS
from ..variants.knobs import Knobs, ensure_variant
from .strategies import Outcome, Strategy, get_strategy, strategy_name

ProgressCallback = Callable[[int, int], None]
"""Called as ``callback(games_done, games_total)`` as games complete (in the calling process)."""

AUTO_PROGRESS_GAMES = 2000  # progress=None shows a bar from this many games, when interactive
MAX_DEAL = 10**9


class GameRecord(NamedTuple):
    """One game of a run: its index in the run, deal number, outcome, cards home and moves made."""

    game: int
    deal: int
    outcome: Outcome
    cards_home: int | None
    moves: int
    capped: bool = False


def game_seeds(seed: int, index: int) -> tuple[int, int]:
    """The deal number and the strategy's RNG seed of game ``index`` under master ``seed``.

    Derived by ``random.Random`` from the text ``"{seed}:{index}"`` (hashed with SHA-512, so the
    same in every process, whatever ``PYTHONHASHSEED``); deal numbers stay below 10**9 so that
    ``Game(variant, seed=deal)`` replays any game of the run.
    """
    rng = random.Random(f"{seed}:{index}")
    return rng.randrange(MAX_DEAL), rng.getrandbits(64)


@dataclass(frozen=True)
class RunSpec:
    """Everything a worker needs to play games ``start..stop-1`` of a run (picklable)."""

    variant: str
    strategy: Strategy
    seed: int
    deals: tuple[int, ...] | None = None


def play_game(spec: RunSpec, index: int) -> GameRecord:
    """Deal and play game ``index`` of a run."""
    deal, rng_seed = game_seeds(spec.seed, index)
    if spec.deals is not None:
        deal = spec.deals[index]
    played = spec.strategy(new_state(spec.variant, deal), random.Random(rng_seed))
    return GameRecord(index, deal, played.outcome, played.cards_home, played.moves, played.capped)


def play_games(spec: RunSpec, start: int, stop: int) -> list[GameRecord]:
    """Games ``start`` to ``stop - 1`` of a run: the unit of work sent to a worker."""
    ensure_variant(spec.variant)  # a knob variant is rebuilt from its name in a fresh process
    return [play_game(spec, i) for i in range(start, stop)]


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
        """Games neither won nor lost (the solver's budget ran out)."""
        return self._counts["unknown"]

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
            text += f"; {self.unknown} unknown (all deals: {self.bounds})"
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

    Interrupting (KeyboardInterrupt) returns the games finished so far, ``interrupted=True``.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n is a number of games, not {n!r}")
    if deals is not None and len(deals) != n:
        raise ValueError(f"give n = {n} deal numbers, not {len(deals)}")
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
    bar = _Progress(progress, n, f"{name} {strategy_name(play)}")
    start = time.perf_counter()
    interrupted = False
    try:
        if client is not None:
            _run_dask(client, spec, chunks, done, bar)
        elif count > 1 and n > size:
            _run_pool(count, spec, chunks, done, bar)
        else:
            _run_here(spec, n, done, bar)
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


def _run_here(spec: RunSpec, n: int, done: dict[int, GameRecord], bar: _Progress) -> None:
    """Play the games one by one in this process (each kept as soon as it is played)."""
    for i in range(n):
        done[i] = play_game(spec, i)
        bar.update(1)


def _ignore_sigint() -> None:
    """Pool workers leave Ctrl-C to the parent, which cancels the queue and keeps the results."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _keep(records: list[GameRecord], done: dict[int, GameRecord], bar: _Progress) -> None:
    for record in records:
        done[record.game] = record
    bar.update(len(records))


def _run_pool(
    workers: int,
    spec: RunSpec,
    chunks: list[tuple[int, int]],
    done: dict[int, GameRecord],
    bar: _Progress,
) -> None:
    """Chunks of games on a process pool; on interrupt, keep finished chunks, cancel the rest."""
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
    futures: list[Future[list[GameRecord]]] = []
    kept: set[int] = set()
    finished = False
    try:
        futures = [pool.submit(play_games, spec, a, b) for a, b in chunks]
        for future in as_completed(futures):
            kept.add(id(future))
            _keep(future.result(), done, bar)
        finished = True
    finally:
        if not finished:
            for future in futures:
                if id(future) not in kept and _succeeded(future):
                    _keep(future.result(), done, bar)
        if finished:
            pool.shutdown()
        else:
            _stop_workers(pool)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Cancel the queue and stop this pool's worker processes at once: a stopped run must not
    keep the cores busy with the chunks already handed out (``terminate_workers`` from Python
    3.14; before, by hand, taking the processes before ``shutdown`` forgets them)."""
    terminate = getattr(pool, "terminate_workers", None)
    if callable(terminate):
        terminate()
        return
    processes: dict[int, Any] = dict(getattr(pool, "_processes", None) or {})
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes.values():
        if process.is_alive():
            process.terminate()
    for process in processes.values():
        process.join(timeout=5)


def _succeeded(future: Any) -> bool:
    """Whether a (concurrent or dask) future finished with a result."""
    if not future.done() or future.cancelled():
        return False
    return future.exception() is None


def _run_dask(
    client: Any,
    spec: RunSpec,
    chunks: list[tuple[int, int]],
    done: dict[int, GameRecord],
    bar: _Progress,
) -> None:
    """Chunks of games on a dask cluster; on interrupt, keep finished chunks, cancel the rest."""
    dask_completed = importlib.import_module("distributed").as_completed
    futures = [client.submit(play_games, spec, a, b, pure=False) for a, b in chunks]
    kept: set[str] = set()
    finished = False
    try:
        for future in dask_completed(futures):
            kept.add(future.key)
            _keep(future.result(), done, bar)
        finished = True
    finally:
        if not finished:
            for future in futures:
                if future.key not in kept and future.status == "finished":
                    _keep(future.result(), done, bar)
            client.cancel([f for f in futures if f.key not in kept])


class _Progress:
    """A ``tqdm.auto`` bar (notebook widget or terminal) and/or a callback, or nothing."""

    def __init__(self, progress: bool | ProgressCallback | None, total: int, label: str) -> None:
        self.total = total
        self.done = 0
        self.callback = progress if callable(progress) else None
        show = progress if isinstance(progress, bool) else None
        if show is None and self.callback is None:
            show = total >= AUTO_PROGRESS_GAMES and _interactive()
        self.bar: Any = None
        if show:
            tqdm = importlib.import_module("tqdm.auto").tqdm
            self.bar = tqdm(total=total, desc=label, unit="game", smoothing=0.1)

    def update(self, count: int) -> None:
        self.done += count
        if self.bar is not None:
            self.bar.update(count)
        if self.callback is not None:
            self.callback(self.done, self.total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _interactive() -> bool:
    """In a Jupyter kernel, or with a terminal on stderr (never in CI or captured tests)."""
    if "ipykernel" in sys.modules:
        return True
    return hasattr(sys.stderr, "isatty") and sys.stderr.isatty()


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
