"""Monte Carlo runs: determinism across workers, interrupts, unknowns, strategies, plots, dask."""

from __future__ import annotations

import multiprocessing
import random
import subprocess
import sys
import time
from dataclasses import dataclass

import pytest

from solitaire_widgets import new_state
from solitaire_widgets.state import GameState
from solitaire_widgets.stats import (
    GreedyPlay,
    Played,
    RandomPlay,
    Rules,
    WinRate,
    estimate_win_rate,
    game_seeds,
    sweep,
)

VARIANT_NAMES = ["quadrennial", "acquaintance", "acme", "fly"]


@dataclass(frozen=True)
class InterruptOn:
    """Plays greedily, but raises KeyboardInterrupt on one deal (as the interrupt button does)."""

    deal: int
    name: str = "interrupt-on"

    def __call__(self, state: GameState, rng: random.Random) -> Played:
        if state == new_state(state.variant, self.deal):
            raise KeyboardInterrupt
        return GreedyPlay()(state, rng)


@dataclass(frozen=True)
class CoinSolver:
    """A fake budgeted solver: won, lost or unknown at random, to test the accounting."""

    name: str = "coin"

    def __call__(self, state: GameState, rng: random.Random) -> Played:
        roll = rng.random()
        if roll < 0.2:
            return Played("unknown", None, 0)
        return Played("won", 52, 1) if roll < 0.5 else Played("lost", None, 0)


def test_game_seeds_are_fixed_values() -> None:
    """Deal numbers derive from (seed, index) by SHA-512: the same everywhere, forever."""
    assert game_seeds(0, 0) == game_seeds(0, 0)
    assert game_seeds(0, 0) != game_seeds(0, 1) != game_seeds(1, 0)
    deal, _ = game_seeds(7, 3)
    assert 0 <= deal < 10**9


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_same_games_on_one_or_two_workers(variant: str) -> None:
    one = estimate_win_rate(variant, "random", 60, seed=5, workers=1)
    two = estimate_win_rate(variant, "random", 60, seed=5, workers=2, chunk_size=7)
    assert one.games == two.games
    assert [g.game for g in two.games] == list(range(60))
    other_seed = estimate_win_rate(variant, "random", 60, seed=6, workers=1)
    assert other_seed.games != one.games


def test_result_fields() -> None:
    result = estimate_win_rate("acquaintance", "greedy", 300, seed=1)
    assert result.n == result.n_requested == 300
    assert result.wins + result.losses == 300 and result.unknown == 0
    assert 0 < result.rate < 1
    assert result.interval.low < result.rate < result.interval.high
    assert result.exact_interval.low <= result.interval.low
    histogram = result.cards_home_histogram
    assert sum(histogram.values()) == 300 and max(histogram) <= 52
    assert histogram.get(52, 0) == result.wins
    mean = sum(k * v for k, v in histogram.items()) / 300
    assert result.mean_cards_home == pytest.approx(mean)
    assert not result.interrupted and result.elapsed > 0
    assert "acquaintance, greedy" in str(result)


def test_explicit_deals() -> None:
    result = estimate_win_rate("acme", "greedy", 5, deals=[1, 2, 3, 4, 5])
    assert [g.deal for g in result.games] == [1, 2, 3, 4, 5]
    with pytest.raises(ValueError):
        estimate_win_rate("acme", "greedy", 5, deals=[1, 2])


def test_unknowns_are_reported_apart() -> None:
    result = estimate_win_rate("acme", CoinSolver(), 400, seed=3)
    assert result.unknown > 0 and result.wins > 0 and result.losses > 0
    assert result.wins + result.losses + result.unknown == 400
    assert result.rate == result.wins / (result.wins + result.losses)
    low, high = result.bounds
    assert low < result.wins / 400 < (result.wins + result.unknown) / 400 < high
    assert sum(result.cards_home_histogram.values()) == result.wins  # only games played out
    assert "undecided" in str(result)


def test_interrupt_from_a_strategy_keeps_the_games_played() -> None:
    deals = list(range(100, 120))
    result = estimate_win_rate("acme", InterruptOn(deal=107), 20, deals=deals)
    assert result.interrupted
    assert [g.deal for g in result.games] == deals[:7]
    full = estimate_win_rate("acme", "greedy", 7, deals=deals[:7])
    assert result.games == full.games


def test_interrupt_from_the_progress_callback() -> None:
    def stop_after_12(done: int, total: int) -> None:
        if done >= 12:
            raise KeyboardInterrupt

    result = estimate_win_rate("fly", "greedy", 50, seed=2, progress=stop_after_12)
    assert result.interrupted and result.n == 12 and result.n_requested == 50
    assert result.games == estimate_win_rate("fly", "greedy", 12, seed=2).games


