"""What a player who remembers knows (``information``): exact for every game and every pass.

The never-seen cards must be exactly the cards no view along the game has shown, every
arrangement of them (the real one included) must be consistent with the information state,
and no arrangement that moves a card the player has seen may be.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_widgets import Game
from solitaire_widgets.cards import Card
from solitaire_widgets.engine import apply, legal_moves, new_state
from solitaire_widgets.information import determinize, info_state, remember
from solitaire_widgets.moves import parse_move
from solitaire_widgets.state import GameState
from solitaire_widgets.thinker import think
from solitaire_widgets.variants import VARIANTS
from solitaire_widgets.view import view

GAMES = ("quadrennial", "acquaintance", "acme", "fly")


def _tagged(variant: str, seed: int) -> GameState:
    """Deal ``seed`` with Fly's second deck as cards 52..103, so that the two copies of a
    card can be told apart (the fast core only uses ranks and suits modulo 13 and 52; the
    views are not asked for a tagged state)."""
    state = new_state(variant, seed)
    if VARIANTS[variant].decks == 1:
        return state
    count: Counter[int] = Counter()
    piles = []
    for pile in state.piles:
        tagged = []
        for card in pile:
            tagged.append(card + 52 * count[card])  # a plain int: Card stops at 51
            count[card] += 1
        piles.append(tuple(tagged))
    return GameState(variant, tuple(piles), state.redeals)


def _untagged(state: GameState) -> GameState:
    """The position with Fly's second deck back to ordinary cards."""
    piles = tuple(tuple(Card(c % 52) for c in pile) for pile in state.piles)
    return GameState(state.variant, piles, state.redeals)


def _random_game(variant: str, seed: int, moves: int) -> list[GameState]:
    """The positions of a game of random legal moves (draws and deals favoured less, so
    that the games reach the later passes too)."""
    rng = random.Random(seed)
    state = _tagged(variant, seed)
    positions = [state]
    for _ in range(moves):
        options = legal_moves(state)
        if not options:
            break
        state = apply(state, rng.choice(options))
        positions.append(state)
    return positions


def _face_up(state: GameState) -> set[int]:
    """The cards a player sees in a position (tagged cards keep their identity)."""
    rules = VARIANTS[state.variant]
    return {c for i, pile in enumerate(state.piles) for c in pile[rules.face_down(state, i) :]}


@pytest.mark.parametrize("variant", GAMES)
@pytest.mark.parametrize("seed", range(1, 9))
def test_the_unseen_cards_are_exactly_those_no_view_showed(variant: str, seed: int) -> None:
    """Along random games long enough to reach every pass: a card is unseen exactly when no
    position so far showed it face up (Fly's two copies told apart)."""
    seen: set[int] = set()
    everything = {c for pile in _tagged(variant, seed).piles for c in pile}
    for state in _random_game(variant, seed, 400):
        seen |= _face_up(state)
        info = info_state(state)
        assert sorted(info.unseen) == sorted(everything - seen - _home(state))
        assert info.consistent(state)


def _home(state: GameState) -> set[int]:
    """Cards on the foundations (the aces dealt there were seen; they count as seen)."""
    rules = VARIANTS[state.variant]
    return {c for f in rules.foundations for c in state.piles[f]}


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(GAMES),
    seed=st.integers(1, 10_000),
    moves=st.integers(0, 300),
    other=st.integers(0, 2**32),
)
def test_every_arrangement_of_the_unseen_cards_and_no_other_is_consistent(
    variant: str, seed: int, moves: int, other: int
) -> None:
    state = _random_game(variant, seed, moves)[-1]
    state = _untagged(state)
    info = info_state(state)
    world = determinize(info, random.Random(other))
    assert info.consistent(world) and info_state(world) == info
    # a seen card exchanged with an unseen one is not consistent (unless they are equal)
    slots = [(i, j) for i, down in enumerate(info.hidden) for j in range(down)]
    known = [(i, j) for i, pile in enumerate(world.piles) for j in range(info.hidden[i], len(pile))]
    if slots and known:
        rng = random.Random(other)
        (a, b), (c, d) = rng.choice(slots), rng.choice(known)
        piles = [list(p) for p in world.piles]
        piles[a][b], piles[c][d] = piles[c][d], piles[a][b]
        swapped = GameState(variant, tuple(tuple(p) for p in piles), world.redeals)
        assert info.consistent(swapped) == (piles[a][b] == piles[c][d])


def test_the_order_of_the_unseen_cards_is_not_in_the_information_state() -> None:
    """Two deals that differ only in the order of never-seen cards have equal information
    states: whatever is computed from it cannot tell them apart."""
    state = new_state("acme", 7)
    twin = determinize(state, random.Random(3))
    assert twin != state and info_state(twin) == info_state(state)


