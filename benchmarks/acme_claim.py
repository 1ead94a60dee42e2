"""Measure the Acme text's claim: "only about 15% of deals statistically winnable".

The solver (which sees every card) decides each deal within a node budget: SOLVED, UNSOLVABLE or
UNKNOWN (undecided). The winnable share is wins / decided deals with a Wilson 95% interval; the
undecided are reported apart, and the interval over all deals (undecided counted as lost, then
as won) says how much they could move the answer. 5000 deals give a half-width under 1 point
near 15%.

Run: ``python benchmarks/acme_claim.py`` (deals 1..5000 on every core; ``--n``, ``--workers``,
``--max-nodes`` to change). Stop it with Ctrl-C to get the answer on the deals done so far.
"""

from __future__ import annotations

import argparse

from solitaire_widgets.stats import SolverPlay, estimate_win_rate, sample_size

CLAIM = 0.15


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=5000, help="deals (numbers 1..n)")
    parser.add_argument("--first", type=int, default=1, help="first deal number")
    parser.add_argument("--max-nodes", type=int, default=1_000_000, help="solver budget per deal")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args()
    deals = range(args.first, args.first + args.n)
    result = estimate_win_rate(
        "acme",
        SolverPlay(max_nodes=args.max_nodes),
        args.n,
        deals=list(deals),
        workers=args.workers,
        progress=not args.no_progress,
    )
    decided = result.wins + result.losses
    print(f"Acme, solver (budget {args.max_nodes:,} nodes per deal), deals {deals.start}..")
    print(
        f"  deals played      {result.n} of {args.n}"
        + (" (interrupted)" if result.interrupted else "")
    )
    print(f"  winnable          {result.wins}")
    print(f"  proved unwinnable {result.losses}")
    print(f"  undecided         {result.unknown}  (budget ran out; not counted either way)")
    print(f"  winnable share    {result.rate:.2%} of {decided} decided deals")
    print(f"  Wilson 95%        {result.interval}  (half-width {result.interval.half_width:.2%})")
    print(f"  Clopper-Pearson   {result.exact_interval}")
    if result.unknown:
        print(f"  over all deals    {result.bounds}  (undecided as lost .. as won)")
    inside = CLAIM in result.interval
    print(f"  the claim of {CLAIM:.0%} is {'inside' if inside else 'outside'} the interval")
    if result.interval.half_width >= 0.01 and decided:
        needed = sample_size(max(result.rate, 0.01), 0.01)
        print(f"  for a half-width under 1 point: about {needed} decided deals")
    print(f"  {result.elapsed:.0f} s on {result.workers} worker(s)")


if __name__ == "__main__":
    main()
