"""Fly's playouts and nested runs: quick lines with noise, one fresh try each.

Most Fly deals are won, but their winning lines are long and the complete search, trying every
variation near the leaves first, can take minutes to reach one; a few hundred greedy lines
with noise in their choices usually include a win. For the deals they miss, nested runs
(Cazenave's nested Monte Carlo search, level 1) choose each placement by the playouts that
follow it, and win most of the rest within a few runs (``benchmarks/solver.py`` measures how
many). A try yields the moves it makes (the search counts them as nodes) and returns its line
in notation when it wins; a lost try proves nothing. The search checks a winning line move by
move before it reports it.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ..state import GameState
from ..variants import Variant
from .policy import Tries

# Fly on a lean form of its own: (foundation heights, reserve, stock, tableau piles), cards as
# ranks (suits never matter in Fly). A source is a tableau pile (0..4), the reserve (5) or the
# stock (6); a placement is (source, tableau pile); a line is kept as its placements only, as
# the cards that fit go home between placements by one fixed rule (``_fly_home``).
FlyLean = tuple[list[int], list[int], list[int], list[list[int]]]
Placement = tuple[int, int]
RESERVE, STOCK = 5, 6


def _fly_lean(rules: Variant, state: GameState) -> FlyLean:
    piles = state.piles
    heights = [len(piles[f]) for f in rules.foundations]
    tableau = [[c % 13 for c in piles[t]] for t in rules.tableau]
    reserve = [c % 13 for c in piles[rules.reserve]]
    return heights, reserve, [c % 13 for c in piles[rules.stock]], tableau


def _fly_copy(lean: FlyLean) -> FlyLean:
    heights, reserve, stock, tableau = lean
    return heights[:], reserve[:], stock[:], [pile[:] for pile in tableau]


def _fly_sources(lean: FlyLean) -> list[list[int]]:
    """The piles cards go home from, in the order ``_fly_home`` tries them."""
    return [*lean[3], lean[1], lean[2]]


def _fly_home(lean: FlyLean, record: list[tuple[int, int]] | None = None) -> int:
    """Play home whatever fits (leftmost foundation of the right height), again and again;
    the number of cards played (each ``(source, foundation)`` added to ``record``)."""
    heights = lean[0]
    sources = _fly_sources(lean)
    count, played = 0, True
    while played:
        played = False
        for s, pile in enumerate(sources):
            if pile and pile[-1] in heights:
                f = heights.index(pile[-1])
                heights[f] += 1
                pile.pop()
                count += 1
                played = True
                if record is not None:
                    record.append((s, f))
    return count


def _fly_placements(lean: FlyLean) -> list[Placement]:
    """The placements, one per kind of target (identical tableau piles are the same)."""
    _, reserve, stock, tableau = lean
    out = []
    for source, pile in ((STOCK, stock), (RESERVE, reserve)):
        if pile:
            targets = set()
            for i, target in enumerate(tableau):
                if tuple(target) not in targets:
                    targets.add(tuple(target))
                    out.append((source, i))
    return out


def _fly_cost(lean: FlyLean, placement: Placement) -> float:
    """How much a placement blocks: onto a higher card is cheap (the closer the better), an
    empty pile costs more, burying a lower card most (the sooner it is needed, the worse)."""
    heights, reserve, stock, tableau = lean
    source, i = placement
    card = (stock if source == STOCK else reserve)[-1]
    target = tableau[i]
    extra = 0.0 if source == STOCK else 1.5  # the reserve is the pile that is hard to dig out
    if not target:
        return 3.0 + (12 - card) * 0.1 + extra
    top = target[-1]
    if top >= card:
        return float(top - card) + extra
    lowest = min(heights)
    return 10.0 + (card - top) + (13 - top) * 0.3 + max(0, 4 - top + lowest) * 5 + extra


def _fly_place(lean: FlyLean, placement: Placement) -> None:
    source, i = placement
    lean[3][i].append((lean[2] if source == STOCK else lean[1]).pop())


def _fly_greedy(lean: FlyLean, rng: random.Random) -> tuple[int, list[Placement], int]:
    """One playout on ``lean`` (changed in place): the cheapest placement with noise, cards
    home between placements; the cards home at the end, the placements, the moves made."""
    noise = rng.choice((1.0, 2.0, 4.0, 6.0))
    placed: list[Placement] = []
    moves = 0
    while True:
        moves += _fly_home(lean)
        options = _fly_placements(lean)
        if not options:
            return sum(lean[0]), placed, moves
        best = min(options, key=lambda p: _fly_cost(lean, p) + rng.random() * noise)
        _fly_place(lean, best)
        placed.append(best)
        moves += 1


def _fly_line(rules: Variant, state: GameState, placements: list[Placement]) -> list[str]:
    """The placements of a lean line from ``state`` as the engine's moves, in notation."""
    names = rules.pile_names
    found = [names[i] for i in rules.foundations]
    sources = [*(names[i] for i in rules.tableau), "R", "S"]
    lean = _fly_lean(rules, state)
    line: list[str] = []
    for placement in [*placements, None]:
        homes: list[tuple[int, int]] = []
        _fly_home(lean, homes)
        line += [f"{sources[s]}-{found[f]}" for s, f in homes]
        if placement is not None:
            _fly_place(lean, placement)
            line.append(f"{sources[placement[0]]}-{sources[placement[1]]}")
    return line


def fly_playout(
    rules: Variant, state: GameState, rng: random.Random
) -> tuple[list[str] | None, int]:
    """One greedy playout with noise (``_fly_greedy``): its line when it wins, and its moves.
    The weights were tuned by hand on deals 1..320."""
    lean = _fly_lean(rules, state)
    home, placed, moves = _fly_greedy(lean, rng)
    won = home == 8 * 13
    return (_fly_line(rules, state, placed) if won else None), moves


def fly_nested(
    rules: Variant, state: GameState, rng: random.Random
) -> Generator[int, None, list[str] | None]:
    """One nested Monte Carlo run (Cazenave's NMCS, level 1): at each placement, try every
    placement followed by a playout, and take the first step of the best line found so far
    (most cards home; kept from step to step, so the run never does worse than it). Yields
    the moves its playouts make; returns the winning line, or None when the run loses."""
    lean = _fly_lean(rules, state)
    done: list[Placement] = []
    best_home, best_rest = -1, []
    while True:
        _fly_home(lean)
        options = _fly_placements(lean)
        if not options:
            yield 1
            return _fly_line(rules, state, done) if sum(lean[0]) == 8 * 13 else None
        for placement in options:
            trial = _fly_copy(lean)
            _fly_place(trial, placement)
            home, rest, moves = _fly_greedy(trial, rng)
            if home == 8 * 13:
                return _fly_line(rules, state, [*done, placement, *rest])
            yield moves + 1
            if home > best_home:
                best_home, best_rest = home, [placement, *rest]
        step = best_rest.pop(0)
        _fly_place(lean, step)
        done.append(step)


FLY_PLAIN_FIRST = 300
"""Plain playouts before the nested runs begin: they win most deals sooner."""


def fly_tries(rules: Variant, state: GameState, rng: random.Random) -> Tries:
    """Plain playouts first, then nested runs, until one wins."""
    for _ in range(FLY_PLAIN_FIRST):
        line, moves = fly_playout(rules, state, rng)
        if line is not None:
            return line
        yield moves
    while True:
        won = yield from fly_nested(rules, state, rng)
        if won is not None:
            return won