@pytest.mark.parametrize("variant", GAMES)
def test_update_keeps_a_sampled_world_consistent_and_fair(variant: str) -> None:
    """A world carried along the real game by ``update`` stays consistent with what the
    player knows after each move; over many worlds, the first unseen slot holds each
    unseen card about equally often (a fair sample, not biased by the swaps)."""
    real = _random_game(variant, 5, 120)
    start = real[0]
    start = _untagged(start)
    rng = random.Random(1)
    counts: Counter[int] = Counter()
    for _ in range(200):
        state = start
        info = info_state(state)
        world = determinize(info, rng)
        for _ in range(60):
            options = legal_moves(state)
            if not options:
                break
            move = options[rng.randrange(len(options))]
            state = apply(state, move)
            after = info_state(state)
            world = info.update(world, move, after)
            info = after
            assert info.consistent(world)
        if info.unseen:
            first = next(i for i, down in enumerate(info.hidden) if down)
            counts[world.piles[first][0]] += 1
    if counts:
        assert max(counts.values()) < 200  # not the same card every time


@pytest.mark.parametrize("variant", GAMES)
def test_a_player_knows_every_card_the_view_shows(variant: str) -> None:
    """The view shows what is face up now; the information state knows at least that (and,
    from a redeal on, the stock's order too)."""
    for state in _random_game(variant, 2, 300)[::10]:
        state = _untagged(state)
        shown = Counter(code for pile in view(state)["piles"].values() for code in pile["cards"])
        known = Counter(card.code for pile in info_state(state).known for card in pile)
        assert not shown - known


def test_one_card_unseen_is_known_by_elimination() -> None:
    """The fifty-second review: with one card unseen (Quadrennial deal 3 after 43 draws) only
    one arrangement is left; random deals of it all gave the real position, called a sample."""
    state = new_state("quadrennial", seed=3)
    for _ in range(43):
        state = apply(state, parse_move("S-W"))
    info = info_state(state)
    assert len(info.unseen) == 1 and info.complete and info.position() == state
    card = info.unseen[0]
    assert (
        info.known_words() == f"you know every card: the one you have not seen can only be {card}"
    )
    twins = dataclasses.replace(info, unseen=(card, card))
    assert twins.complete and twins.known_words().endswith(
        f"the 2 you have not seen can only be copies of {card}"
    )
    before = info_state(apply(new_state("quadrennial", seed=3), parse_move("S-W")))
    assert not before.complete and before.known_words  # more than one arrangement
    with pytest.raises(ValueError, match="cards are unseen"):
        before.position()


@pytest.mark.parametrize("variant", GAMES)
@pytest.mark.parametrize("seed", range(1, 7))
def test_cards_shown_on_a_line_taken_back_stay_known(variant: str, seed: int) -> None:
    """The fifty-second review: after Undo or Restart the thinker and Chances counted the cards
    a taken-back line had shown as never seen. Along random play with undos and restarts, a
    card is unseen exactly when no position shown so far showed it face up."""
    rng = random.Random(seed)
    line = [_tagged(variant, seed)]
    everything = {c for pile in line[0].piles for c in pile}
    seen: set[int] = set()
    memory = None
    for _ in range(300):
        roll = rng.random()
        if roll < 0.1 and len(line) > 1:
            del line[1:]  # restart
        elif roll < 0.3 and len(line) > 1:
            line.pop()  # undo
        elif legal_moves(line[-1]):
            line.append(apply(line[-1], rng.choice(legal_moves(line[-1]))))
        state = line[-1]
        seen |= _face_up(state)
        memory = remember(memory, state)
        info = info_state(state, memory)
        assert sorted(info.unseen) == sorted(everything - seen - _home(state))
        assert info.consistent(state)


def test_a_game_remembers_what_undo_and_restart_took_back() -> None:
    """Quadrennial deal 459: five cards drawn and taken back are known, in their places; the
    thinker's deals leave them there (it said "random deals of the 44 cards you have not
    seen"). A copy keeps the memory, a new deal forgets it, loading the same deal keeps both."""
    game = Game("quadrennial", seed=459)
    for _ in range(5):
        game.play("S-W")
    game.undo()
    assert len(info_state(game).unseen) == 39
    game.restart()
    info = info_state(game)
    assert len(info.unseen) == 39 and info.consistent(game.state)
    assert info.known[9][-5:] == game.state.piles[9][-5:]  # the stock's top five, as drawn
    world = determinize(info, random.Random(0))
    assert world.piles[9][-5:] == game.state.piles[9][-5:]
    assert "random deals of the 39 cards you have not seen" in think(game, seed=0).reason
    assert game.copy().memory == game.memory
    fresh = Game("quadrennial", seed=459)
    fresh.load(game)
    assert fresh.memory == game.memory
    game.load(Game("quadrennial", seed=459))  # a record of the same deal: nothing forgotten
    assert len(info_state(game).unseen) == 39
    game.new_deal(459)  # the same deal again (the fifty-third review: it forgot)
    assert len(info_state(game).unseen) == 39
    game.new_deal(460)
    assert len(info_state(game).unseen) == 44
