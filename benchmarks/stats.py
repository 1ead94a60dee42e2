"""Deals per second of ``estimate_win_rate``, per strategy and variant, on one core and on two.

Each figure is the median of ``--runs`` runs; a run plays enough deals to last about
``--seconds`` (calibrated on one core), with a process pool's start-up included for two
workers, as a user would see it. The solver gets a budget of ``--max-nodes`` nodes per deal
(Fly's deals often use the whole budget, so its figure is mostly the budget's cost).

Run: ``python benchmarks/stats.py`` (``--strategies random greedy`` for a subset).
"""

from __future__ import annotations

import argparse
import statistics
import time

from solitaire_widgets.stats import SolverPlay, Strategy, estimate_win_rate, get_strategy

VARIANTS = ("quadrennial", "acquaintance", "acme", "fly")


def rate(variant: str, strategy: Strategy, n: int, workers: int, seed: int) -> float:
    """Deals per second of one run."""
    started = time.perf_counter()
    estimate_win_rate(variant, strategy, n, seed=seed, workers=workers, progress=False)
    return n / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    parser.add_argument("--max-nodes", type=int, default=20_000, help="solver budget per deal")
    parser.add_argument("--strategies", nargs="+", default=["random", "greedy", "hint", "solver"])
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS))
    args = parser.parse_args()
    print(f"{'variant':<13} {'strategy':<8} {'1 worker deals/s':>17} {'2 workers deals/s':>18}")
    for variant in args.variants:
        for name in args.strategies:
            strategy = (
                SolverPlay(max_nodes=args.max_nodes) if name == "solver" else get_strategy(name)
            )
            probe = max(1.0, rate(variant, strategy, 4, 1, seed=999) * args.seconds)
            n = max(4, int(probe))
            one = statistics.median(rate(variant, strategy, n, 1, r) for r in range(args.runs))
            two = statistics.median(rate(variant, strategy, n, 2, r) for r in range(args.runs))
            print(f"{variant:<13} {name:<8} {one:>17,.1f} {two:>18,.1f}", flush=True)


if __name__ == "__main__":
    main()
