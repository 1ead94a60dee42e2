"""The ``Game`` handle: observers, equality, the conveniences a new user reaches for first."""

from __future__ import annotations

import copy
import operator
import warnings

import numpy
import pytest

from solitaire_widgets import DRAW, Game, IllegalMoveError, Move, new_state, parse_card
from solitaire_widgets.cards import shuffled_deck
from solitaire_widgets.engine import check_seed
from solitaire_widgets.hints import hints
from solitaire_widgets.thinker import think
from solitaire_widgets.variants import VARIANTS


def deal_codes(variant: str, seed: int) -> list[str]:
    """The cards deal number ``seed`` deals, as an explicit deck of codes."""
    return [c.code for c in shuffled_deck(seed, VARIANTS[variant].decks)]


# ---------------------------------------------------------------------------------- observers
def test_a_failing_observer_neither_undoes_the_move_nor_silences_the_others() -> None:
    game = Game("acme", seed=3)
    told: list[str] = []

    def broken(_game: Game) -> None:
        raise RuntimeError("boom")

    game.subscribe(lambda g: told.append(f"first {len(g.history)}"))
    game.subscribe(broken)
    game.subscribe(lambda g: told.append(f"last {len(g.history)}"))
    with pytest.warns(RuntimeWarning, match=r"observer .*broken.* raised RuntimeError: boom"):
        played = game.play("S-W")
    assert played == DRAW and game.history == ["S-W"]
    assert told == ["first 1", "last 1"]
    for change in (game.undo, game.redo, game.restart, game.new_deal):
        with pytest.warns(RuntimeWarning, match="broken"):
            change()
    assert len(told) == 2 + 2 * 4


