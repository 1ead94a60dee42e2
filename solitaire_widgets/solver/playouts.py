"""Randomized playouts: quick greedy lines with noise, one fresh try each.

Most Fly and Acquaintance deals are won, but their winning lines are long and the complete
search, trying every variation near the leaves first, can take minutes to reach one; a few
hundred greedy lines with noise in their choices usually include a win. A playout returns its
line (in notation) when it wins, and how many moves it made; a lost playout proves nothing.
The search checks a winning line move by move before it reports it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..state import GameState
from ..variants import Variant

Playout = Callable[[Variant, GameState, random.Random], tuple[list[str] | None, int]]


def fly_playout(
    rules: Variant, state: GameState, rng: random.Random
) -> tuple[list[str] | None, int]:
    """Play home whatever fits (leftmost foundation of the right height), else put the stock
    or reserve top where it blocks least (onto a higher card, the closer the better; then an
    empty pile; then over a lower card, the one needed latest), with noise in the scores.
    The weights were tuned on deals 1..320: about 97% are won within 3,000 playouts."""
    piles = state.piles
    names = rules.pile_names
    found = [i for i, k in enumerate(rules.kinds) if k == "foundation"]
    tabl = [i for i, k in enumerate(rules.kinds) if k == "tableau"]
    heights = [len(piles[f]) for f in found]
    reserve = [c % 13 for c in piles[rules.reserve]]
    stock = [c % 13 for c in piles[rules.stock]]
    tableau = [[c % 13 for c in piles[t]] for t in tabl]
    sources = [*((tableau[i], names[t]) for i, t in enumerate(tabl)), (reserve, "R"), (stock, "S")]
    line: list[str] = []
    noise = rng.choice((1.0, 2.0, 4.0, 6.0))
    while True:
        played = True
        while played:
            played = False
            for pile, name in sources:
                if pile and pile[-1] in heights:
                    f = heights.index(pile[-1])
                    heights[f] += 1
                    pile.pop()
                    line.append(f"{name}-{names[found[f]]}")
                    played = True
        if not stock and not reserve:
            won = all(h == 13 for h in heights) and not any(tableau)
            return (line if won else None), len(line)
        best = None
        lowest = min(heights)
        for pile, name, extra in ((stock, "S", 0.0), (reserve, "R", 1.5)):
            if not pile:
                continue
            card = pile[-1]
            for i, target in enumerate(tableau):
                if not target:
                    score = 3.0 + (12 - card) * 0.1
                elif target[-1] >= card:
                    score = float(target[-1] - card)
                else:  # burying a lower card: worse the sooner a foundation needs it
                    top = target[-1]
                    score = 10.0 + (card - top) + (13 - top) * 0.3 + max(0, 4 - top + lowest) * 5
                score += extra + rng.random() * noise
                if best is None or score < best[0]:
                    best = (score, pile, name, i)
        if best is None:  # nothing to place and nothing fits: lost
            return None, len(line)
        _, pile, name, i = best
        tableau[i].append(pile.pop())
        line.append(f"{name}-{names[tabl[i]]}")


def acquaintance_playout(
    rules: Variant, state: GameState, rng: random.Random
) -> tuple[list[str] | None, int]:
    """Play a card home (at random, or from the tallest pile) with a probability this playout
    draws, always in the last pass; else deal, or redeal (gathering ``R1`` bottom to top, then
    ``R2`` ..., and dealing one round at once). Tuned on the hardest of deals 1..10,000."""
    eager = rng.choice((0.5, 0.8, 0.95, 1.0))
    piles = state.piles
    found = [i for i, k in enumerate(rules.kinds) if k == "foundation"]
    names = rules.pile_names
    reserve_at = [i for i, k in enumerate(rules.kinds) if k == "reserve"]
    heights = [len(piles[f]) for f in found]
    reserve = [[c % 13 for c in piles[r]] for r in reserve_at]
    stock = [c % 13 for c in piles[rules.stock]]
    redeals = state.redeals
    line: list[str] = []

    def deal_round() -> None:
        for pile in reserve:
            if not stock:
                break
            pile.append(stock.pop())

    while True:
        home = [
            (i, heights.index(pile[-1]))
            for i, pile in enumerate(reserve)
            if pile and pile[-1] in heights
        ]
        can_redeal = not stock and redeals < rules.redeals_allowed and any(reserve)
        last_pass = redeals >= rules.redeals_allowed  # then always play home when one fits
        if home and (last_pass or not (stock or can_redeal) or rng.random() < eager):
            if rng.random() < 0.3:  # sometimes the card from the tallest pile
                i, f = max(home, key=lambda h: len(reserve[h[0]]))
            else:
                i, f = rng.choice(home)
            heights[f] += 1
            reserve[i].pop()
            line.append(f"{names[reserve_at[i]]}-{names[found[f]]}")
        elif stock:
            deal_round()
            line.append("deal")
        elif can_redeal:
            gathered = [card for pile in reserve for card in pile]
            stock = gathered[::-1]
            for pile in reserve:
                pile.clear()
            redeals += 1
            deal_round()
            line.append("redeal")
        else:
            won = all(h == 13 for h in heights)
            return (line if won else None), len(line)


PLAYOUTS: dict[str, Playout] = {"fly": fly_playout, "acquaintance": acquaintance_playout}
