"""The solver: its lines win when replayed through the checked Game, its verdicts are stable,
its budgets and cancellation hold, and the moves it (and auto-play) calls safe are safe."""

from __future__ import annotations

import threading

import pytest
from positions import state_of

from solitaire_widgets import Game, apply, new_state, parse_move
from solitaire_widgets.knowledge import safe_moves
from solitaire_widgets.solver import solve
from solitaire_widgets.state import GameState
from solitaire_widgets.variants import VARIANTS

BUDGET = {"max_nodes": 20_000, "max_seconds": 60}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_solutions_replay_through_the_checked_game(variant: str) -> None:
    solved = 0
    for seed in range(1, 21):
        game = Game(variant, seed=seed)
        result = solve(game, **BUDGET)
        if result.status != "solved":
            continue
        solved += 1
        for move in result.moves:
            game.play(move)
        assert game.status == "won", (seed, result)
    assert solved >= (1 if variant in ("acme", "fly") else 5)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_deterministic(variant: str) -> None:
    state = new_state(variant, seed=12)
    first, second = solve(state, max_nodes=5000), solve(state, max_nodes=5000)
    assert (first.status, first.moves, first.nodes) == (second.status, second.moves, second.nodes)


def test_node_budget_gives_unknown() -> None:
    result = solve(new_state("fly", seed=1), max_nodes=50)
    assert result.status == "unknown" and "node budget" in result.reason and result.nodes == 50


def test_cancel_stops_the_search() -> None:
    stop = threading.Event()
    stop.set()
    result = solve(new_state("fly", seed=1), max_nodes=10**9, cancel=stop)
    assert result.status == "unknown" and result.reason == "cancelled"
    assert solve(new_state("fly", seed=1), cancel=lambda: True).reason == "cancelled"


def test_time_budget_gives_unknown() -> None:
    result = solve(new_state("fly", seed=1), max_nodes=10**9, max_seconds=0.05)
    assert result.status == "unknown" and "time budget" in result.reason


def test_one_move_from_a_win() -> None:
    full = {f"F{i + 1}": " ".join(f"{r}{s}" for r in "A23456789TJQK") for i, s in enumerate("CDHS")}
    almost = state_of("quadrennial", **{**full, "F4": full["F4"][:-3]}, R5="KS")
    result = solve(almost)
    assert result.status == "solved" and result.moves == ["R5-F4"]


def test_stuck_position_is_unsolvable() -> None:
    stuck = state_of("quadrennial", F1="AC", R1="3C", W="2C 4D", redeals=2)
    assert solve(stuck).status == "unsolvable"


def test_rejects_other_arguments() -> None:
    with pytest.raises(TypeError, match="Game or a GameState"):
        solve("acme")


def winnable_positions(variant: str, count: int) -> list[GameState]:
    """Positions on solved deals' winning lines (winnable by construction) with a safe move."""
    out: list[GameState] = []
    for seed in range(1, 200):
        state = new_state(variant, seed=seed)
        line = solve(state, max_nodes=20_000, use_safe_moves=False)
        for move in line.moves if line.solved else []:
            if safe_moves(state):
                out.append(state)
            state = apply(state, parse_move(move))
        if len(out) >= count:
            break
    return out[:count]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_safe_moves_never_lose_a_winnable_position(variant: str) -> None:
    """Every kind of move called safe, checked against the plain search (no safe moves): from a
    position on a winning line, the position after each safe move is still winnable."""
    kinds: set[str] = set()
    for state in winnable_positions(variant, 60):
        for move in safe_moves(state):
            after = solve(apply(state, move), max_nodes=20_000, use_safe_moves=False)
            assert after.status != "unsolvable", (state, move)
            kinds.add(move.src[0])
    expected = {"quadrennial": {"W"}, "acquaintance": {"R"}, "acme": {"T", "R", "W"}}
    assert expected.get(variant, {"S", "R", "T"}) <= kinds, kinds


@pytest.mark.parametrize("variant", ["quadrennial", "acquaintance", "acme"])
def test_safe_moves_agree_with_the_plain_search_on_whole_deals(variant: str) -> None:
    """Solving with and without the automatic safe moves gives the same verdict."""
    decided = 0
    for seed in range(1, 31):
        state = new_state(variant, seed=seed)
        fast = solve(state, max_nodes=50_000)
        plain = solve(state, max_nodes=50_000, use_safe_moves=False)
        if "unknown" in (fast.status, plain.status):
            continue
        decided += 1
        assert fast.status == plain.status, seed
    assert decided >= 10


def test_quadrennial_commuting_plays_prune_nothing_that_wins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Trying only one order of consecutive reserve plays gives the same verdicts as all orders."""
    from solitaire_widgets import solver

    pruned = {
        seed: solve(new_state("quadrennial", seed=seed), max_nodes=50_000).status
        for seed in range(1, 16)
    }

    class AllOrders(solver.QuadrennialPolicy):
        def moves(self, state: GameState, last: object) -> list:  # type: ignore[override,type-arg]
            return solver.QuadrennialPolicy.moves(self, state, None)

    monkeypatch.setitem(solver.POLICIES, "quadrennial", AllOrders)
    for seed, status in pruned.items():
        plain = solve(new_state("quadrennial", seed=seed), max_nodes=200_000).status
        if "unknown" not in (status, plain):
            assert plain == status, seed
    assert (
        sum(s == "unsolvable" for s in pruned.values())
        + sum(s == "solved" for s in pruned.values())
        >= 10
    )


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_no_deal_a_simple_player_wins_is_called_unsolvable(variant: str) -> None:
    """The solver sees everything, so a deal the greedy player or the hint follower wins must
    never be proved unsolvable (this caught a pruning bug that hid half of Acme's wins)."""
    import random as rnd

    from solitaire_widgets.stats.strategies import GreedyPlay, HintPlay

    won = 0
    for seed in range(1, 121):
        state = new_state(variant, seed=seed)
        if any(p(state, rnd.Random(0)).outcome == "won" for p in (GreedyPlay(), HintPlay())):
            won += 1
            assert solve(state, max_nodes=100_000).status != "unsolvable", seed
    assert won >= (1 if variant == "fly" else 5)


def test_discrepancy_probes_find_lines_and_change_no_verdict(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Probes before the complete search: the same verdicts (Acme, where most deals are lost),
    and on Fly more deals solved within one node budget than plain depth-first search."""
    from solitaire_widgets import solver

    plain = {s: solve(new_state("acme", seed=s), max_nodes=50_000).status for s in range(1, 21)}
    fly_with = [solve(new_state("fly", seed=s), max_nodes=20_000) for s in range(1, 16)]
    monkeypatch.setattr(solver.AcmePolicy, "probes", 2)
    monkeypatch.setattr(solver.FlyPolicy, "probes", 0)
    probed = {s: solve(new_state("acme", seed=s), max_nodes=50_000).status for s in range(1, 21)}
    assert probed == plain
    fly_without = [solve(new_state("fly", seed=s), max_nodes=20_000) for s in range(1, 16)]
    assert sum(r.solved for r in fly_with) > sum(r.solved for r in fly_without)
    for seed, result in enumerate(fly_with, 1):
        if result.solved:
            game = Game("fly", seed=seed)
            for move in result.moves:
                game.play(move)
            assert game.status == "won"
