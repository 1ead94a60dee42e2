"""The solver: its verdicts agree with a plain exhaustive search, its lines win through the
checked Game, its budgets count nodes and CPU time, and what it (and Auto) calls safe is safe.

The reference is ``plain_search``: every legal move, exact positions as keys, nothing from the
solver. It decides small positions, so those are made from real deals with most cards moved
home (truncated) and, to try odd arrangements, with the few cards left scattered (scrambled).
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from plain_search import (
    plain_verdict,
    replays_to_a_win,
    scrambled_positions,
    truncated_positions,
)
from positions import state_of

from solitaire_widgets import Game, new_state, parse_move
from solitaire_widgets.games import Policy, profile_of_state
from solitaire_widgets.knowledge import safe_moves
from solitaire_widgets.solver import SolveResult, solve, solve_steps
from solitaire_widgets.solver import search as search_module
from solitaire_widgets.state import GameState
from solitaire_widgets.variants import VARIANTS, game_names

BUDGET = {"max_nodes": 200_000, "max_seconds": None}
FULL = {s: " ".join(f"{r}{s}" for r in "A23456789TJQK") for s in "CDHS"}


def words(text: str) -> list[str]:
    return text.split()


def foundation(suit: str, height: int) -> str:
    return " ".join(FULL[suit].split()[:height])


def policy_for(state: GameState, use_knowledge: bool = True) -> Policy:
    """The policy the solver searches ``state`` with."""
    return profile_of_state(state).policy(use_knowledge)


def positions(variant: str, count: int, seed: int) -> list:  # type: ignore[type-arg]
    """Truncated and scrambled positions, half each."""
    left = 14 if variant == "fly" else 12
    return [
        *truncated_positions(variant, count // 2, seed=seed, most_left=left),
        *scrambled_positions(variant, count - count // 2, seed=seed, most_left=left - 2),
    ]


# ----------------------------------------------------------------- against the plain search
COUNTS = {"quadrennial": 1500, "acquaintance": 1500, "acme": 1000, "fly": 300}


@pytest.mark.parametrize("variant", game_names())  # the four games, whatever else registered
def test_verdicts_agree_with_the_plain_search(variant: str) -> None:
    """On thousands of small positions, SOLVED exactly where the plain search finds a win,
    UNSOLVABLE exactly where it finds none, and every line wins through the checked rules."""
    decided = {True: 0, False: 0}
    for state in positions(variant, COUNTS[variant], seed=1):
        plain = plain_verdict(state, limit=50_000)
        if plain is None:
            continue
        result = solve(state, **BUDGET)
        assert result.status == ("solved" if plain else "unsolvable"), (state, result)
        if result.solved:
            assert replays_to_a_win(state, result.moves), state
        decided[plain] += 1
    assert min(decided.values()) >= {"acme": 1, "fly": 10}.get(variant, 20), decided
    assert sum(decided.values()) >= 0.9 * COUNTS[variant]


# ----------------------------------------------------------------- issue 14's counter-examples
def quadrennial_refill_position() -> object:
    """F1 A-J♣, F2 and F4 complete, F3 A-5♥; R1 8♥; stock 9♥ 7♥ Q♣ K♥ 6♥ J♥ K♣ Q♥ 10♥ (top
    first); one redeal used. Winnable only by leaving Q♣ in the waste in this pass, so that
    the last pass refills R1 with it."""
    stock = ["9H", "7H", "QC", "KH", "6H", "JH", "KC", "QH", "TH"]
    return state_of(
        "quadrennial",
        F1=foundation("C", 11),
        F2=FULL["D"],
        F3=foundation("H", 5),
        F4=FULL["S"],
        R1="8H",
        S=" ".join(reversed(stock)),
        redeals=1,
    )


def test_the_last_pass_search_agrees_with_the_plain_search() -> None:
    """Quadrennial's own last-pass search (``settle``) on small positions in the last pass:
    it decides each one, as the plain search does, and its winning lines replay."""
    policy = policy_for(new_state("quadrennial", seed=1))
    decided = {True: 0, False: 0}
    for state in positions("quadrennial", 600, seed=3):
        last = GameState(state.variant, state.piles, 2)
        plain = plain_verdict(last, limit=50_000)
        if plain is None:
            continue
        settled = policy.settle(policy.start(last), lambda nodes: None)
        assert settled is not None and settled[0] == plain, last
        if plain:
            assert replays_to_a_win(last, policy.line(last, settled[1])), last
        decided[plain] += 1
    assert min(decided.values()) >= 50, decided


def test_the_waste_top_is_not_safe_before_the_last_pass() -> None:
    state = quadrennial_refill_position()
    rules = VARIANTS["quadrennial"]
    line = words(
        "S-W S-W S-W S-W S-W W-F3 S-W S-W S-W S-W redeal S-W S-W W-F3 R1-F3 W-F3 S-W R1-F1 "
        "S-W W-F1 S-W S-W W-F3 R1-F3 W-F3 W-F3"
    )
    assert replays_to_a_win(state, line)
    for move in line[:3]:  # Q♣ is now the waste's top and fits F1
        state = rules.apply(state, rules.resolve(state, parse_move(move)))
    assert "W-F1" in [str(m) for m in rules.legal_moves(state)]
    assert plain_verdict(state) is True
    assert plain_verdict(rules.apply(state, parse_move("W-F1"))) is False
    assert safe_moves(state) == []
    assert solve(quadrennial_refill_position()).solved


def test_plays_made_possible_by_other_plays_are_searched() -> None:
    """Issue 14's second position: Q♣ becomes playable only after the waste plays that Q♥
    allows, and a cut of 'lower reserve cards after a reserve play' lost the win."""
    state = state_of(
        "quadrennial",
        F1=foundation("C", 10),
        F2=FULL["D"],
        F3=foundation("H", 11),
        F4=FULL["S"],
        R1="QH",
        R2="QC",
        R3="KC",
        W="JC KH",
        redeals=2,
    )
    assert replays_to_a_win(state, words("R1-F3 W-F3 W-F1 R2-F1 R3-F1"))
    result = solve(state)
    assert result.solved and replays_to_a_win(state, result.moves)


@pytest.mark.parametrize("seed", [140, 467, 645, 651])
def test_quadrennial_deals_once_called_unsolvable_are_won(seed: int) -> None:
    game = Game("quadrennial", seed=seed)
    result = solve(game, max_seconds=None)
    assert result.solved, result
    for move in result.moves:
        game.play(move)
    assert game.status == "won"


# ----------------------------------------------------------------- whole deals
@pytest.mark.parametrize("variant", game_names())  # the four games, whatever else registered
def test_solutions_replay_through_the_checked_game(variant: str) -> None:
    solved = 0
    for seed in range(1, 16):
        game = Game(variant, seed=seed)
        result = solve(game, max_nodes=100_000, max_seconds=None)
        if result.status != "solved":
            continue
        solved += 1
        for move in result.moves:
            game.play(move)
        assert game.status == "won", (seed, result)
    assert solved >= (1 if variant == "acme" else 8)


def test_a_nested_run_wins_a_deal_the_playouts_miss() -> None:
    """Fly deal 45: 300 plain playouts lose, one nested run wins, and its line (the lean
    placements turned into the engine's moves) replays to a win through the checked Game."""
    import random as rnd

    from solitaire_widgets.games.fly import fly_nested, fly_playout

    rules, state = VARIANTS["fly"], new_state("fly", seed=45)
    rng = rnd.Random(1)
    assert all(fly_playout(rules, state, rng)[0] is None for _ in range(300))
    run = fly_nested(rules, state, rnd.Random(1))
    yielded = 0
    try:
        while True:
            yielded += next(run)
    except StopIteration as done:
        line = done.value
    assert line is not None and yielded > 1000
    assert replays_to_a_win(state, line)


def test_a_lost_nested_run_ends_and_says_so() -> None:
    """A position with nothing left to place and cards still out: the run yields and ends
    lost (the tries around it must never spin without counting)."""
    import random as rnd

    from solitaire_widgets.games.fly import fly_nested

    stuck = state_of("fly", F1="AC 2C", T1="3C 4C")  # a 3 under a 4, nothing to place
    run = fly_nested(VARIANTS["fly"], stuck, rnd.Random(1))
    assert next(run) >= 1
    with pytest.raises(StopIteration) as done:
        next(run)
    assert done.value.value is None


@pytest.mark.parametrize("variant", ["quadrennial", "acquaintance", "acme"])
def test_no_deal_a_simple_player_wins_is_called_unsolvable(variant: str) -> None:
    """The solver sees everything, so a deal the greedy player wins is never unsolvable
    (greedy play wins no Fly deal among these)."""
    import random as rnd

    from solitaire_widgets.stats.strategies import GreedyPlay

    won = 0
    for seed in range(1, 81):
        state = new_state(variant, seed=seed)
        if GreedyPlay()(state, rnd.Random(0)).outcome == "won":
            won += 1
            assert solve(state, max_nodes=100_000, max_seconds=None).status != "unsolvable"
    assert won >= (1 if variant == "acme" else 5)


def test_knowledge_changes_no_verdict_on_whole_deals() -> None:
    """Solving with and without the safe moves, dead tests and playouts: the same verdicts."""
    decided = 0
    for variant in ("quadrennial", "acme"):
        for seed in range(1, 11):
            state = new_state(variant, seed=seed)
            fast = solve(state, max_nodes=50_000, max_seconds=None)
            plain = solve(state, max_nodes=50_000, max_seconds=None, use_knowledge=False)
            if "unknown" not in (fast.status, plain.status):
                decided += 1
                assert fast.status == plain.status, (variant, seed)
    assert decided >= 8


# ----------------------------------------------------------------- budgets and API
@pytest.mark.parametrize("variant", game_names())  # the four games, whatever else registered
def test_deterministic(variant: str) -> None:
    state = new_state(variant, seed=12)
    first, second = solve(state, max_nodes=5000), solve(state, max_nodes=5000)
    assert (first.status, first.moves, first.nodes) == (second.status, second.moves, second.nodes)


def test_node_budget_gives_unknown() -> None:
    result = solve(new_state("fly", seed=1321), max_nodes=50)
    assert result.status == "unknown" and "node budget" in result.reason and result.nodes == 50


def test_cancel_stops_the_search() -> None:
    stop = threading.Event()
    stop.set()
    result = solve(new_state("fly", seed=1321), max_nodes=10**9, cancel=stop)
    assert result.status == "unknown" and result.reason == "cancelled"
    assert solve(new_state("fly", seed=1321), cancel=lambda: True).reason == "cancelled"


def test_time_budget_counts_cpu_time() -> None:
    result = solve(new_state("fly", seed=1321), max_nodes=None, max_seconds=0.05)
    assert result.status == "unknown" and "CPU seconds" in result.reason
    assert 0.05 <= result.seconds < 1


class FakeCPU:
    """A CPU clock for the search that the test moves: every reading adds ``tick`` (the
    search's own work), and ``away(seconds)`` adds time spent outside the search."""

    def __init__(self, tick: float = 0.001) -> None:
        self.now, self.tick, self.outside = 0.0, tick, 0.0

    def __call__(self) -> float:
        self.now += self.tick
        return self.now

    def away(self, seconds: float) -> None:
        self.now += seconds
        self.outside += seconds


def run_slices(
    steps: Any, clock: FakeCPU | None = None, away: float = 0.0
) -> tuple[SolveResult, int]:
    """Run ``solve_steps`` slice by slice (``away`` seconds outside between two slices, on
    ``clock``); the result and the number of slices."""
    slices = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value, slices
        slices += 1
        if clock is not None:
            clock.away(away)


def test_time_between_slices_is_not_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """A caller running ``solve_steps`` slice by slice (the browser) may wait in between: only
    the slices' own CPU time counts, so waiting far longer than the budget decides nothing."""
    clock = FakeCPU(tick=1e-5)
    monkeypatch.setattr(search_module, "CPU_CLOCK", clock)
    steps = solve_steps(new_state("fly", seed=1321), max_nodes=30 * 1024, max_seconds=1.0)
    result, slices = run_slices(steps, clock, away=10.0)
    assert "node budget" in result.reason, result
    assert slices >= 20 and clock.outside >= 200
    assert result.seconds < 1.0


@pytest.mark.parametrize(("variant", "seed"), [("fly", 9900), ("acquaintance", 5001)])
def test_each_slice_is_counted_once(
    monkeypatch: pytest.MonkeyPatch, variant: str, seed: int
) -> None:
    """Where the playouts take turns with the complete search (Fly, Acquaintance), every
    slice is counted once, whichever search ran it, and time away is never counted: the
    search's seconds are the clock's run less the time away (the first playout slice used to
    count the search slice before it, and the time away, again)."""
    clock = FakeCPU()
    monkeypatch.setattr(search_module, "CPU_CLOCK", clock)
    policy = policy_for(new_state(variant, seed=seed), True)
    assert policy.playout_share > 0
    steps = solve_steps(new_state(variant, seed=seed), max_nodes=20 * 1024, max_seconds=None)
    result, slices = run_slices(steps, clock, away=100.0)
    assert slices >= 1, result  # at least one slice of each kind ran (the playouts second)
    inside = clock.now - clock.outside
    # each reading adds a tick: a slice holds every tick from its first reading to its last,
    # the tick of its first reading excepted (slices + 1 runs: the last one ends the search)
    assert result.seconds == pytest.approx(inside - (slices + 1) * clock.tick)


def test_one_move_from_a_win() -> None:
    almost = state_of(
        "quadrennial",
        F1=FULL["C"],
        F2=FULL["D"],
        F3=FULL["H"],
        F4=foundation("S", 12),
        R5="KS",
    )
    result = solve(almost)
    assert result.status == "solved" and result.moves == ["R5-F4"]


def test_stuck_position_is_unsolvable() -> None:
    stuck = state_of("quadrennial", F1="AC", R1="3C", W="2C 4D", redeals=2)
    assert solve(stuck).status == "unsolvable"


def test_rejects_other_arguments() -> None:
    with pytest.raises(TypeError, match="Game or a GameState"):
        solve("acme")


@pytest.mark.parametrize("seed", [1, 520, 1321])
def test_pausing_more_often_leaves_the_search_unchanged(seed: int, monkeypatch: Any) -> None:
    """Fly pauses every 384 nodes (its nodes are dear; a slice must stay short in the
    browser), but its complete search and playouts take turns every ``SLICE_NODES`` as
    before: the same verdict, line and node count as pausing every ``SLICE_NODES``, in about
    twice the slices."""
    from solitaire_widgets.games.fly import FlyPolicy
    from solitaire_widgets.solver import SLICE_NODES

    def run() -> tuple[SolveResult, int]:
        return run_slices(
            solve_steps(new_state("fly", seed=seed), max_nodes=60_000, max_seconds=None)
        )

    assert FlyPolicy.pause_nodes < SLICE_NODES
    often, often_slices = run()
    monkeypatch.setattr(FlyPolicy, "pause_nodes", SLICE_NODES)
    seldom, seldom_slices = run()
    assert (often.status, often.moves, often.nodes) == (seldom.status, seldom.moves, seldom.nodes)
    assert seldom_slices >= 10 and often_slices > 1.5 * seldom_slices
