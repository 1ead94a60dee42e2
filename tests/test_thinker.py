"""The thinker: it never peeks, it is exact when it knows every card, it repeats itself for a
seed, it runs in slices, and it keeps to its node budgets."""

from __future__ import annotations

import dataclasses
import random

import pytest

from solitaire_widgets import Game, apply, legal_moves, new_state, parse_move
from solitaire_widgets.games import profile_of
from solitaire_widgets.hints import hints
from solitaire_widgets.information import determinize, info_state
from solitaire_widgets.knowledge import safe_moves
from solitaire_widgets.solver import solve
from solitaire_widgets.state import GameState
from solitaire_widgets.stats import get_strategy
from solitaire_widgets.thinker import ThinkerSettings, think, think_steps
from solitaire_widgets.thinker_words import average, only
from solitaire_widgets.variants import VARIANTS

GAMES = ("quadrennial", "acquaintance", "acme", "fly")
SMALL = {"samples": 4, "max_samples": 8, "nodes": 400, "exact_nodes": 20_000}
"""A small budget: the tests check how the thinker decides, not how well."""


def small(variant: str) -> ThinkerSettings:
    return dataclasses.replace(profile_of(VARIANTS[variant]).thinker, **SMALL)


def positions(variant: str, count: int, seed: int = 0) -> list[GameState]:
    """Positions of random games, some early, some late."""
    rng = random.Random(seed)
    out = []
    for deal in range(1, count + 1):
        state = new_state(variant, seed=deal)
        for _ in range(rng.randrange(0, 150)):
            moves = legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves))
        if legal_moves(state):
            out.append(state)
    return out


@pytest.mark.parametrize("variant", GAMES)
def test_the_thinker_never_peeks(variant: str) -> None:
    """Deal the never-seen cards of a position again, another way: the information state is
    the same, and so is every figure of the thinker's decision, for the same seed."""
    for state in positions(variant, 8):
        twin = determinize(state, random.Random(7))
        assert info_state(twin) == info_state(state)
        mine = think(state, settings=small(variant), seed=3)
        theirs = think(twin, settings=small(variant), seed=3)
        assert (mine.move, mine.kind, mine.reason) == (theirs.move, theirs.kind, theirs.reason)


@pytest.mark.parametrize("variant", GAMES)
def test_the_same_seed_gives_the_same_thought(variant: str) -> None:
    for state in positions(variant, 4, seed=1):
        first = think(state, settings=small(variant), seed=11)
        assert think(state, settings=small(variant), seed=11) == first


def _complete(variant: str) -> list[GameState]:
    """Positions where the player has seen every card (Quadrennial and Acquaintance from
    their first redeal on): along random games, and along the solver's winning lines."""
    out = []
    for deal in range(1, 16):
        state = new_state(variant, seed=deal)
        rng = random.Random(deal)
        while legal_moves(state) and info_state(state).unseen:
            state = apply(state, rng.choice(legal_moves(state)))
        if legal_moves(state):
            out.append(state)
        won = solve(new_state(variant, seed=deal), max_nodes=50_000, max_seconds=None)
        state = new_state(variant, seed=deal)
        for move in won.moves:
            if not info_state(state).unseen:
                out.append(state)
                break
            state = apply(state, parse_move(move))
    return out


@pytest.mark.parametrize("variant", ["quadrennial", "acquaintance"])
def test_with_every_card_seen_the_thinker_plays_the_solver_line(variant: str) -> None:
    """Nothing unseen: the position is known, and the thinker's move is proved: it keeps a
    winning line when there is one, and says that no line wins when there is none."""
    kinds = set()
    for state in _complete(variant):
        thought = think(state, settings=small(variant))
        verdict = solve(state, max_nodes=200_000, max_seconds=None).status
        after = solve(apply(state, thought.move), max_nodes=200_000, max_seconds=None).status
        if thought.kind == "proved":
            assert verdict == after == "solved"
            assert "(proved)" in thought.reason and "seen every card" in thought.reason
        elif thought.kind == "lost":
            assert verdict == "unsolvable" and "no line wins" in thought.reason
        else:
            assert thought.kind in ("forced", "safe", "undecided")
        kinds.add(thought.kind)
    assert "proved" in kinds and (variant != "quadrennial" or "lost" in kinds)


