"""The hint engine: ranked, explained, honest (face-up cards only), and its plain verdicts."""

from __future__ import annotations

import random

import pytest
from positions import state_of

from solitaire_widgets import Game, apply, legal_moves, new_state
from solitaire_widgets.hints import (
    best_move,
    determinize,
    hints,
    is_hopeless,
    solver_hint,
    unseen_cards,
    win_chances,
)
from solitaire_widgets.intervals import wilson
from solitaire_widgets.state import GameState
from solitaire_widgets.variants import VARIANTS


def positions(variant: str, count: int, seed: int = 0) -> list[GameState]:
    rng = random.Random(seed)
    out = []
    for deal in range(1, count + 1):
        state = new_state(variant, seed=deal)
        for _ in range(rng.randrange(0, 120)):
            moves = legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves))
        out.append(state)
    return out


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_legal_move_is_ranked_with_a_reason(variant: str) -> None:
    for state in positions(variant, 30):
        ranked = hints(state)
        assert sorted(h.move for h in ranked) == sorted(str(m) for m in legal_moves(state))
        assert all(h.reason and 0 <= h.score <= 100 for h in ranked)
        assert [h.score for h in ranked] == sorted((h.score for h in ranked), reverse=True)
        best = best_move(state)
        assert (best is None) == (not ranked)
        if ranked:
            assert str(best) == ranked[0].move


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_hints_use_only_face_up_cards(variant: str) -> None:
    """Deal the face-down cards differently: no hint may change."""
    rng = random.Random(1)
    changed_something = False
    for state in positions(variant, 40, seed=2):
        twin = determinize(state, rng)
        changed_something |= twin != state
        assert unseen_cards(twin) == unseen_cards(state)
        assert hints(twin) == hints(state)
        assert is_hopeless(twin) == is_hopeless(state)
    assert changed_something


def test_an_ace_from_the_waste_can_never_hurt() -> None:
    state = state_of("quadrennial", R1="KS", W="9D AS", S="5C", redeals=2)  # the last pass
    top = hints(state)[0]
    assert top.move == "W-F4" and top.safe
    assert top.reason == "A♠ is an ace: playing it can never hurt"


def test_quadrennial_reserve_play_explains_the_refill() -> None:
    state = state_of("quadrennial", R3="AH", S="5C")
    (play,) = [h for h in hints(state) if h.move == "R3-F3"]
    assert not play.safe and "refills R3" in play.reason and "drawing first" in play.reason


def test_drawing_that_would_bury_a_needed_card_is_flagged() -> None:
    state = state_of("quadrennial", F1="AC", R1="KS", W="3C", S="5D")
    (draw,) = [h for h in hints(state) if h.move == "S-W"]
    assert draw.reason == "drawing now would bury 3♣, which a foundation needs soon"


def test_fly_placement_prefers_not_burying_lower_cards() -> None:
    aces = {f"F{i + 1}": a for i, a in enumerate(["AC", "AD", "AH", "AS", "AC", "AD", "AH", "AS"])}
    state = state_of("fly", **aces, R="9C", T1="4D", T2="KH", S="2C 7S")
    ranked = [h.move for h in hints(state) if h.move.startswith("S-T")]
    assert ranked.index("S-T2") < ranked.index("S-T1")  # 7♠ on K♥ rather than on 4♦
    (bury,) = [h for h in hints(state) if h.move == "S-T1"]
    assert "bury 4♦" in bury.reason


def test_acme_loop_is_hopeless() -> None:
    """RULES: 'A position from which no foundation move can ever be reached again (for example
    Acme shuffling single cards between empty tableau piles) must be reported as hopeless'."""
    stuck = state_of("acme", F1="AC", F2="AD", F3="AH", F4="AS", T1="9H 8H", T3="5S", redeals=1)
    assert legal_moves(stuck) and is_hopeless(stuck)
    assert not is_hopeless(state_of("acme", F1="AC", F2="AD", F3="AH", F4="AS", T1="2C"))
    assert not is_hopeless(new_state("acme", seed=1))  # the stock hides cards: not hopeless


def test_wilson_interval() -> None:
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))


def test_win_chances_are_deterministic_and_consistent() -> None:
    game = Game("acme", seed=3)
    chances = win_chances(game, samples=8, seed=5, max_nodes=3000)
    assert chances == win_chances(game, samples=8, seed=5, max_nodes=3000)
    assert {c.move for c in chances} == {str(m) for m in game.legal_moves()}
    for c in chances:
        assert c.n + c.unknown == 8 and 0 <= c.low <= c.rate <= c.high <= 1


def test_win_chances_do_not_depend_on_the_hidden_cards() -> None:
    state = new_state("acme", seed=3)
    twin = determinize(state, random.Random(9))
    assert twin != state
    assert win_chances(state, samples=6, seed=1, max_nodes=2000) == win_chances(
        twin, samples=6, seed=1, max_nodes=2000
    )


def test_solver_hint_says_it_peeks() -> None:
    hint = solver_hint(Game("quadrennial", seed=2))
    assert hint.uses_hidden_cards and "looked at the face-down cards" in hint.reason
    assert hint.move in {str(m) for m in Game("quadrennial", seed=2).legal_moves()}


def test_autoplay_plays_only_safe_moves_and_terminates() -> None:
    for seed in range(1, 30):
        game = Game("acme", seed=seed)
        played = game.autoplay()
        assert all(m.dst.startswith("F") for m in played)
        assert game.autoplay() == []


def test_win_chances_progress_and_cancel() -> None:
    game = Game("acme", seed=3)
    seen: list[tuple[int, int]] = []
    full = win_chances(
        game, samples=3, seed=1, max_nodes=500, progress=lambda d, t: seen.append((d, t))
    )
    total = 3 * len(game.legal_moves())
    assert seen == [(d, total) for d in range(1, total + 1)] and len(full) == len(
        game.legal_moves()
    )
    calls = iter(range(100))
    partial = win_chances(game, samples=3, seed=1, max_nodes=500, cancel=lambda: next(calls) >= 3)
    assert len(partial) == 1 and partial[0] in full


def test_wilson_holds_the_rate_at_the_edges() -> None:
    for n in (1, 7, 20, 1000):
        assert wilson(n, n)[1] == 1.0 and wilson(0, n)[0] == 0.0
        low, high = wilson(n // 3, n)
        assert low <= (n // 3) / n <= high


def test_hints_say_plainly_when_a_position_is_hopeless() -> None:
    stuck = state_of("acme", F1="AC", F2="AD", F3="AH", F4="AS", T1="9H 8H", T3="5S", redeals=1)
    ranked = hints(stuck)
    assert ranked and all(h.score == 0 and h.reason.startswith("hopeless") for h in ranked)
