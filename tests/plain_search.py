"""The reference the solver is checked against: a plain exhaustive search, and small positions.

``plain_verdict`` tries every legal move of the rules engine from every position, with the
exact position (every pile, card by card, and the redeals used) as the key of its closed set:
no symmetry, no safe moves, no pruning, no ordering. Nothing in it comes from the solver, so
a cut of the solver that loses a win shows up as a disagreement.

``truncated_positions`` makes positions small enough for it to decide: a deal, played on at
random for a while, then with most cards moved to the foundations (the lowest ones, as a real
game would have them), so that a handful of cards is left in the deal's own arrangement.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from solitaire_widgets import new_state
from solitaire_widgets.cards import CARDS
from solitaire_widgets.moves import parse_move
from solitaire_widgets.state import GameState
from solitaire_widgets.variants import VARIANTS


def plain_verdict(state: GameState, limit: int = 100_000) -> bool | None:
    """True if some line wins, False if none does, None if more than ``limit`` positions."""
    rules = VARIANTS[state.variant]
    seen = {state.key()}
    stack = [state]
    while stack:
        node = stack.pop()
        if rules.is_won(node):
            return True
        for move in rules.legal_moves(node):
            child = rules.apply(node, move)
            key = child.key()
            if key not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(key)
                stack.append(child)
    return False


def plain_values(state: GameState, limit: int = 50_000) -> dict[GameState, bool] | None:
    """Whether each position reachable from ``state`` can be won, by the same plain search
    run backwards: every reachable position is listed with its moves, and the winnable ones
    are found from the won positions back (a position is winnable when one of its moves leads
    to a winnable one; this is right on cycles too, which Acme's tableau can make). None if
    more than ``limit`` positions are reachable."""
    rules = VARIANTS[state.variant]
    children: dict[GameState, list[GameState]] = {}
    stack = [state]
    while stack:
        node = stack.pop()
        if node in children:
            continue
        if len(children) >= limit:
            return None
        kids = [rules.apply(node, m) for m in rules.legal_moves(node)]
        children[node] = kids
        stack.extend(k for k in kids if k not in children)
    parents: dict[GameState, list[GameState]] = {node: [] for node in children}
    for node, kids in children.items():
        for kid in kids:
            parents[kid].append(node)
    value = {node: False for node in children}
    frontier = [node for node in children if rules.is_won(node)]
    for node in frontier:
        value[node] = True
    while frontier:
        node = frontier.pop()
        for parent in parents[node]:
            if not value[parent]:
                value[parent] = True
                frontier.append(parent)
    return value


def replays_to_a_win(state: GameState, line: list[str]) -> bool:
    """Play ``line`` from ``state`` through the checked layer ``Game.play`` uses (resolve, then
    ``why_not`` must find no broken rule); True when it ends won."""
    rules = VARIANTS[state.variant]
    for text in line:
        move = rules.resolve(state, parse_move(text))
        reason = rules.why_not(state, move)
        assert reason is None, (text, reason)
        state = rules.apply(state, move)
    return rules.is_won(state)


def truncated_positions(
    variant: str, count: int, seed: int = 0, most_left: int = 12
) -> Iterator[GameState]:
    """``count`` positions with at most ``most_left`` cards off the foundations (see module)."""
    rng = random.Random(seed)
    rules = VARIANTS[variant]
    made = 0
    while made < count:
        state = new_state(variant, seed=rng.randrange(1, 10**6))
        for _ in range(rng.randrange(0, 120)):
            moves = rules.legal_moves(state)
            if not moves:
                break
            state = rules.apply(state, rng.choice(moves))
        small = _truncate(state, rng.randrange(2, most_left + 1), rng)
        if small is not None and not rules.is_won(small):
            made += 1
            yield small


def scrambled_positions(
    variant: str, count: int, seed: int = 0, most_left: int = 10
) -> Iterator[GameState]:
    """``count`` small positions with the cards off the foundations scattered at random over
    the piles that may hold them, and a random number of redeals used: arrangements a deal
    rarely makes, to try the solver's arguments on (see ``truncated_positions`` for real ones)."""
    rng = random.Random(seed)
    rules = VARIANTS[variant]
    made = 0
    while made < count:
        heights = [13] * len(rules.foundations)
        for _ in range(rng.randrange(2, most_left + 1)):
            i = rng.choice([i for i, h in enumerate(heights) if h > 1])
            heights[i] -= 1
        heights = sorted(heights) if not rules.suit_foundations else heights
        cards = [
            (i % 4) * 13 + r if rules.suit_foundations else rng.randrange(4) * 13 + r
            for i, h in enumerate(heights)
            for r in range(h, 13)
        ]
        rng.shuffle(cards)
        piles: list[list[int]] = [[] for _ in rules.pile_names]
        for i, (f, h) in enumerate(zip(rules.foundations, heights, strict=True)):
            piles[f] = [(i % 4) * 13 + r for r in range(h)]
        kinds = sorted({k for k in rules.kinds if k != "foundation"})
        for card in cards:  # a kind of pile at random, then a pile of it that can hold the card
            holders: list[int] = []
            while not holders:
                kind = rng.choice(kinds)
                holders = [
                    i
                    for i, k in enumerate(rules.kinds)
                    if k == kind
                    and not (rules.family == "quadrennial" and k == "reserve" and piles[i])
                ]
            piles[rng.choice(holders)].append(card)
        if rules.family == "acme":
            for t in range(5, 9):
                if not piles[t] and piles[4]:
                    piles[t] = [piles[4].pop()]
        state = GameState(
            variant,
            tuple(tuple(CARDS[c] for c in p) for p in piles),
            rng.randrange(rules.redeals_allowed + 1),
        )
        if not rules.is_won(state):
            made += 1
            yield state


def _truncate(state: GameState, left: int, rng: random.Random) -> GameState | None:
    """``state`` with foundations raised at random until at most ``left`` cards are out."""
    rules = VARIANTS[state.variant]
    heights = [len(state.piles[f]) for f in rules.foundations]
    while rules.total_cards - sum(heights) > left:
        heights[rng.choice([i for i, h in enumerate(heights) if h < 13])] += 1
    # the cards that must come home: by suit, or by rank (one copy per foundation passing it)
    wanted: dict[int, int] = {}
    for i, (f, h) in enumerate(zip(rules.foundations, heights, strict=True)):
        for rank in range(len(state.piles[f]), h):
            card = (i % 4) * 13 + rank if rules.suit_foundations else rank
            wanted[card] = wanted.get(card, 0) + 1
    piles = [list(p) for p in state.piles]
    places = [
        (i, j)
        for i, pile in enumerate(piles)
        if i not in rules.foundations
        for j in range(len(pile))
    ]
    rng.shuffle(places)
    remove: set[tuple[int, int]] = set()
    for i, j in places:
        card = piles[i][j]
        key = card if rules.suit_foundations else card % 13
        if wanted.get(key, 0):
            wanted[key] -= 1
            remove.add((i, j))
    if any(wanted.values()):
        return None
    for i in range(len(piles)):
        piles[i] = [c for j, c in enumerate(piles[i]) if (i, j) not in remove]
    for i, (f, h) in enumerate(zip(rules.foundations, heights, strict=True)):
        piles[f] = [CARDS[(i % 4) * 13 + r] for r in range(h)]
    if rules.family == "acme":  # an emptied tableau pile is filled from the reserve at once
        for t in range(5, 9):
            if not piles[t] and piles[4]:
                piles[t] = [piles[4].pop()]
    return GameState(state.variant, tuple(tuple(p) for p in piles), state.redeals)
