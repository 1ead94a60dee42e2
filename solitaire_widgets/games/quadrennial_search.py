"""Quadrennial as the solver searches it: the claims it rests on, a lean node, and the last
pass's own search. (The rest of the game's know-how: ``games/quadrennial.py``.)

**Safe moves**, in the last pass only (no redeal left): the waste's top card, and a reserve
card once the stock is empty. A card in the waste only waits there (a winning line plays it
from the waste or never), and with no redeal left the waste never becomes stock again; a
reserve card played when the stock is empty is refilled by nothing, now or later. Nothing
else: the moment a reserve card is played decides which stock card refills its pile, and a
card left in the waste before the last pass is in the next pass's stock, which shifts which
card refills which pile when; winning lines exist that depend on both (the tests give
positions and deals where playing home at once loses a won game). Both reasons are about
refills, so where **no refill can ever come** (``no_refill_ahead``: every reserve pile empty,
which stays so, since a pile is empty only when emptied with the stock empty; or the stock
empty with no redeal left or no waste to turn over) every card that fits goes home safely, in
any pass: let L win from B and play it from A (c home) skipping c's moves. A draw or a waste
move of another card finds the same top card (c was not above it), a redeal that finds A's
waste empty is not needed (B's waste held only c, the last card left), and no refill differs,
as there is none. (The hints and Auto use these too; the solver's lean search keeps to the
last pass's.)

**Dead positions**, in the last pass: the waste is a stack for good; a card above a lower card
of its own suit can never go home (it must leave first, but needs the lower card home before
it).

**Key.** Foundations build by suit, so they hold exactly the cards found in no other pile: the
key leaves them out. The reserve piles play the same role (any of them takes a card home, the
stock refills the one that was played, an empty one stays empty), so the key sorts them.

**At the end of a pass before the last** (stock empty, waste not, a redeal left) a reserve card
is tried only if it is one of the cards, all in the reserve, that must go home before the
waste's top card can (same suit, from the card up to just below the top). The argument rests
on a lemma. *Pulling a card into the reserve never hurts*: let X' be X with some cards of the
stock or waste taken out (the rest in the same order) and put in reserve piles, everything
else equal. Any line L from X works from X': where L draws a card X' holds, X' does nothing;
where L plays a card home from the waste that X' holds, X' plays it from the reserve (its
refill, if any, takes one more card out of X''s stock); where L's refill takes a card X'
holds, X''s refill takes the next card instead; where L redeals and X''s waste is empty, X'
has nothing to turn over and needs no redeal. The relation holds after every move, so X' wins
when X does. Now take a winning line from the end of a pass. Until it redeals or the waste
runs out, it only plays cards home. Rewrite that stretch: each waste card still goes home when
it did, the reserve cards of its suit it needs go just before it (they are exactly the cards
the rule allows), and every other reserve card it played waits: until just after the redeal,
where it goes home at once and the refill pulls a card (the lemma: no worse than the pile left
empty for good), or until the waste is empty (nothing is left to refill from, so the position
is the same). The rewritten line starts with an allowed move, so a winnable position always
has a candidate that keeps it winnable; with no redeal left, or an empty waste, nothing is
left out. (Not under the stricter "draw only when stuck" knob, where the lemma's moves need
not be legal: ``StrictQuadrennialPolicy``.)
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

from ..moves import DRAW, REDEAL, Move
from ..state import GameState
from .policy import Policy

if TYPE_CHECKING:
    from .base import Profile

WASTE, DRAW_CODE, REDEAL_CODE = 52, 53, 54  # node moves; 0..51: that reserve card home


def quadrennial_safe(last_pass: bool, from_waste: bool, stock_empty: bool) -> bool:
    """Whether a card that fits its foundation is safe to play (the module)."""
    return last_pass and (from_waste or stock_empty)


def no_refill_ahead(
    reserve_cards: bool, stock_cards: bool, waste_cards: bool, last_pass: bool
) -> bool:
    """Whether no reserve pile can ever be refilled again (the module): every reserve pile is
    empty, or the stock is empty and can never be filled again."""
    return not reserve_cards or (not stock_cards and (last_pass or not waste_cards))


def quadrennial_dead(last_pass: bool, waste: Sequence[int]) -> bool:
    """In the last pass, a waste card above a lower card of its own suit (the module)."""
    return last_pass and _suit_inversion(waste)


def _suit_inversion(waste: Sequence[int]) -> bool:
    """A card lying above a lower card of its own suit (bottom to top)."""
    lowest = [99, 99, 99, 99]
    for card in waste:
        suit = card // 13
        if card > lowest[suit]:
            return True
        if card < lowest[suit]:
            lowest[suit] = card
    return False


class QuadrennialPolicy(Policy):
    """Reserve piles sorted; foundation plays before the draw. For speed the search works on
    a lean node, ``(reserve cards sorted, stock, waste, redeals, foundation heights)``, which
    is its own key, with moves as numbers: a card (that reserve card home), 52 (the waste's
    top home), 53 (draw), 54 (redeal). The same rules as the engine, which the tests check
    against the plain search; ``line`` turns a line back into the engine's moves."""

    def __init__(self, profile: Profile, use_knowledge: bool = True) -> None:
        super().__init__(profile, use_knowledge)
        self.allowed = self.rules.redeals_allowed
        # one set per stock length: a set of a million keys would grow (copy itself into a
        # table twice the size) in one step of 50 ms or more, with the interpreter's lock held
        self.lost_in_last_pass: list[set[Hashable]] = [set() for _ in range(53)]

    def tables(self) -> list[set[Hashable]]:
        return self.lost_in_last_pass

    def start(self, state: GameState) -> Any:
        rules, p = self.rules, state.piles
        reserve = tuple(sorted([p[r][0] for r in rules.reserves if p[r]]))
        heights = tuple(len(p[f]) for f in rules.foundations)
        return reserve, p[rules.stock], p[rules.waste], state.redeals, heights

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
        """The safe moves (``quadrennial_safe``, the module), on the lean node."""
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
        search's general machinery. No yield inside: a last pass is small (one pass of at
        most the stock's cards, each drawn once), so a slice that ends inside it pauses at
        the next node of the main search."""
        reserve, stock, waste, redeals, heights = node
        if not self.use_knowledge or redeals < self.allowed:
            return None
        if quadrennial_dead(True, waste):
            return False, []
        lost = self.lost_in_last_pass
        line: list[int] = []
        if _last_pass_won(reserve, stock, waste, list(heights), (line, lost, count)):
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
                        for i in rules.reserves
                        if state.piles[i] and state.piles[i][0] == card
                    )
                )
                move = Move(src, rules.pile_names[rules.foundations[card // 13]])
            out.append(move)
            state = rules.apply(state, move)
        return out


def _last_pass_won(
    reserve: tuple[int, ...],
    stock: tuple[int, ...],
    waste: tuple[int, ...],
    up: list[int],
    search: tuple[list[int], list[set[Hashable]], Callable[[int], object]],
) -> bool:
    """``QuadrennialPolicy.settle``'s search: True with the winning moves added to ``line``;
    ``up`` (the foundation heights) is this call's own copy; ``search`` is ``(line, the lost
    positions, count)``, shared by the calls. Where the draw is the only legal move it is
    played in a loop, not a call (no choice is made there, so no position needs remembering).
    A plain function, not a closure in ``settle``: a closure that calls itself refers to
    itself, a reference cycle that kept the solve's tables alive until a full collection."""
    line, lost, count = search
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
    lost_here = lost[len(stock)]
    if key not in lost_here:
        for card in reserve:
            if card in need:  # home, and the stock's top refills
                rest = list(reserve)
                rest.remove(card)
                insort(rest, top)
                line.append(card)
                after = up[:]
                after[card // 13] += 1
                if _last_pass_won(tuple(rest), stock[:-1], waste, after, search):
                    return True
                line.pop()
        if _draw_allowed(top, waste):
            line.append(DRAW_CODE)
            if _last_pass_won(reserve, stock[:-1], (*waste, top), up[:], search):
                return True
        lost_here.add(key)
    del line[mark:]
    return False


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
    reserve sorted in the key (``QuadrennialProfile.key``), no cut and no safe move (the
    lemma and the safe moves' arguments need the stock usable at will)."""
