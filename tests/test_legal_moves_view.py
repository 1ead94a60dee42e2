"""``game.legal_moves()``: a view of ``Move`` values whose ``in`` reads moves as ``play`` does,
so it agrees with ``is_legal`` on every move and every way of writing one."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_widgets import DEAL, DRAW, REDEAL, Game, LegalMoves, Move
from solitaire_widgets.variants import VARIANTS


def spellings(game: Game) -> list[object]:
    """Every pile pair, every ``X-F``, the named moves as words and values, and junk."""
    rules = VARIANTS[game.variant]
    moves: list[object] = [*rules.pair_moves.values(), DEAL, REDEAL, DRAW]
    moves += [f"{name}-F" for name in rules.pile_names]
    moves += [str(m).lower() for m in rules.pair_moves.values()]
    return [*moves, "draw", " Deal ", "redeal", "R3F1", "", 42, None, ("S", "W")]


@pytest.mark.parametrize("variant", list(VARIANTS))
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), randoms=st.randoms(use_true_random=False))
def test_in_agrees_with_is_legal(variant: str, seed: int, randoms: random.Random) -> None:
    game = Game(variant, seed=seed)
    for _ in range(60):
        legal = game.legal_moves()
        assert isinstance(legal, LegalMoves) and all(isinstance(m, Move) for m in legal)
        for move in spellings(game):
            assert (move in legal) == game.is_legal(move), move
        if not legal:
            break
        game.play(randoms.choice(legal))


def test_x_f_and_draw_are_read_as_play_reads_them() -> None:
    game = Game("acme", seed=7)
    legal = game.legal_moves()
    assert "S-W" in legal and "draw" in legal and DRAW in legal
    home = next(m for m in legal if m.dst.startswith("F"))
    assert f"{home.src}-F" in legal and game.is_legal(f"{home.src}-F")
    assert "T9-F1" not in legal and "not a move" not in legal


def test_it_is_a_sequence_that_prints_and_compares_like_a_list() -> None:
    game = Game("quadrennial", seed=3)
    legal = game.legal_moves()
    moves = VARIANTS["quadrennial"].legal_moves(game.state)
    assert legal == moves and repr(legal) == repr(moves) and len(legal) == len(moves)
    assert list(legal) == moves and legal[0] == moves[0] and legal[-1:] == moves[-1:]
    assert legal != [] and legal != "S-W"
    with pytest.raises(TypeError):
        hash(legal)
