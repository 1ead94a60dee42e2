"""Chances: winnable and the player's chance, per move and for the position, on shared samples.

The central check is exact: on a real position with five unseen cards, every one of the 120
arrangements is solved and played, so both measures are known as fractions; the sampled
measures must hold them inside their intervals.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_widgets import Game, IllegalMoveError
from solitaire_widgets.chances import (
    GAP,
    chance_steps,
    determinize,
    hidden_count,
    measure_chances,
    move_chances,
    position_chances,
    unseen_cards,
)
from solitaire_widgets.information import info_state
from solitaire_widgets.solver import solve
from solitaire_widgets.state import GameState
from solitaire_widgets.stats.strategies import HintPlay
from solitaire_widgets.variants import VARIANTS

# Acme deal 71 after these moves: five unseen cards (the reserve's face-down four and the
# stock's last card), two legal moves, and an answer that is neither 0 nor 1.
ENDGAME = (  # a game record's moves
    "R-F2 R-F4 T4-F3 T1-F3 S-W S-W S-W S-W S-W W-T2 S-W S-W S-W S-W S-W S-W W-T1 S-W S-W S-W "
    "S-W W-F3 T2-F3 T2-F3 S-W S-W S-W W-F1 R-F1 R-T4 S-W W-F4 S-W W-F4 T1-F4 T1-F4 S-W S-W "
    "S-W S-W W-F4 T2-F4 S-W S-W W-F4 S-W S-W S-W"
)
BIG = 300_000  # nodes: enough to decide every arrangement of the endgame

HINT = ("hint",)
"""The hint player alone: these tests are about the measurement, not the players."""


def endgame() -> Game:
    game = Game("acme", seed=71)
    for move in ENDGAME.split():
        game.play(move)
    return game


def arrangements(state: GameState) -> list[GameState]:
    """Every way the unseen cards could lie (each distinct position once)."""
    rules = VARIANTS[state.variant]
    found = set()
    for order in itertools.permutations(unseen_cards(state)):
        rest = list(order)
        piles = list(state.piles)
        for i, pile in enumerate(piles):
            down = hidden_count(rules, state, i)
            if down:
                piles[i] = (*rest[:down], *pile[down:])
                del rest[:down]
        found.add(GameState(state.variant, tuple(piles), state.redeals))
    return sorted(found)


def exact_fractions(game: Game) -> dict[str, tuple[Fraction, Fraction]]:
    """Per move, and for the position (""): (winnable, the hint player's chance), exactly."""
    rules = VARIANTS["acme"]
    worlds = arrangements(game.state)
    out = {}
    solved_any = [False] * len(worlds)
    for move in game.legal_moves():
        solved = won = 0
        for i, world in enumerate(worlds):
            after = rules.apply(world, move)
            result = solve(after, max_nodes=BIG, max_seconds=600)
            assert result.status != "unknown"
            solved += result.solved
            solved_any[i] |= result.solved
            won += HintPlay()(after, random.Random(0)).outcome == "won"
        out[str(move)] = (Fraction(solved, len(worlds)), Fraction(won, len(worlds)))
    here = sum(HintPlay()(w, random.Random(0)).outcome == "won" for w in worlds)
    out[""] = (Fraction(sum(solved_any), len(worlds)), Fraction(here, len(worlds)))
    return out


@pytest.fixture(scope="module")
def exact() -> dict[str, tuple[Fraction, Fraction]]:
    return exact_fractions(endgame())


def test_the_endgame_is_a_real_question(exact: dict[str, tuple[Fraction, Fraction]]) -> None:
    game = endgame()
    assert len(unseen_cards(game.state)) == 5 and len(arrangements(game.state)) == 120
    assert all(0 < winnable < 1 for winnable, _ in exact.values())
    assert any(player < winnable for winnable, player in exact.values())  # a gap to measure


def test_both_measures_hold_the_exact_fractions(
    exact: dict[str, tuple[Fraction, Fraction]],
) -> None:
    report = measure_chances(endgame(), samples=120, seed=3, max_nodes=BIG, players=HINT)
    assert report.complete and report.position is not None
    for chances in (report.position, *report.moves):
        winnable, player = exact[chances.move]
        assert chances.samples == 120 and chances.winnable.undecided == 0
        assert float(winnable) in chances.winnable.interval, chances
        assert float(player) in chances.player.interval, chances
        assert chances.player.won <= chances.winnable.won
        assert abs(chances.winnable.rate - winnable) < 0.1  # and close, not only covered


def test_undecided_samples_are_counted_and_bound_the_answer(
    exact: dict[str, tuple[Fraction, Fraction]],
) -> None:
    """With a budget too small for many arrangements, some samples stay undecided: they are
    counted, and the exact answer lies within the bounds they leave open."""
    rows = move_chances(endgame(), samples=120, seed=4, max_nodes=300, players=HINT)
    assert sum(r.winnable.undecided for r in rows) > 0
    for row in rows:
        w = row.winnable
        assert w.won + w.lost + w.undecided == 120 == row.samples
        assert w.bounds.low <= w.interval.low and w.interval.high <= w.bounds.high
        assert float(exact[row.move][0]) in w.bounds
        assert row.player.undecided == 0  # the hint player always finishes its game
        assert row.player.won <= w.won


@settings(max_examples=20, deadline=None)
@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    deal=st.integers(1, 10_000),
    moves=st.integers(0, 40),
    seed=st.integers(0, 2**32),
)
def test_the_players_chance_is_never_above_winnable(
    variant: str, deal: int, moves: int, seed: int
) -> None:
    """On every single sample: a player's win is a win the solver would also find."""
    game = Game(variant, seed=deal)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
    if info_state(game).complete:  # every sample would be the real position
        with pytest.raises(ValueError, match="no unseen cards to deal"):
            measure_chances(game, samples=1, seed=seed, max_nodes=200, strategy="greedy")
        return
    report = measure_chances(game, samples=1, seed=seed, max_nodes=200, strategy="greedy")
    for chances in (report.position, *report.moves):
        assert chances is not None
        assert chances.player.won <= chances.winnable.won
        assert chances.winnable.samples == chances.player.samples == 1


