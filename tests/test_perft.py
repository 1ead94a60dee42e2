"""Perft counts, as chess engines keep them: move sequences of length 1 to 4 from a fixed deal.

The cheapest strong regression test of move generation: any change in which moves are legal,
or in what a move leaves behind, changes these numbers. They were recorded from the engine once
the conformance suite and the rulings tests passed; a change here must be explained.
"""

from __future__ import annotations

import random

import pytest

from solitaire_widgets import apply, legal_moves, new_state
from solitaire_widgets.state import GameState

# variant -> (counts from deal 7, counts after 30 random moves from deal 7)
PERFT = {
    "quadrennial": ([3, 8, 19, 39], [1, 2, 2, 3]),
    "acquaintance": ([5, 9, 21, 21], [2, 3, 5, 13]),
    "acme": ([2, 3, 4, 8], [1, 1, 2, 4]),
    "fly": ([10, 100, 1200, 16000], [6, 34, 186, 994]),
}


def perft(state: GameState, depth: int) -> int:
    """The number of legal move sequences of exactly ``depth`` moves."""
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(apply(state, m), depth - 1) for m in moves)


def after_random_moves(state: GameState, count: int) -> GameState:
    """The position after ``count`` moves chosen by ``random.Random(1)`` (a fixed midgame)."""
    rng = random.Random(1)
    for _ in range(count):
        moves = legal_moves(state)
        state = apply(state, moves[int(rng.random() * len(moves))])
    return state


@pytest.mark.parametrize("variant", sorted(PERFT))
def test_perft(variant: str) -> None:
    start = new_state(variant, seed=7)
    midgame = after_random_moves(start, 30)
    counts = ([perft(start, d) for d in range(1, 5)], [perft(midgame, d) for d in range(1, 5)])
    assert counts == PERFT[variant]
