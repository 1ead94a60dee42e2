"""The solver keeps the garbage collector off its tables during a slice, and never leaves it
off: after a search ends, is cancelled, raises, or is dropped, alone or beside another search,
in a thread or slice by slice (``solver.collector``)."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from solitaire_widgets import new_state
from solitaire_widgets.solver import collector, solve, solve_steps

HARD_FLY = 1321  # undecided after 45 CPU s: any budget runs out


@contextmanager
def full_collections() -> Iterator[list[int]]:
    """A list that gets an entry for each full collection started inside the block."""
    full: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            full.append(1)

    gc.callbacks.append(count)
    try:
        yield full
    finally:
        gc.callbacks.remove(count)


@pytest.fixture(autouse=True)
def collector_on() -> Iterator[None]:
    assert collector.state() == (0, 0, True) and gc.get_freeze_count() == 0
    yield
    assert collector.state() == (0, 0, True), "a search left the collector paused"
    assert gc.get_freeze_count() == 0, "a search left objects frozen"


def test_paused_in_a_slice_and_on_again_after() -> None:
    seen: list[bool] = []

    def cancel() -> bool:  # called by the search inside its slices
        seen.append(gc.isenabled())
        return False

    result = solve(new_state("fly", seed=HARD_FLY), max_nodes=20_000, cancel=cancel)
    assert result.status == "unknown" and seen and not any(seen)


def test_between_slices_the_collector_runs_and_the_table_is_frozen() -> None:
    steps = solve_steps(new_state("quadrennial", seed=277), max_nodes=50_000)
    next(steps)
    assert gc.isenabled() and collector.state() == (0, 1, True)
    assert gc.get_freeze_count() > 0  # the slice's keys are out of the collector's sight
    next(steps)
    steps.close()  # dropped mid-search: everything is handed back


def test_a_cancelled_search_in_a_thread_leaves_the_collector_on() -> None:
    stop = threading.Event()
    results: list[object] = []

    def work() -> None:
        results.append(solve(new_state("fly", seed=HARD_FLY), max_nodes=10**9, cancel=stop))

    thread = threading.Thread(target=work)
    thread.start()
    stop.set()
    thread.join()
    assert results and results[0].reason == "cancelled"  # type: ignore[attr-defined]


def test_two_searches_at_once_keep_count() -> None:
    """Slices of two searches interleaved (as two tables' jobs, or two threads): each
    search's end is counted, and only the last one unfreezes."""
    first = solve_steps(new_state("fly", seed=HARD_FLY), max_nodes=40_000)
    second = solve_steps(new_state("quadrennial", seed=277), max_nodes=40_000)
    next(first)
    next(second)
    assert collector.state() == (0, 2, True)
    for _ in range(3):
        next(first)
        next(second)
    first.close()
    assert collector.state() == (0, 1, True) and gc.get_freeze_count() > 0
    next(second)
    second.close()


def test_two_threads_at_once() -> None:
    results: list[str] = []

    def work(variant: str, seed: int) -> None:
        results.append(solve(new_state(variant, seed=seed), max_nodes=60_000).status)

    threads = [
        threading.Thread(target=work, args=("fly", HARD_FLY)),
        threading.Thread(target=work, args=("quadrennial", 277)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["unknown", "unknown"]


def test_a_search_that_raises_leaves_the_collector_on() -> None:
    def cancel() -> bool:
        raise RuntimeError("the caller's own bug")

    with pytest.raises(RuntimeError, match="own bug"):
        solve(new_state("fly", seed=HARD_FLY), max_nodes=50_000, cancel=cancel)


def test_a_callers_own_disable_is_kept() -> None:
    gc.disable()
    try:
        solve(new_state("acme", seed=2))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_same_verdicts_and_nodes_with_the_collector_paused() -> None:
    """Pausing changes no result: the search is the same, node for node."""
    for variant, seed in [("acme", 2), ("quadrennial", 3), ("fly", 3), ("acquaintance", 5)]:
        with_pause = solve(new_state(variant, seed=seed), max_nodes=200_000, max_seconds=None)
        gc.disable()
        try:
            without = solve(new_state(variant, seed=seed), max_nodes=200_000, max_seconds=None)
        finally:
            gc.enable()
        assert (with_pause.status, with_pause.moves, with_pause.nodes) == (
            without.status,
            without.moves,
            without.nodes,
        )


class _Cycle:
    """An object in a reference cycle: only the cyclic collector can free it."""

    def __init__(self) -> None:
        self.me = self


def test_cyclic_garbage_made_during_searches_is_collected() -> None:
    """Objects frozen during a search are handed back in the oldest generation, which CPython
    collects only when enough objects age into it, and frozen ones never do: the end of the
    searches must collect them, or a long run of searches grows without bound (the thinker
    playing 500 games reached 11 GB)."""
    gc.collect()
    before = sum(isinstance(o, _Cycle) for o in gc.get_objects())
    for _ in range(30):
        with collector.during_search(), collector.during_slice():
            for _ in range(10_000):
                _Cycle()  # garbage at once, but in a cycle
    left = sum(isinstance(o, _Cycle) for o in gc.get_objects())
    assert left - before < 150_000, f"{left - before:,} cycles of 300,000 never collected"


def test_small_searches_in_a_large_process_do_not_walk_the_heap() -> None:
    """A hint runs a small search per move. In a process holding many objects (a long test
    run, a notebook with data) a full collection walks all of them; the end of a search may
    run one only when the searches have made enough objects, never because the process is
    large (counting the whole heap as handed back ran one after every search: the suite's hint
    tests took over an hour in a full run)."""
    heap = [[i] for i in range(400_000)]  # tracked objects that stay alive
    gc.collect()
    with full_collections() as full:
        for _ in range(50):
            with collector.during_search(), collector.during_slice():
                made = [[i] for i in range(100)]  # a small search's own objects
            del made
    assert len(heap) == 400_000
    assert len(full) <= 1, f"{len(full)} full collections for 50 searches of 100 objects each"


@pytest.mark.parametrize(
    ("variant", "seed"), [("quadrennial", 3739), ("acquaintance", 5), ("acme", 2), ("fly", 3)]
)
def test_a_search_makes_no_cyclic_garbage(variant: str, seed: int) -> None:
    """Reference counting frees everything a search makes, its tables included, the moment it
    ends: nothing is left for a full collection to find. A reference cycle (Quadrennial's
    last-pass search was a closure that called itself) keeps the solve's tables alive until
    one runs, and the collector's own full collection at the end of the search then walked
    them all: 2 s of CPU with the interpreter's lock held, the kernel stalled."""
    found: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            found.append(info["collected"])

    gc.collect()
    gc.callbacks.append(count)
    try:
        solve(new_state(variant, seed=seed), max_nodes=150_000, max_seconds=None)
        gc.collect()
    finally:
        gc.callbacks.remove(count)
    assert sum(found) == 0, f"{sum(found):,} objects were reference cycles"


def test_the_tables_are_emptied_in_parts_after_the_verdict() -> None:
    """A long solve's tables are freed a part at a time, with a pause between parts, after
    the search has ended (the node count no longer moves): freed at once they held the
    interpreter for a third of a second (``Search.release``)."""
    steps = solve_steps(new_state("quadrennial", seed=3739), max_nodes=300_000, max_seconds=None)
    counts = list(steps)
    after = counts[counts.index(300_000) :]
    assert len(after) > 3, "the tables were freed in one step"


def test_a_solve_closed_while_its_tables_are_emptied_ends_cleanly() -> None:
    """Stop pressed during the pauses of ``release``: the rest is emptied without pauses and
    the generator closes (no ``RuntimeError: generator ignored GeneratorExit``)."""
    steps = solve_steps(new_state("quadrennial", seed=3739), max_nodes=300_000, max_seconds=None)
    while next(steps) < 300_000:
        pass
    next(steps)  # inside the release now
    steps.close()


def test_a_long_search_that_leaves_nothing_behind_runs_no_full_collection(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A long search makes many objects, but its tables are emptied before it ends: nothing
    of it is left, so its end runs no full collection (even in a small process the first one
    after a million objects were freed took 20 ms, and 40-60 ms on a busy machine: the
    largest pause left in a long Solve)."""
    gc.collect()
    monkeypatch.setattr(collector, "_alive", len(gc.get_objects()))
    with full_collections() as full:
        solve(new_state("quadrennial", seed=3739), max_nodes=300_000, max_seconds=None)
    assert not full
