"""One conformance suite over all four variants, driven by hypothesis-chosen random playouts.

At every position of every playout: cards are conserved; every listed legal move is accepted;
every other pile pair (and draw/deal/redeal) is refused with a reason and changes nothing; the
player's view shows exactly the face-up cards; undo is the exact inverse of play and redo
repeats it; the JSON record round-trips; the game is over exactly when it is won or stuck.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_widgets import DEAL, DRAW, REDEAL, Game, IllegalMoveError, Move
from solitaire_widgets.cards import CARDS
from solitaire_widgets.variants import VARIANTS

MAX_MOVES = 400
every_variant = pytest.mark.parametrize("variant", list(VARIANTS))


def candidate_moves(game: Game) -> list[Move]:
    """Every pile pair of the variant, plus the named moves: the whole move space."""
    rules = VARIANTS[game.variant]
    return [*rules.pair_moves.values(), DEAL, REDEAL, DRAW]


def check_position(game: Game) -> None:
    rules = VARIANTS[game.variant]
    state = game.state
    all_cards = Counter(c for pile in state.piles for c in pile)
    assert all_cards == Counter(list(CARDS) * rules.decks), "cards created or lost"

    legal = game.legal_moves()
    assert len(set(legal)) == len(legal), "a legal move listed twice"
    for move in legal:
        assert game.why_not(move) is None, move
    history = game.history
    for move in candidate_moves(game):
        if move in legal:
            continue
        reason = game.why_not(move)
        assert isinstance(reason, str) and reason, move
        with pytest.raises(IllegalMoveError):
            game.play(move)
    assert game.state is state and game.history == history, "a refused move changed the game"

    won = rules.cards_home(state) == rules.total_cards
    assert game.status == ("won" if won else "lost" if not legal else "playing")
    if won:
        assert not legal

    view = game.view()
    for i, name in enumerate(rules.pile_names):
        shown = view["piles"][name]
        down = rules.face_down(state, i)
        assert shown["down"] == down
        assert shown["cards"] == [c.code for c in state.piles[i][down:]]


@every_variant
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**9), randoms=st.randoms(use_true_random=False))
def test_random_playout_invariants(variant: str, seed: int, randoms: random.Random) -> None:
    """A whole game of random moves (up to MAX_MOVES), every position checked."""
    rules = VARIANTS[variant]
    game = Game(variant, seed=seed)
    for _ in range(MAX_MOVES):
        check_position(game)
        legal = game.legal_moves()
        if not legal:
            break
        move = randoms.choice(legal)
        before, history = game.state, game.history
        game.play(str(move))
        assert game.state == rules.apply(before, move)
        assert game.history == [*history, str(move)]
        after = game.state
        assert game.undo() == move
        assert game.state == before and game.history == history
        assert game.redo() == move
        assert game.state == after
    check_position(game)
    loaded = Game.from_json(game.to_json())
    assert loaded.state == game.state and loaded.history == game.history


@every_variant
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_same_deal_number_same_deal(variant: str, seed: int) -> None:
    assert Game(variant, seed=seed).state == Game(variant, seed=seed).state
    assert Game(variant, seed=seed).state != Game(variant, seed=seed + 1).state


@every_variant
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**9), picks=st.lists(st.integers(0, 2**16), max_size=60))
def test_restart_and_redo_replay_the_same_line(variant: str, seed: int, picks: list[int]) -> None:
    game = Game(variant, seed=seed)
    for pick in picks:
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[pick % len(legal)])
    final, history = game.state, game.history
    game.restart()
    assert game.history == [] and game.state == Game(variant, seed=seed).state
    while game.can_redo:
        game.redo()
    assert game.state == final and game.history == history


@every_variant
def test_game_over_refuses_every_move(variant: str) -> None:
    """Play random moves to the end: then every move is refused as 'the game is over'."""
    rng = random.Random(5)
    game = Game(variant, seed=11)
    for _ in range(5000):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
    assert game.status in ("won", "lost")
    for move in candidate_moves(game):
        reason = game.why_not(move)
        assert reason is not None and reason.startswith("the game is over"), (move, reason)
