"""Random-playout throughput of the pure core and of the checked ``Game.play``, per variant.

Run: ``python benchmarks/engine.py`` (one core). Prints moves per second, median of 5 runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from solitaire_widgets import Game, new_state
from solitaire_widgets.variants import VARIANTS

MAX_MOVES = 1000  # Acme can shuffle cards between tableau piles forever; cap each playout


def core_run(variant: str, seconds: float, seed: int) -> float:
    """Moves per second of random playouts through ``legal_moves`` + ``apply``."""
    rules = VARIANTS[variant]
    legal, apply = rules.legal_moves, rules.apply
    rng = random.Random(seed)
    moves = 0
    deal = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        deal += 1
        state = new_state(variant, seed=deal)
        for _ in range(MAX_MOVES):
            options = legal(state)
            if not options:
                break
            state = apply(state, options[int(rng.random() * len(options))])
            moves += 1
    return moves / (time.perf_counter() - start)


def game_run(variant: str, seconds: float, seed: int) -> float:
    """Moves per second of random playouts through the checked ``Game.play`` (notation in)."""
    rng = random.Random(seed)
    moves = 0
    deal = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        deal += 1
        game = Game(variant, seed=deal)
        for _ in range(MAX_MOVES):
            options = game.legal_moves()
            if not options:
                break
            game.play(str(options[int(rng.random() * len(options))]))
            moves += 1
    return moves / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    args = parser.parse_args()
    print(f"{'variant':<13} {'pure core moves/s':>18} {'Game.play moves/s':>18}")
    for variant in VARIANTS:
        core = statistics.median(core_run(variant, args.seconds, r) for r in range(args.runs))
        checked = statistics.median(game_run(variant, args.seconds, r) for r in range(args.runs))
        print(f"{variant:<13} {core:>18,.0f} {checked:>18,.0f}")


if __name__ == "__main__":
    main()
