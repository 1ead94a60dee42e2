"""The printable rule card of each game: its layout, read off the engine, and its numbered rules.

The layout lines (piles, how many cards each holds at the deal, which are face down, redeals)
are computed from the variant and a dealt position, so they are what the engine does. Each
numbered rule and each ruling carries example moves with the engine's expected verdict; the
tests play every example, so a card cannot drift from the engine. The tutorials number their
rules the same way, and the rules exercises ask for these numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import SUIT_SYMBOLS
from ..engine import new_state
from ..state import GameState
from ..variants import get_variant
from ..variants.base import number_word
from .positions import Position


@dataclass(frozen=True)
class Example:
    """A move in a position, whether the engine accepts it, and (``after``) a pile and the code
    of its top card once the move is played ("" for an empty pile)."""

    position: Position
    move: str
    legal: bool
    after: tuple[str, str] | None = None


@dataclass(frozen=True)
class Rule:
    """One rule of a card: a short title, the rule in a sentence or two, and its examples."""

    title: str
    text: str
    examples: tuple[Example, ...]


@dataclass(frozen=True)
class RuleCard:
    """A game's card: one line on what the game is, its numbered rules, and the rulings that
    settle what the original rule text leaves open."""

    variant: str
    summary: str
    rules: tuple[Rule, ...]
    rulings: tuple[Rule, ...]

    @property
    def title(self) -> str:
        return get_variant(self.variant).title

    def layout(self) -> list[tuple[str, str]]:
        """(piles, what they hold at the deal), one line per kind of pile, from the engine."""
        rules = get_variant(self.variant)
        state = new_state(rules.name, 0)
        lines: list[tuple[str, str]] = []
        kinds = list(dict.fromkeys(rules.kinds))
        for kind in kinds:
            indices = [i for i, k in enumerate(rules.kinds) if k == kind]
            names = [rules.pile_names[i] for i in indices]
            label = names[0] if len(names) == 1 else f"{names[0]}–{names[-1]}"
            lines.append((label, _describe_piles(self.variant, kind, indices, state)))
        redeals = rules.redeals_allowed
        if redeals:
            plural = "s" if redeals > 1 else ""
            words = (
                f"{number_word(redeals)} redeal{plural}: "
                f"{number_word(redeals + 1)} passes through the stock"
            )
        else:
            words = "no redeal: one pass through the stock"
        lines.append(("Redeals", words))
        return lines


KIND_NAMES = {
    "foundation": ("foundation", "foundations"),
    "reserve": ("reserve", "reserve piles"),
    "tableau": ("tableau pile", "tableau piles"),
    "stock": ("stock", "stocks"),
    "waste": ("waste", "wastes"),
}


def _describe_piles(variant: str, kind: str, indices: list[int], state: GameState) -> str:
    """What the piles of one kind hold at the deal, in words: counts and face-down cards."""
    rules = get_variant(variant)
    sizes = [len(state.piles[i]) for i in indices]
    down = [rules.face_down(state, i) for i in indices]
    one, many = KIND_NAMES[kind]
    name = f"{number_word(len(indices))} {many}" if len(indices) > 1 else one
    if kind == "foundation":
        build = "by suit" if rules.suit_foundations else "by rank (suit ignored)"
        start = "an ace each" if all(sizes) else "empty"
        suits = ""
        if rules.suit_foundations:
            suits = ": " + ", ".join(
                f"{rules.pile_names[i]} {SUIT_SYMBOLS[i % 4]}" for i in indices
            )
        return f"{name}, {start} at the deal, built up {build} to the king{suits}"
    if not any(sizes):
        return f"{name}, empty at the deal"
    cards = "1 card" if sizes[0] == 1 else f"{sizes[0]} cards"
    each = f"{cards} each" if len(indices) > 1 else cards
    if any(size != sizes[0] for size in sizes):
        each = ", ".join(str(size) for size in sizes) + " cards"
    if all(d == size for d, size in zip(down, sizes, strict=True)):
        face = "face down"
    elif any(down):
        face = "only the top card face up"
    else:
        face = "face up"
    return f"{name}: {each}, {face}"


def _q(first: str, *moves: str) -> Position:
    return Position("quadrennial", first, moves=moves)


def _aq(first: str, *moves: str) -> Position:
    return Position("acquaintance", first, moves=moves)


def _ac(first: str, *moves: str) -> Position:
    return Position("acme", first, moves=moves)


def _f(first: str, *moves: str) -> Position:
    return Position("fly", first, moves=moves)


_Q = "AC 5H 9S 2D KC 7H 3S JD 2C"  # A♣ in R1, 2♣ on top of the stock
_Q_EMPTY = (*(["S-W"] * 44), "R1-F1")  # the stock drawn out, then A♣ home: R1 stays empty
_AQ = "2C 9H 5S KD 7C 3D 8S QH"
_AQ_OUT = ("R1-F1", *(["deal"] * 11))  # the stock dealt out
_AC = "TH 9H 2C 5S KC QC JC TC 9C 8C 7C 6C 5C 4C 3C KD 9D 8H"
_AC_EMPTY = "TH 2D 5S 8D 9H KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C 7D"
_AC_EMPTIED = (*(["R-F1"] * 12), "R-T1", "T2-F2")  # the reserve played out, T2 left empty
_F = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H 2C 2D KH 3C"

RULE_CARDS: dict[str, RuleCard] = {
    "quadrennial": RuleCard(
        "quadrennial",
        "Eight face-up reserve cards and a face-down stock: every card goes straight home to "
        "its suit's foundation, ace to king, and you may go through the stock three times.",
        (
            Rule(
                "Foundations build up by suit",
                "Each foundation takes the ace of its suit first, then the two, and so on up "
                "to the king.",
                (Example(_q(_Q), "R1-F1", True), Example(_q(_Q), "R2-F3", False)),
            ),
            Rule(
                "Cards move only to a foundation",
                "A move takes one card home: a reserve card (R1-F1) or the waste's top card "
                "(W-F2). X-F means: to whichever foundation takes it.",
                (Example(_q(_Q), "R1-R2", False), Example(_q(_Q, "S-W"), "W-R1", False)),
            ),
            Rule(
                "Draw",
                "S-W (or draw) turns the stock's top card over onto the waste. Stock cards "
                "play only once they are on the waste.",
                (Example(_q(_Q), "S-W", True), Example(_q(_Q), "S-F1", False)),
            ),
            Rule(
                "Refill",
                "A reserve card played home is replaced at once by the stock's top card, as "
                "part of the same move.",
                (
                    Example(_q(_Q), "R1-F1", True, after=("R1", "2C")),
                    Example(_q(_Q, "R1-F1"), "R1-F1", True),
                ),
            ),
            Rule(
                "Redeal, twice",
                "When the stock is empty, redeal turns the waste over into a new stock. Twice "
                "per game, so three passes through the stock.",
                (Example(_q(_Q), "redeal", False), Example(_q(_Q, *["S-W"] * 44), "redeal", True)),
            ),
            Rule(
                "Won or lost",
                "Won when all 52 cards are home; lost when no legal move remains.",
                (),
            ),
        ),
        (
            Rule(
                "You may draw whenever the stock has cards",
                "Even when a reserve card could go home: the text's 'draw if no more reserve "
                "cards can be played' is advice.",
                (Example(_q(_Q), "S-W", True),),
            ),
            Rule(
                "An emptied reserve pile stays empty once the stock is empty",
                "The refill needs a stock card; without one the pile stays empty for the rest "
                "of the game, and nothing is ever placed on it.",
                (
                    Example(_q(_Q, *["S-W"] * 44), "R1-F1", True, after=("R1", "")),
                    Example(_q(_Q, *_Q_EMPTY), "W-R1", False),
                ),
            ),
            Rule(
                "A redeal keeps the order",
                "Turning the waste over makes the card drawn first in the last pass the first "
                "card drawn again.",
                (Example(_q(_Q, *["S-W"] * 44), "redeal", True, after=("S", "2C")),),
            ),
        ),
    ),
    "acquaintance": RuleCard(
        "acquaintance",
        "The four aces start the foundations, which build up by rank with suit ignored; the "
        "stock is dealt four cards at a time onto four growing piles, and only each pile's top "
        "card can go home.",
        (
            Rule(
                "Foundations build up by rank",
                "Any 2 on any ace, any 3 on any 2, and so on up to a king: suit does not count.",
                (Example(_aq(_AQ), "R1-F2", True), Example(_aq(_AQ), "R2-F1", False)),
            ),
            Rule(
                "Only a pile's top card moves, and only home",
                "A move takes the top card of a reserve pile to a foundation (R3-F1, or R3-F "
                "for the leftmost that takes it). Nothing else moves.",
                (Example(_aq(_AQ), "R1-R2", False), Example(_aq(_AQ), "R1-F", True)),
            ),
            Rule(
                "Deal",
                "deal puts one stock card face up on each reserve pile, R1 first; if the stock "
                "runs out during a deal, the remaining piles get nothing.",
                (Example(_aq(_AQ), "deal", True), Example(_aq(_AQ), "S-R1", False)),
            ),
            Rule(
                "Redeal, twice",
                "When the stock is empty, redeal gathers the piles (R1 bottom to top, then R2, "
                "R3, R4) into a new stock and deals one round at once. Twice per game.",
                (
                    Example(_aq(_AQ), "redeal", False),
                    Example(_aq(_AQ, *_AQ_OUT), "redeal", True, after=("R1", "7C")),
                ),
            ),
            Rule(
                "Won or lost",
                "Won when all 52 cards are home; lost when no legal move remains.",
                (),
            ),
        ),
        (
            Rule(
                "You may deal whenever the stock has cards",
                "Even when a card could go home: the text's 'when no further moves are "
                "possible' is advice. A deal can bury a card you need.",
                (Example(_aq(_AQ), "deal", True),),
            ),
            Rule(
                "Every card of a pile shows, only the top one moves",
                "The piles are fanned; a deal covers each top card, and a covered card waits.",
                (Example(_aq(_AQ, "deal"), "R1-F1", False),),
            ),
        ),
    ),
    "acme": RuleCard(
        "acme",
        "The aces start the foundations, which build up by suit; four tableau piles build down "
        "by suit and are refilled from a 13-card reserve; the stock goes to a waste, twice "
        "through.",
        (
            Rule(
                "Foundations build up by suit",
                "2♣ on A♣, then 3♣, and so on up to K♣.",
                (Example(_ac(_AC), "T3-F1", True), Example(_ac(_AC), "R-F2", False)),
            ),
            Rule(
                "The tableau builds down by suit",
                "A card goes onto the card of its own suit one rank higher: 8♣ on 9♣, never "
                "8♦ on 9♣.",
                (Example(_ac(_AC), "T2-T1", True), Example(_ac(_AC), "R-T1", False)),
            ),
            Rule(
                "What moves where",
                "The top card of a tableau pile, of the reserve or of the waste goes to a "
                "foundation or onto a tableau pile, one card at a time. Nothing is placed on "
                "the reserve, the waste or the stock.",
                (Example(_ac(_AC), "T1-R", False), Example(_ac(_AC, "T2-T1", "S-W"), "W-T1", True)),
            ),
            Rule(
                "Empty tableau piles",
                "A tableau pile that empties is refilled at once from the reserve, in the same "
                "move. Once the reserve is empty, an empty pile takes any top card, except a "
                "pile's only card (that would change nothing).",
                (
                    Example(_ac(_AC_EMPTY, *_AC_EMPTIED), "T1-T2", True),
                    Example(_ac(_AC_EMPTY, *_AC_EMPTIED), "T3-T2", False),
                ),
            ),
            Rule(
                "Draw, and one redeal",
                "S-W turns the stock's top card onto the waste, whenever the stock has cards. "
                "When it is empty, redeal turns the waste over, once: two passes.",
                (Example(_ac(_AC), "S-W", True), Example(_ac(_AC), "S-T1", False)),
            ),
            Rule(
                "Won or lost",
                "Won when all 52 cards are home; lost when no legal move remains.",
                (),
            ),
        ),
        (
            Rule(
                "The refill is part of the move",
                "When a tableau pile empties, the reserve's top card fills it in the same move, "
                "so one undo puts both back.",
                (Example(_ac(_AC), "T2-T1", True, after=("T2", "9D")),),
            ),
            Rule(
                "Going round in circles",
                "With an empty pile a card can go back and forth for ever; every move is "
                "legal, but no card goes home again. The hints call such a game hopeless.",
                (Example(_ac(_AC_EMPTY, *_AC_EMPTIED, "T1-T2"), "T2-T1", True),),
            ),
        ),
    ),
    "fly": RuleCard(
        "fly",
        "Two decks: the eight aces start eight foundations that build up by rank, suit "
        "ignored; the stock's top card is face up and goes home or onto any of five tableau "
        "piles, where it waits until it can go home. One pass, no redeal.",
        (
            Rule(
                "Foundations build up by rank",
                "Any 2 on any ace, any 3 on any 2, and so on up to a king: suit does not count.",
                (Example(_f(_F), "S-F2", True), Example(_f(_F, "S-F", "S-T1"), "S-F2", False)),
            ),
            Rule(
                "The stock's top card",
                "It is face up and goes to a foundation or onto any tableau pile, at any time. "
                "There is no waste and no draw.",
                (Example(_f(_F), "S-T4", True), Example(_f(_F), "S-W", False)),
            ),
            Rule(
                "The reserve's top card",
                "It goes to a foundation or onto any tableau pile. Nothing is ever placed on "
                "the reserve.",
                (Example(_f(_F), "R-T3", True), Example(_f(_F, "S-F", "S-T1"), "T1-R", False)),
            ),
            Rule(
                "Tableau cards go only home",
                "A tableau pile's top card goes only to a foundation: no building, so a card "
                "put on a pile blocks every card under it until it goes home.",
                (Example(_f(_F, "S-F", "S-T1"), "T1-T2", False),),
            ),
            Rule(
                "One pass; won or lost",
                "No redeal: once the stock is used up it is gone. Won when all 104 cards are "
                "home; lost when no legal move remains.",
                (Example(_f(_F), "redeal", False),),
            ),
        ),
        (
            Rule(
                "Any card on any tableau pile",
                "Empty or not, a tableau pile takes any stock or reserve card: there is no "
                "building rule.",
                (Example(_f(_F, "S-F", "S-T1"), "S-T1", True),),
            ),
        ),
    ),
}