def test_interrupt_on_a_process_pool_keeps_finished_chunks() -> None:
    deals = list(range(200, 240))
    result = estimate_win_rate(
        "acme", InterruptOn(deal=235), 40, deals=deals, workers=2, chunk_size=5
    )
    assert result.interrupted
    assert 0 < result.n < 40
    # the pool's workers are stopped, not left busy (a terminated worker may take a moment to be
    # reaped: active_children() reaps, so poll it for a bounded time)
    deadline = time.monotonic() + 120  # a hang guard: it passes as soon as they are gone
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert multiprocessing.active_children() == []
    full = {g.game: g for g in estimate_win_rate("acme", "greedy", 35, deals=deals[:35]).games}
    assert all(full[g.game] == g for g in result.games)


def test_greedy_never_loops_and_random_stops_at_its_cap() -> None:
    greedy = estimate_win_rate("acme", GreedyPlay(max_moves=5000), 150, seed=9)
    assert greedy.capped == 0
    capped = estimate_win_rate("acme", RandomPlay(max_moves=5), 20, seed=9)
    assert capped.capped == 20 and all(g.moves == 5 for g in capped.games)


def test_greedy_beats_random() -> None:
    greedy = estimate_win_rate("acquaintance", "greedy", 200, seed=4)
    rand = estimate_win_rate("acquaintance", "random", 200, seed=4)
    assert greedy.mean_cards_home > rand.mean_cards_home


def test_unknown_strategy_and_bad_n() -> None:
    with pytest.raises(ValueError, match="unknown strategy"):
        estimate_win_rate("acme", "clever", 3)
    with pytest.raises(ValueError):
        estimate_win_rate("acme", "greedy", -1)
    with pytest.raises(ValueError):
        estimate_win_rate("acme", "greedy", 3, rules=Rules("fly", reserve=10))


def test_sweep_over_redeals() -> None:
    results = sweep("quadrennial", "greedy", 150, "redeals", [0, 2, 4], seed=1)
    assert [r.variant for r in results.values()] == [
        "quadrennial[redeals=0]",
        "quadrennial",
        "quadrennial[redeals=4]",
    ]
    means = [r.mean_cards_home for r in results.values()]
    assert means[0] < means[1] <= means[2]  # more passes through the stock never hurt greedy


def test_progress_bar_runs(capsys: pytest.CaptureFixture[str]) -> None:
    result = estimate_win_rate("acme", "random", 10, progress=True)
    assert result.n == 10
    assert "10/10" in capsys.readouterr().err


