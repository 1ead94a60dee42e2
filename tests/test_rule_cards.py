"""The printable rule cards: what they say is what the engine does, the tutorials number the
rules the same way, and the committed HTML is what the package makes. (That chromium prints it
on one page per game is tested with the browser tests: tests/browser/test_rule_cards_print.py.)"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
import pytest

from solitaire_widgets.exercises.rulecards import RULE_CARDS, Example, RuleCard
from solitaire_widgets.variants import get_variant

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import rule_cards  # noqa: E402

TUTORIALS = {
    "quadrennial": "01_quadrennial.ipynb",
    "acquaintance": "02_acquaintance.ipynb",
    "acme": "03_acme.ipynb",
    "fly": "05_fly.ipynb",
}
EXAMPLES = [
    (variant, rule.title, example)
    for variant, card in RULE_CARDS.items()
    for rule in (*card.rules, *card.rulings)
    for example in rule.examples
]


def test_every_game_has_a_card_and_most_rules_an_example() -> None:
    assert list(RULE_CARDS) == list(TUTORIALS)
    for card in RULE_CARDS.values():
        untested = [rule.title for rule in card.rules if not rule.examples]
        assert untested == ["Won or lost"] or not untested, (card.variant, untested)
        assert all(rule.examples for rule in card.rulings), card.variant


@pytest.mark.parametrize(
    "variant, title, example", EXAMPLES, ids=[f"{v}: {t}" for v, t, _ in EXAMPLES]
)
def test_the_card_says_what_the_engine_does(variant: str, title: str, example: Example) -> None:
    game = example.position.game()
    reason = game.why_not(example.move)
    assert (reason is None) == example.legal, f"{example.move}: {reason}"
    if example.after is not None:
        game.play(example.move)
        pile, top = example.after
        cards = game.pile(pile)
        assert (cards[-1].code if cards else "") == top


def test_the_layout_is_read_off_the_engine() -> None:
    layout = dict(RULE_CARDS["quadrennial"].layout())
    assert layout["S"] == "stock: 44 cards, face down"
    assert layout["R1–R8"].startswith("eight reserve piles: 1 card each")
    assert dict(RULE_CARDS["fly"].layout())["S"] == "stock: 83 cards, only the top card face up"
    assert "one redeal" in dict(RULE_CARDS["acme"].layout())["Redeals"]


@pytest.mark.parametrize("variant", list(TUTORIALS))
def test_the_tutorials_number_the_rules_as_the_card(variant: str) -> None:
    nb = nbformat.read(ROOT / "notebooks" / TUTORIALS[variant], as_version=4)
    rules_cell = next(c for c in nb.cells if c.source.startswith("## The rules"))
    numbered = re.findall(r"^(\d)\. \*\*(.+?)\*\*", rules_cell.source, re.M)
    titles = [title for _, title in numbered]
    assert [int(n) for n, _ in numbered] == list(range(1, len(titles) + 1))
    card_titles = [rule.title for rule in RULE_CARDS[variant].rules]
    assert len(titles) == len(card_titles)
    for mine, theirs in zip(titles, card_titles, strict=True):
        assert mine.lower().startswith(theirs.lower().split(",")[0][:12]), (mine, theirs)


def test_the_committed_cards_are_up_to_date() -> None:
    assert rule_cards.OUTPUT.read_text() == rule_cards.render(), (
        "docs/teaching/rule-cards.html is out of date: run python scripts/rule_cards.py"
    )


@pytest.mark.parametrize("card", RULE_CARDS.values(), ids=lambda card: card.variant)
def test_the_notation_example_is_a_move_of_the_game(card: RuleCard) -> None:
    """The seventh review: every card said "like R1-F2", and Acme and Fly have no pile R1."""
    said = re.search(r"like <code>([^<]+)</code>", rule_cards.notation(card))
    assert said
    source, target = said[1].split("-")
    assert {source, target} <= get_variant(card.variant).index.keys(), said[1]
