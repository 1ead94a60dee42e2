"""Every exercise of the tutorials: its question's answer form, its naive answer and the hints.

The right answers are not here: a fixed answer is a hash (``answer_digests``), an engine answer
is computed from the engine when it is checked. The wrong answers are here on purpose: each
``Mistake`` is a likely slip and the hint aimed at it, and ``naive`` is the answer a student is
likely to write first (the tests put it in the student's notebook and expect its hint).
The teacher's answers are the solution cells of the tutorials in ``notebooks/``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb, isclose

from ..intervals import wilson
from ..state import GameState
from ..stats.exact import hypergeometric
from .answers import (
    FractionForm,
    FractionsForm,
    IntForm,
    IntsForm,
    LettersForm,
    MoveSetForm,
    PlaceForm,
    ShareForm,
)
from .kinds import (
    Computed,
    Exercise,
    Fewest,
    Hashed,
    Mistake,
    PlayerProject,
    Refusals,
)
from .positions import Position

# ---------------------------------------------------------------------------- positions
QUAD_TABLE = Position("quadrennial", "AC 5H 9S 2D KC 7H 3S JD 2C")
QUAD_TIMING = Position("quadrennial", "AC 9H 9S 9D KH KS KD QH 7H 2C 3C")
ACQ_TABLE = Position("acquaintance", "2C 9H 5S KD 7C 3D 8S QH")
ACQ_AFTER_REDEAL = Position(
    "acquaintance", ACQ_TABLE.first, moves=("R1-F1", *["deal"] * 11, "redeal")
)
ACQ_DEALT_OUT = Position("acquaintance", ACQ_TABLE.first, moves=("deal",) * 11)
ACME_TABLE = Position("acme", "TH 9H 2C 5S KC QC JC TC 9C 8C 7C 6C 5C 4C 3C KD 9D 8H")
ACME_EMPTIED = Position(
    "acme",
    "TH 2D 5S 8D 9H KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C 7D",
    moves=(*["R-F1"] * 12, "R-T1", "T2-F2"),
)
FLY_TABLE = Position(
    "fly", "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H 2C 2D KH 3C", moves=("S-F", "S-T1")
)
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


def where_it_comes_back(card: str = "9H") -> tuple[str, int]:
    """Acquaintance: after the redeal of the dealt-out table, the pile where ``card`` shows on
    top again, and the number of deal moves after the redeal until it does."""
    game = ACQ_DEALT_OUT.game()
    game.play("redeal")
    piles = ("R1", "R2", "R3", "R4")
    for deals in range(20):
        for pile in piles:
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


def wilson_coverage(p: float, n: int) -> float:
    """The exact coverage of the 95% Wilson interval for n trials at true rate p."""
    return sum(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1) if p in wilson(k, n))


def _binomial(n: int, p: Fraction, ks: range) -> list[Fraction]:
    """The binomial probabilities: what drawing *with* replacement would give."""
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in ks]


SUIT_BY_SUIT = (
    "In Acme a tableau card takes only the next lower card of its own suit (5♦ takes 4♦), and a "
    "foundation only the next card of its suit"
)

EXERCISE_LIST: list[Exercise] = [
    # ------------------------------------------------------------------ 00_start_here
    Computed(
        "start-legal",
        "Exercise (predict the engine)",
        "legal",
        "warm-up",
        naive='legal = ["S-W", "R-T1"]',
        mistakes=(
            Mistake(
                f"R-T1 would put 4♥ on 5♦: one rank lower, but hearts on diamonds. {SUIT_BY_SUIT}.",
                when=lambda moves: "R-T1" in moves,
            ),
            Mistake(
                "W-T3 would put K♣ on J♣: a tableau pile builds down, so J♣ takes only 10♣.",
                when=lambda moves: "W-T3" in moves,
            ),
            Mistake(
                "T4-T3 would put 10♦ on J♣: one rank lower, but diamonds on clubs.",
                when=lambda moves: "T4-T3" in moves,
            ),
            Mistake(
                "R-F3 would put 4♥ on F3, which holds A♥: a foundation takes the next card of "
                "its suit, and F3 needs 2♥.",
                when=lambda moves: "R-F3" in moves,
            ),
            Mistake(
                "Drawing (S-W) is a move too, whenever the stock has cards.",
                when=lambda moves: "S-W" not in moves,
            ),
            Mistake(
                f"Choose among the five moves asked about: {', '.join(START_CANDIDATES)}.",
                when=lambda moves: not moves <= set(START_CANDIDATES),
            ),
        ),
        otherwise=f"Take each move in turn. {SUIT_BY_SUIT}.",
        note="The engine takes only what the rules allow: next we ask it why it refuses a move.",
        form=MoveSetForm(),
        expected=lambda: legal_among(START_TABLE, START_CANDIDATES),
    ),
    # ------------------------------------------------------------------ 01_quadrennial
    Computed(
        "quadrennial-legal",
        "Exercise 1 (read the table)",
        "legal",
        "warm-up",
        naive='legal = ["R1-F2", "R6-F3"]',
        mistakes=(
            Mistake(
                "Drawing is a move too: S-W is legal whenever the stock has cards (rule 3).",
                when=lambda moves: "S-W" not in moves,
            ),
            Mistake(
                "Write each foundation move with its number: the ace of diamonds goes to F2, "
                "written R1-F2 (F1 clubs, F2 diamonds, F3 hearts, F4 spades).",
                when=lambda moves: any(move.endswith("-F") for move in moves),
            ),
            Mistake(
                "A reserve card moves only to a foundation (rule 2).",
                when=lambda moves: any(m.startswith("R") and "-F" not in m for m in moves),
            ),
        ),
        otherwise=(
            "Read each reserve card of deal 3: only an ace can start a foundation, and F1 to F4 "
            "are clubs, diamonds, hearts and spades."
        ),
        note="Two aces can go home, and you may always draw.",
        form=MoveSetForm(),
        expected=lambda: legal_among(Position("quadrennial", seed=3)),
    ),
    Refusals(
        "quadrennial-rules",
        "Exercise 2 (which moves are refused, and why?)",
        "refused",
        "rules",
        naive='refused = {"S-W": 3, "R2-F3": 1, "R1-R2": 2, "S-F1": 3, "redeal": 5}',
        mistakes=(
            Mistake(
                "S-W is legal. The rule text says to draw 'if no more reserve cards can be "
                "played', but that is advice: the engine lets you draw whenever the stock has "
                "cards, even with A♣ ready to go home (ruling 1 below).",
                when=lambda refused: "S-W" in refused,
            ),
            Mistake(
                "R1-F1 is legal: A♣ starts the clubs foundation, F1.",
                when=lambda refused: "R1-F1" in refused,
            ),
        ),
        position=QUAD_TABLE,
        candidates=("S-W", "R1-F1", "R2-F3", "R1-R2", "S-F1", "redeal"),
        rule_digests=(
            "8695b1e060e350a27d8bc288",
            "96cbf33de645bf26c42f64df",
            "e0e50c2ec7de163772dfcb93",
            "de159bdde29c0c19b5df851d",
            "16a292aaea59d4d5866e9aa8",
        ),
        topics=(
            ("R2-F3", "which rule says what a foundation takes first?"),
            ("R1-R2", "which rule says where a card may go?"),
            ("S-F1", "which rule says how a stock card comes into play?"),
            ("redeal", "which rule says when you may redeal?"),
        ),
    ),
    Hashed(
        "quadrennial-ace",
        "Exercise 3 (an ace to start with)",
        "p_ace",
        "core",
        naive="p_ace = 8 * Fraction(4, 52)",
        mistakes=(
            Mistake(
                "8 × 4/52 adds the chance of an ace for each of the eight cards. That counts a "
                "reserve with two aces twice (and one with three aces three times), so it is "
                "too big. Count the reserves with no ace at all instead.",
                value=8 * Fraction(4, 52),
            ),
            Mistake(
                "1 − (48/52)^8 treats the eight cards as drawn with replacement, as if every "
                "card could be any of the 52 again. After a non-ace, only 47 of the 51 cards "
                "left are non-aces.",
                value=1 - Fraction(48, 52) ** 8,
            ),
            Mistake(
                "That is the chance of *no* ace; the question asks for at least one.",
                value=Fraction(comb(48, 8), comb(52, 8)),
            ),
            Mistake(
                "4/52 is the chance for one card; the reserve holds eight.", value=Fraction(1, 13)
            ),
        ),
        otherwise=(
            "Think of the sample space: all C(52, 8) sets of eight reserve cards, equally "
            "likely. How many of them hold no ace?"
        ),
        note="You counted the complement: often the easiest way to 'at least one'.",
        form=FractionForm(),
        answer_digests=("0859fa4010a88b51a4004fdf",),
    ),
    Hashed(
        "quadrennial-aces",
        "Exercise 4 (how many aces?)",
        "p_aces",
        "core",
        naive=(
            "p_aces = [comb(8, k) * Fraction(1, 13) ** k * Fraction(12, 13) ** (8 - k) "
            "for k in range(5)]"
        ),
        mistakes=(
            Mistake(
                "That is the binomial distribution: each card an ace with chance 1/13, as if "
                "drawn with replacement. The reserve is eight *different* cards: count the sets "
                "of eight with exactly k of the 4 aces and 8 − k of the 48 other cards.",
                value=_binomial(8, Fraction(1, 13), range(5)),
            ),
            Mistake(
                "Your five probabilities do not add up to 1, yet every reserve holds 0, 1, 2, "
                "3 or 4 aces.",
                when=lambda values: sum(values) != 1,
            ),
        ),
        otherwise=(
            "For each k: how many sets of eight cards hold exactly k aces? Choose the aces, "
            "then the other cards, and divide by C(52, 8)."
        ),
        note="This is the hypergeometric distribution.",
        form=FractionsForm(length=5, describe="a list of five Fractions, for k = 0 to 4"),
        answer_digests=("25de8e3b1bc7b9c7e9148ca5",),
    ),
    Fewest(
        "quadrennial-timing",
        "Exercise 5 (timing decides the refill)",
        "moves",
        "challenge",
        naive='moves = ["R1-F1", "S-W", "W-F1", "S-W", "W-F1"]',
        mistakes=(
            Mistake(
                "Playing A♣ home at once refills R1 with the stock's top card, 7♥, so the "
                "clubs must come home through the waste. Which card refills R1 if you draw "
                "first?",
                when=lambda moves: bool(moves) and moves[0] == "R1-F1",
            ),
        ),
        otherwise="Each club needs one move home: is every other move you make needed?",
        note=(
            "Drawing first made 2♣ the card that refills R1, and 3♣ after it: the moment a "
            "reserve card goes home decides which card takes its place."
        ),
        position=QUAD_TIMING,
        goal=clubs_home(3),
        goal_words="A♣, 2♣ and 3♣ on F1",
    ),
    # ------------------------------------------------------------------ 02_acquaintance
    Computed(
        "acquaintance-sizes",
        "Exercise 2 (predict the engine)",
        "sizes",
        "warm-up",
        naive="sizes = [12, 12, 12, 12]",
        mistakes=(
            Mistake(
                "43 cards do not share out evenly among four piles. What happens when the "
                "stock runs out in the middle of a deal?",
                value=[12, 12, 12, 12],
            ),
            Mistake(
                "The redeal deals one round at once, as part of the redeal (ruling 3): every "
                "pile already holds a card before the first deal.",
                value=[11, 11, 11, 10],
            ),
        ),
        otherwise=(
            "Count: each pile holds one card after the redeal, then the 43 stock cards are "
            "dealt in rounds, one card per pile, R1 first."
        ),
        form=IntsForm(length=4, describe="a list of four whole numbers, for R1 to R4"),
        expected=sizes_when_dealt_out,
    ),
    Refusals(
        "acquaintance-rules",
        "Exercise 1 (which moves are refused, and why?)",
        "refused",
        "rules",
        naive='refused = {"R1-F2": 1, "deal": 3, "R2-F1": 1, "R1-R2": 2, "redeal": 4, "S-R1": 3}',
        mistakes=(
            Mistake(
                "R1-F2 is legal: the foundations build up by rank with suit ignored, so 2♣ "
                "goes on any ace, A♦ too.",
                when=lambda refused: "R1-F2" in refused,
            ),
            Mistake(
                "deal is legal. The rule text says to deal 'when no further moves are "
                "possible', but that is advice: the engine deals whenever the stock has cards "
                "(ruling 2 below).",
                when=lambda refused: "deal" in refused,
            ),
        ),
        position=ACQ_TABLE,
        candidates=("R1-F2", "deal", "R2-F1", "R1-R2", "redeal", "S-R1"),
        rule_digests=(
            "1b550117520d98c3b6770545",
            "b8818175bf995ec0e1c378f1",
            "9076eed6c6c1f27326562715",
            "eef0009775689f2aed5e8964",
            "166a4d45a55b12b2c3c23f9e",
        ),
        topics=(
            ("R2-F1", "which rule says what a foundation takes next?"),
            ("R1-R2", "which rule says where a card may go?"),
            ("redeal", "which rule says when you may redeal?"),
            ("S-R1", "which rule says how the stock's cards reach the piles?"),
        ),
    ),
    Hashed(
        "acquaintance-two",
        "Exercise 3 (a first move)",
        "p_two",
        "core",
        naive="p_two = 1 - Fraction(comb(48, 4), comb(52, 4))",
        mistakes=(
            Mistake(
                "That counts four cards out of all 52. But the aces go to the foundations "
                "first, wherever they are in the deck: the first row is four of the 48 "
                "non-aces, and 4 of those 48 are twos.",
                value=1 - Fraction(comb(48, 4), comb(52, 4)),
            ),
            Mistake(
                "4 × 4/48 adds the chances card by card and counts a row with two 2s twice. "
                "Count the rows with no 2 instead.",
                value=4 * Fraction(4, 48),
            ),
            Mistake(
                "That is the chance of no 2 at all; the question asks for at least one.",
                value=Fraction(comb(44, 4), comb(48, 4)),
            ),
            Mistake(
                "1 − (44/48)^4 draws with replacement; the four cards of the row are four "
                "different cards.",
                value=1 - Fraction(44, 48) ** 4,
            ),
        ),
        otherwise=(
            "The sample space: the first row is a set of 4 of the 48 non-aces, all equally "
            "likely. How many of those sets hold no 2?"
        ),
        form=FractionForm(),
        answer_digests=("a55f2cc6e0659141ae4b48db",),
    ),
    Hashed(
        "acquaintance-twos",
        "Exercise 4 (twos in the first pile)",
        "expected_twos",
        "core",
        naive="expected_twos = 12 * Fraction(4, 52)",
        mistakes=(
            Mistake(
                "12 × 4/52 forgets that the aces are set aside first: R1's 12 cards are 12 of "
                "the 48 non-aces, and 4 of those are twos.",
                value=12 * Fraction(4, 52),
            ),
            Mistake(
                "That is the chance for one card; R1 holds 12, and expected values add up.",
                value=Fraction(4, 48),
            ),
        ),
        otherwise=(
            "Each of R1's 12 cards is a two with the same probability. The expected number "
            "of twos is the sum of those probabilities (expected values add up, even for "
            "cards that are not independent)."
        ),
        note="Expected values add up card by card: no need for the whole distribution.",
        form=FractionForm(describe="a Fraction (or a whole number)", probability=False),
        answer_digests=("143b2dc6f26c287281b7b062",),
    ),
    Computed(
        "acquaintance-back",
        "Exercise 5 (where does it come back?)",
        "back",
        "challenge",
        naive='back = ("R2", 1)',
        mistakes=(
            Mistake(
                "The piles do not keep their cards: the redeal gathers all four into one "
                "stock (R1 bottom to top first, then R2, R3, R4) and deals it out again, one "
                "card per pile per round.",
                when=lambda place: place[0] == "R2",
            ),
            Mistake(
                "The redeal's own round is dealt at once, as part of the redeal: count only "
                "the deal moves after it.",
                when=lambda place: place == ("R1", 4),
            ),
        ),
        otherwise=(
            "Where is 9♥ in the gathered stock? R1's 12 cards come first, then R2's from its "
            "bottom card. The new stock is dealt one card per pile per round, R1 first."
        ),
        note="Following one card through a redeal is how a player plans the next pass.",
        form=PlaceForm(),
        expected=where_it_comes_back,
    ),
    # ------------------------------------------------------------------ 03_acme
    Computed(
        "acme-legal",
        "Exercise 1 (read the table)",
        "legal",
        "warm-up",
        naive='legal = ["T2-T1", "R-T1", "T3-F1", "S-W"]',
        mistakes=(
            Mistake(
                "R-T1 would put 9♦ on 10♥: one rank lower, but diamonds on hearts. The "
                "tableau builds down by suit (rule 2).",
                when=lambda moves: "R-T1" in moves,
            ),
            Mistake(
                "The 2♣ on T3 can go home: F1 holds A♣ and takes 2♣ next (rule 1).",
                when=lambda moves: "T3-F1" not in moves,
            ),
            Mistake(
                "Drawing (S-W) is legal whenever the stock has cards (rule 5).",
                when=lambda moves: "S-W" not in moves,
            ),
        ),
        otherwise=(
            "Take each face-up card: can it go home, or onto a tableau card of its own suit "
            "one rank higher?"
        ),
        form=MoveSetForm(),
        expected=lambda: legal_among(ACME_TABLE),
    ),
    Refusals(
        "acme-rules",
        "Exercise 2 (which moves are refused, and why?)",
        "refused",
        "rules",
        naive='refused = {"T1-T2": 4, "T4-T3": 2, "T1-R": 3, "T3-F4": 1, "S-T2": 5}',
        mistakes=(
            Mistake(
                "T1-T2 is legal. While the reserve has cards an empty pile is filled from it; "
                "but the reserve is empty now, and then an empty pile takes any top card "
                "(rule 4).",
                when=lambda refused: "T1-T2" in refused,
            ),
            Mistake(
                "T3-T2 is refused: 5♠ is T3's only card, and moving a pile's only card to an "
                "empty pile would change nothing (rule 4).",
                when=lambda refused: "T3-T2" not in refused,
            ),
        ),
        position=ACME_EMPTIED,
        candidates=("T3-T2", "T1-T2", "T4-T3", "T1-R", "T3-F4", "S-T2"),
        rule_digests=(
            "a1b356c638d930481062aef7",
            "2454a7ad4f2ec970568fd2c9",
            "cad083ea4e7af9c79e3d5114",
            "ff310971549f50eeb3b424d4",
            "6566b63e4a3db6e9b0ddafac",
            "c0c0dbac98f1bc4bcfcad1b4",
        ),
        topics=(
            ("T3-T2", "which rule is about empty tableau piles?"),
            ("T4-T3", "which rule says which card goes on a tableau card?"),
            ("T1-R", "which rule says which piles receive cards?"),
            ("T3-F4", "which rule says what a foundation takes?"),
            ("S-T2", "which rule says how a stock card comes into play?"),
        ),
    ),
    Hashed(
        "acme-first-home",
        "Exercise 3 (a card home on the first move)",
        "p_first_home",
        "core",
        naive="p_first_home = 1 - Fraction(comb(48, 5), comb(52, 5))",
        mistakes=(
            Mistake(
                "That counts five cards out of all 52. The aces are on the foundations before "
                "the deal: the five face-up cards are five of the 48 non-aces.",
                value=1 - Fraction(comb(48, 5), comb(52, 5)),
            ),
            Mistake(
                "5 × 4/48 adds the chances card by card and counts twice the deals with two 2s "
                "face up. Count the deals with no 2 face up.",
                value=5 * Fraction(4, 48),
            ),
            Mistake(
                "That is the chance of no 2 face up; the question asks for at least one.",
                value=Fraction(comb(44, 5), comb(48, 5)),
            ),
        ),
        otherwise="Five face-up non-aces: how many sets of five of the 48 hold no 2?",
        form=FractionForm(),
        answer_digests=("6f54b0a28da115f70dad23f9",),
    ),
    Hashed(
        "acme-clubs",
        "Exercise 4 (clubs in the reserve)",
        "p_three_clubs",
        "core",
        naive="p_three_clubs = comb(13, 3) * Fraction(1, 4) ** 3 * Fraction(3, 4) ** 10",
        mistakes=(
            Mistake(
                "That is the binomial: each card a club with chance 1/4, as if drawn with "
                "replacement. The reserve's 13 cards are 13 different cards: count the sets "
                "with 3 of the 12 clubs and 10 of the 36 other non-aces.",
                value=comb(13, 3) * Fraction(1, 4) ** 3 * Fraction(3, 4) ** 10,
            ),
            Mistake(
                "The aces are on the foundations first: the reserve comes from 48 cards, 12 of "
                "them clubs, not from 52 with 13 clubs.",
                value=Fraction(comb(13, 3) * comb(39, 10), comb(52, 13)),
            ),
        ),
        otherwise="Choose which 3 of the 12 clubs, and which 10 of the 36 other non-aces.",
        form=FractionForm(),
        answer_digests=("d8a0719b7e284fb3cf0d6d9c",),
    ),
    PlayerProject(
        "acme-player",
        "Project (a player that beats greedy)",
        "my_player",
        "project",
        naive="return view.legal[0]",
        otherwise=(
            "Think about what matters in Acme: cards home first, then digging out the "
            "reserve (a reserve card onto the tableau, or a tableau pile emptied so the "
            "reserve refills it), then the waste, and drawing when nothing better is left."
        ),
        note="Your player beats greedy, by more than luck alone would easily give.",
        variant="acme",
        deals=range(1, 301),
    ),
    # ------------------------------------------------------------------ 04_fly
    Computed(
        "fly-moves",
        "Exercise 1 (read the table)",
        "moves",
        "warm-up",
        naive="moves = 11",
        mistakes=(
            Mistake(
                "A 2 can go on any ace, and there are eight aces: each foundation is a move of "
                "its own (S-F1 to S-F8), as each tableau pile is.",
                value=11,
            ),
            Mistake("The reserve's top card may go onto any tableau pile too (rule 3).", value=13),
        ),
        otherwise=(
            "Count card by card: where may the stock's top card go, and where the reserve's?"
        ),
        form=IntForm(),
        expected=lambda: len(legal_among(Position("fly", seed=4))),
    ),
    Refusals(
        "fly-rules",
        "Exercise 2 (which moves are refused, and why?)",
        "refused",
        "rules",
        naive='refused = {"S-W": 2, "S-F2": 1, "T1-R": 3, "redeal": 5}',
        mistakes=(
            Mistake(
                "T1-T2 is refused: tableau cards never move from pile to pile, only home "
                "(rule 4). That is what makes placing a card in Fly a decision.",
                when=lambda refused: "T1-T2" not in refused,
            ),
            Mistake(
                "R-T3 is legal: the reserve's top card may go onto any tableau pile (rule 3).",
                when=lambda refused: "R-T3" in refused,
            ),
        ),
        position=FLY_TABLE,
        candidates=("S-W", "T1-T2", "R-T3", "S-F2", "T1-R", "redeal"),
        rule_digests=(
            "a8bbbdd09c28a25ef33971d3",
            "2c2ebc39e14b91357efbf394",
            "6d32861aef9384708c66c038",
            "115bcf3d97ed234a2a45454d",
            "8af530a45a75e3ce499672ee",
        ),
        topics=(
            ("S-W", "which rule says how the stock's top card plays?"),
            ("T1-T2", "which rule says where a tableau card may go?"),
            ("S-F2", "which rule says what a foundation takes?"),
            ("T1-R", "which rule says what may go on the reserve?"),
            ("redeal", "which rule is about the passes through the stock?"),
        ),
    ),
    Hashed(
        "fly-kings",
        "Exercise 3 (both kings of spades in the reserve)",
        "p_both",
        "core",
        naive="p_both = Fraction(13, 96) ** 2",
        mistakes=(
            Mistake(
                "That multiplies as if the two K♠ landed independently. Once one K♠ is among "
                "the 13 reserve cards, only 12 of the other 95 cards' places are left in the "
                "reserve for the second.",
                value=Fraction(13, 96) ** 2,
            ),
            Mistake(
                "13/96 is the chance for one copy; the question asks for both.",
                value=Fraction(13, 96),
            ),
        ),
        otherwise=(
            "Count the reserves that hold both K♠: both of them, then 11 of the other 94 "
            "non-aces; divide by all C(96, 13) reserves."
        ),
        form=FractionForm(),
        answer_digests=("8ad4c6e69ba9cff97a4df105",),
    ),
    Hashed(
        "fly-pair",
        "Exercise 4 (a pair somewhere in the reserve)",
        "p_pair",
        "challenge",
        naive="p_pair = 48 * Fraction(comb(94, 11), comb(96, 13))",
        mistakes=(
            Mistake(
                "That adds the chances of the 48 cards (48 times the answer of Exercise 3) and "
                "counts a reserve with two pairs twice, three pairs three times: far too much "
                "here. (Add enough such chances and the 'probability' passes 1.) Count the "
                "reserves with no pair at all.",
                value=48 * hypergeometric(2, 96, 2, 13),
            ),
            Mistake(
                "1 − (1 − p)^48, with p the answer of Exercise 3, treats the 48 cards as "
                "independent; they are not: the reserve has only 13 places.",
                value=1 - (1 - hypergeometric(2, 96, 2, 13)) ** 48,
            ),
        ),
        otherwise=(
            "A reserve with no pair holds 13 different cards, one copy of each: choose the 13 "
            "cards, then which of its two copies each one is."
        ),
        note="Like the birthday problem: a pair is likelier than it feels.",
        form=FractionForm(),
        answer_digests=("ce7c83ec281413ffdbfa4e29",),
    ),
    # ------------------------------------------------------------------ 05_probability_lab
    Hashed(
        "lab-meaning",
        "Exercise 1 (what does the interval say?)",
        "true_statements",
        "warm-up",
        naive='true_statements = {"A", "D"}',
        mistakes=(
            Mistake(
                "D: an interval that contains 5% says the measurement is consistent with 5%; "
                "it is just as consistent with every other rate inside it. Consistent is not "
                "confirmed.",
                when=lambda letters: "D" in letters,
            ),
            Mistake(
                "B: the measured rate is an estimate; 150 other deals would give another one.",
                when=lambda letters: "B" in letters,
            ),
            Mistake(
                "C: a single deal is won or lost; the interval is about the rate over many "
                "deals, not about deals.",
                when=lambda letters: "C" in letters,
            ),
            Mistake(
                "A is what '95%' means: a property of the method, over many repetitions.",
                when=lambda letters: "A" not in letters,
            ),
            Mistake(
                "Look at E again: the width shrinks like 1/√n, so four times the deals give "
                "half the width.",
                when=lambda letters: "E" not in letters,
            ),
        ),
        form=LettersForm(letters="ABCDE"),
        answer_digests=("face5cd48f4c4ddc613a58e3",),
    ),
    Hashed(
        "lab-coverage",
        "Exercise 2 (does the 95% really hold?)",
        "coverage",
        "core",
        naive="coverage = 0.95",
        mistakes=(
            Mistake(
                "0.95 is what the name promises, not a measurement: count how many of the "
                "2000 simulated intervals contain 0.15, and divide by 2000.",
                value=0.95,
            ),
            Mistake(
                "A plausible share, but not the one this procedure gives: make rng once, "
                "before the loop, and draw the 50 deals of each measurement in order with "
                "rng.random() < P.",
                when=lambda hits: isclose(hits / 2000, wilson_coverage(0.15, 50), abs_tol=0.015),
            ),
        ),
        otherwise=(
            "For each of the 2000 measurements: count the wins among 50 deals, make the "
            "interval with wilson(wins, 50), and see whether it contains P."
        ),
        form=ShareForm(runs=2000),
        answer_digests=("e05faa4116a7b15f352d3460",),
    ),
    Hashed(
        "lab-sample-size",
        "Exercise 3 (how many deals for ±1 point?)",
        "n_needed",
        "challenge",
        naive="n_needed = ceil(1.96**2 * 0.15 * 0.85 / 1**2)",
        mistakes=(
            Mistake(
                "h is a share, like p: one percentage point is 0.01, not 1.",
                when=lambda n: n < 10,
            ),
            Mistake(
                "Round up, not down: with one deal fewer the half-width is a little more than "
                "one point.",
                value=4897,
            ),
            Mistake(
                "That is the number for ±2 points: halving h needs four times the deals.",
                value=1225,
            ),
        ),
        otherwise=(
            "Start from h = z·√(p(1 − p)/n), square both sides and solve for n; then round up."
        ),
        form=IntForm(),
        answer_digests=("8cf2bcefbae7eadeae77fa0b", "785e3bbfe4b8db59eb45240e"),
    ),
]

EXERCISES: dict[str, Exercise] = {exercise.id: exercise for exercise in EXERCISE_LIST}
