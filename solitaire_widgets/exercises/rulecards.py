"""The printable rule card of each game: its layout, read off the engine, and its numbered rules.

The words and examples of each card are game knowledge and live in the game's profile
(``games/<game>.py``, ``rule_card``); this module makes the cards the exercises use of them.

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
from ..games import PROFILES, CardRule, RuleCardText
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


def _card(variant: str, text: RuleCardText) -> RuleCard:
    """A game's card from its profile's text (``games/<game>.py`` holds the words and the
    examples; the positions become ``Position`` values the exercises use)."""

    def rule(part: CardRule) -> Rule:
        examples = tuple(
            Example(Position(variant, e.setup.deck, moves=e.setup.moves), e.move, e.legal, e.after)
            for e in part.examples
        )
        return Rule(part.title, part.text, examples)

    return RuleCard(
        variant, text.summary, tuple(map(rule, text.rules)), tuple(map(rule, text.rulings))
    )


RULE_CARDS: dict[str, RuleCard] = {
    name: _card(name, profile.rule_card)
    for name, profile in PROFILES.items()
    if profile.rule_card is not None
}
"""Every game's card, in the order of ``games.PROFILES``."""
