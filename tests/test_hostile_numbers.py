"""Hostile numbers at every public entry point: NaN, infinity, negatives, huge integers, bools,
text. Each is refused up front with a ``ValueError`` naming the parameter, before any work is
done and with no state changed; ``None`` still means "no limit" where the docs say so."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_widgets import Game, Move, new_state
from solitaire_widgets.cards import CARDS, Card
from solitaire_widgets.chances import Tally, chance_steps, measure_chances
from solitaire_widgets.engine import MAX_SEED, check_seed
from solitaire_widgets.exercises import judge
from solitaire_widgets.intervals import sample_size
from solitaire_widgets.solver import next_winnable, solve, solve_steps
from solitaire_widgets.stats import Rules, estimate_win_rate
from solitaire_widgets.stats.montecarlo import MAX_GAMES, WinRate
from solitaire_widgets.stats.strategies import SolverPlay

NAN, INF = math.nan, math.inf

HUGE = st.one_of(
    st.integers(min_value=MAX_SEED + 1, max_value=2**80),
    st.just(MAX_SEED + 1),
    st.just(10**5000),
)
NOT_A_NUMBER = st.one_of(st.booleans(), st.text(max_size=4), st.none(), st.just([1]))
NOT_FINITE = st.sampled_from([NAN, INF, -INF])
NEGATIVE = st.one_of(st.integers(max_value=-1), st.floats(max_value=-1e-9, allow_nan=False))
NOT_WHOLE = st.floats(allow_nan=True, allow_infinity=True).filter(
    lambda x: not (math.isfinite(x) and x.is_integer())
)

BAD_SEED = st.one_of(HUGE, NEGATIVE, NOT_FINITE, NOT_WHOLE, st.booleans(), st.text(max_size=4))
BAD_BUDGET = st.one_of(NOT_FINITE, NEGATIVE, st.booleans(), st.text(max_size=4), st.just([1]))
BAD_COUNT = st.one_of(NOT_FINITE, NEGATIVE, NOT_WHOLE, st.booleans(), st.text(max_size=4))
BAD_SHARE = st.one_of(
    NOT_FINITE,
    NEGATIVE,
    st.floats(min_value=1.0000001, allow_infinity=False),
    st.booleans(),
    st.text(max_size=4),
)
BAD_CONFIDENCE = st.one_of(BAD_SHARE, st.just(0), st.just(1), st.just(0.0), st.just(1.0))


def refused(call: Callable[[], object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        call()


# -- deal numbers: one limit everywhere ---------------------------------------------------------


def test_the_largest_deal_number_is_javascripts_largest_exact_integer() -> None:
    assert MAX_SEED == 2**53 - 1 == int(float(MAX_SEED))
    assert Game("acme", seed=MAX_SEED).seed == MAX_SEED  # the last one plays
    assert json.loads(Game("acme", seed=MAX_SEED).to_json())["seed"] == MAX_SEED


@settings(max_examples=40, deadline=None)
@given(seed=BAD_SEED)
def test_a_bad_deal_number_is_refused_everywhere_it_enters(seed: object) -> None:
    words = "deal number"
    refused(lambda: check_seed(seed), words)
    refused(lambda: Game("acme", seed=seed), words)  # type: ignore[arg-type]
    refused(lambda: new_state("fly", seed=seed), words)  # type: ignore[arg-type]
    refused(lambda: next_winnable("acme", seed), words)  # type: ignore[arg-type]
    refused(lambda: estimate_win_rate("acme", "greedy", 1, deals=[seed]), words)  # type: ignore[list-item]
    if isinstance(seed, int) and not isinstance(seed, bool) and seed < 10**100:
        record = json.dumps({"format": "solitaire_widgets.game", "variant": "acme", "seed": seed})
        with pytest.raises(ValueError):
            Game.from_json(record)


def test_next_winnable_stops_at_the_last_deal_number() -> None:
    with pytest.raises(ValueError, match=f"to {MAX_SEED:,}|to {MAX_SEED}"):
        next_winnable("acme", MAX_SEED, max_nodes=1, tries=5)


@settings(max_examples=30, deadline=None)
@given(seed=st.one_of(BAD_SEED, st.none()))
def test_a_bad_sampling_seed_is_refused(seed: object) -> None:
    game = Game("acme", seed=3)
    refused(lambda: chance_steps(game, seed=seed), "seed")  # type: ignore[arg-type]
    refused(lambda: measure_chances(game, seed=seed), "seed")
    refused(lambda: estimate_win_rate("acme", "greedy", 1, seed=seed), "seed")  # type: ignore[arg-type]


# -- budgets ------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(budget=BAD_BUDGET)
def test_a_bad_budget_is_refused_by_the_solver(budget: object) -> None:
    state = new_state("fly", seed=1321)
    refused(lambda: solve(state, max_seconds=budget), "max_seconds")  # type: ignore[arg-type]
    refused(lambda: solve_steps(state, max_seconds=budget), "max_seconds")  # type: ignore[arg-type]
    refused(lambda: SolverPlay(max_seconds=budget), "max_seconds")  # type: ignore[arg-type]
    refused(lambda: solve(state, max_nodes=budget), "max_nodes")  # type: ignore[arg-type]
    refused(lambda: solve_steps(state, max_nodes=budget), "max_nodes")  # type: ignore[arg-type]
    refused(lambda: SolverPlay(max_nodes=budget), "max_nodes")  # type: ignore[arg-type]
    refused(lambda: next_winnable("acme", 1, max_nodes=budget), "max_nodes")  # type: ignore[arg-type]
    refused(lambda: chance_steps(Game("acme", seed=3), max_nodes=budget), "max_nodes")  # type: ignore[arg-type]


@settings(max_examples=20, deadline=None)
@given(budget=st.floats(min_value=0.5, max_value=1e6).filter(lambda x: not x.is_integer()))
def test_a_node_budget_is_a_whole_number(budget: float) -> None:
    refused(lambda: solve(new_state("acme", seed=1), max_nodes=budget), "max_nodes")  # type: ignore[arg-type]


def test_none_is_no_limit_and_zero_is_a_budget() -> None:
    state = new_state("acme", seed=2)
    assert solve(state, max_nodes=None, max_seconds=None).solved
    nothing = solve(new_state("fly", seed=1321), max_nodes=0)
    assert nothing.status == "unknown" and nothing.nodes == 0
    assert SolverPlay(max_nodes=None, max_seconds=None).max_nodes is None


# -- counts, shares, confidence levels -----------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(value=BAD_COUNT)
def test_the_win_rate_counts_are_refused_before_any_game(value: object) -> None:
    refused(lambda: estimate_win_rate("acme", "greedy", value), "n ")  # type: ignore[arg-type]
    refused(lambda: estimate_win_rate("acme", "greedy", 1, workers=value), "workers")  # type: ignore[arg-type]
    refused(lambda: estimate_win_rate("acme", "greedy", 1, chunk_size=value), "chunk_size")  # type: ignore[arg-type]
    refused(lambda: next_winnable("acme", 1, tries=value), "tries")  # type: ignore[arg-type]


def test_win_rate_limits() -> None:
    refused(lambda: estimate_win_rate("acme", "greedy", 10**12), "n .*10,000,000")
    refused(lambda: estimate_win_rate("acme", "greedy", MAX_GAMES + 1), "n ")
    refused(lambda: estimate_win_rate("acme", "greedy", 2, chunk_size=0), "chunk_size")
    refused(lambda: estimate_win_rate("acme", "greedy", 2, workers=-5), "workers")
    refused(lambda: estimate_win_rate("acme", "greedy", 2, workers=0), "workers")
    assert estimate_win_rate("acme", "greedy", 2, workers=None, chunk_size=1).n == 2


@settings(max_examples=40, deadline=None)
@given(level=BAD_CONFIDENCE)
def test_a_bad_confidence_is_refused_when_it_is_given(level: object) -> None:
    words = "confidence"
    refused(lambda: Tally(1, 1, 0, level), words)  # type: ignore[arg-type]
    refused(lambda: chance_steps(Game("acme", seed=3), confidence=level), words)  # type: ignore[arg-type]
    refused(lambda: estimate_win_rate("acme", "greedy", 1, confidence=level), words)  # type: ignore[arg-type]
    refused(lambda: WinRate("acme", "greedy", 0, 0, (), 52, 0.0, 1, confidence=level), words)  # type: ignore[arg-type]
    refused(lambda: sample_size(0.5, 0.1, level), words)  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(share=BAD_SHARE)
def test_sample_size_refuses_what_is_no_share(share: object) -> None:
    refused(lambda: sample_size(share, 0.1), "p ")  # type: ignore[arg-type]
    refused(lambda: sample_size(0.5, share), "half_width")  # type: ignore[arg-type]


def test_sample_size_cases_of_the_review() -> None:
    refused(lambda: sample_size(0.5, 0), "half_width")
    refused(lambda: sample_size(2, 0.1), "p ")
    assert sample_size(0.15, 0.01) == 4898


# -- rule knobs ---------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(value=st.one_of(BAD_COUNT, HUGE))
def test_a_knob_must_be_a_whole_number_in_range(value: object) -> None:
    with pytest.raises(ValueError, match="redeals"):
        Rules("acme", redeals=value)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="reserve"):
        Rules("acme", reserve=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["no", "yes", 1, 0, None, 1.0])
def test_stuck_is_true_or_false(value: object) -> None:
    refused(lambda: Rules("acme", stuck=value), "stuck is True or False")  # type: ignore[arg-type]


def test_the_review_knob_cases() -> None:
    refused(lambda: Rules("acme", redeals=1.5), "redeals")  # type: ignore[arg-type]
    refused(lambda: Rules("quadrennial", stuck="no"), "stuck")  # type: ignore[arg-type]
    assert Rules("acme", redeals=0).name == "acme[redeals=0]"


# -- cards and moves ----------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(value=st.one_of(st.integers().filter(lambda i: not 0 <= i < 52), NOT_A_NUMBER, NOT_FINITE))
def test_a_card_is_one_of_the_52(value: object) -> None:
    refused(lambda: Card(value), "a card is a number from 0 to 51")


def test_the_52_cards_are_still_cards() -> None:
    assert [Card(i) for i in range(52)] == list(CARDS)
    assert str(Card(51)) == "K♠"


def test_a_card_outside_the_deck_never_enters_one() -> None:
    deck = [str(c) for c in CARDS]
    refused(lambda: Game("acme", deck=[*deck[:-1], -1]), "-1")  # type: ignore[list-item]


@settings(max_examples=40, deadline=None)
@given(
    src=st.one_of(st.lists(st.text(max_size=2), max_size=2), st.integers(), st.none(), NOT_FINITE),
    dst=st.one_of(st.text(max_size=3), st.integers(), st.none()),
)
def test_is_legal_never_raises_on_a_malformed_move(src: Any, dst: Any) -> None:
    game = Game("acme", seed=4)
    state = game.state
    assert game.is_legal(Move(src, dst)) is False
    with pytest.raises(ValueError):
        game.play(Move(src, dst))
    assert game.state is state and game.history == []


def test_is_legal_on_the_review_case() -> None:
    assert Game("acme", seed=4).is_legal(Move(["R"], "F1")) is False  # type: ignore[arg-type]


# -- a student's player -------------------------------------------------------------------------


@pytest.mark.parametrize("after", [0, 3, 40])
def test_a_players_exception_is_reported_as_the_players(after: int) -> None:
    calls = [0]

    def player(view: Any) -> Any:
        calls[0] += 1
        if calls[0] > after:
            raise ZeroDivisionError("boom")
        return view.legal[0]

    feedback = judge("acme-player", player)
    assert "not yet" in str(feedback) and "ZeroDivisionError('boom')" in str(feedback)