def test_the_position_follows_from_its_moves(exact: dict[str, tuple[Fraction, Fraction]]) -> None:
    """Measured with all its moves, the position's verdict per sample is the best move's; the
    same samples measured alone (the solver asked directly) agree."""
    game = endgame()
    alone = position_chances(game, samples=40, seed=5, max_nodes=BIG, players=HINT)
    with_moves = measure_chances(game, samples=40, seed=5, max_nodes=BIG, players=HINT).position
    assert with_moves is not None
    assert alone == with_moves


def test_moves_to_interchangeable_piles_share_their_samples() -> None:
    """Fly's opening: the stock's card onto any of the five empty piles is the same move up to
    relabelling the piles, and so are the five reserve moves."""
    rows = {
        c.move: c for c in move_chances(Game("fly", seed=1), samples=3, max_nodes=300, players=HINT)
    }
    for source in "SR":
        first = rows[f"{source}-T1"]
        assert all(rows[f"{source}-T{k}"].winnable == first.winnable for k in range(2, 6))
        assert all(rows[f"{source}-T{k}"].player == first.player for k in range(2, 6))


def test_chances_are_deterministic_and_blind_to_the_real_hidden_cards() -> None:
    state = Game("acme", seed=3).state
    twin = determinize(state, random.Random(9))
    assert twin != state and unseen_cards(twin) == unseen_cards(state)
    once = measure_chances(state, samples=6, seed=1, max_nodes=2000, players=HINT)
    assert once == measure_chances(state, samples=6, seed=1, max_nodes=2000, players=HINT)
    assert once == measure_chances(twin, samples=6, seed=1, max_nodes=2000, players=HINT)


