"""Bad input gets a clear error that names the problem, and never changes a game."""

from __future__ import annotations

import json

import pytest
from positions import deck_starting_with

from solitaire_widgets import Game, IllegalMoveError, Move


def test_unknown_variant() -> None:
    with pytest.raises(ValueError, match="unknown variant 'klondike': choose one of quadrennial"):
        Game("klondike")
    with pytest.raises(ValueError, match="unknown variant"):
        Game(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", ["7", 7.0, True, [7], -1])
def test_seed_must_be_a_non_negative_integer(seed: object) -> None:
    with pytest.raises(ValueError, match="a deal number is a non-negative integer"):
        Game("acme", seed=seed)  # type: ignore[arg-type]


def test_seed_and_deck_together() -> None:
    with pytest.raises(ValueError, match="not both"):
        Game("acme", seed=1, deck=deck_starting_with(""))


@pytest.mark.parametrize(
    ("deck", "words"),
    [
        (deck_starting_with("")[:-1], "missing K♠"),
        ([*deck_starting_with(""), "KS"], "too many K♠"),
        ([*deck_starting_with("")[:-1], "QS"], "missing K♠; too many Q♠"),
        ([*deck_starting_with("")[:-1], "ZZ"], "'ZZ' is not a card"),
        ("AC 2C", "not one string"),
    ],
)
def test_bad_decks(deck: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Game("quadrennial", deck=deck)  # type: ignore[arg-type]


def test_fly_deck_needs_every_card_twice() -> None:
    with pytest.raises(ValueError, match="every card twice"):
        Game("fly", deck=deck_starting_with(""))


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("R3F1", "cannot read 'R3F1' as a move"),
        ("", "cannot read"),
        ("R3--F1", "cannot read"),
        (42, "not 42"),
        (None, "not None"),
        ("T9-F1", "Acme has no pile 'T9'; its piles are F1-F4, R, T1-T4, S, W"),
        ("R3-F1", "has no pile 'R3'"),
        (Move("bogus"), "has no pile 'bogus'"),
        ("T1-T1", "cannot move onto its own pile"),
        ("W-F1", "W is empty: there is no card to move"),
        ("S-F1", "the stock is face down"),
        ("T1-S", "nothing is ever placed on the stock"),
        ("deal", "Acme has no deal move"),
        ("redeal", "redeal only when the stock is empty"),
    ],
)
def test_malformed_or_impossible_moves(move: object, words: str) -> None:
    game = Game("acme", seed=4)
    state = game.state
    with pytest.raises(IllegalMoveError) as error:
        game.play(move)  # type: ignore[arg-type]
    assert words in str(error.value)
    assert game.why_not(move) == str(error.value)  # type: ignore[arg-type]
    assert game.state is state and game.history == []


def test_illegal_move_error_is_a_value_error() -> None:
    assert issubclass(IllegalMoveError, ValueError)


def test_move_after_the_game_ended() -> None:
    game = Game("quadrennial", seed=1)
    while game.legal_moves():
        game.play(game.legal_moves()[-1])
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play("S-W")


def test_undo_and_redo_with_nothing_to_take_back() -> None:
    game = Game("fly", seed=1)
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.undo()
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        game.redo()


def test_unknown_pile_name() -> None:
    with pytest.raises(ValueError, match="Fly has no pile 'W'"):
        Game("fly", seed=1).pile("W")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not json", "not a game record"),
        ("[]", "not a game record"),
        (json.dumps({"format": "other"}), "not a game record"),
        (
            json.dumps(
                {"format": "solitaire_widgets.game", "variant": "acme", "seed": 1, "moves": 3}
            ),
            "'moves' must be a list",
        ),
        (
            json.dumps(
                {
                    "format": "solitaire_widgets.game",
                    "variant": "acme",
                    "seed": 1,
                    "moves": ["T1-T2"],
                }
            ),
            "move 1 of the record ('T1-T2') is refused",
        ),
        (
            json.dumps({"format": "solitaire_widgets.game", "variant": "chess", "seed": 1}),
            "unknown variant",
        ),
    ],
)
def test_bad_records(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        Game.from_json(text)
