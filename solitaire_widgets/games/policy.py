"""How the search sees a game: a canonical key per position, and the moves in a good order.

The solver (``solver.search``) drives a ``Policy``; each game's profile (``games/<game>.py``)
makes the one for its game, and its module argues each choice. What every policy must keep:

* **Keys.** A key may merge two positions only when they are the same up to an exact symmetry
  of the rules, so that one is won exactly when the other is; the search then looks at one of
  them. (Suit games: the foundations hold exactly the cards found in no other pile, so the key
  may leave them out; rank games: any card of the right rank fits any foundation of that
  height, so foundations may be known by their sorted heights; interchangeable piles may be
  sorted.)
* **Candidate moves** (``order``): the legal moves, best first; a move may be left out only
  when it leads to a position with the same key as a move kept, or when an argument shows a
  kept move is never worse (each game's module gives it).
* **Safe moves and dead positions** come from the profile (``Profile.first_safe``,
  ``Profile.is_dead``), whose module proves them; ``use_knowledge=False`` leaves them out,
  with the playouts and a game's own search, for a plainer search that checks them.

All of these depend on the position alone, never on the path that reached it, so the search's
closed set cannot hide a win (``solver.search``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Hashable, Sequence
from typing import TYPE_CHECKING, Any

from ..moves import Move
from ..state import GameState

if TYPE_CHECKING:
    from .base import Profile

Tries = Generator[int, None, list[str]]
"""Tries until one wins: yields the moves made since the last yield, returns the winning line
in notation (a lost try proves nothing; the search checks a winning line move by move)."""


class Policy:
    """One game as the search sees it: keys, safe moves, dead positions, move order."""

    probes = 0
    """Limited discrepancy probes before the complete search (see ``solver.search``)."""
    playout_share = 0.0
    """Share of the nodes given to randomized playouts (``tries``) beside the complete search."""
    pause_nodes = 1024
    """Nodes between two pauses of a search run slice by slice (``solver.solve_steps``: the
    browser-only site runs a slice between two turns of its event loop). A game whose nodes
    cost more pauses more often, to keep a slice short; the search is the same either way."""

    def __init__(self, profile: Profile, use_knowledge: bool = True) -> None:
        self.profile = profile
        rules = self.rules = profile.rules
        self.use_knowledge = use_knowledge
        # Where a policy keeps the defaults, the search calls the engine and the profile
        # directly (no call through the policy per node).
        if type(self).legal is Policy.legal:
            self.legal = rules.legal_moves  # type: ignore[method-assign,assignment]
            self.apply = rules.apply  # type: ignore[method-assign,assignment]
        if type(self).key is Policy.key:
            self.key = profile.key  # type: ignore[method-assign,assignment]
        if type(self).safe is Policy.safe:
            self.safe = profile.first_safe if use_knowledge else _nothing  # type: ignore[method-assign,assignment]
        if type(self).dead is Policy.dead:
            self.dead = profile.is_dead if use_knowledge else _never  # type: ignore[method-assign,assignment]

    # The search works on *nodes* through these methods; a node is the ``GameState`` itself
    # unless a policy keeps a leaner form of its own (Quadrennial does, for speed).
    def start(self, state: GameState) -> Any:
        return state

    def legal(self, node: Any) -> list[Any]:
        return self.rules.legal_moves(node)

    def apply(self, node: Any, move: Any) -> Any:
        return self.rules.apply(node, move)

    def won(self, node: Any) -> bool:
        return self.rules.is_won(node)

    def line(self, state: GameState, moves: Sequence[Any]) -> list[Move]:
        """The node moves of a line from ``state``, as moves of the rules."""
        return list(moves)

    def key(self, node: Any) -> Hashable:
        """The node's key (the profile's symmetry key, ``Profile.key``)."""
        return self.profile.key(node)

    def safe(self, node: Any) -> Any:
        """A move to play without branching (``Profile.first_safe``), or None."""
        return self.profile.first_safe(node) if self.use_knowledge else None

    def dead(self, node: Any) -> bool:
        """True when the position provably cannot be won (``Profile.is_dead``)."""
        return self.use_knowledge and self.profile.is_dead(node)

    def eager(self, node: Any) -> Any:
        """For the eager probe only: a move a good player would simply play (it need not be
        safe; a probe that fails proves nothing). None: this game has no eager probe."""
        return None

    def order(self, node: Any, legal: list[Any]) -> list[Any]:
        """The candidate moves, best first, exact duplicates left out (see the module)."""
        return legal

    def settle(self, node: Any, count: Callable[[int], object]) -> tuple[bool, list[Any]] | None:
        """Decide ``node`` outright, where a game has a faster exact search of its own for
        it: (True, the moves that win) or (False, []); ``count(n)`` for the positions it
        expands. None: the main search expands the node as usual."""
        return None

    def tables(self) -> list[set[Hashable]]:
        """The policy's own tables for one solve (what ``settle`` remembers), emptied bit by
        bit when the solve ends (``Search.release``)."""
        return []

    def tries(self, state: GameState, rng: random.Random) -> Tries:
        """The randomized tries the search runs beside its complete search (when
        ``playout_share`` is above 0), until one wins."""
        raise NotImplementedError(f"{type(self).__name__} has no playouts")


def _nothing(state: GameState) -> None:
    return None


def _never(state: GameState) -> bool:
    return False
