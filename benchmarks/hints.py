"""Hint latency as a student meets it: ``hints(game)`` at every position of games played by
following the top hint (deals 1..N), endgames and their hopeless test included.

Prints, per variant, the median, 99th percentile and slowest time of one ``hints(game)`` call
(the median over ``--runs`` runs of each figure). A game stops when it is over, when the top
hint says it is hopeless or would repeat a position, or after ``--max-moves`` moves.

Run: ``python benchmarks/hints.py`` (``--deals 100 --runs 5``).
"""

from __future__ import annotations

import argparse
import statistics
import time

from solitaire_widgets import Game
from solitaire_widgets.hints import hints

VARIANTS = ("quadrennial", "acquaintance", "acme", "fly")


def one_run(variant: str, deals: int, max_moves: int) -> list[float]:
    """The time of every ``hints(game)`` call met while following the top hint."""
    times = []
    for seed in range(1, deals + 1):
        game = Game(variant, seed=seed)
        seen = {game.state}
        for _ in range(max_moves):
            started = time.perf_counter()
            ranked = hints(game)
            times.append(time.perf_counter() - started)
            if not ranked or ranked[0].reason.startswith("hopeless"):
                break
            game.play(ranked[0].move)
            if game.state in seen:
                break
            seen.add(game.state)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--max-moves", type=int, default=400)
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS))
    args = parser.parse_args()
    print(f"{'variant':<13} {'calls':>6} {'median ms':>10} {'p99 ms':>8} {'slowest ms':>11}")
    for variant in args.variants:
        runs = [sorted(one_run(variant, args.deals, args.max_moves)) for _ in range(args.runs)]
        median = statistics.median(statistics.median(t) for t in runs)
        p99 = statistics.median(t[int(0.99 * (len(t) - 1))] for t in runs)
        slowest = statistics.median(t[-1] for t in runs)
        print(
            f"{variant:<13} {len(runs[0]):>6} {median * 1000:>10.3f} {p99 * 1000:>8.2f} "
            f"{slowest * 1000:>11.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
