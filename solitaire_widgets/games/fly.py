"""Fly beyond its rules (``variants/fly.py``): what the engines know.

**Safe moves**: the rank games' rule (``by_rank``: a card onto a lowest foundation).

**Dead positions**: ``by_rank.rank_deadlock``, with the tableau piles as the piles whose cards
go home top first and the reserve and stock cards as free (the cards above them can always be
put on the tableau).

**Key.** Foundations by their sorted heights (``by_rank``). The five tableau piles play the
same role (any stock or reserve card may go on any of them, and their cards only go home), so
the key sorts them; the two copies of a card are the same value. The reserve and the stock are
known by their sizes: only their tops ever leave, so their order never changes.

**Candidate moves**: ``by_rank.one_per_foundation_height``, and of one card's moves to
identical tableau piles only the first (the positions after them have the same key). Then a
card goes where it blocks least (``_fly_rank``).

**Playouts and nested runs**, alongside the complete search. Most deals are won, but their
winning lines are long and the complete search, trying every variation near the leaves first,
can take minutes to reach one; a few hundred greedy lines with noise in their choices usually
include a win. For the deals they miss, nested runs (Cazenave's nested Monte Carlo search,
level 1) choose each placement by the playouts that follow it (``benchmarks/solver.py``
measures how many deals each settles). A try yields the moves it makes (the search counts
them as nodes) and returns its line in notation when it wins; a lost try proves nothing; the
search checks a winning line move by move before it reports it.

**Moves that never lead back** (the hints): a card from the stock or the reserve (nothing is
ever placed on them). Tableau cards move only home.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Hashable, Sequence

from ..advice import Hint, left_behind, needed_soon
from ..cards import CARDS
from ..moves import Move
from ..state import GameState
from ..variants import Variant
from .base import CardExample, CardRule, RuleCardText, ThinkerSettings, at
from .by_rank import RankProfile, one_per_foundation_height
from .policy import Policy, Tries


class FlyPolicy(Policy):
    """Tableau piles sorted in the key, foundations by height; a card goes where it blocks
    least. Randomized playouts and nested runs run alongside the complete search."""

    playout_share = 0.95
    pause_nodes = 384  # a Fly node is dear: 1,024 of them took up to 60 ms CPU, 384 up to 32 ms

    def order(self, state: GameState, legal: list[Move]) -> list[Move]:
        piles = state.piles
        index = self.rules.index
        out = []
        seen: set[tuple[str, tuple[int, ...]]] = set()
        for m in one_per_foundation_height(state, legal, index):
            if m.dst.startswith("T"):  # identical piles are the same target
                mark = (m.src, piles[index[m.dst]])
                if mark in seen:
                    continue
                seen.add(mark)
            out.append(m)
        return sorted(out, key=lambda m: _fly_rank(state, m, index))

    def tries(self, state: GameState, rng: random.Random) -> Tries:
        return fly_tries(self.rules, state, rng)


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


# ------------------------------------------------------------------------------ playouts
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


# ------------------------------------------------------------------------------ rule card
_F = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H 2C 2D KH 3C"

RULE_CARD = RuleCardText(
    "Two decks: the eight aces start eight foundations that build up by rank, suit "
    "ignored; the stock's top card is face up and goes home or onto any of five tableau "
    "piles, where it waits until it can go home. One pass, no redeal.",
    (
        CardRule(
            "Foundations build up by rank",
            "Any 2 on any ace, any 3 on any 2, and so on up to a king: suit does not count.",
            (CardExample(at(_F), "S-F2", True), CardExample(at(_F, "S-F", "S-T1"), "S-F2", False)),
        ),
        CardRule(
            "The stock's top card",
            "It is face up and goes to a foundation or onto any tableau pile, at any time. "
            "There is no waste and no draw.",
            (CardExample(at(_F), "S-T4", True), CardExample(at(_F), "S-W", False)),
        ),
        CardRule(
            "The reserve's top card",
            "It goes to a foundation or onto any tableau pile. Nothing is ever placed on "
            "the reserve.",
            (CardExample(at(_F), "R-T3", True), CardExample(at(_F, "S-F", "S-T1"), "T1-R", False)),
        ),
        CardRule(
            "Tableau cards go only home",
            "A tableau pile's top card goes only to a foundation: no building, so a card "
            "put on a pile blocks every card under it until it goes home.",
            (CardExample(at(_F, "S-F", "S-T1"), "T1-T2", False),),
        ),
        CardRule(
            "One pass; won or lost",
            "No redeal: once the stock is used up it is gone. Won when all 104 cards are "
            "home; lost when no legal move remains.",
            (CardExample(at(_F), "redeal", False),),
        ),
    ),
    (
        CardRule(
            "Any stock or reserve card on any tableau pile",
            "Empty or not, a tableau pile takes any stock or reserve card: there is no "
            "building rule.",
            (CardExample(at(_F, "S-F", "S-T1"), "S-T1", True),),
        ),
        CardRule(
            "A stock card may go on the tableau at any time",
            "Even when a card could go home: the text's 'if no moves to the foundation are "
            "possible, deal a card' is advice.",
            (CardExample(at(_F), "S-T1", True),),
        ),
    ),
)


class FlyProfile(RankProfile):
    """Fly: the rank games' rule and deadlock, tableau piles interchangeable."""

    policy_class = FlyPolicy
    chance_nodes = 2_500  # its searches are wider: Chances on an opening stays within seconds
    one_way_sources = frozenset({"S", "R", "redeal"})
    aces_always_safe = True  # an ace goes on an empty foundation, a lowest one (``by_rank``)
    rule_card = RULE_CARD
    thinker = ThinkerSettings(method="rollout", samples=30, max_samples=30)
    """With every card seen, nearly every Fly position can still be won, so a solver that
    sees a sampled deal finds nearly every move good: it cannot tell them apart. A player who
    sees only the face-up cards can: the thinker plays each move out with ``rollout``."""

    def __init__(self, rules: Variant) -> None:
        self._piles = rules.reserve, rules.tableau[0], rules.tableau[-1] + 1, rules.stock
        super().__init__(rules)

    def key(self, state: GameState) -> Hashable:
        r, t, end, s = self._piles
        p = state.piles
        return (
            tuple(sorted([len(p[f]) for f in self.rules.foundations])),
            len(p[r]),
            tuple(sorted(p[t:end])),
            len(p[s]),
        )

    def rollout(self, state: GameState, rng: random.Random) -> tuple[int, int]:
        """Cards home whenever they fit, else the placement that blocks least (``_fly_cost``,
        no noise). It reads only face-up cards (the stock's and the reserve's tops, the
        tableau, the foundations), so on a deal of the unseen cards it uses none of them
        before they turn up."""
        lean = _fly_lean(self.rules, state)
        moves = 0
        while True:
            moves += _fly_home(lean)
            options = _fly_placements(lean)
            if not options:
                return sum(lean[0]), moves
            _fly_place(lean, min(options, key=lambda p: _fly_cost(lean, p)))
            moves += 1

    def stacks_and_free(self, state: GameState) -> tuple[list[Sequence[int]], Sequence[int]] | None:
        piles, rules = state.piles, self.rules
        return [piles[i] for i in rules.tableau], (*piles[rules.reserve], *piles[rules.stock])

    def place_hint(self, state: GameState, move: Move, card: int) -> Hint:
        """The stock's or the reserve's card onto a tableau pile: where it blocks least."""
        rules, piles, text = self.rules, state.piles, str(move)
        src = rules.index[move.src]
        target = piles[rules.index[move.dst]]
        shown = CARDS[card]
        why = left_behind(rules, state, src)
        if move.src == "R":
            base = 62
            why += ": the reserve is the hardest pile to dig out" if len(piles[src]) > 1 else ""
        else:
            base = 50
        if not target:
            return Hint(
                text, base, f"puts {shown} on an empty pile, where it blocks nothing; {why}"
            )
        top = CARDS[target[-1]]
        if top % 13 > card % 13:
            closeness = min(top % 13 - card % 13, 10)
            return Hint(
                text,
                base + 10 - closeness,
                f"{shown} on {top}: a lower card, so it usually goes home before a "
                f"foundation needs {top} (with eight of each rank, not always). It also {why}",
            )
        soon = needed_soon(rules, state, top)
        higher = "the higher " if card % 13 > top % 13 else ""
        return Hint(
            text,
            base - 30 - (10 if soon else 0),
            f"would bury {top}{' which a foundation needs soon' if soon else ''} under {higher}"
            f"{shown} (taken from {rules.label(src)})",
        )