def test_core_imports_stay_light() -> None:
    code = (
        "import sys, solitaire_widgets.stats\n"
        "heavy = [m for m in ('matplotlib', 'tqdm', 'dask', 'distributed') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_plots() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from solitaire_widgets.stats import plot_cards_home, plot_knob, plot_win_rates

    results = [
        estimate_win_rate(v, s, 40, seed=1) for v in ("acme", "fly") for s in ("random", "greedy")
    ]
    ax = plot_win_rates(results)
    assert len(ax.containers) == 2  # one error-bar series per strategy
    assert [t.get_text() for t in ax.get_xticklabels()] == ["acme", "fly"]
    ax = plot_cards_home(results[:2])
    assert len(ax.get_lines()) == 2
    ax = plot_knob(sweep("acme", "greedy", 30, "reserve", [5, 13]), "reserve")
    assert ax.get_xlabel() == "reserve"
    plt.close("all")


def test_measures_side_by_side_with_their_undecided_bounds() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from solitaire_widgets.chances import Tally
    from solitaire_widgets.stats import plot_measures

    measures = {
        "quadrennial": {"winnable": Tally(90, 5, 5), "hint player": Tally(10, 90)},
        "acme": {"winnable": Tally(13, 87), "hint player": Tally(0, 0, 100)},
    }
    ax = plot_measures(measures)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["quadrennial", "acme"]
    winnable, hint = ax.containers  # one error-bar series per measure
    ys = winnable.lines[0].get_ydata()
    assert list(ys) == pytest.approx([100 * 90 / 95, 13.0])
    assert len(hint.lines[0].get_xdata()) == 1  # nothing decided: no marker for acme
    (bar,) = [c for c in ax.collections if c.get_alpha() == 0.25]  # quadrennial's undecided
    (segment,) = bar.get_segments()
    assert segment[0][1] < 90 * 100 / 95 - 5 and segment[1][1] > 100 * 95 / 100
    assert [text.get_text() for text in ax.get_legend().get_texts()] == ["winnable", "hint player"]
    assert ax.get_title().endswith("a pale bar: the range the undecided deals leave open")
    narrow = plot_measures({"fly": {"winnable": Tally(9977, 0, 23)}}, ax=plt.figure().gca())
    assert narrow.get_title().endswith("the undecided deals move no share by 2 points")
    none = plot_measures({"fly": {"winnable": Tally(9, 1)}}, ax=plt.figure().gca())
    assert none.get_title() == "95% Wilson intervals"
    plt.close("all")


def test_dask_cluster_gives_the_same_games() -> None:
    import distributed

    rules = Rules("acme", reserve=10)
    local = estimate_win_rate("acme", "random", 80, seed=11, rules=rules)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = estimate_win_rate("acme", "random", 80, seed=11, rules=rules, client=client)
    assert isinstance(remote, WinRate) and remote.workers == 2
    assert remote.variant == "acme[reserve=10]"
    assert remote.games == local.games


def test_hint_and_solver_strategies() -> None:
    from solitaire_widgets.stats import HintPlay, SolverPlay

    hint = estimate_win_rate("acquaintance", HintPlay(), 30, seed=1)
    assert hint.n == 30 and hint.unknown == 0
    upper = estimate_win_rate("acquaintance", SolverPlay(max_nodes=20_000), 30, seed=1)
    assert upper.n == 30
    # The solver sees everything: on a deal the hint player wins, it never reports a loss.
    for h, s in zip(hint.games, upper.games, strict=True):
        if h.outcome == "won":
            assert s.outcome != "lost"
    assert upper.wins >= hint.wins
    same = estimate_win_rate("acquaintance", SolverPlay(max_nodes=20_000), 30, seed=1, workers=2)
    assert same.games == upper.games


def test_solver_out_of_budget_is_unknown() -> None:
    from solitaire_widgets.stats import SolverPlay

    result = estimate_win_rate("quadrennial", SolverPlay(max_nodes=30), 10, seed=1)
    assert result.unknown > 0
    assert result.wins + result.losses + result.unknown == 10


def test_solver_and_hints_play_knob_variants() -> None:
    """The solver and the hint engine follow a knob variant's own rules (here: no redeal)."""
    from solitaire_widgets.stats import HintPlay, SolverPlay

    knob = Rules("quadrennial", redeals=0)
    solver = estimate_win_rate("quadrennial", SolverPlay(max_nodes=20_000), 20, seed=1, rules=knob)
    default = estimate_win_rate("quadrennial", SolverPlay(max_nodes=20_000), 20, seed=1)
    assert solver.wins < default.wins
    hinted = estimate_win_rate("quadrennial", HintPlay(), 20, seed=1, rules=knob)
    assert hinted.wins + hinted.losses == 20


def test_the_interval_shrinks_as_the_deals_grow() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from solitaire_widgets.stats import plot_interval_by_size

    rng = random.Random(1)
    outcomes = ["won" if rng.random() < 0.126 else "lost" for _ in range(5000)]
    outcomes[::100] = ["unknown"] * 50
    ax = plot_interval_by_size(outcomes, reference=0.15, reference_label="the text")
    bars = [c for c in ax.collections if c.get_alpha() == 0.4]  # the undecided bounds
    whiskers = list(ax.containers)
    assert len(whiskers) == 4  # one interval per size
    spans = []
    for container in whiskers:
        (segment,) = container.lines[2][0].get_segments()
        spans.append(segment[1][1] - segment[0][1])
    assert spans == sorted(spans, reverse=True)  # narrower as the deals grow
    verdicts = [text.get_text() for text in ax.texts]
    assert verdicts[0] == "consistent" and verdicts[-1] == "excluded"
    assert "confirmed" not in verdicts
    assert any(line.get_ydata()[0] == 15 for line in ax.get_lines())  # the reference, in %
    assert len(bars) == 4  # beside each interval, to its right
    sizes = (60, 200, 1000, 5000)
    assert all(bar.get_segments()[0][0][0] > x for bar, x in zip(bars, sizes, strict=True))
    assert "undecided" in ax.get_legend().get_texts()[0].get_text()
    with pytest.raises(ValueError, match="cannot give the first 1000"):
        plot_interval_by_size(outcomes[:300])
    plt.close("all")


def test_exact_bars_and_simulated_dots() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from solitaire_widgets.stats import (
        acme_reserve_suit_count,
        plot_coverage,
        plot_exact_and_simulated,
    )

    exact = {k: acme_reserve_suit_count(k) for k in range(9)}
    counts = {2: 40, 3: 60, 4: 50}
    ax = plot_exact_and_simulated(exact, counts, 150, xlabel="clubs")
    heights = [bar.get_height() for bar in ax.patches]
    assert heights == pytest.approx([100 * float(exact[k]) for k in range(9)])
    (dots,) = ax.containers[1:]
    xs, ys = dots.lines[0].get_data()
    assert list(xs) == list(range(9)) and ys[3] == pytest.approx(40.0)
    ax = plot_coverage(20, ps=[0.1, 0.5, 0.9])
    curves = {line.get_label(): list(line.get_ydata()) for line in ax.get_lines()}
    assert min(curves["Clopper–Pearson"]) >= 95 - 1e-9
    assert curves["95% promised"][0] == 95
    plt.close("all")


def test_a_run_reads_a_claim_and_cuts_to_its_first_games() -> None:
    result = estimate_win_rate("acme", "greedy", 60, seed=1)
    first = result.first(20)
    assert first.games == estimate_win_rate("acme", "greedy", 20, seed=1).games
    assert (first.n, first.wins) == (20, sum(g.outcome == "won" for g in result.games[:20]))
    reading = result.read(0.5)
    assert reading.verdict == "excluded" and reading.interval == result.interval
    assert result.read(result.rate).verdict == "consistent"
    with pytest.raises(ValueError):
        result.first(61)