def test_forced_and_safe_moves_are_played_without_search() -> None:
    game = Game("acme", seed=7)
    safe = safe_moves(game.state)
    thought = think(game, settings=small("acme"))
    assert safe and thought.move == safe[0] and thought.kind == "safe" and thought.nodes == 0
    state = next(  # one legal move in a position that is not hopeless
        s
        for seed in range(1, 20)
        for s in positions("quadrennial", 30, seed=seed)
        if len(legal_moves(s)) == 1 and not hints(s)[0].reason.startswith("hopeless")
    )
    only = think(state, settings=small("quadrennial"))
    assert only.kind == "forced" and only.reason == "the only legal move"


@pytest.mark.parametrize("variant", ["acquaintance", "fly"])
def test_in_a_hopeless_position_the_thinker_says_so_as_the_hints_do(variant: str) -> None:
    """The thirty-eighth review: a forced move (one legal move, or one card onto foundations
    alike) in a hopeless position was "the thinker's choice", score 100, above a list of
    hopeless hints. Random games until the hints say hopeless; the thinker says the same."""
    met = 0
    for seed in range(1, 40):
        game, rng = Game(variant, seed=seed), random.Random(seed)
        while game.legal_moves():
            said = hints(game)
            if said[0].reason.startswith("hopeless"):
                thought = think(game, settings=small(variant))
                lost = ("no line wins from here", "no card can ever go home again")
                assert thought.kind == "lost" and any(w in thought.reason for w in lost), thought
                met += 1
                break
            game.play(rng.choice(game.legal_moves()))
    assert met >= 5


@pytest.mark.parametrize("variant", ["fly[reserve=0]", "acquaintance[stuck]"])
def test_moves_of_one_card_onto_piles_alike_are_one_forced_move(variant: str) -> None:
    """The thirty-seventh review: when every candidate is one card onto piles alike (empty
    tableau piles, foundations of one height), the sampler got one move and raised."""
    met = 0
    for seed in range(1, 30):
        game, rng = Game(variant, seed=seed), random.Random(seed)
        while game.status == "playing" and met < 3:
            legal = game.legal_moves()
            if len(legal) > 1 and len({m.src for m in legal}) == 1 and "-" in str(legal[0]):
                thought = think(game, settings=small(variant.split("[")[0]))
                if "but for piles or twin cards swapped" in thought.reason:
                    met += 1
                    assert thought.kind == "forced" and thought.move in legal
            game.play(rng.choice(legal))
    assert met == 3


@pytest.mark.parametrize("variant", GAMES)
def test_a_sampled_decision_says_what_it_measured(variant: str) -> None:
    sampled = [
        t
        for t in (think(s, settings=small(variant), seed=1) for s in positions(variant, 40))
        if t.kind == "sampled" and t.tallies
    ]
    assert sampled
    for thought in sampled:
        cards = "card" if thought.unseen == 1 else "cards"
        assert f"of the {thought.unseen} {cards} you have not seen" in thought.reason
        quick = thought.tallies[0].move  # the quick hint's move, measured first
        if "the quick hint's choice stands" in thought.reason:
            assert thought.move == quick, thought.reason
        assert all(t.samples == thought.samples for t in thought.tallies)
        assert thought.samples <= SMALL["max_samples"]
        assert str(thought.move) in {str(t.move) for t in thought.tallies}


