"""Solver and hint figures: verdict counts, time per deal, nodes per second; hint latency.

Run: ``python benchmarks/solver.py --deals 1000 --seconds 10`` (all four variants), or
``--variants acme quadrennial``. ``--workers 2`` solves deals in two processes (the per-deal
times are still each deal's own). Hints: median time of ``hints(state)`` over positions met in
random playouts (no sampling), median of 5 runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from solitaire_widgets import apply, legal_moves, new_state
from solitaire_widgets.hints import hints
from solitaire_widgets.solver import solve
from solitaire_widgets.state import GameState
from solitaire_widgets.variants import VARIANTS


def solve_deal(job: tuple[str, int, float, int]) -> tuple[str, float, int]:
    variant, seed, seconds, nodes = job
    result = solve(new_state(variant, seed=seed), max_seconds=seconds, max_nodes=nodes)
    return result.status, result.seconds, result.nodes


def solver_figures(variant: str, deals: int, seconds: float, nodes: int, workers: int) -> str:
    jobs = [(variant, seed, seconds, nodes) for seed in range(1, deals + 1)]
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(solve_deal, jobs, chunksize=4))
    counts = {s: sum(r[0] == s for r in results) for s in ("solved", "unsolvable", "unknown")}
    times = sorted(r[1] for r in results)
    p95 = times[max(0, int(0.95 * len(times)) - 1)]
    rate = sum(r[2] for r in results) / sum(times)
    return (
        f"{variant:<13} solved {counts['solved']:>4}  unsolvable {counts['unsolvable']:>4}  "
        f"unknown {counts['unknown']:>4}  median {statistics.median(times) * 1000:8.1f} ms  "
        f"p95 {p95 * 1000:8.1f} ms  {rate:>9,.0f} nodes/s"
    )


def hint_positions(variant: str, count: int) -> list[GameState]:
    """Positions with legal moves, met along random playouts, ``count`` of them."""
    rng = random.Random(0)
    out: list[GameState] = []
    seed = 0
    while len(out) < count:
        seed += 1
        state = new_state(variant, seed=seed)
        for _ in range(rng.randrange(0, 100)):
            moves = legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves))
        if legal_moves(state):
            out.append(state)
    return out


def hint_figure(variant: str) -> str:
    """Per-position time of ``hints(state)``: the median of 5 runs' medians, and the slowest."""
    states = hint_positions(variant, 200)
    medians, slowest = [], 0.0
    for _ in range(5):
        times = []
        for state in states:
            start = time.perf_counter()
            hints(state)
            times.append(time.perf_counter() - start)
        medians.append(statistics.median(times))
        slowest = max(slowest, *times)
    return (
        f"{variant:<13} hints(state): median {statistics.median(medians) * 1000:.3f} ms, "
        f"slowest {slowest * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variants", nargs="*", default=list(VARIANTS))
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=10.0, help="time budget per deal")
    parser.add_argument("--nodes", type=int, default=10**9, help="node budget per deal")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--skip-hints", action="store_true")
    args = parser.parse_args()
    if not args.skip_hints:
        for variant in args.variants:
            print(hint_figure(variant), flush=True)
    if not args.deals:
        return
    print(f"solver, deals 1..{args.deals}, budget {args.seconds:g} s per deal", flush=True)
    for variant in args.variants:
        print(
            solver_figures(variant, args.deals, args.seconds, args.nodes, args.workers), flush=True
        )


if __name__ == "__main__":
    main()
