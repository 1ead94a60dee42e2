"""What Auto plays in each game, and the counter-examples to the rule texts' advice that
docs/rules.md quotes: positions that are won, and lost after the move the advice makes."""

from __future__ import annotations

import pytest
from plain_search import plain_verdict, replays_to_a_win
from positions import state_of

from solitaire_widgets import Game, parse_move
from solitaire_widgets.cards import CARDS, parse_card
from solitaire_widgets.knowledge import is_dead, rank_deadlock, safe_moves
from solitaire_widgets.solver import solve
from solitaire_widgets.state import GameState
from solitaire_widgets.variants import VARIANTS

FULL = {s: " ".join(f"{r}{s}" for r in "A23456789TJQK") for s in "CDHS"}


def up_to(suit: str, height: int) -> str:
    return " ".join(FULL[suit].split()[:height])


def words(text: str) -> list[str]:
    return text.split()


def loses(state: GameState, move: str) -> bool:
    """``state`` is won, and lost after ``move`` (both by the plain search)."""
    rules = VARIANTS[state.variant]
    after = rules.apply(state, rules.resolve(state, parse_move(move)))
    return plain_verdict(state) is True and plain_verdict(after) is False


def test_quadrennial_the_drawn_card_may_have_to_wait() -> None:
    stock = ["9H", "7H", "QC", "KH", "6H", "JH", "KC", "QH", "TH"]  # top first
    state = state_of(
        "quadrennial",
        F1=up_to("C", 11),
        F2=FULL["D"],
        F3=up_to("H", 5),
        F4=FULL["S"],
        R1="8H",
        S=" ".join(reversed(stock)),
        redeals=1,
    )
    win = words(
        "S-W S-W S-W S-W S-W W-F3 S-W S-W S-W S-W redeal S-W S-W W-F3 R1-F3 W-F3 S-W R1-F1 "
        "S-W W-F1 S-W S-W W-F3 R1-F3 W-F3 W-F3"
    )
    assert replays_to_a_win(state, win)
    rules = VARIANTS["quadrennial"]
    for move in win[:3]:
        state = rules.apply(state, parse_move(move))
    assert str(state.piles[rules.waste][-1]) == "Q♣" and loses(state, "W-F1")
    assert safe_moves(state) == []


def test_quadrennial_an_ace_may_have_to_wait() -> None:
    stock = ["4S", "5S", "2S", "TS", "JS", "KC", "6S", "9S", "KS", "7S", "8S", "QS"]  # top first
    state = state_of(
        "quadrennial",
        F1=up_to("C", 12),
        F2=FULL["D"],
        F3=FULL["H"],
        R1="AS",
        R2="3S",
        S=" ".join(reversed(stock)),
        redeals=2,
    )
    assert loses(state, "R1-F4")
    line = solve(state).moves  # draw 4♠ first: then 5♠ refills R1
    assert line[:2] == ["S-W", "R1-F4"] and replays_to_a_win(state, line)


def test_acquaintance_a_card_home_before_the_last_pass_may_lose() -> None:
    state = state_of(
        "acquaintance",
        F1=up_to("C", 3),
        F2=up_to("D", 12),
        F3=FULL["H"],
        F4=FULL["S"],
        R1="5S 4S",
        R2="6D 9C QC",
        R4="8C KD",
        S="JC 7H KC TD",
        redeals=1,
    )
    assert loses(state, "R1-F1")  # 4♠ onto the lowest foundation, one redeal left
    assert loses(state, "R4-F2")
    assert safe_moves(state) == []


def test_fly_only_a_lowest_foundation_is_safe() -> None:
    state = state_of(
        "fly",
        F1=up_to("C", 11),
        F2=up_to("D", 12),
        **{f"F{i}": FULL["CDHSCDHS"[i - 1]] for i in range(3, 9)},
        T3="QD KC",
        S="KH",
    )
    assert loses(state, "S-F2")
    assert replays_to_a_win(state, ["S-T1", "T3-F2", "T3-F1", "T1-F1"])
    assert [str(m) for m in safe_moves(state)] == []  # K♥ fits only F2, not the lowest


def autoplayed(variant: str, state: GameState) -> list[str]:
    game = Game(variant, seed=1)
    game._states = [state]  # a constructed position for Auto to play from
    return [str(m) for m in game.autoplay()]


def test_auto_in_quadrennial_waits_for_the_last_pass() -> None:
    early = state_of("quadrennial", R1="AS", W="AH", S="5C")
    assert autoplayed("quadrennial", early) == []
    last = state_of("quadrennial", R1="AS", W="AH", S="5C", redeals=2)
    assert autoplayed("quadrennial", last) == ["W-F3"]  # the reserve ace waits for the stock
    empty = state_of("quadrennial", R1="AS", W="AH", redeals=2)
    assert autoplayed("quadrennial", empty) == ["R1-F4", "W-F3"]


def test_auto_in_acquaintance_the_last_gathered_card_before_the_last_pass() -> None:
    base = {"F1": "AC", "F2": "AD", "F3": "AH", "F4": "AS"}
    state = state_of("acquaintance", **base, R1="9C 2C", R3="KD 2D", redeals=1)
    assert autoplayed("acquaintance", state) == ["R3-F1"]  # R3's top is gathered last
    first_pass = state_of("acquaintance", **base, R1="9C 2C", R3="KD 2D")
    assert autoplayed("acquaintance", first_pass) == []


def test_auto_in_acme_plays_every_foundation_move() -> None:
    state = state_of("acme", F1="AC", F2="AD", F3="AH", F4="AS", T1="2C", T2="3C", W="2D", S="9H")
    assert autoplayed("acme", state) == ["T1-F1", "T2-F1", "W-F2"]


@pytest.mark.parametrize(
    ("heights", "stacks", "dead"),
    [
        ([8, 10], [["9H", "TD"]], True),  # the ten covers the only nine; no foundation at ten
        ([8, 10], [["TD", "9H"]], False),
        ([8, 9], [["9H", "TD"]], False),  # the second foundation takes the ten first
        ([8, 8], [["9H", "TD"], ["9S", "TC"]], True),  # each nine under a ten, across piles
    ],
)
def test_rank_deadlock(heights: list[int], stacks: list[list[str]], dead: bool) -> None:
    """Two foundations by rank; the cards not in ``stacks`` are free."""
    needed = [r for h in heights for r in range(h, 13)]
    cards = [[parse_card(c) for c in s] for s in stacks]
    for card in (c for s in cards for c in s):
        needed.remove(card % 13)
    free = [CARDS[r] for r in needed]
    assert rank_deadlock(heights, cards, free) is dead


def test_quadrennial_last_pass_inversion_is_dead() -> None:
    stuck = state_of("quadrennial", F1="AC", W="2C 4C 3C", redeals=2)
    assert is_dead(stuck) and plain_verdict(stuck) is False
    assert not is_dead(state_of("quadrennial", F1="AC", W="2C 4C 3C", redeals=1))


def test_safe_moves_takes_a_game_or_its_state() -> None:
    game = Game("acme", seed=3)
    assert safe_moves(game) == safe_moves(game.state)
    with pytest.raises(TypeError, match="safe_moves takes a Game or a GameState, not str"):
        safe_moves("acme")  # type: ignore[arg-type]