def test_a_thinker_that_overrules_the_quick_hint_says_so() -> None:
    """Quadrennial deal 27731, three cards unseen: the quick hint's R4-F4 loses on every deal of
    them, W-F2 and S-W win on every one. The thinker plays W-F2 and says what the quick hint
    did, not that "S-W did as well, so the quick hint's choice stands" (the forty-second
    review)."""
    game = Game("quadrennial", seed=27731)
    line = "S-W " * 9 + "W-F2 " + "S-W " * 3 + "W-F1 " + "S-W " * 8 + "W-F3 " + "S-W " * 15
    for move in (line + "W-F3 S-W S-W W-F2 S-W S-W W-F4 R4-F4 R7-F4").split():
        game.play(move)
    assert hints(game)[0].move == "R4-F4"
    thought = think(game)
    assert thought.kind == "sampled" and str(thought.move) != "R4-F4"
    assert "stands" not in thought.reason
    assert thought.reason.endswith("the quick hint's R4-F4, in 0"), thought.reason
    assert "of the 3 cards you have not seen" in thought.reason


@pytest.mark.parametrize("variant", ["quadrennial", "acme"])
def test_thinking_runs_in_slices_within_its_node_budget(variant: str) -> None:
    """``think_steps`` hands control back while it works, and ends with the same choice as
    ``think``; its solver positions stay within samples x (moves + 1) x nodes."""
    settings = small(variant)
    for state in positions(variant, 6, seed=2):
        steps = think_steps(state, settings=settings, seed=5)
        slices = 0
        while True:
            try:
                next(steps)
                slices += 1
            except StopIteration as done:
                thought = done.value
                break
        assert thought == think(state, settings=settings, seed=5)
        moves = len(legal_moves(state))
        assert thought.nodes <= settings.max_samples * (moves + 1) * settings.nodes
        if thought.kind == "sampled":
            assert slices >= thought.samples


def test_the_thinker_is_a_strategy_of_stats() -> None:
    play = get_strategy("thinker")
    played = play(new_state("acquaintance", seed=3), random.Random(1))
    assert played.outcome in ("won", "lost") and played.moves > 0
    assert VARIANTS["acquaintance"].total_cards >= (played.cards_home or 0)


FLY_DEAL_12 = (  # the quick hint's first move each time, 92 moves (the forty-sixth review)
    "R-T1 R-T1 R-F1 R-F1 R-T2 R-T2 R-T3 R-F1 R-T3 R-T2 R-T1 R-T1 R-F1 S-T4 S-T2 S-T2 S-T3 S-T4 "
    "S-F1 T3-F1 S-T5 S-T4 S-T3 S-T3 S-T3 S-F1 T3-F1 S-T3 S-T3 S-T3 S-T3 S-F1 T5-F1 T3-F1 T3-F1 "
    "S-T4 S-T5 S-T3 S-T3 S-T3 S-T5 S-T3 S-F2 T1-F2 T1-F2 S-F2 S-F2 T1-F2 S-F2 T1-F2 S-T1 S-T1 "
    "S-F2 S-T5 S-T1 S-F3 T2-F3 S-F3 T2-F3 T5-F3 T1-F3 S-F3 S-F2 S-F4 T3-F4 T3-F4 T3-F4 S-F4 "
    "S-F2 S-F3 S-F5 T1-F2 T2-F4 T3-F4 T2-F4 S-T2 S-F3 S-F6 S-T1 S-F5 T2-F5 S-F5 S-F6 T2-F3 "
    "T4-F6 T4-F5 T4-F4 T4-F4 T5-F3 T1-F3 S-T1 S-F4"
)


def test_a_rollout_average_never_rounds_up_to_every_card_home() -> None:
    """The forty-sixth review: an average of 103.93 cards home, 28 of 29 playouts won, was
    shown as "104 cards home on average", which only a win of every playout gives."""
    game = Game("fly", seed=12)
    for move in FLY_DEAL_12.split():
        game.play(move)
    thought = think(game, seed=0)
    assert "ends with 103.9 cards home on average and wins 28" in thought.reason, thought
    assert "; the next best, S-T5, 103.4 and 26" in thought.reason
    assert [average(total, 10) for total in (1040, 1039, 1031, 1049, 0)] == [
        "104",
        "103.9",
        "103.1",
        "104.9",
        "0",
    ]


