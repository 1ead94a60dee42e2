"""Safe moves and dead positions, by position: what the solver, the hints and Auto all know.

Each game's claims live in its profile, with their arguments (``games/<game>.py``; the rank
games share ``games/by_rank.py``), and the tests check every one against a plain exhaustive
search (every legal move, exact positions as keys) on thousands of small positions of each
game. This module asks the profile of the position's variant; it knows no game by name.

**Safe moves** (``safe_moves``). A legal move is *safe* when, whenever the position before it
can be won, so can the position after it: it may be played without asking (Auto) and without
branching (the solver). Each argument shows how any winning line from the position before the
move becomes a winning line from the position after it.

**Dead positions** (``is_dead``): positions that provably cannot be won, cut by the solver.
"""

from __future__ import annotations

from .games import profile_of
from .games.by_rank import rank_deadlock
from .games.quadrennial_search import quadrennial_dead, quadrennial_safe
from .moves import Move
from .state import GameState, HasState, state_of
from .variants import VARIANTS, Variant


def safe_moves(position: GameState | HasState) -> list[Move]:
    """The legal moves Auto may play and the solver plays without branching (see the module),
    in a ``Game``'s position or a ``GameState``."""
    state = state_of(position, "safe_moves")
    rules = VARIANTS[state.variant]
    profile = profile_of(rules)
    return [m for m in rules.legal_moves(state) if profile.is_safe(state, m)]


def first_safe(rules: Variant, state: GameState) -> Move | None:
    """The first of the safe moves (in ``legal_moves`` order), or None."""
    return profile_of(rules).first_safe(state)


def is_safe(rules: Variant, state: GameState, move: Move) -> bool:
    """Whether a legal ``move`` is safe here (the rules and their arguments: the profiles)."""
    return profile_of(rules).is_safe(state, move)


def is_dead(state: GameState) -> bool:
    """True when the position provably cannot be won (cheap tests; False when unsure)."""
    return profile_of(VARIANTS[state.variant]).is_dead(state)


__all__ = [
    "first_safe",
    "is_dead",
    "is_safe",
    "quadrennial_dead",
    "quadrennial_safe",
    "rank_deadlock",
    "safe_moves",
]
