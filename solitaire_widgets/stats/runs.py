"""Where the games of a Monte Carlo run are played: one by one here, on a process pool, or on a
dask cluster; each game's deal and random generator from the run's seed alone; the progress
bar.

Every game ``i`` of a run with master seed ``seed`` gets its deal number and its strategy's
random generator from ``(seed, i)`` alone (``game_seeds``), never from the order in which
workers happen to finish, so the same call gives the same games wherever it runs. A run that
is stopped keeps the chunks already finished and cancels the rest.
"""

from __future__ import annotations

import importlib
import random
import signal
import sys
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..engine import new_state
from ..variants.knobs import ensure_variant
from .strategies import Outcome, Strategy

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


def run_here(spec: RunSpec, n: int, done: dict[int, GameRecord], bar: Progress) -> None:
    """Play the games one by one in this process (each kept as soon as it is played)."""
    for i in range(n):
        done[i] = play_game(spec, i)
        bar.update(1)


def _ignore_sigint() -> None:
    """Pool workers leave Ctrl-C to the parent, which cancels the queue and keeps the results."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _keep(records: list[GameRecord], done: dict[int, GameRecord], bar: Progress) -> None:
    for record in records:
        done[record.game] = record
    bar.update(len(records))


def run_pool(
    workers: int,
    spec: RunSpec,
    chunks: list[tuple[int, int]],
    done: dict[int, GameRecord],
    bar: Progress,
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
    keep the cores busy with the chunks already handed out.

    Python 3.14 has a public way, ``terminate_workers``. Before it there is none:
    ``shutdown(cancel_futures=True)`` cancels only the queue and lets each worker finish its
    chunk, so the processes are taken from the pool's ``_processes`` (there since Python 3.2)
    before ``shutdown`` forgets them, and terminated. If a Python lacks both, the workers
    finish their chunks and exit. ``tests/test_stats_montecarlo.py`` checks that no worker is
    left after an interrupt."""
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


def run_dask(
    client: Any,
    spec: RunSpec,
    chunks: list[tuple[int, int]],
    done: dict[int, GameRecord],
    bar: Progress,
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


class Progress:
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
