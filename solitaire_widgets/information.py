"""What a player who remembers everything knows at a point of a game: its information state.

A player *sees* the face-up cards of the position now (``view.view``); a player who also
*remembers* knows more: every card that was ever face up, and where it must be now. In these
four games that knowledge is a function of the position itself, because no card that was seen
ever turns face down again without its order being known:

* cards leave the stock, the waste and a reserve only from the top, and a card turned face up
  stays face up until it leaves its pile;
* a redeal rebuilds the stock from cards that were face up (Quadrennial's and Acme's waste,
  Acquaintance's reserve piles), in an order the player watched, so from the first redeal on
  the stock is known though it is drawn face down (Quadrennial and Acquaintance: from then on
  every card is known; Acme: all but the reserve's face-down cards);
* Fly has no redeal: its stock and reserve below their face-up tops were never seen.

So the cards never seen are exactly the face-down cards of the stock before the first redeal
and of a reserve whose cards below the top are face down, and the player knows nothing about
their order, *along one line of play*. Undo and Restart break it: a card drawn and taken back
is face down again, and its place known. What such a player knows is the ``Memory``: per pile,
the fewest cards at its bottom never seen in the whole game (``remember``: the minimum over
every position shown, taken-back lines included). Face-down cards never move (cards leave the
stock and a reserve only from the top, and nothing is put onto a face-down card), so the
unseen slots of a pile now are its bottom slots as dealt: the slots above ``memory[i]`` hold
cards the player saw there.

``InfoState`` holds what is known (each pile's known cards, how many unknown slots lie under
them) and the never-seen cards as a sorted multiset, and never the real order of those cards:
whatever is computed from it cannot peek. ``determinize`` deals the never-seen cards at random
into the unknown slots (every arrangement equally likely); ``InfoState.update`` carries such a
dealt world along a move, keeping it a fair sample.

The tests replay games of every variant and check that the never-seen cards are exactly the
cards no view along the game ever showed, and that every arrangement of them, and no other,
is consistent with the information state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .state import GameState, Pile
from .variants import VARIANTS, Variant

__all__ = [
    "InfoState",
    "Memory",
    "determinize",
    "hidden_count",
    "info_state",
    "remember",
    "unseen_cards",
]

Memory = tuple[int, ...]
"""Per pile, how many cards at its bottom the player has never seen in the whole game."""


def hidden_count(rules: Variant, state: GameState, pile: int) -> int:
    """How many cards at the bottom of pile ``pile`` the player has never seen: its face-down
    cards, except a stock rebuilt by a redeal (its order was watched: known, though face down).
    """
    if pile == rules.stock and state.redeals > 0:
        return 0
    return rules.face_down(state, pile)


def remember(memory: Memory | None, state: GameState) -> Memory:
    """``memory`` after the player is shown ``state`` (None: nothing remembered yet): per pile,
    the fewer of the unseen cards so far and the face-down cards ``state`` has never shown."""
    rules = VARIANTS[state.variant]
    now = tuple(hidden_count(rules, state, i) for i in range(len(state.piles)))
    return now if memory is None else tuple(map(min, memory, now))


@dataclass(frozen=True)
class InfoState:
    """What a player with a perfect memory knows: the known cards of each pile (bottom to top,
    above ``hidden[i]`` unknown slots at its bottom) and the never-seen cards (sorted).

    Two positions a player cannot tell apart have equal information states, so it can key a
    cache; it holds no order of the never-seen cards, so nothing computed from it can peek.
    """

    variant: str
    known: tuple[Pile, ...]
    hidden: tuple[int, ...]
    unseen: tuple[Card, ...]
    redeals: int

    @property
    def complete(self) -> bool:
        """True when the player knows the whole position: no card is unseen, or the unseen
        cards are one card (or copies of one), which can go only one way into the unknown
        slots. Random deals of them would all be the real position (the fifty-second review:
        Chances gave intervals over copies of one known position)."""
        return len(set(self.unseen)) <= 1

    def known_words(self) -> str:
        """How the player knows every card, for a complete information state."""
        if not self.unseen:
            return "you have seen every card"
        card, count = self.unseen[0], len(self.unseen)
        if count == 1:
            return f"you know every card: the one you have not seen can only be {card}"
        return f"you know every card: the {count} you have not seen can only be copies of {card}"

    def position(self) -> GameState:
        """The position itself, when the player knows it (``complete``; ``ValueError``
        otherwise)."""
        if not self.complete:
            raise ValueError(f"{len(self.unseen)} cards are unseen: deal them with determinize")
        return GameState(self.variant, _filled(self, self.unseen), self.redeals)

    def consistent(self, state: GameState) -> bool:
        """Whether ``state`` could be the real position: the same known cards, and its cards in
        the unknown slots are the never-seen ones."""
        if state.variant != self.variant or state.redeals != self.redeals:
            return False
        dealt: list[Card] = []
        for pile, known, down in zip(state.piles, self.known, self.hidden, strict=True):
            if len(pile) != len(known) + down or pile[down:] != known:
                return False
            dealt.extend(pile[:down])
        return sorted(dealt) == list(self.unseen)

    def update(self, world: GameState, move: Any, after: InfoState) -> GameState:
        """``world`` (a position consistent with this information state) after ``move``, made
        consistent with ``after`` (the information state after the same move in the real game).

        The move turns up the same known cards in both, but a card it reveals (a refill, the
        next reserve card) may differ: each such card is swapped with the place the world had
        it, among the still-unseen slots. If the world was a fair sample (every arrangement of
        the unseen cards equally likely), it stays one given what was revealed: of the worlds
        that put card c in the revealed slot, each is reached from exactly as many worlds
        before the swap (the one that had c there, and one for each other place of c).
        """
        rules = VARIANTS[self.variant]
        piles = [list(p) for p in rules.apply(world, move).piles]
        # the places whose card the world guessed: the unseen slots, and the slots the move
        # revealed where the guess was wrong (cards known before agree in both)
        wrong = [
            (i, down + j)
            for i, (known, down) in enumerate(zip(after.known, after.hidden, strict=True))
            for j, card in enumerate(known)
            if piles[i][down + j] != card
        ]
        pool = [(i, j) for i, down in enumerate(after.hidden) for j in range(down)] + wrong
        for i, j in wrong:
            card = after.known[i][j - after.hidden[i]]
            pool.remove((i, j))  # this slot is settled: it gets ``card``
            if piles[i][j] == card:  # an earlier swap brought it here
                continue
            a, b = next((a, b) for a, b in pool if piles[a][b] == card)
            piles[a][b], piles[i][j] = piles[i][j], card
        return GameState(self.variant, tuple(tuple(p) for p in piles), after.redeals)


def info_state(game_or_state: Any, memory: Memory | None = None) -> InfoState:
    """The information state of a ``Game`` (its current position and its ``memory``) or of a
    position with the ``memory`` of the game that reached it (None: the position alone, what
    one line of play from the deal shows; see the module)."""
    state = getattr(game_or_state, "state", game_or_state)
    if not isinstance(state, GameState):
        raise TypeError(f"expected a Game or a GameState, not {type(game_or_state).__name__}")
    if memory is None:
        memory = getattr(game_or_state, "memory", None)
    hidden = remember(memory, state)
    known = tuple(pile[down:] for pile, down in zip(state.piles, hidden, strict=True))
    unseen = sorted(c for pile, down in zip(state.piles, hidden, strict=True) for c in pile[:down])
    return InfoState(state.variant, known, hidden, tuple(unseen), state.redeals)


def unseen_cards(state: GameState, memory: Memory | None = None) -> list[Card]:
    """The cards the player has never seen, as a player would list them: sorted, not in order."""
    return list(info_state(state, memory).unseen)


def determinize(
    info: InfoState | GameState, rng: random.Random, memory: Memory | None = None
) -> GameState:
    """A position consistent with what the player knows: the never-seen cards dealt at random
    into the unknown slots, every arrangement equally likely (a *determinization*)."""
    if isinstance(info, GameState):
        info = info_state(info, memory)
    cards: list[Card] = list(info.unseen)
    rng.shuffle(cards)
    return GameState(info.variant, _filled(info, cards), info.redeals)


def _filled(info: InfoState, cards: Sequence[Card]) -> tuple[Pile, ...]:
    """The known piles with ``cards`` dealt into their unknown slots, pile by pile."""
    piles: list[Pile] = []
    at = 0
    for known, down in zip(info.known, info.hidden, strict=True):
        piles.append((*cards[at : at + down], *known) if down else known)
        at += down
    return tuple(piles)
