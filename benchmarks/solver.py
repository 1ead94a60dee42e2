"""Solver and hint figures: verdicts, CPU time and nodes per deal; hint latency.

Run: ``python benchmarks/solver.py --deals 1000 --seconds 10`` (all four variants, deals
1..1000, a budget of 10 CPU seconds per deal), or ``--variants acme quadrennial``, ``--first
501``. ``--workers 2`` solves deals in two processes: each deal's time is the CPU time of its
own search, so the figures hold on a busy machine too (run long benchmarks with ``nice``).
``--compare OLD.json`` prints, deal by deal, where the verdicts (and, under a node budget
alone, ``--nodes N --seconds 0``, the node counts) differ from a saved run (``--save
NEW.json``): a refactoring of the search must change neither. Hints: median time of
``hints(state)`` over positions met in random playouts, median of 5 runs.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from solitaire_widgets import apply, legal_moves, new_state
from solitaire_widgets.hints import hints
from solitaire_widgets.solver import solve
from solitaire_widgets.state import GameState
from solitaire_widgets.variants import VARIANTS

Row = tuple[int, str, int, float]  # deal, status, nodes, CPU seconds


def solve_deal(job: tuple[str, int, float | None, int | None]) -> Row:
    variant, seed, seconds, nodes = job
    seconds = seconds or None  # --seconds 0: no time limit (a node budget alone repeats exactly)
    result = solve(new_state(variant, seed=seed), max_seconds=seconds, max_nodes=nodes)
    return seed, result.status, result.nodes, result.seconds


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def solver_rows(
    variant: str, first: int, deals: int, seconds: float | None, nodes: int | None, workers: int
) -> list[Row]:
    jobs = [(variant, seed, seconds, nodes) for seed in range(first, first + deals)]
    if workers <= 1:
        return [solve_deal(job) for job in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(solve_deal, jobs, chunksize=2))


def solver_figures(variant: str, rows: list[Row]) -> str:
    counts = {s: sum(r[1] == s for r in rows) for s in ("solved", "unsolvable", "unknown")}
    times = [r[3] for r in rows]
    node_counts = [float(r[2]) for r in rows]
    unknown = [r[0] for r in rows if r[1] == "unknown"]
    shown = " ".join(map(str, unknown[:12])) + (" ..." if len(unknown) > 12 else "")
    return (
        f"{variant:<13} solved {counts['solved']:>5}  unsolvable {counts['unsolvable']:>5}  "
        f"undecided {counts['unknown']:>4}  CPU total {sum(times):8.1f} s  median "
        f"{statistics.median(times) * 1000:7.1f} ms  p95 {quantile(times, 0.95) * 1000:8.1f} ms  "
        f"nodes median {statistics.median(node_counts):>8,.0f}  p95 "
        f"{quantile(node_counts, 0.95):>10,.0f}  {sum(node_counts) / max(sum(times), 1e-9):>7,.0f}"
        f" nodes/s" + (f"\n{'':<13} undecided: {shown}" if unknown else "")
    )


def differences(variant: str, rows: list[Row], old: dict[str, Any]) -> list[str]:
    """Deals whose verdict (or node count, where both runs saved one) changed."""
    before = {
        int(k): v if isinstance(v, list) else [v, None] for k, v in old.get(variant, {}).items()
    }
    return [
        f"{variant} deal {seed}: {before[seed][0]} -> {status}, {before[seed][1]} -> {nodes} nodes"
        for seed, status, nodes, _ in rows
        if seed in before and (before[seed][0] != status or before[seed][1] not in (None, nodes))
    ]


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
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU s per deal (0: none)")
    parser.add_argument("--nodes", type=int, default=None, help="node budget per deal")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--skip-hints", action="store_true")
    parser.add_argument("--save", help="write the per-deal verdicts to this JSON file")
    parser.add_argument("--compare", help="a --save file of an earlier run to compare with")
    args = parser.parse_args()
    if not args.skip_hints:
        for variant in args.variants:
            print(hint_figure(variant), flush=True)
    if not args.deals:
        return
    budget = (f"{args.seconds:g} CPU s" if args.seconds else "no time limit") + (
        f", {args.nodes:,} nodes" if args.nodes else ""
    )
    last = args.first + args.deals - 1
    print(f"solver, deals {args.first}..{last}, budget {budget} per deal", flush=True)
    old = json.loads(Path(args.compare).read_text()) if args.compare else {}
    saved: dict[str, dict[int, list[Any]]] = {}
    for variant in args.variants:
        start = time.perf_counter()
        rows = solver_rows(variant, args.first, args.deals, args.seconds, args.nodes, args.workers)
        wall = time.perf_counter() - start
        print(solver_figures(variant, rows) + f"\n{'':<13} wall {wall:.1f} s", flush=True)
        for line in differences(variant, rows, old):
            print("  " + line)
        saved[variant] = {seed: [status, nodes] for seed, status, nodes, _ in rows}
    if args.save:
        with open(args.save, "w") as out:
            json.dump(saved, out)


if __name__ == "__main__":
    main()
