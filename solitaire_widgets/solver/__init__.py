"""Full-information solver: is this deal winnable, and how? It sees every card, and says so.

``solve`` returns SOLVED with a winning line in notation, UNSOLVABLE (no line wins: a proof),
or UNKNOWN when a budget ran out or the search was cancelled. ``solve_steps`` is the same
search in slices, for callers without threads.

Every verdict is meant as a proof, so nothing is cut on a hunch. What the search rests on,
each argued in the module that does it and checked in the tests against a plain exhaustive
search (every legal move, exact positions as keys) on thousands of small positions per game:

* ``search``: depth-first search with a transposition table is complete; limited discrepancy
  probes, randomized playouts and nested runs (a policy's ``tries``) only find wins sooner;
  budgets count nodes and CPU time.
* each game's profile (``games/<game>.py``) makes the search's ``Policy`` for its game: its
  key merges only positions equal up to an exact symmetry; the candidate moves leave out only
  exact duplicates (or moves a kept one is never worse than, argued there); the order is a
  heuristic. The same profile proves the safe moves played without branching and the dead
  positions cut at once (shared with the hints and Auto).

The search itself never names a game; a game that needs a faster exact search for part of its
tree gives it in its policy (Quadrennial's last pass: ``games/quadrennial_search.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from ..checks import check_count, check_node_budget, check_seconds
from ..engine import MAX_SEED, check_seed, new_state
from ..games import PROFILES, Policy, profile_of
from ..moves import Move
from ..state import GameState, state_of
from ..variants import VARIANTS
from .search import SLICE_NODES, OutOfBudget, Search, Status

POLICIES: dict[str, type[Policy]] = {name: p.policy_class for name, p in PROFILES.items()}
"""Deprecated: each game's policy class (its profile's ``policy_class``; ask
``games.profile_of(rules).policy()`` for the one a variant searches with)."""


class _Cancel(Protocol):
    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class SolveResult:
    """What the solver found, within its budget (``seconds``: CPU time of the search)."""

    status: Status
    moves: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    reason: str = ""

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    def __repr__(self) -> str:
        line = f", {len(self.moves)} moves" if self.solved else ""
        why = f" ({self.reason})" if self.reason else ""
        return f"SolveResult({self.status}{line}, {self.nodes} nodes, {self.seconds:.3f} s{why})"


def solve(
    game_or_state: Any,
    *,
    max_nodes: int | None = 2_000_000,
    max_seconds: float | None = 10.0,
    cancel: _Cancel | Callable[[], bool] | None = None,
    progress: Callable[[int], None] | None = None,
    use_knowledge: bool = True,
) -> SolveResult:
    """Search for a winning line from a ``Game`` or ``GameState``.

    Budgets: ``max_nodes`` positions (the same verdict on any machine) and ``max_seconds`` of
    CPU time of the thread that runs the search (the same on a busy machine, nearly: CPU time
    varies a little from run to run); None means no limit. ``cancel`` (a ``threading.Event``
    or a function returning True) stops the search early; ``progress(nodes)`` is called after
    each slice (``solve_steps``). ``use_knowledge=False`` leaves out the safe moves and
    dead-position tests (and the playouts): a plainer, slower search, for checking them.

    A budget is a whole number of positions or finite CPU seconds, 0 or more (``ValueError``
    for NaN, infinity, a negative number or a bool); None for no limit.
    """
    steps = solve_steps(
        game_or_state,
        max_nodes=max_nodes,
        max_seconds=max_seconds,
        cancel=cancel,
        use_knowledge=use_knowledge,
    )
    while True:
        try:
            nodes = next(steps)
        except StopIteration as done:
            result: SolveResult = done.value
            return result
        if progress is not None:
            progress(nodes)


def solve_steps(
    game_or_state: Any,
    *,
    max_nodes: int | None = 2_000_000,
    max_seconds: float | None = 10.0,
    cancel: _Cancel | Callable[[], bool] | None = None,
    use_knowledge: bool = True,
) -> Generator[int, None, SolveResult]:
    """``solve`` in slices: yields the node count about every ``SLICE_NODES`` nodes, or the
    game policy's ``pause_nodes`` where fewer (a little later where a policy's own search runs,
    at most a few thousand nodes), returns the result.

    A caller without threads (Pyodide) runs one slice at a time and hands control back to its
    event loop in between; only the time spent inside the slices counts against
    ``max_seconds``. ``solve`` simply runs every slice. Same position, same result. The
    arguments are checked here, before the first slice (as in ``solve``).
    """
    state = state_of(game_or_state, "solve")
    nodes, seconds = check_node_budget(max_nodes), check_seconds(max_seconds)
    search = Search(
        profile_of(VARIANTS[state.variant]).policy(use_knowledge),
        float("inf") if nodes is None else nodes,
        float("inf") if seconds is None else seconds,
        _stopper(cancel),
    )
    return _run(state, search)


def _run(state: GameState, search: Search) -> Generator[int, None, SolveResult]:
    """The slices of one solve, then its result (``Search`` has refused a student's player
    already, when it was made)."""
    try:
        status, line = yield from search.run(state)
    except OutOfBudget as stop:
        return SolveResult("unknown", [], search.nodes, search.seconds(), str(stop))
    moves = [str(m) for m in line] if status == "solved" else []
    if status == "solved":
        _check_line(state, moves)
    return SolveResult(status, moves, search.nodes, search.seconds())


Pace = TypeVar("Pace")


def solve_paced(
    state: GameState, max_nodes: int, pace: Callable[[], Pace]
) -> Generator[Pace, None, SolveResult]:
    """``solve_steps`` under a node budget alone (the same verdict on any machine), for a
    caller that runs many searches within its own slices (the thinker, chances): between two
    slices it yields ``pace()``, the caller's own progress, instead of this search's node
    count; it returns the result."""
    steps = solve_steps(state, max_nodes=max_nodes, max_seconds=None)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: SolveResult = done.value
            return result
        yield pace()


WINNABLE_NODES = 100_000
"""The node budget within which ``next_winnable`` must prove a deal won (the same on any
machine, so the same start always gives the same deal)."""


def next_winnable(
    variant: str, start: int, *, max_nodes: int = WINNABLE_NODES, tries: int = 1000
) -> tuple[int, SolveResult]:
    """The first deal number from ``start`` on that the solver proves winnable within
    ``max_nodes`` positions, with its proof; ``ValueError`` if none among ``tries`` deals
    (nor past ``MAX_SEED``, the last deal number)."""
    seed = check_seed(start)
    max_nodes = check_count(max_nodes, "max_nodes", low=1)
    tries = check_count(tries, "tries", low=1)
    tries = min(tries, MAX_SEED - seed + 1)
    for number in range(seed, seed + tries):
        result = solve(new_state(variant, seed=number), max_nodes=max_nodes, max_seconds=None)
        if result.solved:
            return number, result
    raise ValueError(
        f"no {variant} deal from {seed} to {seed + tries - 1} was proved winnable within "
        f"{max_nodes:,} positions each"
    )


def _check_line(state: GameState, line: list[str]) -> None:
    """A winning line must win through the checked rules (a solver bug must be loud)."""
    rules = VARIANTS[state.variant]
    for text in line:
        move = Move(*text.split("-")) if "-" in text else Move(text)
        reason = rules.why_not(state, move)
        if reason is not None:
            raise RuntimeError(f"solver bug: {text} is refused in its own line: {reason}")
        state = rules.apply(state, move)
    if not rules.is_won(state):
        raise RuntimeError("solver bug: its line does not win")


def _stopper(cancel: _Cancel | Callable[[], bool] | None) -> Callable[[], bool]:
    if cancel is None:
        return lambda: False
    if hasattr(cancel, "is_set"):
        return cancel.is_set
    if callable(cancel):
        return cancel
    raise TypeError("cancel is a threading.Event or a function returning True to stop")


__all__ = [
    "POLICIES",
    "SLICE_NODES",
    "Policy",
    "SolveResult",
    "Status",
    "next_winnable",
    "solve",
    "solve_paced",
    "solve_steps",
]