def test_observers_that_work_raise_no_warning() -> None:
    game = Game("acme", seed=3)
    game.subscribe(lambda g: None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        game.play("S-W")


# ---------------------------------------------------------------------------------- moves as text
def test_a_move_equals_its_notation() -> None:
    game = Game("acme", seed=7)
    legal = game.legal_moves()
    assert "S-W" in legal and "T4-F4" in legal and "T1-T9" not in legal
    assert DRAW == "S-W" and DRAW == "S-W" and DRAW != "draw" and Move("deal") == "deal"
    assert Move("S", "T1") != DRAW and Move("S", "W") == DRAW
    # equal values hash equal, so sets and dicts agree with ==
    assert hash(DRAW) == hash("S-W") and "S-W" in set(legal) and {DRAW: 1}["S-W"] == 1


def test_is_legal() -> None:
    game = Game("acme", seed=7)
    assert game.is_legal("S-W") and game.is_legal("draw") and game.is_legal("T4-F")
    assert not game.is_legal("T1-T9") and not game.is_legal("nonsense") and not game.is_legal(3)


# ---------------------------------------------------------------------------------- equality
def test_games_with_the_same_deal_and_history_are_equal() -> None:
    game = Game("acme", seed=7)
    game.play("S-W")
    game.play("T4-F")
    assert game == Game.from_json(game.to_json())
    other = Game("acme", seed=7)
    assert game != other
    other.play("S-W")
    other.play("T4-F4")
    assert game == other
    assert game != Game("acme", seed=8) and game != "acme" and game != game.to_json()
    dealt = Game("acme", deck=deal_codes("acme", 7))  # deal 7's cards, as an explicit deck
    assert dealt == Game("acme", seed=7) and dealt != Game("acme", seed=8)


def test_a_game_is_not_hashable_because_it_changes() -> None:
    with pytest.raises(TypeError):
        hash(Game("acme", seed=7))


# ---------------------------------------------------------------------------------- conveniences
def test_game_hint_is_the_thinkers_choice() -> None:
    """``game.hint()`` is the thinker's move with its reason (a safe move here: the quick
    hints agree), and None once no move is legal."""
    game = Game("acme", seed=7)
    hint = game.hint()
    assert hint is not None and hint == think(game).hint()
    assert hint.move == hints(game)[0].move and hint.safe
    while game.legal_moves():
        game.play(game.legal_moves()[-1])
    assert game.hint() is None


def test_undo_and_redo_several_moves() -> None:
    game = Game("acme", seed=7)
    start = game.state
    for _ in range(5):
        game.play(game.legal_moves()[-1])
    line, states = game.history, [game.state]
    told: list[int] = []
    game.subscribe(lambda g: told.append(len(g.history)))
    assert game.undo(3) == line[2]  # the move taken back last
    assert game.history == line[:2] and told == [2]  # one change, told once
    with pytest.raises(IllegalMoveError, match="cannot undo 3 moves: only 2 have been played"):
        game.undo(3)
    assert len(game.history) == 2
    game.undo(2)
    assert game.state == start
    assert game.redo(5) == line[4]
    assert game.history == line and game.state == states[0] and told == [2, 0, 5]
    with pytest.raises(IllegalMoveError, match="nothing to redo: no move has been taken back"):
        game.redo()
    for bad in (0, -1, 1.5, "2", True):
        with pytest.raises(ValueError, match="moves to undo or redo is a whole number at least 1"):
            game.undo(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["A♥️", "A♥\ufe0f", "a♥\ufe0e", " 10♦️ "])
def test_cards_pasted_with_an_emoji_variation_selector(text: str) -> None:
    assert parse_card(text).code in ("AH", "TD")


def test_any_integral_deal_number() -> None:
    class Seven:
        def __index__(self) -> int:
            return 7

    for seven in (numpy.int64(7), numpy.uint8(7), Seven()):
        game = Game("acme", seed=seven)  # type: ignore[arg-type]
        assert game.seed == 7 and type(game.seed) is int
        assert game.state == Game("acme", seed=7).state
        assert '"seed": 7' in game.to_json()
        assert new_state("acme", seed=seven) == game.state  # type: ignore[arg-type]
    assert check_seed(operator.index(numpy.int64(3))) == 3
    for bad in (True, numpy.bool_(True), 7.0, numpy.float64(7), "7", -1, numpy.int64(-1)):
        with pytest.raises(ValueError, match="a deal number is a non-negative integer"):
            Game("acme", seed=bad)  # type: ignore[arg-type]


def test_new_state_on_its_default_deals_a_random_number() -> None:
    state = new_state("acme")
    assert state.variant == "acme" and sum(len(p) for p in state.piles) == 52
    assert len({new_state("acme") for _ in range(5)}) > 1


def test_the_deck_is_a_tuple_of_codes() -> None:
    """README: 'deck is None for a numbered deal', else the codes as a tuple."""
    assert Game("acme", seed=7).deck is None
    codes = deal_codes("acme", 7)
    explicit = Game("acme", deck=codes)
    assert isinstance(explicit.deck, tuple) and list(explicit.deck) == codes


# ---------------------------------------------------------------------------------- copies
@pytest.mark.parametrize("make", [Game.copy, copy.copy, copy.deepcopy])
@pytest.mark.parametrize("own_deck", [False, True])
def test_a_copy_is_played_on_without_moving_the_original(make: object, own_deck: bool) -> None:
    """02's Exercise 5 asks students to check an answer by playing a copy of a game."""
    original = Game("acquaintance", deck=deal_codes("acquaintance", 5)) if own_deck else None
    original = original or Game("acquaintance", seed=5)
    original.play(original.legal_moves()[0])
    original.play(original.legal_moves()[0])
    original.undo()
    told: list[Game] = []
    original.subscribe(told.append)
    before = original.to_json(), original.state, original.can_redo
    twin = make(original)  # type: ignore[operator]
    assert isinstance(twin, Game) and twin is not original
    assert (
        twin == original and twin.state == original.state and twin.positions == original.positions
    )
    assert twin.can_redo
    twin.redo()
    while twin.status == "playing" and len(twin.history) < 40:
        twin.play(twin.legal_moves()[0])
    assert (original.to_json(), original.state, original.can_redo) == before
    assert told == []
