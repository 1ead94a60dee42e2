"""Bad input gets a clear error that names the problem, and never changes a game."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from positions import deck_starting_with

from solitaire_widgets import Game, IllegalMoveError, Move, NotationError, parse_card
from solitaire_widgets import game as game_module
from solitaire_widgets.solver import solve


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


UNREADABLE = [
    ("R3F1", "cannot read 'R3F1' as a move"),
    ("", "cannot read"),
    ("R3--F1", "cannot read"),
    (42, "not 42"),
    (None, "not None"),
]


@pytest.mark.parametrize(("move", "words"), UNREADABLE)
def test_unreadable_moves_are_notation_errors(move: object, words: str) -> None:
    """Text that is not a move at all: a NotationError (a ValueError, not an
    IllegalMoveError), the same words from why_not, and nothing changes."""
    game = Game("acme", seed=4)
    state = game.state
    with pytest.raises(NotationError) as error:
        game.play(move)  # type: ignore[arg-type]
    assert words in str(error.value) and not isinstance(error.value, IllegalMoveError)
    assert game.why_not(move) == str(error.value)  # type: ignore[arg-type]
    assert not game.is_legal(move) and move not in game.legal_moves()
    assert game.state is state and game.history == []


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("T9-F1", "Acme has no pile 'T9'; its piles are F1-F4, R, T1-T4, S, W"),
        ("R3-F1", "has no pile 'R3'"),
        (Move("bogus"), "'bogus' is not a move: a move names a source and a target pile"),
        ("Q7-T1", "Acme has no pile 'Q7'"),
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
    assert issubclass(NotationError, ValueError)
    assert not issubclass(NotationError, IllegalMoveError)


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


# ---------------------------------------------------------------------------------- records
RECORD = "solitaire_widgets.game"


@pytest.mark.parametrize(
    "deal",
    [{}, {"seed": None}, {"deck": None}, {"seed": None, "deck": None}],
    ids=["missing", "null seed", "null deck", "both null"],
)
def test_a_record_without_a_deal_is_refused(deal: dict[str, object]) -> None:
    """A record must name its deal; it never deals a random game and blames its cards."""
    text = json.dumps({"format": RECORD, "variant": "acme", "moves": ["S-W"], **deal})
    with pytest.raises(ValueError, match="the record has no deal: it needs a deal number"):
        Game.from_json(text)


def test_records_past_the_size_limit_are_refused() -> None:
    big = json.dumps({"format": RECORD, "variant": "acme", "seed": 1, "moves": ["S-W"] * 10})
    big += " " * game_module.MAX_RECORD_CHARS
    with pytest.raises(ValueError, match="too long: at most 1,000,000 characters"):
        Game.from_json(big)
    many = json.dumps({"format": RECORD, "variant": "acme", "seed": 1, "moves": ["S-W"] * 20_001})
    with pytest.raises(ValueError, match="20,001 moves: a record holds at most 20,000"):
        Game.from_json(many)


def test_a_long_record_within_the_limits_loads() -> None:
    game = Game("acme", seed=1)
    while game.status == "playing" and len(game.history) < 300:
        game.play(game.legal_moves()[-1])
    assert Game.from_json(game.to_json()).history == game.history
    assert Game.from_json(game.to_json(), max_moves=len(game.history)).state == game.state
    with pytest.raises(ValueError, match="at most 10"):
        Game.from_json(game.to_json(), max_moves=10)


@pytest.mark.parametrize("opening", ["[", '{"a":'])
def test_deeply_nested_json_is_a_value_error(opening: str) -> None:
    with pytest.raises(ValueError, match="nested too deeply"):
        Game.from_json(opening * 100_000)


# ---------------------------------------------------------------------------------- game over
@pytest.mark.parametrize("move", ["R1-F", "W-F", "R-F", "T1-F", "F1-F"])
def test_x_to_f_after_the_game_is_over(move: str) -> None:
    """'X-F' is refused as 'the game is over' like every other move."""
    won = Game("quadrennial", seed=2)
    for step in solve(won, max_nodes=200_000, max_seconds=60).moves:
        won.play(step)
    assert won.status == "won"
    with pytest.raises(IllegalMoveError, match=r"^the game is over"):
        won.play(move)
    assert won.why_not(move).startswith("the game is over")  # type: ignore[union-attr]


def test_x_to_f_when_no_move_is_left() -> None:
    game = Game("quadrennial", seed=1)
    while game.legal_moves():
        game.play(game.legal_moves()[-1])
    assert game.status == "lost"
    for move in ("R1-F", "W-F", "S-F"):
        reason = game.why_not(move)
        assert reason is not None and reason.startswith("the game is over"), (move, reason)


# ---------------------------------------------------------------------------------- kinds
@pytest.mark.parametrize(
    ("deck", "words"),
    [
        (5, "a deck is a list of card codes"),
        (None, None),
        ({c: 1 for c in deck_starting_with("")}, "not a dict"),
        (set(deck_starting_with("")), "a deck has an order"),
        (b"AC", "not one string"),
    ],
)
def test_decks_of_the_wrong_kind_are_value_errors(deck: object, words: str | None) -> None:
    if words is None:
        assert Game("acme", deck=deck).seed is not None  # type: ignore[arg-type]
        return
    with pytest.raises(ValueError, match=words):
        Game("acme", deck=deck)  # type: ignore[arg-type]


def test_a_one_deck_deck_for_fly_says_it_needs_two() -> None:
    with pytest.raises(ValueError) as error:
        Game("fly", deck=deck_starting_with(""))
    text = str(error.value)
    assert "Fly plays with two decks: 104 cards, got 52" in text
    assert len(text) < 200  # not every card listed as missing


def test_a_foundation_card_never_leaves_even_with_x_to_f() -> None:
    game = Game("acme", seed=3)
    for move in ("F1-F", "F1-F2", "F2-F2"):
        assert game.why_not(move) == "cards never leave a foundation (F1)".replace(
            "F1", move.split("-")[0]
        )


@pytest.mark.parametrize("move", [Move("T4"), Move("R"), Move("draw")])
def test_a_move_without_a_target(move: Move) -> None:
    reason = Game("acme", seed=4).why_not(move)
    assert reason is not None and "''" not in reason
    assert f"{move.src!r} is not a move: a move names a source and a target pile" in reason


@pytest.mark.parametrize(
    "call",
    [
        lambda huge: Game("acme", seed=1).play(huge),
        lambda huge: Game("acme", seed=1).play(huge + "-F1"),
        lambda huge: Game("acme", seed=1).play("T1-" + huge),
        lambda huge: Game("acme", seed=1).pile(huge),
        lambda huge: Game(huge),
        lambda huge: Game("acme", deck=[huge]),
        lambda huge: parse_card(huge),
        lambda huge: Game("acme", seed=[huge]),  # type: ignore[arg-type]
        lambda huge: Game.from_json(json.dumps({"format": huge})),
        lambda huge: Game.from_json(
            json.dumps({"format": RECORD, "variant": "acme", "seed": 1, "moves": [huge]})
        ),
    ],
)
def test_a_huge_input_is_quoted_short(call: Callable[[str], object]) -> None:
    huge = "T" * 100_000
    with pytest.raises(ValueError) as error:
        call(huge)
    assert len(str(error.value)) < 400, str(error.value)[:500]
