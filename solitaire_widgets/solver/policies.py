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

The candidate moves (``order``) are the legal moves, best first, with some left out. Two kinds
lead to a position with the same key as a move kept: of one card's moves to foundations of
the same height (rank games), only the leftmost; of one card's moves to identical tableau
piles (Acme's empty ones, Fly's equal ones), only the first. And one kind is dominated:

**Quadrennial, at the end of a pass before the last** (stock empty, waste not, a redeal
left): a reserve card is tried only if it is one of the cards, all in the reserve, that must
go home before the waste's top card can (same suit, from the card up to just below the top).
The argument rests on a lemma. *Pulling a card into the reserve never hurts*: let X' be X
with some cards of the stock or waste taken out (the rest in the same order) and put in
reserve piles, everything else equal. Any line L from X works from X': where L draws a card
X' holds, X' does nothing; where L plays a card home from the waste that X' holds, X' plays
it from the reserve (its refill, if any, takes one more card out of X''s stock); where L's
refill takes a card X' holds, X''s refill takes the next card instead; where L redeals and
X''s waste is empty, X' has nothing to turn over and needs no redeal. The relation holds
after every move, so X' wins when X does. Now take a winning line from the end of a pass.
Until it redeals or the waste runs out, it only plays cards home. Rewrite that stretch: each
waste card still goes home when it did, the reserve cards of its suit it needs go just
before it (they are exactly the cards the rule allows), and every other reserve card it
played waits: until just after the redeal, where it goes home at once and the refill pulls
a card (the lemma: no worse than the pile left empty for good), or until the waste is empty
(nothing is left to refill from, so the position is the same). The rewritten line starts
with an allowed move, so a winnable position always has a candidate that keeps it
winnable; with no redeal left, or an empty waste, nothing is left out. (Not in the stricter
"draw only when stuck" knob variant, where the lemma's moves need not be legal.)
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from ..knowledge import first_safe, is_dead, quadrennial_dead, quadrennial_safe
from ..moves import DRAW, REDEAL, Move
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
        if type(self).legal is Policy.legal:  # on GameStates: call the engine directly
            self.legal = rules.legal_moves  # type: ignore[method-assign,assignment]
            self.apply = rules.apply  # type: ignore[method-assign,assignment]

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

    def key(self, state: GameState) -> Hashable:
        return state.piles, state.redeals

    def safe(self, state: GameState) -> Move | None:
        """A move to play without branching (``knowledge.safe_moves``' rule), or None."""
        return first_safe(self.rules, state) if self.use_knowledge else None

    def dead(self, state: GameState) -> bool:
        """True when the position provably cannot be won (``knowledge.is_dead``)."""
        return self.use_knowledge and is_dead(state)

    def eager(self, state: GameState) -> Move | None:
        """For the eager probe only: a move a good player would simply play (it need not be
        safe; a probe that fails proves nothing). None: this game has no eager probe."""
        return None

    def order(self, state: GameState, legal: list[Move]) -> list[Move]:
        """The candidate moves, best first, exact duplicates left out (see the module)."""
        return legal

    def settle(self, node: Any, count: Callable[[int], object]) -> tuple[bool, list[Any]] | None:
        """Decide ``node`` outright, where a game has a faster exact search of its own for
        it: (True, the moves that win) or (False, []); ``count(n)`` for the positions it
        expands. None: the main search expands the node as usual."""
        return None


WASTE, DRAW_CODE, REDEAL_CODE = 52, 53, 54  # Quadrennial node moves; 0..51: that reserve card


class QuadrennialPolicy(Policy):
    """Reserve piles sorted; foundation plays before the draw. For speed the search works on
    a lean node, ``(reserve cards sorted, stock, waste, redeals, foundation heights)``, which
    is its own key, with moves as numbers: a card (that reserve card home), 52 (the waste's
    top home), 53 (draw), 54 (redeal). The same rules as the engine, which the tests check
    against the plain search; ``line`` turns a line back into the engine's moves."""

    def __init__(self, rules: Variant, use_knowledge: bool = True) -> None:
        super().__init__(rules, use_knowledge)
        self.allowed = rules.redeals_allowed
        self.lost_in_last_pass: set[Hashable] = set()

    def start(self, state: GameState) -> Any:
        p, stock = state.piles, self.rules.stock
        reserve = tuple(sorted([pile[0] for pile in p[4:stock] if pile]))
        heights = (len(p[0]), len(p[1]), len(p[2]), len(p[3]))
        return reserve, p[stock], p[stock + 1], state.redeals, heights

    def key(self, node: Any) -> Hashable:
        # the foundations hold exactly the cards found nowhere else: the heights add nothing
        key: Hashable = node
        return key

    def legal(self, node: Any) -> list[int]:
        reserve, stock, waste, redeals, heights = node
        moves = [c for c in reserve if heights[c // 13] == c % 13]
        if waste and heights[waste[-1] // 13] == waste[-1] % 13:
            moves.append(WASTE)
        if stock:
            moves.append(DRAW_CODE)
        elif waste and redeals < self.allowed:
            moves.append(REDEAL_CODE)
        return moves

    def apply(self, node: Any, move: int) -> Any:
        reserve, stock, waste, redeals, heights = node
        if move == DRAW_CODE:
            return reserve, stock[:-1], (*waste, stock[-1]), redeals, heights
        if move == REDEAL_CODE:
            return reserve, waste[::-1], (), redeals + 1, heights
        card = waste[-1] if move == WASTE else move
        up = list(heights)
        up[card // 13] += 1
        if move == WASTE:
            return reserve, stock, waste[:-1], redeals, tuple(up)
        rest = list(reserve)
        rest.remove(card)
        if stock:  # the top stock card refills the pile
            rest.append(stock[-1])
            rest.sort()
            stock = stock[:-1]
        return tuple(rest), stock, waste, redeals, tuple(up)

    def won(self, node: Any) -> bool:
        return bool(sum(node[4]) == 52)

    def safe(self, node: Any) -> Any:
        """``knowledge.safe_moves``' rule (``quadrennial_safe``), on the lean node."""
        reserve, stock, waste, redeals, heights = node
        if not self.use_knowledge or redeals < self.allowed:
            return None
        fits = waste and heights[waste[-1] // 13] == waste[-1] % 13
        if fits and quadrennial_safe(True, True, not stock):
            return WASTE
        for card in reserve:
            if heights[card // 13] == card % 13 and quadrennial_safe(True, False, not stock):
                return card
        return None

    def dead(self, node: Any) -> bool:
        """False: the one dead test (in the last pass) is made by ``settle``, which takes
        every last-pass node before the search would ask."""
        return False

    def eager(self, node: Any) -> Any:
        """The waste's top card home whenever it fits (safe only in the last pass)."""
        waste, heights = node[2], node[4]
        if waste and heights[waste[-1] // 13] == waste[-1] % 13:
            return WASTE
        return self.safe(node)

    def order(self, node: Any, legal: list[Any]) -> list[Any]:
        """The waste's play, the reserve plays, then the draw or redeal; at the end of a pass
        before the last, only the reserve cards on the way to the waste's top (the module)."""
        reserve, stock, waste, redeals, _ = node
        if waste and not stock and redeals < self.allowed:
            top = waste[-1]
            cards = set(reserve)
            legal = [
                m
                for m in legal
                if m >= WASTE
                or (m // 13 == top // 13 and m < top and all(c in cards for c in range(m, top)))
            ]
        if WASTE in legal:
            legal.remove(WASTE)
            legal.insert(0, WASTE)
        return legal

    def settle(self, node: Any, count: Callable[[int], object]) -> tuple[bool, list[Any]] | None:
        """The last pass, searched by a tight recursion of its own: the same moves, safe
        moves (the waste's top home; once the stock is empty, the reserve cards) and dead
        positions (a card drawn onto a lower card of its suit) as the main search, with the
        lost positions remembered for the whole solve. Most positions of a Quadrennial
        search lie in the last pass, and this costs far less per position than the main
        search's general machinery. No yield inside: a last pass is small (the largest met
        in the searches of the hardest deals, about 4,000 positions)."""
        reserve, stock, waste, redeals, heights = node
        if not self.use_knowledge or redeals < self.allowed:
            return None
        if quadrennial_dead(True, waste):
            return False, []
        lost = self.lost_in_last_pass
        line: list[int] = []

        def won(
            reserve: tuple[int, ...], stock: tuple[int, ...], waste: tuple[int, ...], up: list[int]
        ) -> bool:
            """True with the winning moves added to ``line``; ``up`` (the foundation heights)
            is this call's own copy. Where the draw is the only legal move it is played in a
            loop, not a call (no choice is made there, so no position needs remembering)."""
            mark, drawn = len(line), 0
            while True:
                while True:  # the safe moves
                    if waste and up[waste[-1] // 13] == waste[-1] % 13:
                        up[waste[-1] // 13] += 1
                        line.append(WASTE)
                        waste = waste[:-1]
                    elif not stock and (fit := [c for c in reserve if up[c // 13] == c % 13]):
                        for card in fit:
                            up[card // 13] += 1
                            line.append(card)
                        reserve = tuple(c for c in reserve if c not in fit)
                    else:
                        break
                if not stock:  # nothing left to draw, and nothing fits: won or lost
                    count(drawn)
                    if up == [13, 13, 13, 13]:
                        return True
                    del line[mark:]
                    return False
                top = stock[-1]
                # the cards that fit now (a finished suit names the next suit's ace, which is
                # in the reserve only while its own foundation is empty: then it fits anyway)
                need = {up[0], up[1] + 13, up[2] + 26, up[3] + 39}
                if not need.isdisjoint(reserve):
                    break
                if not _draw_allowed(top, waste):  # the only move, and a dead one
                    count(drawn)
                    del line[mark:]
                    return False
                line.append(DRAW_CODE)
                waste, stock, drawn = (*waste, top), stock[:-1], drawn + 1
            count(drawn + 1)
            key = reserve, stock, waste
            if key not in lost:
                for card in reserve:
                    if card in need:  # home, and the stock's top refills
                        rest = list(reserve)
                        rest.remove(card)
                        insort(rest, top)
                        line.append(card)
                        after = up[:]
                        after[card // 13] += 1
                        if won(tuple(rest), stock[:-1], waste, after):
                            return True
                        line.pop()
                if _draw_allowed(top, waste):
                    line.append(DRAW_CODE)
                    if won(reserve, stock[:-1], (*waste, top), up[:]):
                        return True
                lost.add(key)
            del line[mark:]
            return False

        if won(reserve, stock, waste, list(heights)):
            return True, line
        return False, []

    def line(self, state: GameState, moves: Sequence[Any]) -> list[Move]:
        rules, out = self.rules, []
        for m in moves:
            if m == DRAW_CODE:
                move = DRAW
            elif m == REDEAL_CODE:
                move = REDEAL
            else:
                card = state.piles[rules.waste][-1] if m == WASTE else m
                src = (
                    "W"
                    if m == WASTE
                    else next(
                        rules.pile_names[i]
                        for i in range(4, rules.stock)
                        if state.piles[i] and state.piles[i][0] == card
                    )
                )
                move = Move(src, f"F{card // 13 + 1}")
            out.append(move)
            state = rules.apply(state, move)
        return out


def _draw_allowed(top: int, waste: Sequence[int]) -> bool:
    """Quadrennial's last pass: whether drawing ``top`` onto ``waste`` (with no card above a
    lower card of its suit) keeps it so: the topmost card of its suit there is higher."""
    suit = top // 13
    for card in reversed(waste):
        if card // 13 == suit:
            return card > top
    return True


class StrictQuadrennialPolicy(Policy):
    """Quadrennial under the stricter "draw only when stuck" knob: the engine's moves, the
    reserve sorted in the key, no cut (the lemma above needs the stock usable at will)."""

    def key(self, state: GameState) -> Hashable:
        p, stock = state.piles, self.rules.stock
        reserve = tuple(sorted([pile[0] for pile in p[4:stock] if pile]))
        return reserve, p[stock], p[stock + 1], state.redeals


class AcquaintancePolicy(Policy):
    """Foundations by sorted height; the reserve piles in order."""

    playout_share = 0.8

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

    playout_share = 0.95

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
    if rules.family == "quadrennial" and rules.stuck_only:
        return StrictQuadrennialPolicy(rules, use_knowledge)
    return POLICIES[rules.family](rules, use_knowledge)
