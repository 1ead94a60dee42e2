"""Seconds for Chances on an opening, per variant, at the widget's default settings.

For each variant and each of ``--deals``, Chances measures every legal move of the deal's
opening (as the widget's Chances button does: ``move_chances`` with the defaults of
``solitaire_widgets.chances``). Each figure is the median of ``--runs`` runs of CPU time in this
process (one core). Beside it: the mean width of the moves' 95% intervals over the decided
samples, the mean width of the bounds that count the undecided samples all lost ... all won,
and the undecided share.

``--baseline`` also times, once, the method Chances used before (every move solved on every
sample, 5,000 nodes each, no player's chance, undecided samples dropped from n) on the same
samples, for a comparison of interval widths for the time spent.

``--players`` names the players measured beside winnable (default: the chances default, the
thinker and the hint rules).

``--table`` times the table's Chances (``widget.GameWidget``'s players and budgets) with and
without the thinker, on each deal's opening and on a mid-game position (the position after
``--mid`` moves of the quick hints): CPU seconds for the whole table and per sample, and their
ratio in the same run.

Run: ``python benchmarks/chances.py`` (``--variants fly --deals 1 2 3 --runs 5 --baseline``);
``python benchmarks/chances.py --table --deals 1 --runs 1``.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import time
from collections.abc import Callable

from solitaire_widgets import Game
from solitaire_widgets.chances import (
    DEFAULT_PLAYERS,
    DEFAULT_SAMPLES,
    default_nodes,
    determinize,
    move_chances,
)
from solitaire_widgets.hints import hints
from solitaire_widgets.intervals import wilson
from solitaire_widgets.solver import solve
from solitaire_widgets.variants import VARIANTS

GAMES = ("quadrennial", "acquaintance", "acme", "fly")
BASELINE_NODES = 5_000


def cpu(work: Callable[[], object]) -> float:
    """CPU seconds of one call (``time.process_time``: one core, whatever else runs)."""
    started = time.process_time()
    work()
    return time.process_time() - started


def baseline(game: Game, samples: int) -> list[tuple[int, int]]:
    """The former Chances: (wins, decided) per move, every sample solved, unknowns dropped
    (on the same samples as ``move_chances`` with seed 0)."""
    rules = VARIANTS[game.variant]
    rng = random.Random(0)
    worlds = [determinize(game.state, rng) for _ in range(samples)]
    rows = []
    for move in rules.legal_moves(game.state):
        wins = decided = 0
        for world in worlds:
            status = solve(rules.apply(world, move), max_nodes=BASELINE_NODES).status
            wins += status == "solved"
            decided += status != "unknown"
        rows.append((wins, decided))
    return rows


def mid_game(variant: str, deal: int, moves: int) -> Game:
    """The deal after ``moves`` moves of the quick hints (fewer if the game ends first)."""
    game = Game(variant, seed=deal)
    for _ in range(moves):
        ranked = hints(game)
        if not ranked or game.status != "playing":
            break
        game.play(ranked[0].move)
    return game


def table(args: argparse.Namespace) -> None:
    """The table's Chances with the thinker and without, on openings and mid-game positions."""
    from solitaire_widgets.widget import GameWidget

    widget = GameWidget("acme", seed=1)
    players = widget.chance_players
    samples = args.samples or widget.chance_samples
    print(
        f"the table's Chances: {samples} samples, players {players} against ('hint',) alone; "
        f"median CPU s of {args.runs} run(s)"
    )
    print(
        f"{'variant':<13} {'deal':>4} {'position':>9} {'moves':>5} {'hint s':>8} "
        f"{'table s':>8} {'per sample':>10} {'ratio':>6}"
    )
    for variant in args.variants:
        for deal in args.deals:
            for label, game in (
                ("opening", Game(variant, seed=deal)),
                (f"move {args.mid}", mid_game(variant, deal, args.mid)),
            ):
                count = len(game.legal_moves())
                if not count:
                    continue
                times = {}
                for chosen in (("hint",), players):
                    run = functools.partial(
                        move_chances, game, samples=samples, players=chosen, seed=widget.chance_seed
                    )
                    times[chosen] = statistics.median(cpu(run) for _ in range(args.runs))
                alone, full = times[("hint",)], times[players]
                print(
                    f"{variant:<13} {deal:>4} {label:>9} {count:>5} {alone:>8.2f} {full:>8.2f} "
                    f"{full / samples:>10.2f} {full / max(alone, 1e-9):>6.1f}",
                    flush=True,
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variants", nargs="+", default=list(GAMES))
    parser.add_argument("--deals", nargs="+", type=int, default=[1, 2, 3, 4, 5])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--samples", type=int, default=None, help="default: 20 (table: its own)")
    parser.add_argument("--max-nodes", type=int, default=None, help="default: per variant")
    parser.add_argument("--baseline", action="store_true", help="time the former method too")
    parser.add_argument("--players", nargs="+", default=list(DEFAULT_PLAYERS))
    parser.add_argument("--table", action="store_true", help="the table's Chances, +/- thinker")
    parser.add_argument("--mid", type=int, default=20, help="--table: moves before mid-game")
    args = parser.parse_args()
    if args.table:
        table(args)
        return
    args.samples = args.samples or DEFAULT_SAMPLES
    print(
        f"{'variant':<13} {'deal':>4} {'moves':>5} {'nodes':>6} {'median s':>9} "
        f"{'width':>6} {'all':>6} {'undecided':>9}"
        + (f" | {'before s':>9} {'width':>6} {'dropped':>7}" if args.baseline else "")
    )
    for variant in args.variants:
        nodes = args.max_nodes or default_nodes(variant)
        worst = 0.0
        for deal in args.deals:
            game = Game(variant, seed=deal)
            options = {"samples": args.samples, "max_nodes": nodes, "players": args.players}
            rows = move_chances(game, **options)
            run = functools.partial(move_chances, game, **options)
            times = [cpu(run) for _ in range(args.runs)]
            seconds = statistics.median(times)
            worst = max(worst, seconds)
            width = statistics.mean(
                r.winnable.interval.high - r.winnable.interval.low for r in rows
            )
            wide = statistics.mean(r.winnable.bounds.high - r.winnable.bounds.low for r in rows)
            undecided = sum(r.winnable.undecided for r in rows) / sum(r.samples for r in rows)
            line = (
                f"{variant:<13} {deal:>4} {len(rows):>5} {nodes:>6} {seconds:>9.2f} "
                f"{width:>6.1%} {wide:>6.1%} {undecided:>9.0%}"
            )
            if args.baseline:
                started = time.process_time()
                old = baseline(game, args.samples)
                before = time.process_time() - started
                old_width = statistics.mean(
                    wilson(w, d).high - wilson(w, d).low if d else 1.0 for w, d in old
                )
                dropped = 1 - sum(d for _, d in old) / (len(old) * args.samples)
                line += f" | {before:>9.2f} {old_width:>6.1%} {dropped:>7.0%}"
            print(line, flush=True)
        print(f"{variant:<13} worst median: {worst:.2f} s (deals {args.deals})", flush=True)


if __name__ == "__main__":
    main()