def test_the_steps_are_small_and_a_stop_keeps_whole_samples() -> None:
    steps = chance_steps(Game("acme", seed=3), samples=4, seed=2, max_nodes=5000, players=HINT)
    reports, pauses = [], 0
    while True:
        try:
            step = next(steps)
        except StopIteration as done:
            final = done.value
            break
        if step is None:
            pauses += 1
        else:
            reports.append(step)
    assert [r.done for r in reports] == [0, 1, 2, 3, 4] and final == reports[-1]
    assert pauses >= 4 * (len(final.moves) + 1)  # at least one pause per game played
    calls = Counter[str]()

    def cancel() -> bool:
        calls["asked"] += 1
        return calls["asked"] > 3 * pauses // 4

    partial = measure_chances(
        Game("acme", seed=3), samples=4, seed=2, max_nodes=5000, cancel=cancel, players=HINT
    )
    assert 0 < partial.done < 4 and not partial.complete
    assert all(c.samples == partial.done for c in partial.moves)
    assert partial == reports[partial.done]


def test_unseen_cards_are_the_face_down_cards_never_seen() -> None:
    """Played through its history: a card is unseen exactly when it is face down now and was
    never face up before (from the first redeal on, the stock was all seen)."""
    for variant in ("quadrennial", "acquaintance", "acme"):
        rules = VARIANTS[variant]
        for deal in range(1, 6):
            game = Game(variant, seed=deal)
            rng = random.Random(deal)
            seen: set[int] = set()
            redealt = False
            for _ in range(400):
                state = game.state
                for i, pile in enumerate(state.piles):
                    seen.update(pile[rules.face_down(state, i) :])
                down = {
                    c for i, p in enumerate(state.piles) for c in p[: rules.face_down(state, i)]
                }
                assert set(unseen_cards(state)) == down - seen
                redealt |= state.redeals > 0
                legal = game.legal_moves()
                if not legal:
                    break
                game.play(rng.choice(legal))
            assert redealt or variant == "acquaintance"


def test_fly_has_no_redeal_so_unseen_is_face_down() -> None:
    state = Game("fly", seed=2).state
    rules = VARIANTS["fly"]
    assert all(hidden_count(rules, state, i) == rules.face_down(state, i) for i in range(15))


def test_bad_requests_are_refused_with_the_reason() -> None:
    game = Game("acme", seed=3)
    with pytest.raises(ValueError, match="sees every card"):
        move_chances(game, strategy="solver")
    with pytest.raises(ValueError, match="unknown strategy"):
        move_chances(game, strategy="oracle")
    illegal = next(f"T{k}-F1" for k in range(1, 5) if game.why_not(f"T{k}-F1"))
    with pytest.raises(IllegalMoveError, match=game.why_not(illegal) or "?"):
        move_chances(game, [illegal], players=HINT)
    with pytest.raises(ValueError, match="samples"):
        move_chances(game, samples=-1, players=HINT)
    with pytest.raises(TypeError, match="list of moves"):
        move_chances(game, "S-W", players=HINT)  # type: ignore[arg-type]
    assert [c.move for c in move_chances(game, ["S-W", "S-W"], samples=1, players=HINT)] == ["S-W"]


@pytest.mark.parametrize("variant", ["quadrennial", "acme"])
def test_three_measures_on_the_same_samples(variant: str) -> None:
    """By default the thinker and the hint player are measured beside winnable, on the same
    samples; on every sample a player's win is a win (no player beats winnable), and the
    thinker's games are run in slices like the solver's."""
    game = Game(variant, seed=7)
    report = measure_chances(game, samples=2, max_nodes=500)
    assert report.players == ("thinker", "hint")
    for chances in (report.position, *report.moves):
        assert chances is not None and [n for n, _ in chances.players] == ["thinker", "hint"]
        for _, tally in chances.players:
            assert tally.samples == chances.winnable.samples == 2
            assert tally.won <= chances.winnable.won


def test_the_report_says_what_each_number_is() -> None:
    text = str(measure_chances(Game("quadrennial", seed=2), samples=2, max_nodes=500))
    assert "winnable" in text and "the thinker" in text and "hint player" in text
    assert GAP in text
    assert "samples of the unseen cards" in text


def test_the_documented_example_is_what_it_prints() -> None:
    """docs/probability.md shows this measurement's output verbatim."""
    doc = (Path(__file__).parent.parent / "docs" / "probability.md").read_text(encoding="utf-8")
    printed = str(measure_chances(Game("quadrennial", seed=2), samples=4))
    assert f"```\n{printed}\n```" in doc
