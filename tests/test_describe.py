"""Moves in words (``Game.describe``, ``history_words``): every automatic consequence is named,
and no description names a card the player cannot see before the move."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from wording import wording_faults

from solitaire_widgets import Game

VARIANTS = ["quadrennial", "acquaintance", "acme", "fly"]
CARD = re.compile(r"(?<![\w])(10|[2-9AJQK])([♣♦♥♠])")
SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def named_cards(text: str) -> Counter[str]:
    """The card codes a text names (``10♥`` -> ``TH``)."""
    return Counter(
        ("T" if rank == "10" else rank) + SUITS[suit] for rank, suit in CARD.findall(text)
    )


def visible_cards(game: Game) -> Counter[str]:
    return Counter(code for pile in game.view()["piles"].values() for code in pile["cards"])


def random_games(variant: str, games: int = 25, length: int = 400):  # type: ignore[no-untyped-def]
    """Positions of random games, with every legal move there (a generator of (game, moves))."""
    for seed in range(games):
        game = Game(variant, seed=seed)
        rng = random.Random(seed)
        while game.legal_moves() and len(game.history) < length:
            moves = game.legal_moves()
            yield game, moves
            game.play(rng.choice(moves))


@pytest.mark.parametrize("variant", VARIANTS)
def test_descriptions_name_only_visible_cards(variant: str) -> None:
    """Checked for every legal move of random games: a face-down card is never named (in Fly
    the two decks share codes, so a name counts as seen while a face-up copy shows)."""
    checked = 0
    for game, moves in random_games(variant):
        seen = visible_cards(game)
        for move in moves:
            words = game.describe(move)
            assert not named_cards(words) - seen, (game.history, str(move), words)
            assert not wording_faults(words)
            checked += 1
    assert checked > 1000


def test_draw_does_not_name_the_face_down_stock_card() -> None:
    for variant in ("quadrennial", "acme"):
        game = Game(variant, seed=4)
        top = game.pile("S")[-1]
        words = game.describe("S-W")
        assert words == "draw the top stock card onto the waste"
        assert str(top) not in words


def first_move(variant: str, fits) -> tuple[Game, str]:  # type: ignore[no-untyped-def]
    """The first position of the random games with a move that ``fits(game, move)``."""
    for game, moves in random_games(variant):
        for move in moves:
            if fits(game, str(move)):
                return game, str(move)
    raise AssertionError(f"no {variant} move fits")


def test_acme_names_the_reserve_card_that_fills_an_emptied_pile() -> None:
    def empties_tableau(game: Game, move: str) -> bool:
        src = move.split("-")[0]
        return src.startswith("T") and len(game.pile(src)) == 1 and bool(game.pile("R"))

    game, move = first_move("acme", empties_tableau)
    src = move.split("-")[0]
    fill = game.pile("R")[-1]
    words = game.describe(move)
    assert words.endswith(f"; the reserve's top card, {fill}, fills tableau {src[1:]}")
    game.play(move)
    assert game.pile(src) == (fill,)
    assert game.history_words()[-1] == words


def test_quadrennial_names_the_refill_from_the_stock() -> None:
    def home_from_reserve(game: Game, move: str) -> bool:
        return move.startswith("R")

    game, move = first_move("quadrennial", home_from_reserve)
    src = move.split("-")[0]
    assert game.describe(move).endswith(f"; reserve {src[1:]} is refilled with the top stock card")

    def home_with_empty_stock(game: Game, move: str) -> bool:
        return move.startswith("R") and not game.pile("S")

    game, move = first_move("quadrennial", home_with_empty_stock)
    src = move.split("-")[0]
    assert game.describe(move).endswith(f"; reserve {src[1:]} stays empty: the stock is empty")
    game.play(move)
    assert game.pile(src) == ()


def test_acquaintance_redeal_says_it_gathers_and_deals() -> None:
    game, move = first_move("acquaintance", lambda g, m: m == "redeal")
    words = game.describe(move)
    assert words == (
        "gather reserve 1 to reserve 4 into a new stock; then each reserve pile gets one card "
        "from the new stock (redeal 1 of 2)"
    )
    game, move = first_move("acquaintance", lambda g, m: m == "deal" and len(g.pile("S")) == 2)
    words = "the two cards left in the stock go onto reserve 1 and reserve 2"
    assert game.describe(move) == words


@pytest.mark.parametrize("variant", ["quadrennial", "acme"])
def test_redeal_words_do_not_repeat_the_notation(variant: str) -> None:
    game, move = first_move(variant, lambda g, m: m == "redeal")
    words = game.describe(move)
    assert words.startswith("turn the waste over into a new stock (redeal 1 of ")
    assert not wording_faults(f"{move}: {words}")


def test_wording_check_catches_what_it_should() -> None:
    assert wording_faults("redeal: redeal (1 of 2)")
    assert wording_faults("unsolvable: no line (1,426 positions) (the solver looked)")
    assert not wording_faults("T1-T4: 3♥ from tableau 1 to tableau 4 (the solver looked)")
