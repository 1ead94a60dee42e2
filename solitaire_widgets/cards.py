"""Cards as small integers: parsing, display, canonical decks and seeded shuffles.

A card is ``suit * 13 + rank_index`` (clubs, diamonds, hearts, spades; ace = 0 ... king = 12),
so canonical order is plain integer order and the engine can do arithmetic on cards.
``Card`` subclasses ``int`` so the fast core stores the 52 shared instances and the public API
still prints ``10♥`` without conversion.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Mapping, Set

from .quoting import quoted

RANK_LETTERS = "A23456789TJQK"
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_DISPLAY = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_WORDS = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


def _index(value: object) -> int | None:
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


class Card(int):
    """One card: an ``int`` (suit * 13 + rank index) that knows its code, symbol and name.

    The engine builds the 52 once (``CARDS``) and never calls ``Card`` again, so checking the
    number here costs the game nothing: ``Card(-1)`` or ``Card(52)`` is a ``ValueError``, never
    a card that lands on a pile (``parse_card`` reads codes)."""

    __slots__ = ()

    def __new__(cls, index: object) -> Card:
        number = None if isinstance(index, bool) else _index(index)
        if number is None or not 0 <= number < 52:
            raise ValueError(
                f"a card is a number from 0 to 51 (suit * 13 + rank - 1; parse_card reads a "
                f"code like 'TH'), not {quoted(index)}"
            )
        return super().__new__(cls, number)

    @property
    def rank(self) -> int:
        """Rank from 1 (ace) to 13 (king)."""
        return self % 13 + 1

    @property
    def suit(self) -> int:
        """Suit index: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return self // 13

    @property
    def code(self) -> str:
        """The notation code, rank letter then suit letter: ``TH``."""
        return RANK_LETTERS[self % 13] + SUIT_LETTERS[self // 13]

    @property
    def name(self) -> str:
        """The card in words: ``seven of hearts``."""
        return f"{RANK_WORDS[self % 13]} of {SUIT_WORDS[self // 13]}"

    @property
    def is_red(self) -> bool:
        return self // 13 in (1, 2)

    def __str__(self) -> str:
        return RANK_DISPLAY[self % 13] + SUIT_SYMBOLS[self // 13]

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
"""The 52 card instances, in canonical order (A♣ ... K♣, A♦ ..., K♠)."""

ACES: tuple[Card, ...] = tuple(CARDS[s * 13] for s in range(4))


VARIATION_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")
"""Text and emoji presentation selectors: pasted text often carries one after a suit symbol."""


def parse_card(text: str) -> Card:
    """Read a card code: ``TH``, ``10h``, ``7♥`` (also ``A♥️`` with an emoji variation
    selector, as pasted text carries it); case-insensitive. Raises ``ValueError``."""
    if not isinstance(text, str):
        raise ValueError(f"a card is written as a code like 'TH' or '7♥', not {quoted(text)}")
    t = text.translate(VARIATION_SELECTORS).strip().upper()
    if len(t) >= 2:
        rank_text, suit_text = t[:-1], t[-1]
        if rank_text == "10":
            rank_text = "T"
        suit_index = SUIT_LETTERS.find(suit_text)
        if suit_index < 0:
            suit_index = SUIT_SYMBOLS.find(suit_text)
        if len(rank_text) == 1 and rank_text in RANK_LETTERS and suit_index >= 0:
            return CARDS[suit_index * 13 + RANK_LETTERS.index(rank_text)]
    raise ValueError(
        f"{quoted(text)} is not a card: write rank then suit, like 'TH', '10h' or '7♥' "
        f"(ranks {' '.join(RANK_LETTERS)}, suits C D H S)"
    )


def canonical_deck(decks: int = 1) -> list[Card]:
    """Clubs, diamonds, hearts, spades, each A..K; for two decks the whole first deck first."""
    return list(CARDS) * decks


def shuffled_deck(seed: int, decks: int = 1) -> list[Card]:
    """Deal number ``seed``: the canonical deck shuffled by a fresh ``random.Random(seed)``."""
    cards = canonical_deck(decks)
    random.Random(seed).shuffle(cards)
    return cards


def check_deck(codes: Iterable[object], decks: int = 1, title: str = "this game") -> list[Card]:
    """Parse an explicit deck and check it holds every card exactly ``decks`` times.

    A deck is an ordered collection of codes (a list or a tuple); one string, a dict (whose
    keys would be taken) and a set (which has no order) are refused with a ``ValueError``.
    """
    items = _deck_items(codes)
    cards = [c if isinstance(c, Card) else parse_card(c) for c in items]  # type: ignore[arg-type]
    counts = [0] * 52
    for c in cards:
        counts[c] += 1
    size = 52 * decks
    times = "once" if decks == 1 else "twice"
    missing = [str(CARDS[i]) for i in range(52) for _ in range(decks - counts[i])]
    extra = [str(CARDS[i]) for i in range(52) for _ in range(counts[i] - decks)]
    if not (missing or extra):
        return cards
    wanted = f"the deck must hold every card {times} ({size} cards), got {len(cards)}"
    if decks == 2 and len(cards) == 52:
        wanted = f"{title} plays with two decks: {size} cards, got 52 (every card twice)"
    problems = [wanted]
    if len(missing) + len(extra) <= MAX_LISTED:
        if missing:
            problems.append("missing " + " ".join(missing))
        if extra:
            problems.append("too many " + " ".join(extra))
    raise ValueError(problems[0] + (": " + "; ".join(problems[1:]) if problems[1:] else ""))


MAX_LISTED = 12
"""A deck error names the missing and surplus cards when there are at most this many."""


def _deck_items(codes: object) -> Iterable[object]:
    """The items of a deck, or a ``ValueError`` saying why it is not one."""
    if isinstance(codes, (str, bytes)):
        raise ValueError("a deck is a list of card codes, not one string")
    if isinstance(codes, Mapping):
        raise ValueError("a deck is a list of card codes, not a dict")
    if isinstance(codes, Set):
        raise ValueError("a deck is a list of card codes, not a set: a deck has an order")
    if not isinstance(codes, Iterable):
        raise ValueError(
            f"a deck is a list of card codes (52, or 104 for Fly), not {quoted(codes)}"
        )
    return codes
