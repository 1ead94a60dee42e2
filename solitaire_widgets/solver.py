"""Full-information solver: is this deal winnable, and how? It sees every card, and says so.

Depth-first graph search over positions not seen before, deterministic and bounded:

* **Transposition table.** Each position is reduced to a canonical key, and a key seen before is
  never searched again (a position already explored without a win cannot win now; one still on
  the current path is a cycle). With a closed set, depth-first search is complete: a win is
  found whenever one exists, and an exhausted search proves the deal unsolvable.
* **Symmetry** (see ``Policy.key``). Piles that play the same role are interchangeable: the
  eight Quadrennial reserve piles and the Acme and Fly tableau piles are sorted in the key, and
  in the rank-only games (Acquaintance, Fly) foundations are known by their heights alone, since
  any card of the right rank fits any of them. Fly's two copies of a card are the same value,
  and Acme's reserve is known by its size (its order never changes).
* **Automatic safe moves** (``knowledge.safe_moves``): moves that can never turn a win into a loss
  are played without branching. They are checked against the plain search in the tests.
* **Move ordering and pruning.** Foundation moves first; of several moves that lead to
  symmetric positions (two foundations of equal height, two empty tableau piles, two Fly piles
  with the same top) only one is tried. Fly places a card onto a higher card first (it goes
  home first, so it blocks nothing), then onto an empty pile, then onto a lower card.
* **Limited discrepancy probes** (Fly): before the complete search, lines that leave the
  preferred move at most once; they find wins that plain depth-first search reaches only after
  exhausting every variation near the leaves, and prove nothing when they fail.
* **Dead positions** are cut at once (``Policy.dead``). Fly: a rank that no foundation has
  passed, all of whose copies lie in tableau piles under a higher card, can never be passed.

Quadrennial is the wide one: which stock card refills an emptied reserve pile depends on how
many cards are drawn first, so every interleaving of plays and draws is a different position.
What makes it tractable:

1. The eight reserve piles are interchangeable (sorted in the key), and foundations are known
   by their heights (each builds one suit).
2. Two reserve plays in a row commute (the two refills are the next two stock cards whichever
   pile takes which), so after playing card c, only the refill or a card above c may follow.
3. The waste's top card goes home automatically when it can: it only waits, so playing it
   changes nothing else (checked against the plain search in the tests).
4. In the last pass the waste is a stack for good: a card lying above a lower card of its own
   suit can never go home (it must leave first, but needs the lower card home before it). This
   cut alone took the share of undecided deals from about half to under one in a hundred.

``solve`` returns SOLVED with the winning line in notation, UNSOLVABLE, or UNKNOWN when a budget
(nodes, seconds) ran out or the search was cancelled.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from .knowledge import safe_moves
from .moves import Move
from .state import GameState
from .variants import VARIANTS, Variant

Status = Literal["solved", "unsolvable", "unknown"]


class _Cancel(Protocol):
    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class SolveResult:
    """What the solver found, within its budget."""

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


class Policy:
    """How the search sees one variant: canonical keys, safe moves, ordered candidate moves."""

    probes = 0  # limited discrepancy probes before the complete search (see ``_Search``)

    def __init__(self, rules: Variant, use_safe_moves: bool = True) -> None:
        self.rules = rules
        self.use_safe_moves = use_safe_moves

    def key(self, state: GameState) -> Any:
        return state.piles, state.redeals

    def safe(self, state: GameState) -> Move | None:
        """A move to play without branching, or None."""
        if not self.use_safe_moves:
            return None
        safe = safe_moves(state)
        return safe[0] if safe else None

    def moves(self, state: GameState, last: Move | None) -> list[Move]:
        """Candidate moves, best first, symmetric duplicates removed."""
        return self.rules.legal_moves(state)

    def dead(self, state: GameState) -> bool:
        """True when the position provably cannot be won (a cheap test; False if unsure)."""
        return False


class QuadrennialPolicy(Policy):
    """Reserve piles are interchangeable; consecutive reserve plays commute."""

    def __init__(self, rules: Variant, use_safe_moves: bool = True) -> None:
        super().__init__(rules, use_safe_moves)
        self.stock, self.waste = rules.stock, rules.waste  # the reserve piles lie between F4 and S

    def safe(self, state: GameState) -> Move | None:
        """The waste's top card home (the same rule as ``knowledge.safe_moves``)."""
        waste = state.piles[self.waste]
        if self.use_safe_moves and waste:
            card = waste[-1]
            if len(state.piles[card // 13]) == card % 13:
                return self.rules.pair_moves[self.waste, card // 13]
        return None

    def key(self, state: GameState) -> Any:
        p = state.piles
        return (
            (len(p[0]), len(p[1]), len(p[2]), len(p[3])),
            tuple(sorted(p[4 : self.stock])),
            p[self.stock],
            p[self.waste],
            state.redeals,
        )

    def moves(self, state: GameState, last: Move | None) -> list[Move]:
        moves = self.rules.legal_moves(state)
        if last is not None and last.src.startswith("R") and last.dst.startswith("F"):
            # Commuting plays: after R-F of card c, a card below c that was already playable
            # would have led to the same position played first; only the refill may go.
            played = last.dst
            height = len(state.piles[self.rules.index[played]])
            previous = (int(played[1]) - 1) * 13 + height - 1
            moves = [
                m
                for m in moves
                if not (
                    m.src.startswith("R") and m.src != last.src and self._card(state, m) < previous
                )
            ]
        # plays before the draw; the waste play first (it is safe), then the reserve
        return sorted(moves, key=lambda m: (m.dst == "W" or not m.dst, m.src != "W"))

    def dead(self, state: GameState) -> bool:
        """In the last pass the waste is a stack for good: a card above a lower card of its suit
        can never go home (it must leave first, but needs the lower card home before it)."""
        if state.redeals < self.rules.redeals_allowed:
            return False
        lowest = [99, 99, 99, 99]
        for card in state.piles[self.waste]:  # bottom to top
            suit = card // 13
            if card > lowest[suit]:
                return True
            lowest[suit] = min(lowest[suit], card)
        return False

    def _card(self, state: GameState, move: Move) -> int:
        return state.piles[self.rules.index[move.src]][-1]


class AcquaintancePolicy(Policy):
    """Foundations by height (rank only); one foundation per height."""

    def key(self, state: GameState) -> Any:
        p = state.piles
        return tuple(sorted(len(f) for f in p[:4])), p[4:], state.redeals

    def moves(self, state: GameState, last: Move | None) -> list[Move]:
        return _one_per_foundation_height(state, self.rules.legal_moves(state))


class AcmePolicy(Policy):
    """Tableau piles are interchangeable; the reserve is known by its size."""

    def safe(self, state: GameState) -> Move | None:
        """Any foundation move (the rule of ``knowledge.safe_moves``, without the full list)."""
        if not self.use_safe_moves:
            return None
        p = state.piles
        for src in (4, 5, 6, 7, 8, 10):  # R, T1..T4, W
            pile = p[src]
            if pile:
                card = pile[-1]
                if len(p[card // 13]) == card % 13:
                    return self.rules.pair_moves[src, card // 13]
        return None

    def key(self, state: GameState) -> Any:
        p = state.piles
        return (
            (len(p[0]), len(p[1]), len(p[2]), len(p[3])),
            len(p[4]),
            tuple(sorted(p[5:9])),
            p[9],
            p[10],
            state.redeals,
        )

    def moves(self, state: GameState, last: Move | None) -> list[Move]:
        piles = state.piles
        moved_to_empty: set[str] = set()  # of one card's moves to empty piles, try one
        out = []
        for m in self.rules.legal_moves(state):
            if m.dst.startswith("T") and not piles[self.rules.index[m.dst]]:
                if m.src in moved_to_empty:
                    continue
                moved_to_empty.add(m.src)
            out.append(m)
        # foundation moves, then building on the tableau, then empty piles, then the stock
        return sorted(out, key=lambda m: _acme_rank(state, m, self.rules))


def _acme_rank(state: GameState, move: Move, rules: Variant) -> int:
    if move.dst.startswith("F"):
        return 0
    if not move.dst:
        return 5
    if move.dst == "W":
        return 4
    target = state.piles[rules.index[move.dst]]
    if not target:
        return 3
    return 1 if move.src in ("R", "W") else 2


class FlyPolicy(Policy):
    """Tableau piles interchangeable, foundations by height; place cards where they block least.

    Two limited discrepancy probes (at most one move off the ordering) come first: Fly's lines
    are long and its ordering is good but not perfect, and they find a third more wins.
    """

    probes = 2

    def key(self, state: GameState) -> Any:
        p = state.piles
        return (
            tuple(sorted(len(f) for f in p[:8])),
            len(p[8]),
            tuple(sorted(p[9:14])),
            len(p[14]),
        )

    def moves(self, state: GameState, last: Move | None) -> list[Move]:
        piles = state.piles
        index = self.rules.index
        out = []
        seen: set[tuple[str, object]] = set()
        for m in _one_per_foundation_height(state, self.rules.legal_moves(state)):
            if m.dst.startswith("T"):
                # piles with the same top are interchangeable targets
                target = piles[index[m.dst]]
                mark = (m.src, target[-1] if target else None)
                if mark in seen:
                    continue
                seen.add(mark)
            out.append(m)
        return sorted(out, key=lambda m: _fly_rank(state, m, index))

    def dead(self, state: GameState) -> bool:
        """A rank no foundation has passed, all of whose copies lie in tableau piles under a
        higher card: each such higher card needs a foundation past that rank, so none can go."""
        p = state.piles
        passed = max(len(f) for f in p[:8])  # every rank below this was passed by someone
        if passed >= 13:
            return False
        free = [False] * 13
        for pile in (p[8], p[14]):  # reserve and stock cards can always be moved out of the way
            for card in pile:
                free[card % 13] = True
        for pile in p[9:14]:
            highest = -1
            for card in reversed(pile):  # top to bottom
                rank = card % 13
                if rank >= highest:
                    free[rank] = True
                    highest = rank
        return not all(free[passed:])


def _fly_rank(state: GameState, move: Move, index: dict[str, int]) -> tuple[int, int, int]:
    """Foundation moves; then a card onto a higher card (it goes home first, so it blocks
    nothing; the closer the better); then an empty pile; then onto a lower card. Reserve cards
    before stock cards at equal merit: the reserve is the pile that is hard to dig out."""
    if move.dst.startswith("F"):
        return (0, 0, 0)
    card = state.piles[index[move.src]][-1] % 13
    target = state.piles[index[move.dst]]
    stock = int(move.src == "S")
    if not target:
        return (2, stock, 0)
    top = target[-1] % 13
    return (1, stock, top - card) if top >= card else (3, stock, card - top)


def _one_per_foundation_height(state: GameState, moves: list[Move]) -> list[Move]:
    """Of moves of one card to foundations of equal height, keep the leftmost."""
    out = []
    seen: set[tuple[str, int]] = set()
    for m in moves:
        if m.dst.startswith("F"):
            mark = (m.src, len(state.piles[int(m.dst[1:]) - 1]))
            if mark in seen:
                continue
            seen.add(mark)
        out.append(m)
    return out


POLICIES: dict[str, type[Policy]] = {
    "quadrennial": QuadrennialPolicy,
    "acquaintance": AcquaintancePolicy,
    "acme": AcmePolicy,
    "fly": FlyPolicy,
}


def solve(
    game_or_state: Any,
    *,
    max_nodes: int = 2_000_000,
    max_seconds: float = 10.0,
    cancel: _Cancel | Callable[[], bool] | None = None,
    progress: Callable[[int], None] | None = None,
    use_safe_moves: bool = True,
) -> SolveResult:
    """Search for a winning line from a ``Game`` or ``GameState``.

    ``cancel`` (a ``threading.Event`` or a function returning True) stops the search early, and
    ``progress(nodes)`` is called every few thousand nodes. The result is deterministic for a
    given position and node budget (the time budget can only cut it shorter).
    """
    steps = solve_steps(
        game_or_state,
        max_nodes=max_nodes,
        max_seconds=max_seconds,
        cancel=cancel,
        use_safe_moves=use_safe_moves,
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
    max_nodes: int = 2_000_000,
    max_seconds: float = 10.0,
    cancel: _Cancel | Callable[[], bool] | None = None,
    use_safe_moves: bool = True,
) -> Generator[int, None, SolveResult]:
    """``solve`` in slices: yields the node count every ``SLICE_NODES`` nodes, returns the result.

    A caller without threads (Pyodide) runs one slice at a time and hands control back to its
    event loop in between; ``solve`` simply runs every slice. Same position, same result.
    """
    state: GameState = getattr(game_or_state, "state", game_or_state)
    if not isinstance(state, GameState):
        raise TypeError(f"solve takes a Game or a GameState, not {type(game_or_state).__name__}")
    rules = VARIANTS[state.variant]
    policy = POLICIES[rules.family](rules, use_safe_moves)
    search = _Search(policy, max_nodes, max_seconds, _stopper(cancel))
    try:
        for limit in range(policy.probes):
            if (yield from search.run(state, limit)):
                return search.result("solved")
        won = yield from search.run(state, None)
        return search.result("solved" if won else "unsolvable")
    except _OutOfBudget as stop:
        return search.result("unknown", str(stop))


SLICE_NODES = 1024
"""Nodes between two budget checks, and between two slices of ``solve_steps``."""


class _OutOfBudget(Exception):
    """The node or time budget ran out, or the search was cancelled."""


class _Search:
    """Depth-first search with a transposition table; optionally limited in discrepancies.

    With ``limit`` None the search is complete (``run`` False means no win exists). With a
    ``limit`` it is a limited discrepancy probe: taking the k-th best move instead of the best
    costs k, and a line may cost at most ``limit`` in all. Probes find a line quickly when the
    move ordering is good but wrong near the root, where plain depth-first search would first
    try every variation near the leaves; they prove nothing when they fail.
    """

    def __init__(
        self,
        policy: Policy,
        max_nodes: int,
        max_seconds: float,
        should_stop: Callable[[], bool],
    ) -> None:
        self.policy, self.rules = policy, policy.rules
        self.max_nodes, self.max_seconds = max_nodes, max_seconds
        self.should_stop = should_stop
        self.started = time.perf_counter()
        self.deadline = self.started + max_seconds
        self.nodes = 0
        self.path: list[Move] = []

    def result(self, status: Status, reason: str = "") -> SolveResult:
        line = [str(m) for m in self.path] if status == "solved" else []
        return SolveResult(status, line, self.nodes, time.perf_counter() - self.started, reason)

    def run(self, state: GameState, limit: int | None) -> Generator[int, None, bool]:
        """True when a winning line was found (it is in ``self.path``); yields between slices."""
        policy, rules, path = self.policy, self.rules, self.path
        seen: dict[Any, int] = {}  # key -> the most discrepancies left when it was searched
        path.clear()

        def enter(node: GameState, slack: int) -> GameState | None:
            """Play the safe moves; return the node to expand, or None (searched before)."""
            while True:
                safe = policy.safe(node)
                if safe is None:
                    break
                path.append(safe)
                node = rules.apply(node, safe)
            key = policy.key(node)
            if seen.get(key, -1) >= slack:
                return None
            seen[key] = slack
            return None if policy.dead(node) else node

        start = 0 if limit is None else limit
        root = enter(state, start)
        if root is None:  # unreachable: the table is empty at the start
            return False
        # A won position has no legal move, so is_won is asked only where no move is left.
        moves = policy.moves(root, None)
        if not moves:
            return rules.is_won(root)
        # Each frame: (moves to try, worst first, with their cost), path length, state, slack
        stack = [(self._costed(moves, start, limit), len(path), root, start)]
        while stack:
            todo, depth, node, slack = stack[-1]
            if not todo:
                stack.pop()
                continue
            move, cost = todo.pop()
            del path[depth:]
            path.append(move)
            if self._count():
                yield self.nodes
            child = enter(rules.apply(node, move), slack - cost)
            if child is None:
                continue
            moves = policy.moves(child, move)
            if moves:
                left = slack - cost
                stack.append((self._costed(moves, left, limit), len(path), child, left))
            elif rules.is_won(child):
                return True
        return False

    @staticmethod
    def _costed(moves: list[Move], slack: int, limit: int | None) -> list[tuple[Move, int]]:
        """The moves affordable with ``slack`` discrepancies left, worst first (for popping)."""
        if limit is None:
            return [(m, 0) for m in reversed(moves)]
        return [(m, i) for i, m in reversed(list(enumerate(moves[: slack + 1])))]

    def _count(self) -> bool:
        """Count a node and check the budgets; True when a slice is over."""
        self.nodes += 1
        if self.nodes >= self.max_nodes:
            raise _OutOfBudget(f"node budget of {self.max_nodes} ran out")
        if self.nodes % SLICE_NODES:
            return False
        if time.perf_counter() > self.deadline:
            raise _OutOfBudget(f"time budget of {self.max_seconds:g} s ran out")
        if self.should_stop():
            raise _OutOfBudget("cancelled")
        return True


def _stopper(cancel: _Cancel | Callable[[], bool] | None) -> Callable[[], bool]:
    if cancel is None:
        return lambda: False
    if hasattr(cancel, "is_set"):
        return cancel.is_set
    if callable(cancel):
        return cancel
    raise TypeError("cancel is a threading.Event or a function returning True to stop")
