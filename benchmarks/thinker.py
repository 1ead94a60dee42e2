"""The thinker's figures: how often it wins, at what cost, and how long a Hint makes you wait.

Two measurements, both in CPU seconds of the process that does the work (a busy machine gives
the same figures, nearly; the thinker's choices are budgeted in nodes, so they are the same):

* ``--games``: the thinker plays deals A..B of each game (``ThinkerPlay``, seeded by the deal
  number as the winnability table seeds its players). Prints per game: wins with Wilson's 95%
  interval, the share of the table's winnable deals among them that it wins, the hint
  player's wins on the same deals, and the CPU seconds per game (median, mean, slowest).
* ``--latency``: a student follows the top *quick* hint (``hints``) through deals A..B and
  asks the thinker at every position, from scratch, as the table's Hint does (``think``).
  Prints the median and 95th percentile CPU seconds per position, and the slowest.

Run: ``python benchmarks/thinker.py --games --deals 1 200 --workers 2`` and
``python benchmarks/thinker.py --latency --deals 1 20``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from solitaire_widgets import Game, new_state, winnability
from solitaire_widgets.hints import hints
from solitaire_widgets.intervals import percent, wilson
from solitaire_widgets.stats.strategies import ThinkerPlay
from solitaire_widgets.thinker import think

GAMES = ("quadrennial", "acquaintance", "acme", "fly")


def play(job: tuple[str, int]) -> tuple[int, bool, float]:
    """One deal played by the thinker: (deal, won, CPU seconds)."""
    variant, seed = job
    started = time.process_time()
    played = ThinkerPlay()(new_state(variant, seed=seed), random.Random(seed))
    return seed, played.outcome == "won", time.process_time() - started


def games(variant: str, first: int, last: int, workers: int) -> None:
    jobs = [(variant, seed) for seed in range(first, last + 1)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play, jobs, chunksize=4))
    else:
        results = [play(job) for job in jobs]
    wins = [seed for seed, won, _ in results if won]
    cpu = sorted(seconds for _, _, seconds in results)
    low, high = wilson(len(wins), len(results))
    known = [winnability.deal(variant, seed) for seed in range(first, last + 1)]
    winnable = {d.seed for d in known if d is not None and d.verdict == "winnable"}
    hint = sum(1 for d in known if d is not None and d.hint_wins)
    share = len(winnable & set(wins)) / len(winnable) if winnable else float("nan")
    print(
        f"{variant:<13} deals {first}..{last}: thinker {len(wins)} won "
        f"({percent(len(wins) / len(results))}, 95% CI {percent(low)} to {percent(high)}); "
        f"{percent(share)} of the {len(winnable)} winnable; hint player {hint}; "
        f"CPU per game median {statistics.median(cpu):.2f} s, mean "
        f"{statistics.mean(cpu):.2f} s, slowest {cpu[-1]:.1f} s, total {sum(cpu):.0f} s",
        flush=True,
    )


def latency(variant: str, first: int, last: int, max_moves: int) -> None:
    times = []
    for seed in range(first, last + 1):
        game = Game(variant, seed=seed)
        for _ in range(max_moves):
            ranked = hints(game)
            if not ranked or game.status != "playing":
                break
            started = time.process_time()
            think(game)
            times.append(time.process_time() - started)
            before = game.state
            game.play(ranked[0].move)
            if game.state == before or ranked[0].reason.startswith(("no progress", "hopeless")):
                break
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"{variant:<13} {len(times)} positions: median {statistics.median(times):.3f} CPU s, "
        f"95th percentile {p95:.3f}, slowest {times[-1]:.2f}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", action="store_true", help="win rates and cost per game")
    parser.add_argument("--latency", action="store_true", help="CPU per Hint, from scratch")
    parser.add_argument("--deals", nargs=2, type=int, default=(1, 100), metavar=("A", "B"))
    parser.add_argument("--variants", nargs="+", default=list(GAMES))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--max-moves", type=int, default=400)
    args = parser.parse_args()
    first, last = args.deals
    for variant in args.variants:
        if args.games or not args.latency:
            games(variant, first, last, args.workers)
        if args.latency:
            latency(variant, first, last, args.max_moves)


if __name__ == "__main__":
    main()
