"""What the solver, the hints and Auto all know about each game: the moves that are safe.

The layers run one way: rules -> knowledge -> solver -> hints. A move is *safe* when it can
never turn a winnable position into a lost one, so it may be played without asking (Auto) and
without branching (the solver).

Which moves are safe depends on the game; the tests check every kind against the plain search
on many positions.

* Acme: every foundation move. A card does nothing for the others until it is home: nothing is
  built on a foundation card, and a tableau card's only use, taking the next lower card of its
  suit, is over once that card is home (and each card has exactly one place on a foundation).
* Quadrennial: the waste's top card; playing it home changes nothing else. Never a reserve
  card: the moment it is played decides which stock card refills its pile, and winning lines
  exist that draw first and play the reserve card after.
* Fly and Acquaintance build by rank, so the copies of a rank compete for the foundations:
  playing a 9 on the only foundation at 8 can strand another 9 that a lower foundation will
  want later. A card is safe only when it goes onto a lowest foundation (no foundation is below
  the one it goes on): then every foundation still needing its rank can take another copy. In
  Acquaintance, besides, a card played home changes how a later redeal gathers and deals the
  piles, so foundation moves are auto-played only once no redeal is left.
"""

from __future__ import annotations

from .moves import Move
from .state import GameState
from .variants import VARIANTS


def safe_moves(state: GameState) -> list[Move]:
    """The legal foundation moves that auto-play may make without asking (see the module)."""
    rules = VARIANTS[state.variant]
    moves = [m for m in rules.legal_moves(state) if m.dst.startswith("F")]
    if rules.family == "quadrennial":
        return [m for m in moves if m.src == "W"]
    if rules.suit_foundations:
        return moves
    if rules.family == "acquaintance" and state.redeals < rules.redeals_allowed:
        return []
    lowest = min(len(state.piles[f]) for f in rules.foundations)
    return [m for m in moves if len(state.piles[rules.index[m.dst]]) == lowest]
