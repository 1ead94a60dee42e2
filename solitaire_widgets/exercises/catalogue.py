"""Every exercise of the tutorials: its question's answer form and the hints.

The right answers are not written here. A counting exercise asks for a function, checked on the
game's own numbers and on others, each value stored as a hash (``Case``), and, where the
package's ``stats`` gives the answer, on one more case each check draws (``Drawn``, which names
that function: it refuses while the student's runs); a fixed choice is a hash; an engine answer
is worked out from the engine when it is checked (``from_engine``). The wrong answers are here
on purpose: each ``Mistake`` is a likely slip and the hint aimed at it (the first, the hint for
the answer a student is likely to write first, which the tests keep: some such answers are one
edit from the right one). The teacher's answers are the solution cells of the tutorials in
``notebooks/``; docs/teaching.md says what else a student could look up.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import isclose
from random import Random

from ..state import GameState
from ..stats.exact import at_least_one, hypergeometric
from .answers import IntForm, IntsForm, LettersForm, MoveSetForm, PlaceForm
from .identity import Student, current
from .kinds import (
    Case,
    Computed,
    Drawn,
    Exercise,
    Fewest,
    Function,
    Hashed,
    Mistake,
    Refusals,
    Simulation,
)
from .positions import Position
from .project import PlayerProject

# ---------------------------------------------------------------------------- positions
# No exercise asks about a position of a rule card's examples, whose verdicts (and rule numbers)
# are printed on the card: the card would answer it. The tests say so.
QUAD_START = Position("quadrennial", seed=3)
QUAD_RULES = Position(
    "quadrennial",
    "AC 3D 9S AS KH 7H QD JD 2C 8H 3C",
    moves=("R1-F1", "R1-F1", "R4-F4", "S-W", "S-W"),
)
QUAD_TIMING = Position("quadrennial", "AC 9H 9S 9D KH KS KD QH 7H 2C 3C")
ACQ_TABLE = Position("acquaintance", "2C 9H 5S KD 7C 3D 8S QH")
ACQ_AFTER_REDEAL = Position(
    "acquaintance", ACQ_TABLE.first, moves=("R1-F1", *["deal"] * 11, "redeal")
)
ACQ_DEALT_OUT = Position("acquaintance", ACQ_TABLE.first, moves=("deal",) * 11)
ACQ_RULES = Position("acquaintance", "2S 6D JC 4H 9C 3H 5D QS", moves=("R1-F1", "deal"))
# fmt: off
ACQ_CARDS = (
    "9H", "8S", "JD", "QS", "4D", "7H", "3S", "5D", "6H", "JH", "4S",
    "TS", "3D", "4C", "9C", "KC", "6D", "TD", "3H", "KH", "6S", "JS",
    "5S", "5C", "TC", "2D", "7D", "4H", "8H", "2S", "7S", "KD", "QH",
    "6C", "JC", "8D", "QD", "5H", "TH", "9S", "KS",
)
# fmt: on
"""The cards students follow through the redeal: one each, 9♥ for the shared numbers. Each
shows on top again on its own pile after its own number of deals (one to eleven), so no two
cards share an answer."""
ACME_TABLE = Position("acme", "QH JH 2D 8C KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 7D 9H")
ACME_RULES = Position(
    "acme",
    "3D JD JC 2H TD KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 7H",
    moves=(*["R-F4"] * 12, "R-T2", "T4-F3", "S-W"),
)
FLY_RULES = Position(
    "fly",
    "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H 7C 2D 5S 6H 9C 3H",
    moves=("S-F1", "S-T2", "S-T4", "S-T3"),
)
FLY_POSITIONS = tuple(
    Position("fly", seed=seed, moves=tuple(moves.split()))
    for seed, moves in (
        (4, ""),  # the shared numbers: deal 4's opening
        (1, "R-T1 R-T2 R-T3 R-T2 R-T3 R-T4"),
        (4, "S-F1 S-F2 R-T1 R-T2 R-T3 R-F1 R-T3"),
        (2, "R-T1 R-T1 R-T2 R-T2 R-T3 R-T3 R-T4 R-T5 R-F1 R-F2"),
        (11, "R-F1 S-F1 R-T1 R-T2 R-T2 R-F1 R-T2 R-T3 R-F2 T1-F2 R-T3"),
        (2, "R-T1 R-T1 R-T2 R-T2 R-T3 R-T3 R-T4 R-T5 R-F1"),
        (47, "R-F1 R-T1 R-T1 R-T2 R-T3 R-T1 R-T2 R-T4 R-T3 R-F1"),
        (1, "R-T1 R-T2 R-T3 R-T2 R-T3 R-T4 R-T2 R-T4 R-T3 R-T5 R-T5 R-T1 R-T1"),
        (5, "R-T1 R-T2 R-T2 R-T3 R-T3 R-T4 R-T4 R-T5 R-F1 T1-F1 R-T5 R-T5 R-T1 R-T1"),
        (27, "R-T1 R-T1 R-F1 R-T2 R-T2 R-F2 R-T2 R-T1 R-T3 R-T4 R-T4 R-T4 R-F1"),
        (13, "R-T1 R-F1 R-T2 R-T3 R-T3 R-F2 R-F1 R-F1 R-T4 R-T4 R-T5 R-T5 R-F1 S-T3"),
        (77, "R-T1 R-T1 R-F1 R-F2 R-T1 R-T2 R-F1 R-T2 R-T3 R-T3 R-T4 R-T3 R-F1"),
        (134, "R-T1 R-T2 R-T1 R-F1 R-F1 R-T2 R-T3 R-T3 R-T4 R-T4 R-T3 R-T2 R-F1"),
        (368, "R-T1 R-T1 R-T1 R-T2 R-T3 R-T2 R-T4 R-T3 R-T4 R-T3 R-T4 R-T5 R-F1"),
        (252, "R-T1 R-T1 R-T2 R-T3 R-T3 R-F1 R-T3 R-F2 R-T1 R-F3 R-T4 R-T5 R-F1 S-F1"),
        (372, "R-T1 R-T1 R-T2 R-T3 R-T1 R-T2 R-T3 R-T4 R-T2 R-T3 R-T2 R-F1 R-F2"),
        (505, "S-F1 R-T1 R-T1 R-T2 R-T1 R-F2 R-T3 R-F3 R-T4 R-T5 R-T4 R-T2 R-T5 R-F4 S-T2"),
        (28, "R-T1 R-T1 R-T2 R-T3 R-T4 R-T5 R-T5 R-T3 R-T4 R-F1"),
        (2, "R-T1 R-T1 R-T2 R-T2 R-T3 R-T3 R-T4 R-T5 R-F1 R-F2 R-F1"),
        (223, "R-T1 R-T2 R-T2 R-T2 R-T1 R-T1 R-F1 R-F2"),
        (217, "R-T1 R-F1 R-F2 R-T1 R-T1 R-F3 R-T2 R-F4 R-T3"),
        (217, "R-T1 R-F1 R-F2 R-T1 R-T1 R-F3 R-T2"),
        (234, "S-F1 R-T1 R-F2 R-F1 R-T1 R-T2 R-F3 R-T3"),
    )
)
"""The positions students count the moves of: one each, deal 4's opening for the shared
numbers; the others are the hint player's first moves on a deal, chosen so that the counts
spread from 5 to 19 legal moves (two neighbours rarely share a count)."""
START_TABLE = Position("acme", seed=7, moves=("T4-F4", "S-W"))
START_CANDIDATES = ("S-W", "W-T3", "R-T1", "T4-T3", "R-F3")


def legal_among(position: Position, candidates: tuple[str, ...] | None = None) -> list[str]:
    """The legal moves of a position (only those among ``candidates``, if given)."""
    game = position.game()
    if candidates is None:
        return [str(move) for move in game.legal_moves()]
    return [move for move in candidates if game.why_not(move) is None]


def sizes_when_dealt_out() -> list[int]:
    """Acquaintance: the pile sizes once the stock left after the first redeal is dealt out."""
    game = ACQ_AFTER_REDEAL.game()
    while game.pile("S"):
        game.play("deal")
    return [len(game.pile(pile)) for pile in ("R1", "R2", "R3", "R4")]


ACQ_ROWS = ("R1", "R2", "R3", "R4")  # Acquaintance's rows, where a redeal deals the stock


def where_it_comes_back(card: str = "9H") -> tuple[str, int]:
    """Acquaintance: after the redeal of the dealt-out table, the pile where ``card`` shows on
    top again, and the number of deal moves after the redeal until it does."""
    game = ACQ_DEALT_OUT.game()
    game.play("redeal")
    for deals in range(20):
        for pile in ACQ_ROWS:
            cards = game.pile(pile)
            if cards and cards[-1].code == card:
                return pile, deals
        game.play("deal")
    raise AssertionError(f"{card} never shows")  # pragma: no cover - the position is fixed


def clubs_home(count: int) -> Callable[[GameState], bool]:
    """A goal: ``count`` clubs on F1."""

    def goal(state: GameState) -> bool:
        return len(state.piles[0]) >= count

    return goal


def one_order(cards: str) -> str:
    """The hint for a count of ordered draws (perm, or chances card by card, the ``cards``
    first) that leaves out where in the reserve they are."""
    return (
        f"Your count follows the cards in one order (the {cards} first, then the others): but "
        f"the k {cards} can be in any k of the reserve's places, and each set of places is "
        "another way. Count those places too, or count sets (comb) throughout."
    )


BOTH_CHOICES = (
    "Your values count the ways to choose the aces, or the other cards, but not both: a "
    "reserve with k aces is k aces *and* reserve − k other cards."
)


def _foundations_as_one(who: Student) -> int | None:
    """The count of a Fly position's legal moves with each card's foundation moves counted as
    one (a likely slip), or None when that is not two or more short of the right count (one
    short could be any move missed)."""
    position = _choose("fly-moves", FLY_POSITIONS)(who)
    assert isinstance(position, Position)
    moves = legal_among(position)
    home = [move for move in moves if "-F" in move]
    cards = {move.split("-")[0] for move in home}  # one move per card, not per foundation
    slip = len(moves) - len(home) + len(cards)
    return slip if slip < len(moves) - 1 else None  # one short could be any move missed


FOUR_TIMES = (
    "Halving h needs four times the deals, not twice: the half-width shrinks like 1/√n. "
    "Square both sides of the formula before solving for n."
)


def _choose(topic: str, options: tuple[object, ...]) -> Callable[[Student], object]:
    def choose(who: Student) -> object:
        return who.pick(topic, options)

    return choose


def _a_deck(rng: Random) -> tuple[int, int, int]:
    """A deck of ``cards`` with ``aces`` of them aces, and a ``reserve`` dealt from it."""
    return rng.randint(20, 110), rng.randint(1, 8), rng.randint(1, 16)


def _a_deck_and_k(rng: Random) -> tuple[int, int, int, int]:
    """A deck, a reserve and a count ``k`` of aces in it that can happen."""
    cards, aces, reserve = _a_deck(rng)
    return rng.randint(0, min(aces, reserve)), cards, aces, reserve


def _clubs(rng: Random) -> tuple[int, int]:
    """A count ``k`` of clubs and an Acme reserve that can hold them."""
    reserve = rng.randint(1, 20)
    return rng.randint(0, min(12, reserve)), reserve


def _expected_twos(cards: int) -> Fraction:
    """The expected number of 2s in a pile of ``cards`` of the 48 non-aces, from ``stats``."""
    return sum((k * hypergeometric(k, 48, 4, cards) for k in range(min(4, cards) + 1)), Fraction(0))


REPLACEMENT = (
    "drawn with replacement, as if every card could be any card again; but a card dealt "
    "cannot be dealt again"
)

WALD = (0.9408, 0.3948, 0.9502, 0.8906, 0.6762, 0.0)
"""The exact coverage, on ``lab-coverage``'s first five trials and the sixth, of the interval
estimate ± 1.96·√(estimate·(1 − estimate)/n) (Wald's), which a student may build from the
half-width formula instead of calling ``wilson``: a wrong method's figures, for its hint."""


EXERCISE_LIST: list[Exercise] = [
    # ------------------------------------------------------------------ 00_start_here
    Computed(
        "start-legal",
        "Exercise 1 (predict the engine)",
        "legal",
        "warm-up",
        mistakes=(
            Mistake(
                "A tableau pile builds down in suit: a card goes only onto the card of its own "
                "suit one rank higher (8♠ onto 9♠). For each move onto a tableau pile, what is "
                "the card, and what is it put on?"
            ),
            Mistake(
                "A foundation takes only the next card of its suit, up from the ace: which "
                "card does each foundation need next?"
            ),
            Mistake("Is drawing allowed only when nothing else can move?"),
        ),
        otherwise=(
            "Take the five moves one at a time, and find the rule that allows or refuses each."
        ),
        note="The engine takes only what the rules allow: next we ask it why it refuses a move.",
        form=MoveSetForm(),
        from_engine=lambda choice: legal_among(START_TABLE, START_CANDIDATES),
        position=START_TABLE,
        candidates=START_CANDIDATES,
        one_message=True,
    ),
    # ------------------------------------------------------------------ 01_quadrennial
    Computed(
        "quadrennial-legal",
        "Exercise 1 (read the table)",
        "legal",
        "warm-up",
        mistakes=(
            Mistake(
                "Can you only draw when no card can go home? Rule 3 does not say so: what do "
                "the rules say about when you may draw?"
            ),
            Mistake(
                "X-F means 'to whichever foundation takes it': is there one that takes that "
                "card now? (F1 clubs, F2 diamonds, F3 hearts, F4 spades.)"
            ),
            Mistake("Where may a reserve card go? Read rule 2 again."),
            Mistake("When may you redeal? Read rule 5 again, and look at the stock."),
            Mistake("Is there a card on the waste to move?"),
        ),
        otherwise=(
            "Read each reserve card of deal 3: only an ace can start a foundation, and F1 to F4 "
            "are clubs, diamonds, hearts and spades."
        ),
        note="Aces can go home, and you may draw whenever the stock has cards.",
        form=MoveSetForm(),
        from_engine=lambda choice: legal_among(QUAD_START),
        position=QUAD_START,
        one_message=True,
    ),
    Refusals(
        "quadrennial-rules",
        "Exercise 2 (which moves are refused, and why?)",
        "refused",
        "rules",
        mistakes=(
            Mistake(
                "The rule text says to draw 'if no more reserve cards can be played': is that a "
                "rule, or advice? "
                "The rulings say: on the rule card, and in the notebook's Rulings section below.",
            ),
            Mistake("Which suit does each foundation take, and which card does it need next?"),
        ),
        position=QUAD_RULES,
        candidates=("S-W", "R4-F1", "R2-F1", "W-R3", "S-F2", "redeal"),
        rule_digests=(
            "6e863ae380effddfd8035717",
            "4fa9d0dc69c08244a024ac08",
            "d3aaefe9b1a1546d6e3d88a1",
            "8f1aa5e49cc11a92ea93507a",
            "16a292aaea59d4d5866e9aa8",
        ),
        points=2,
    ),
    Function(
        "quadrennial-ace",
        "Exercise 3 (an ace to start with)",
        "p_ace",
        "core",
        mistakes=(
            Mistake(
                "Your function adds the chance of an ace card by card (8 × 4/52 for the game). "
                "That counts a reserve with two aces twice, so it is too big (try it with 13 "
                "reserve cards). Count the reserves with no ace at all instead.",
                digest="7347068534945d738967b036",
            ),
            Mistake(
                f"1 − ((cards − aces)/cards)^reserve treats the cards as {REPLACEMENT}: after a "
                "non-ace, one non-ace fewer is left.",
                digest="8f4c981c1d14b083de25dfcc",
            ),
            Mistake(
                "That is the chance of *no* ace; the question asks for at least one.",
                digest="e910ac5393c1c7b4ac106374",
            ),
        ),
        otherwise=(
            "Think of the sample space: every set of `reserve` cards out of `cards`, all "
            "equally likely. How many of them hold no ace? Try your function on the mini-deck: "
            "p_ace(6, 2, 3) should be 4/5."
        ),
        note="Counting the complement, the reserves with no ace, is often the easiest way to "
        "'at least one'.",
        points=2,
        params=("cards", "aces", "reserve"),
        cases=(
            Case((52, 4, 8), ("bc98641ab8fd84ae0de7392f",)),
            Case((6, 2, 3), ("56830f877634abd08c4a68e9",)),
            Case((40, 4, 10), ("215c7f46dc41359093fb53ce",)),
            Case((104, 8, 8), ("32a0ca3867fe69e280483a71",)),
            Case((52, 4, 13), ("fd8487c1135bcff98fe92b5d",)),
            Case((32, 4, 5), ("c1763b4d32854b37f511e6c7",)),
        ),
        drawn=Drawn(_a_deck, at_least_one),
        game_words="Quadrennial's own numbers",
    ),
    Function(
        "quadrennial-aces",
        "Exercise 4 (how many aces?)",
        "p_aces",
        "core",
        mistakes=(
            Mistake(
                "Your formula gives each card the same chance of being an ace (the *binomial* "
                f"distribution), as if {REPLACEMENT}. The reserve is `reserve` *different* "
                "cards: count the sets with exactly k of the aces and the rest from the other "
                "cards.",
                digest="73398adee3e65ebcf7362570",
            ),
            Mistake(
                BOTH_CHOICES,
                digest="61df56089a91fff5076ef3af",
            ),
            Mistake(  # the other cards only (the eleventh review)
                BOTH_CHOICES,
                digest="be31b482326fc51e0cdbd31b",
            ),
            Mistake(
                "That adds up the chances of k aces or more: the chance of *at least* k. "
                "p_aces asks for exactly k aces.",
                digest="a8a87c5980184ed17cc16390",
            ),
            Mistake(
                one_order("aces"),
                digest="5b0d3f9ff4495b88a9860d1d",
            ),
            Mistake(
                "The rest of the reserve is chosen from all the cards, aces included: such a "
                "reserve can hold more than k aces, and some are counted more than once. Choose "
                "the rest from the cards that are not aces.",
                digest="e1e9b259213485e383dad68e",
            ),
        ),
        otherwise=(
            "For each k: how many sets of `reserve` cards hold exactly k aces? Choose the aces, "
            "then the other cards, and divide by all the sets. For Quadrennial the five values "
            "p_aces(0, 52, 4, 8) to p_aces(4, 52, 4, 8) add up to 1."
        ),
        note="This is the hypergeometric distribution.",
        points=2,
        params=("k", "cards", "aces", "reserve"),
        cases=(
            Case((0, 52, 4, 8), ("8f42f8f7c0602c33484606da",)),
            Case((1, 52, 4, 8), ("caf347ca4daee3fac21a3987",)),
            Case((2, 52, 4, 8), ("90e5ebaad099223a52f1c2e5",)),
            Case((3, 52, 4, 8), ("6555e4c8b27f130152fea63a",)),
            Case((4, 52, 4, 8), ("12de76feb10ea879dfc1bc45",)),
            Case((1, 6, 2, 3), ("3d83a57f0054ca7746fa237f",)),
            Case((2, 40, 4, 10), ("8c0d4273e7498563897115a6",)),
            Case((0, 104, 8, 8), ("38579ef6619aa18dddfb613b",)),
            Case((3, 52, 4, 13), ("1bfff0aa18ce38e93e9e03af",)),
            Case((2, 32, 4, 5), ("870c64a29b7ae58bcf6f3564",)),
        ),
        drawn=Drawn(_a_deck_and_k, hypergeometric),
        game_words="Quadrennial's own numbers",
        game_cases=5,
    ),
    Fewest(
        "quadrennial-timing",
        "Exercise 5 (timing decides the refill)",
        "moves",
        "challenge",
        mistakes=(
            Mistake(
                "Which card refills R1 when A♣ goes home at once? Is that the card you want "
                "waiting in the reserve?",
                when=lambda moves: bool(moves) and moves[0] == "R1-F1",
            ),
        ),
        otherwise="Each club needs one move home: is every other move you make needed?",
        note=("The moment a reserve card goes home decides which card takes its place."),
        points=3,
        position=QUAD_TIMING,
        goal=clubs_home(3),
        goal_words="A♣, 2♣ and 3♣ on F1",
    ),
    # ------------------------------------------------------------------ 02_acquaintance
    Refusals(
        "acquaintance-rules",
        "Exercise 1 (which moves are refused, and why?)",
        "refused",
        "rules",
        mistakes=(
            Mistake("Does suit count on Acquaintance's foundations? Read rule 1 again."),
            Mistake(
                "The rule text says to deal 'when no further moves are possible': is that a "
                "rule, or advice? "
                "The rulings say: on the rule card, and in the notebook's Rulings section below.",
            ),
        ),
        position=ACQ_RULES,
        candidates=("R2-F1", "deal", "R3-F2", "R4-R1", "redeal", "S-R3"),
        rule_digests=(
            "7b87bcfe200f54c62d5a892a",
            "00dce5acbab848ccb52727c7",
            "ddd59fdcdcbd989379bd3d9b",
            "abb7283f656e32d05673f0c7",
            "9076eed6c6c1f27326562715",
        ),
        points=2,
    ),
    Computed(
        "acquaintance-sizes",
        "Exercise 2 (predict the engine)",
        "sizes",
        "warm-up",
        otherwise=(  # one message for every wrong list: a hint fitted to one would point
            # straight at the answer (the ninth review)
            "Count for each pile: the card it holds now, and the stock cards it gets, one per "
            "pile on each deal move, R1 first. Do the last deal moves reach every pile?"
        ),
        note="Each deal move gives one card to each pile in turn, R1 first: counting them "
        "predicts the table.",
        form=IntsForm(
            length=4,
            describe="a list of four whole numbers, for R1 to R4",
            keys=("R1", "R2", "R3", "R4"),
        ),
        from_engine=lambda choice: sizes_when_dealt_out(),
    ),
    Function(
        "acquaintance-two",
        "Exercise 3 (a first move)",
        "p_two",
        "core",
        mistakes=(
            Mistake(
                "Your function counts the piles' cards out of the whole deck, aces included. "
                "But the aces go to the foundations first, wherever they are in the deck: "
                "the piles get cards from the non-aces only.",
                digest="bb7d56397db3b4a404318e57",
            ),
            Mistake(
                "Your function adds the chances card by card, and counts a row with two 2s "
                "twice. Count the rows with no 2 instead.",
                digest="5394d7470c4465e2dec1c85b",
            ),
            Mistake(
                "That is the chance of no 2 at all; the question asks for at least one.",
                digest="b7647755c9c4da25196894bc",
            ),
            Mistake(
                f"Your function treats the cards as {REPLACEMENT}.",
                digest="7329b999b7b2214539e8adcb",
            ),
            Mistake(  # Acquaintance has 4 of each, so its own numbers cannot show it
                "Your function uses `suits` where `piles` belongs, and `piles` where `suits` "
                "belongs (with 4 suits and 4 piles that gives the right value). Which of them "
                "sets how many cards the deck has, and which how many the row takes?",
                digest="2bf1820ee74a50bb9b2699d4",
            ),
        ),
        otherwise=(
            "The sample space: the first row is a set of `piles` cards of the non-aces, all "
            "equally likely. How many non-aces are there, how many of them are 2s, and how many "
            "rows hold no 2?"
        ),
        note="Counting the rows with no 2 (the complement) is the easy way to 'at least one'.",
        points=2,
        params=("suits", "piles"),
        cases=(
            Case((4, 4), ("4fc0db14c9bf5f98f1e629b6",)),
            Case((4, 5), ("7dca325fd4065d624052b119",)),
            Case((8, 4), ("8703e2015a64f765557c3e77",)),
            Case((2, 3), ("2d19b51cd717fa9a59e40ef6",)),
            Case((4, 12), ("6a2214a0c0308cc0a2041860",)),
            Case((1, 4), ("93afbf4f0f25aac6057f4b9b",)),
        ),
        drawn=Drawn(
            lambda rng: (rng.randint(1, 8), rng.randint(1, 12)),
            lambda suits, piles: at_least_one(12 * suits, suits, piles),
        ),
        game_words="Acquaintance's own numbers",
        other_words="other decks and other numbers of piles",
    ),
    Function(
        "acquaintance-twos",
        "Exercise 4 (twos in the first pile)",
        "expected_twos",
        "core",
        mistakes=(
            Mistake(
                "4/52 forgets that the aces are set aside first: R1's cards are cards of the "
                "48 non-aces, and 4 of those are twos.",
                digest="bd8b41b4a020e5d5aaae1753",
            ),
            Mistake(
                "That is the chance for one card; the pile holds `cards` of them, and expected "
                "values add up.",
                digest="3544bf91fb0f079ba3368beb",
            ),
        ),
        otherwise=(
            "What is the chance that one card of the pile is a two: how many twos are there, "
            "among how many cards (the aces are set aside first)? Each of the pile's cards has "
            "that same chance, and the expected number of twos is the sum of the cards' chances "
            "(expected values add up, even for cards that are not independent)."
        ),
        note="Expected values add up card by card: no need for the whole distribution.",
        points=2,
        probability=False,
        params=("cards",),
        cases=(
            Case((12,), ("b5c0bf33b1efd1ee2f215d5e",)),
            Case((5,), ("cfde34cc3cca2afc4d8957a2",)),
            Case((11,), ("aa57db8414272a8e5fd9a804",)),
            Case((1,), ("41c73e911fdcab00e0ec6388",)),
            Case((48,), ("804029271f81795658fb1d5b",)),
        ),
        drawn=Drawn(lambda rng: (rng.randint(1, 48),), _expected_twos),
        game_words="R1's 12 cards",
        other_words="piles of other sizes",
    ),
    Computed(
        "acquaintance-back",
        "Exercise 5 (where does it come back?)",
        "back",
        "challenge",
        mistakes=(
            Mistake(
                "Do the piles keep their cards through a redeal? Read the ruling on how the "
                "redeal gathers the piles (R1 bottom to top first, then R2, R3, R4) and deals "
                "them out again."
            ),
            Mistake("When is the redeal's own round dealt? Count only the deal moves after it."),
        ),
        otherwise=(
            "Where is your card in the gathered stock? Count the cards gathered before it, from "
            "R1's bottom card on. The new stock is dealt one card per pile per round, R1 first, "
            "and the first round is dealt by the redeal itself."
        ),
        note="Following one card through a redeal is how a player plans the next pass.",
        points=3,
        form=PlaceForm(piles=ACQ_ROWS),
        from_engine=lambda card: where_it_comes_back(str(card)),
        personal=_choose("acquaintance-back", ACQ_CARDS),
        one_message=True,
    ),
    # ------------------------------------------------------------------ 03_acme
    Computed(
        "acme-legal",
        "Exercise 1 (read the table)",
        "legal",
        "warm-up",
        mistakes=(
            Mistake(
                "A tableau card takes only the next lower card of its own suit: for each move "
                "onto a tableau pile, is the card of the right suit? Read rule 2 again."
            ),
            Mistake("Look at the foundations: can one of the face-up cards go home? Read rule 1."),
            Mistake("Is drawing allowed only when nothing else can move? Read rule 5."),
        ),
        otherwise=(
            "Take each face-up card: can it go home, or onto a tableau card of its own suit "
            "one rank higher?"
        ),
        note="A top card goes home, or onto the card of its own suit one rank higher (an "
        "empty pile is refilled from the reserve); and you may draw whenever the stock has cards.",
        form=MoveSetForm(),
        from_engine=lambda choice: legal_among(ACME_TABLE),
        position=ACME_TABLE,
        one_message=True,
    ),
    Refusals(
        "acme-rules",
        "Exercise 2 (which moves are refused, and why?)",
        "refused",
        "rules",
        mistakes=(
            Mistake(  # (a question that fits one move names it: the forty-first review)
                "For each move onto an empty tableau pile, read rule 4 again, its exception "
                "too: is the reserve empty here, and where does the card come from?"
            ),
        ),
        position=ACME_RULES,
        candidates=("T1-T4", "W-T4", "T2-T3", "W-R", "T1-F3", "S-T4"),
        rule_digests=(
            "fefbf22badea45b4741cf5bf",
            "a760219a9a0499e3fba99563",
            "75f16dca2ce5d786e549fe9f",
            "01cb95fc79597a1c87921280",
            "31402530b634964849864411",
            "e2e1c50ff2516352504590f5",
        ),
        points=2,
    ),
    Function(
        "acme-clubs",
        "Exercise 3 (clubs in the reserve)",
        "p_clubs",
        "core",
        mistakes=(
            Mistake(
                "Your formula gives each card a club with chance 1/4 (the *binomial* "
                f"distribution), as if {REPLACEMENT}. The reserve's cards are different cards: "
                "count the sets with k of the clubs and the rest from the other cards.",
                digest="55a10922f12b0130ab4bf529",
            ),
            Mistake(
                "The aces are on the foundations before the deal: the reserve comes from the "
                "48 non-aces, 12 of them clubs, not from 52 cards with 13 clubs.",
                digest="31c2569d622dcb4378d5d96b",
            ),
            Mistake(
                "That adds up the chances of k clubs or more: the chance of *at least* k. "
                "p_clubs asks for exactly k clubs.",
                digest="a10864252fbdffe7a3450eda",
            ),
            Mistake(
                one_order("clubs"),
                digest="76a63566c66b3a72f8b0c559",
            ),
            Mistake(
                "The rest of the reserve is chosen from all 48 cards, clubs included: such a "
                "reserve can hold more than k clubs, and some are counted more than once. Choose "
                "the rest from the 36 cards that are not clubs.",
                digest="cf4a2cbec472e2973db182fa",
            ),
        ),
        otherwise=(
            "Choose which k of the clubs, and which of the other non-aces fill the rest of the "
            "reserve; divide by all the sets of `reserve` non-aces."
        ),
        note="The hypergeometric distribution again, on the 48 cards that are dealt.",
        points=2,
        params=("k", "reserve"),
        cases=(
            Case((3, 13), ("a25e314ef69bad048f4cef77",)),
            Case((0, 13), ("dd3a8eef7bb2383720ce41d6",)),
            Case((5, 13), ("30fe111098fb27b67f7a6d86",)),
            Case((2, 8), ("aa5e34889835dce04d16729b",)),
            Case((12, 13), ("45129404eddc3854f31326e7",)),
            Case((1, 4), ("2ddfc7c011ed519c01954cb8",)),
        ),
        drawn=Drawn(_clubs, lambda k, reserve: hypergeometric(k, 48, 12, reserve)),
        game_words="3 clubs in Acme's 13-card reserve",
        other_words="other counts and reserve sizes",
    ),
    # ------------------------------------------------------------------ 04_acme_project
    PlayerProject(
        "acme-player",
        "Project (a player that beats greedy)",
        "my_player",
        "project",
        otherwise=(
            "Your player sends cards home when it can; the order of its other moves matters "
            "too. Start from greedy's ORDER (in the notebook): after home, the reserve's card "
            "onto the tableau, then the waste's, then a tableau card onto another, and draw "
            "only when none of those can move."
        ),
        note="Your player beats greedy on deals it was never tuned on, by more than luck.",
        points=5,
        memory_hint=(
            # true of every game that ends in a circle: a move that did not repeat was there
            "Each time, your player chose a move that repeats while another did not. Greedy "
            "remembers every position of the deal and never goes back to one: "
            "view.repeats(move) tells your player the same. Choose among the moves that do not "
            "repeat, whichever they are (a redeal too, when it is the only one)."
        ),
        idea_hint=(
            # true whether the player still fills empty piles last or already before drawing
            "Look at the end of greedy's list: it puts a card on an empty tableau pile only "
            "when it cannot even draw. Which card is an empty pile best used for? Once the "
            "reserve is empty, try giving it to the waste's top card early (before tableau "
            "moves and draws), so that the card under it comes into play, and leave the other "
            "moves onto empty piles last."
        ),
    ),
    # ------------------------------------------------------------------ 05_fly
    Computed(
        "fly-moves",
        "Exercise 1 (read the table)",
        "moves",
        "warm-up",
        mistakes=(
            Mistake(  # (positions differ by name: worked out from the student's own)
                "Does your count give each foundation that can take a card a move of its own "
                "(S-F1, S-F2...), as each tableau pile is? Count card by card: the stock's "
                "top card, the reserve's, each tableau pile's.",
                when=lambda count: count == _foundations_as_one(current()),
            ),
        ),
        otherwise=(
            "Count card by card: where may the stock's top card go, where the reserve's, and "
            "where each tableau pile's top card?"
        ),
        note="Each foundation that takes a card, and each tableau pile, is a move of its own: "
        "in Fly a card often has many places to go.",
        form=IntForm(),
        from_engine=lambda position: len(legal_among(position)),
        personal=_choose("fly-moves", FLY_POSITIONS),
    ),
    Refusals(
        "fly-rules",
        "Exercise 2 (which moves are refused, and why?)",
        "refused",
        "rules",
        mistakes=(
            Mistake(
                "Where may each kind of card go in Fly: the stock's top card, the reserve's, a "
                "tableau pile's? Rules 2, 3 and 4 each say."
            ),
            Mistake(
                "The rule text says to deal a card 'if no moves to the foundation are possible': "
                "is that a rule, or advice? "
                "The rulings say: on the rule card, and in the notebook's Rulings section below.",
            ),
        ),
        position=FLY_RULES,
        candidates=("S-F1", "S-T3", "R-F1", "T2-T4", "T3-R", "redeal"),
        rule_digests=(
            "8b36683c05fe526e33d3b175",
            "40fce0131bf7753e47ac70fb",
            "df28188335c2e804f7683321",
            "f673101f8bbd09c946836292",
            "8af530a45a75e3ce499672ee",
        ),
        points=2,
    ),
    Function(
        "fly-kings",
        "Exercise 3 (both kings of spades in the reserve)",
        "p_both",
        "core",
        mistakes=(
            Mistake(
                "That multiplies as if the two K♠ landed independently. Once one K♠ is in the "
                "reserve, it holds one place fewer for the second.",
                digest="2f4c0fd679b0f32d5d7ff25d",
            ),
            Mistake(
                "That is the chance for one copy; the question asks for both.",
                digest="e2644f3684d8c19cec6c3929",
            ),
        ),
        otherwise=(
            "Count the reserves that hold both K♠: both of them, then the rest from the other "
            "non-aces; divide by all the reserves of that size."
        ),
        note="Counting the places of the two K♠ among the 96 is the same as counting reserves.",
        points=2,
        params=("reserve",),
        cases=(
            Case((13,), ("f6e362731bc9176ce4613510",)),
            Case((2,), ("0834f2c13cc57ed7275075b7",)),
            Case((10,), ("a335ec1edfc43578ea1fb971",)),
            Case((20,), ("2f26603eb4d05a4c5a3de250",)),
            Case((48,), ("48dc48f6c930614689782191",)),
            Case((96,), ("2a84d94f182fbc222906ccba",)),
        ),
        drawn=Drawn(
            lambda rng: (rng.randint(2, 96),), lambda reserve: hypergeometric(2, 96, 2, reserve)
        ),
        game_words="Fly's 13-card reserve",
        other_words="reserves of other sizes",
    ),
    Function(
        "fly-pair",
        "Exercise 4 (a pair somewhere in the reserve)",
        "p_pair",
        "challenge",
        mistakes=(
            Mistake(
                # the same sum by either route: 48 × p_both, or comb(reserve, 2) pairs of places
                "That adds up a chance for each pair that could form (Exercise 3's for each of "
                "the 48 cards, or the chance for each two places of the reserve to hold a "
                "pair: the same sum). That "
                "sum is the expected number of pairs: a reserve with two pairs is counted "
                "twice, with three pairs three times, far too much here. "
                "(Try a reserve of 30: the 'probability' passes 1.) Count the reserves with no "
                "pair at all.",
                digest="60f03dd6e892351f73a766c2",
            ),
            Mistake(
                "That is the chance of no pair at all; the question asks for at least one.",
                digest="740c777a7abbcd2b201c0498",
            ),
            Mistake(
                "Your count deals the reserve from all 104 cards of the two decks. The aces go "
                "to the foundations first, so the reserve comes from the other 96: 48 "
                "different cards, two copies of each.",
                digest="aef1aef72d1d35eea34f01f2",
            ),
            Mistake(
                "1 − (1 − p)^48, with p from Exercise 3, treats the 48 pairs as independent; "
                "they are not: the reserve has only so many places.",
                digest="11f09596b5fc72d60a9365de",
            ),
        ),
        otherwise=(
            "A reserve with no pair holds different cards, one copy of each: choose which "
            "cards, then which of its two copies each one is."
        ),
        note="Like the birthday problem: a pair is likelier than it feels.",
        points=3,
        params=("reserve",),
        cases=(
            Case((13,), ("501a7f623f550325a01bbc10",)),
            Case((2,), ("48eb3f9a6f71a62506b3fdaa",)),
            Case((5,), ("3228588d183bbb1672976994",)),
            Case((21,), ("891b9584759645f675070fd2",)),
            Case((30,), ("ad355d9605e64e6a2ce8890e",)),
            Case((49,), ("0adb0308d422b998618e1326",)),
        ),
        game_words="Fly's 13-card reserve",
        other_words="reserves of other sizes",
    ),
    # ------------------------------------------------------------------ 06_probability_lab
    Hashed(
        "lab-meaning",
        "Exercise 1 (what does the interval say?)",
        "true_statements",
        "warm-up",
        # one message for every wrong set, with a question for each of the five statements:
        # a hint for each false one that was chosen would, in one try, single out the true ones
        otherwise=(
            "Ask each statement one question. A: is '95%' a promise about this one interval, "
            "or about the way intervals are made? B: is a rate measured on 150 deals the true "
            "rate, or an estimate of it? C: is the interval about single deals, or about the "
            "rate over many? D: which other rates lie inside the interval, and would it "
            "confirm each of them? E: by how much does the half-width h change when n is four "
            "times as large?"
        ),
        note=(  # the ideas, not the verdicts: the note is readable in the package
            "Each statement turned on one idea of this lab: what the 95% is a promise about, "
            "an estimate against the true rate, single deals against the rate over many, "
            "consistent against confirmed, and how the half-width shrinks as n grows."
        ),
        form=LettersForm(letters="ABCDE"),
        answer_digests=("face5cd48f4c4ddc613a58e3",),
    ),
    Simulation(
        "lab-coverage",
        "Exercise 2 (does the 95% really hold?)",
        "measure_coverage",
        "core",
        # trials[5], (0.5, 1, 20): with one deal every interval contains 0.5, so the share is
        # exactly 1, and one measurement too few or too many shows; trials[4], (0.7, 4, 2000):
        # wins counted among n - 1 deals cover 0.78 where n deals cover 0.92
        mistakes=(
            Mistake(
                "0.95 is what the name promises, not a measurement: simulate the measurements, "
                "count how many of their intervals contain p, and divide by runs.",
                when=lambda shares: all(share == 0.95 for share in shares),
            ),
            Mistake(
                "Does your loop make exactly `runs` measurements? (`range(1, runs)` makes one "
                "fewer.) measure_coverage(0.5, 1, 20, rng) should give exactly 1: with one deal "
                "and p = 0.5, every interval contains p.",
                when=lambda shares: any(isclose(shares[5], 1 + d / 20) for d in (-1, 1)),
            ),
            Mistake(
                "Your function gives more than 1: is it a count of intervals, or a percent? "
                "A share is the number of intervals that contain p divided by runs, between "
                "0 and 1.",
                when=lambda shares: any(share > 1 for share in shares),
            ),
            Mistake(
                # a generator made afresh, seeded alike, in each run; or the wins counted once
                "Each setting gives 0 or 1: all its measurements agree. Are the wins among n "
                "deals counted afresh for each measurement, inside the loop over the runs, "
                "from the rng the check gives (not from a new generator seeded the same way "
                "each time)? And is each interval wilson(wins, n)?",
                # (0 in every setting but the last, whose exact coverage is 1, is the next
                # hint's: `//`, or no interval containing p)
                when=lambda shares: (
                    all(share in (0, 1) for share in shares)
                    and any(share == 1 for share in shares[:5])
                    and not all(shares)
                ),
            ),
            Mistake(  # the half-width formula of Exercise 1 (Wald's interval), the 26th review
                "Your shares are what the estimate ± z·√(estimate·(1 − estimate)/n) covers: "
                "with no win, or with one deal, that interval is a single point and misses p. "
                "The formula of h above is a rule of thumb for the width; the exercise "
                "measures the interval itself: make each one with wilson(wins, n).",
                when=lambda shares: (
                    shares[5] == 0
                    and all(
                        isclose(share, wald, abs_tol=0.05)
                        for share, wald in zip(shares, WALD, strict=True)
                    )
                ),
            ),
            Mistake(
                # true of every way to get there: a share rounded down, the misses counted,
                # wins counted when rng.random() > p or by a coin, p as a percent
                "Your function gives 0 for some p and n, where most intervals contain p (with "
                "one deal and p = 0.5 every interval does). Check each step: a deal is won when "
                "rng.random() < p; the interval is wilson(wins, n), from the wins among n "
                "deals; `p in` it asks whether it contains p, a share from 0 to 1; the share is "
                "the number of intervals that do contain p, divided with / by runs (`//` gives "
                "0 for any share below 1).",
                when=lambda shares: any(share == 0 for share in shares),
            ),
            Mistake(
                "Every one of your intervals contains what you test. Is each measurement's wins "
                "counted afresh, inside the loop over the runs? And is it p you test? (The "
                "measured wins / n is inside its own interval every time.)",
                when=lambda shares: all(share == 1 for share in shares),
            ),
            Mistake(
                "Your function gives the same share for every p and n: does it use them?",
                when=lambda shares: len(set(shares)) == 1,
            ),
            Mistake(
                "Your shares look rounded to two decimals. Return the share unrounded: "
                "intervals that contain p, divided by runs.",
                # the four trials of 1000 runs or more: an honest share of 2000 runs is a
                # whole hundredth once in 20
                when=lambda shares: all(isclose(s * 100, round(s * 100)) for s in shares[:4]),
            ),
        ),
        otherwise=(
            "For each of the runs: count the wins among n deals (a deal is won when "
            "rng.random() < p), make the interval with wilson(wins, n), and see whether it "
            "contains p."
        ),
        note="Wilson's coverage swings around 95% as p and n change (from about 91% to 100% "
        "on the settings checked): close to the promise, not exactly it.",
        points=2,
        trials=(
            (0.15, 50, 2000),
            (0.01, 50, 2000),
            (0.3, 100, 1000),
            (0.5, 10, 2000),
            (0.7, 4, 2000),
            (0.5, 1, 20),
        ),
    ),
    # ------------------------------------------------------------------ 07_testing_a_claim
    Function(
        "lab-sample-size",
        "Exercise 1 (how many deals for ±h?)",
        "deals_needed",
        "challenge",
        mistakes=(
            Mistake(
                "Round up, not down: with one deal fewer the half-width is a little more than h.",
                digest="2c86b71cc1930487fe734c0e",
            ),
            Mistake(
                "round goes to the nearest whole number, so it goes down about half the time. "
                "A target must be reached: round up, with ceil (from math).",
                digest="1be0df940562695bfb76ea9a",
            ),
            Mistake(
                "h is a share, like p: one percentage point is 0.01, not 1.",
                digest="ea8b344d8790904581b2db1d",
            ),
            Mistake(
                "h is a share already, like p (0.01 is one percentage point): it needs no "
                "dividing by 100.",
                digest="c72ab3a8231c3628b2bcd35e",
            ),
            Mistake(
                "Is z squared too? Squaring h = z·√(p(1 − p)/n) squares every factor: "
                "z² = 1.96² ≈ 3.84.",
                digest="786b10edd113503392069ecc",
            ),
            Mistake(
                FOUR_TIMES,
                digest="eb05588a1fcfca15eaf073c2",
            ),
            Mistake(
                "round, then + 1, overshoots by one when the fraction is .5 or more: ceil rounds "
                "up, and only when there is a fraction.",
                digest="b5268414a5ede03532ee4fd7",
            ),
            Mistake(
                FOUR_TIMES,
                digest="5c9046783b07c20c9269c4c0",
            ),
            Mistake(
                "That z, 1.645, belongs to the 90% interval: the 95% interval's z is 1.96.",
                digest="482fdf2a7678ab5fda13d09d",
            ),
            Mistake(
                "That z, 2.576, belongs to the 99% interval: the 95% interval's z is 1.96.",
                digest="3f14e92efc9daf9ac1739214",
            ),
            Mistake(
                "3.84 is z² rounded: 1.96² is 3.8416, and the rounding moves the answer by a "
                "few deals. Square 1.96 itself (1.96**2).",
                digest="92a33f6e97b05da4c6a41a46",
            ),
            Mistake(
                "ceil already rounds up: the + 1 after it adds a deal that is not needed.",
                digest="d1f87b56b52185843dd496de",
            ),
            Mistake(
                "That uses z = 2, the rule of thumb: the 95% interval's z is 1.96.",
                digest="97d0914d755135b91cb79cc8",
            ),
        ),
        otherwise=(
            "Start from h = z·√(p(1 − p)/n) with z = 1.96, square both sides and solve for n; "
            "then round up (ceil)."
        ),
        note="Halving the half-width takes four times the deals: h shrinks like 1/√n.",
        points=3,
        whole=True,
        probability=False,
        params=("p", "h"),
        cases=(
            Case((0.15, 0.01), ("cdd43443043c31e7dab3558c", "4fb330a41c01b205616149d2")),
            Case((0.5, 0.03), ("ec16f345237193d4eb7a3bca",)),
            Case((0.05, 0.01), ("fde4f96fb40638121197dafd",)),
            Case((0.3, 0.05), ("af810fe3256e26fa2eb80129",)),
            Case((0.15, 0.005), ("b307eb216da635ee18050374", "b6275b3490f6a217ba65f4b0")),
            Case((0.4, 0.015), ("b73fd664fbc85877761464f4",)),
            # No case whose n is exactly whole: in floats some right way of writing the formula
            # lands a hair above it (819.0000000000001), and ceil adds a deal (the fifteenth and
            # sixteenth reviews: 72 of 168 forms at 0.09 ± 0.0196). So int(x) + 1 and x // y + 1,
            # which differ from ceil only there, are accepted.
        ),
        game_words="the Acme claim's numbers",
        by_hand=(
            "Work it out yourself: solve the half-width's formula for n, and round up with "
            "ceil (from math)."
        ),
        other_words="other rates and half-widths",
    ),
]

EXERCISES: dict[str, Exercise] = {exercise.id: exercise for exercise in EXERCISE_LIST}
