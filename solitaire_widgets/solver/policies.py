"""How the search sees each game: a canonical key per position, and the moves in a good order.

A key may merge two positions only when they are the same up to an exact symmetry of the
rules, so that one is won exactly when the other is; the search then looks at one of them.

* Quadrennial and Acme build by suit, so the foundations hold exactly the cards that are in
  no other pile, and the key leaves them out. Quadrennial's
  eight reserve piles play the same role (any of them takes a card home, the stock refills the
  one that was played, an empty one stays empty), so the key sorts them; so are Acme's four
  tableau piles (each builds down by suit, the reserve fills whichever empties). Acme's reserve
  is known by its size: cards only leave it from the top, so its order never changes.
* Acquaintance and Fly build by rank, suit ignored: any card of the right rank fits any
  foundation of that height, so the foundations are known by their sorted heights. Fly's five
  tableau piles play the same role (sorted), and the two copies of a card are the same value;
  its reserve and stock are known by their sizes, as only their tops ever leave. Acquaintance's
  reserve piles are not interchangeable (a deal serves R1 first, a redeal gathers R1 first), so
  they are kept in order.

The candidate moves (``order``) are the legal moves, best first, with two kinds left out, each
leading to a position with the same key as a move kept: of one card's moves to foundations of
the same height (rank games), only the leftmost; of one card's moves to identical tableau
piles (Acme's empty ones, Fly's equal ones), only the first. Nothing else is cut here.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ..knowledge import first_safe, is_dead
from ..moves import Move
from ..state import GameState
from ..variants import VARIANTS, Variant


class Policy:
    """One game as the search sees it: keys, safe moves, dead positions, move order."""

    probes = 0
    """Limited discrepancy probes before the complete search (see ``search``)."""
    playout_share = 0.0
    """Share of the nodes given to randomized playouts alongside the complete search."""

    def __init__(self, rules: Variant, use_knowledge: bool = True) -> None:
        self.rules = rules
        self.use_knowledge = use_knowledge

    def key(self, state: GameState) -> Hashable:
        return state.piles, state.redeals

    def safe(self, state: GameState, legal: Sequence[Move]) -> Move | None:
        """A move to play without branching (``knowledge.safe_moves``' rule), or None."""
        return first_safe(self.rules, state, legal) if self.use_knowledge else None

    def dead(self, state: GameState) -> bool:
        """True when the position provably cannot be won (``knowledge.is_dead``)."""
        return self.use_knowledge and is_dead(state)

    def eager(self, state: GameState, legal: Sequence[Move]) -> Move | None:
        """For the eager probe only: a move a good player would simply play (it need not be
        safe; a probe that fails proves nothing). None: this game has no eager probe."""
        return None

    def order(self, state: GameState, legal: list[Move]) -> list[Move]:
        """The candidate moves, best first, exact duplicates left out (see the module)."""
        return legal


class QuadrennialPolicy(Policy):
    """Reserve piles sorted in the key; foundation plays before the draw."""

    def key(self, state: GameState) -> Hashable:
        p = state.piles
        stock = self.rules.stock
        # the foundations hold exactly the cards found nowhere else, so they need no place
        reserve = tuple(sorted([pile[0] for pile in p[4:stock] if pile]))  # empty: the rest
        return reserve, p[stock], p[stock + 1], state.redeals

    def eager(self, state: GameState, legal: Sequence[Move]) -> Move | None:
        """The waste's top card home whenever it fits (safe only in the last pass)."""
        for m in legal:
            if m.src == "W" and m.dst.startswith("F"):
                return m
        return self.safe(state, legal)

    def order(self, state: GameState, legal: list[Move]) -> list[Move]:
        # foundation plays first, the waste's before the reserve's; then the draw or redeal
        # (``legal_moves`` lists the reserve plays, the waste play, then the draw or redeal)
        waste = [m for m in legal if m.src == "W"]
        return waste + [m for m in legal if m.src != "W"] if waste else legal


class AcquaintancePolicy(Policy):
    """Foundations by sorted height; the reserve piles in order."""

    playout_share = 0.5

    def key(self, state: GameState) -> Hashable:
        p = state.piles
        return tuple(sorted(len(f) for f in p[:4])), p[4:], state.redeals

    def order(self, state: GameState, legal: list[Move]) -> list[Move]:
        return one_per_foundation_height(state, legal)


class AcmePolicy(Policy):
    """Tableau piles sorted in the key, the reserve by its size."""

    def key(self, state: GameState) -> Hashable:
        p = state.piles  # the foundations: the cards found nowhere else
        return len(p[4]), tuple(sorted(p[5:9])), p[9], p[10], state.redeals

    def order(self, state: GameState, legal: list[Move]) -> list[Move]:
        piles = state.piles
        index = self.rules.index
        moved_to_empty: set[str] = set()  # of one card's moves to empty piles, try one
        out = []
        for m in legal:
            if m.dst.startswith("T") and not piles[index[m.dst]]:
                if m.src in moved_to_empty:
                    continue
                moved_to_empty.add(m.src)
            out.append(m)
        # foundation moves, then building on the tableau, then empty piles, then the stock
        return sorted(out, key=lambda m: _acme_rank(state, m, index))


def _acme_rank(state: GameState, move: Move, index: dict[str, int]) -> int:
    if move.dst.startswith("F"):
        return 0
    if not move.dst:
        return 5
    if move.dst == "W":
        return 4
    if not state.piles[index[move.dst]]:
        return 3
    return 1 if move.src in ("R", "W") else 2


class FlyPolicy(Policy):
    """Tableau piles sorted in the key, foundations by height; a card goes where it blocks
    least. Randomized playouts run alongside the complete search (``playouts``)."""

    playout_share = 0.8

    def key(self, state: GameState) -> Hashable:
        p = state.piles
        return (
            tuple(sorted(len(f) for f in p[:8])),
            len(p[8]),
            tuple(sorted(p[9:14])),
            len(p[14]),
        )

    def order(self, state: GameState, legal: list[Move]) -> list[Move]:
        piles = state.piles
        index = self.rules.index
        out = []
        seen: set[tuple[str, tuple[int, ...]]] = set()
        for m in one_per_foundation_height(state, legal):
            if m.dst.startswith("T"):  # identical piles are the same target
                mark = (m.src, piles[index[m.dst]])
                if mark in seen:
                    continue
                seen.add(mark)
            out.append(m)
        return sorted(out, key=lambda m: _fly_rank(state, m, index))


def _fly_rank(state: GameState, move: Move, index: dict[str, int]) -> tuple[int, int, int]:
    """Foundation moves; then a card onto a higher card (it goes home first, so it blocks
    nothing; the closer the better); then an empty pile; then onto a lower card. Reserve cards
    before stock cards at equal merit: the reserve is the pile that is hard to dig out."""
    if move.dst.startswith("F"):
        return (0, 0, 0)
    card = state.piles[index[move.src]][-1] % 13
    target = state.piles[index[move.dst]]
    stock = int(move.src == "S")
    if not target:
        return (2, stock, 0)
    top = target[-1] % 13
    return (1, stock, top - card) if top >= card else (3, stock, card - top)


def one_per_foundation_height(state: GameState, moves: list[Move]) -> list[Move]:
    """Of moves of one card to foundations of equal height, keep the leftmost."""
    out = []
    seen: set[tuple[str, int]] = set()
    for m in moves:
        if m.dst.startswith("F"):
            mark = (m.src, len(state.piles[int(m.dst[1:]) - 1]))
            if mark in seen:
                continue
            seen.add(mark)
        out.append(m)
    return out


POLICIES: dict[str, type[Policy]] = {
    "quadrennial": QuadrennialPolicy,
    "acquaintance": AcquaintancePolicy,
    "acme": AcmePolicy,
    "fly": FlyPolicy,
}


def policy_for(state: GameState, use_knowledge: bool = True) -> Policy:
    rules = VARIANTS[state.variant]
    return POLICIES[rules.family](rules, use_knowledge)