ACME_DEAL_5064 = (  # random play, 130 moves (the fifty-second review)
    "T1-T4 T1-T2 S-W W-T1 S-W S-W W-F1 T3-F1 R-T1 S-W W-F1 S-W S-W S-W S-W S-W S-W S-W W-T3 "
    "S-W S-W S-W S-W W-T1 S-W W-F4 T4-F4 T4-F4 S-W S-W S-W S-W S-W S-W S-W S-W S-W S-W W-F1 "
    "T3-F1 T3-F1 S-W S-W S-W S-W W-F1 S-W W-F3 T1-F3 T1-F3 T1-F3 T1-F3 R-F3 R-F2 T2-F3 T2-F3 "
    "R-T4 R-F4 redeal T1-T4 T1-T3 S-W W-F3 T3-T1 T1-T3 S-W T4-T1 S-W T1-T4 T4-T1 W-T1 S-W S-W "
    "S-W S-W S-W S-W S-W S-W W-T3 S-W S-W W-F3 T2-F3 T1-T2 T2-T1 T3-T2 T2-T3 T1-T2 T2-T1 W-T2 "
    "S-W S-W W-F3 S-W W-T3 S-W S-W W-F2 T3-F2 T3-F2 T3-F2 T3-F2 T4-T3 T3-T4 W-T3 W-F2 T3-T1 "
    "T4-T3 S-W W-F4 T2-F4 S-W W-F1 T3-T4 T4-T3 S-W T1-T2 S-W W-F4 T2-F4 T1-F4 T1-F4 T3-F4 "
    "T4-F4 W-T3 W-T1 W-F1 T3-T1 T1-T2"
)


def test_a_forced_move_among_moves_back_says_that_they_go_back() -> None:
    """The fifty-second review: with T2-T1 going back to the position before the last move and
    W-T3, W-T4 alike, the thinker said "every other move gives the same position", false of
    T2-T1."""
    game = Game("acme", seed=5064)
    for move in ACME_DEAL_5064.split():
        game.play(move)
    assert {str(m) for m in game.legal_moves()} == {"T2-T1", "W-T3", "W-T4"}
    thought = think(game, seed=0)
    assert thought.kind == "forced" and str(thought.move) in {"W-T3", "W-T4"}
    assert thought.reason.endswith(
        "; every other move goes back to an earlier position of the moves played or gives the "
        "same position but for piles or twin cards swapped"
    ), thought.reason


def test_a_thinker_knowing_the_last_card_by_elimination_does_not_sample() -> None:
    """The fifty-second review: with one card unseen the thinker said "wins in 0 (and 4
    undecided) of 4 random deals of the 1 card you have not seen", four times the one position
    the player knows."""
    game = Game("quadrennial", seed=3)
    for _ in range(43):
        game.play("S-W")
    thought = think(game, settings=small("quadrennial"), seed=0)
    card = info_state(game).unseen[0]
    assert thought.reason.startswith(
        f"you know every card: the one you have not seen can only be {card}"
    ), thought.reason
    assert "random deals" not in thought.reason


def test_a_forced_move_to_a_position_taken_back_is_not_called_new() -> None:
    """The fifty-third review: after T1-T4, S-W and Undo, S-W "does not go back to a position
    already seen in this game" was false (Undo had shown it); the words speak of the moves
    played."""
    game = Game("acme[reserve=0]", seed=3)
    for move in ("T1-T4", "S-W"):
        game.play(move)
    game.undo()
    thought = think(game, seed=0)
    assert (thought.kind, str(thought.move)) == ("forced", "S-W")
    assert thought.reason == only(thought.move, 2)
    assert thought.reason.endswith("not go back to an earlier position of the moves played")
