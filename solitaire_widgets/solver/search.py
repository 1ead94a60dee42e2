"""The search itself: depth-first with a transposition table, probes, playouts, and budgets.

* **Complete search.** Depth-first over positions, each reduced to its key (the policy); a
  key searched before is not searched again. With this closed set the search visits every
  key reachable from the start through the candidate moves, so it finds a win whenever one is
  reachable, and when it runs out of positions no line wins. That needs three things, each
  argued where it is made, in each game's profile (``games/<game>.py``): the key merges only
  positions that are won alike, the candidate moves leave out only moves to a key that a kept
  move also reaches (or a move a kept one is never worse than), and the moves played without
  branching (safe moves) and the positions cut as dead are right. All three depend on the
  position alone, never on the path that reached it, so the table cannot hide a win: a key
  reached twice has the same candidates both times.
* **Limited discrepancy probes.** Before the complete search, a policy may ask for probes:
  lines that leave the preferred move at most ``limit`` times (taking the k-th best move costs
  k). They find a line quickly when the order is good but wrong near the root, where plain
  depth-first search would first try every variation near the leaves; they prove nothing
  when they fail.
* **Randomized playouts and nested runs** (``Policy.tries``), interleaved with the complete
  search for a share of the nodes: greedy lines with random noise in the order, from the
  start, each a fresh try, and (Fly) nested runs that choose each move by the playouts after
  it. A won try is a winning line (checked move by move); a lost one proves nothing.
* **A policy's own search** (``Policy.settle``): where a game has a faster exact search for
  part of the tree (Quadrennial's last pass), the complete search hands it the node and
  takes its verdict; its positions count as nodes, and a slice that ends inside it pauses at
  the next node of the main search.
* **Budgets.** Nodes (positions expanded, or playout moves) and CPU seconds of the thread
  that runs the search, counted only while it runs (``solve_steps`` may be run slice by slice
  with other work in between), so the same call gives the same verdict on a busy machine. The
  node budget repeats exactly on any machine; seconds are the classroom's guard.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator, Hashable
from typing import Any, Literal

from ..games.policy import Policy
from ..kernel_state import refuse_in_turns
from ..moves import Move, parse_move
from ..state import GameState
from . import collector

Status = Literal["solved", "unsolvable", "unknown"]

SLICE_NODES = 1024
"""Nodes of one turn of the complete search or the playouts when they take turns
(``Search._interleaved``), and at most this many between two slices of ``solve_steps`` (a
policy may pause more often: ``Policy.pause_nodes``; the turns, so the search, stay the same)."""

RELEASE_ENTRIES = 8_192
"""Entries of the tables freed between two pauses at the end of a solve (``Search.release``):
about 10 ms of work for Quadrennial keys."""


def _cpu_clock() -> Callable[[], float]:
    """CPU seconds of the calling thread; the process's, or the wall clock, where the platform
    has no thread clock (a browser's Python may lack one)."""
    for name in ("thread_time", "process_time"):
        clock: Callable[[], float] | None = getattr(time, name, None)  # Pyodide: no thread_time
        try:
            if clock is not None:
                clock()
                return clock
        except OSError:  # pragma: no cover - platform dependent
            continue
    return time.perf_counter  # pragma: no cover


CPU_CLOCK = _cpu_clock()


class OutOfBudget(Exception):
    """The node or time budget ran out, or the search was cancelled."""


class Search:
    """One solve: the budgets, the node count, and the searches that share them."""

    def __init__(
        self,
        policy: Policy,
        max_nodes: float,
        max_seconds: float,
        should_stop: Callable[[], bool],
    ) -> None:
        refuse_in_turns("the solver")  # it would choose for a student's player (the project)
        self.policy, self.rules = policy, policy.rules
        self.max_nodes, self.max_seconds = max_nodes, max_seconds
        self.should_stop = should_stop
        self.nodes = 0
        self.spent = 0.0  # CPU seconds, summed over the slices run so far
        self.resumed: float | None = None  # the clock when the slice under way began
        self.next_pause = min(SLICE_NODES, policy.pause_nodes)  # the next slice ends here
        self.next_turn = SLICE_NODES  # and the turn under way here (``_interleaved``)
        self.turn_over = False
        self.path: list[Any] = []  # the line searched, in the policy's node moves
        self.tables: list[dict[Hashable, int]] = []  # the searches' own, emptied by ``release``

    def seconds(self) -> float:
        """CPU seconds of the search: the slices ended, and the one under way."""
        if self.resumed is None:
            return self.spent
        return self.spent + CPU_CLOCK() - self.resumed

    def run(self, state: GameState) -> Generator[int, None, tuple[Status, list[Move]]]:
        """The whole solve in slices, then its tables emptied (``release``), however it ends.

        Each slice is timed here alone: the clock runs from the moment the caller asks for a
        slice until the slice yields (or the search ends or raises). The searches inside
        (probes, the complete search, the playouts, each a generator of its own, taking turns)
        only yield; none of them touches the clock, so a slice is counted once whichever of
        them ran it. Each slice runs with the garbage collector paused and ends by freezing
        what it tracks (``collector``): the tables would otherwise stall the process in full
        collections."""
        steps = self._search(state)
        with collector.during_search():  # after the tables are emptied: a cheap hand-back
            try:
                result = yield from self._slices(steps)
            except OutOfBudget:
                yield from self.release()
                raise
            except BaseException:  # closed, or the caller's own error: no more pauses
                for _ in self.release():
                    pass
                raise
            yield from self.release()
            return result

    def _slices(
        self, steps: Generator[int, None, tuple[Status, list[Move]]]
    ) -> Generator[int, None, tuple[Status, list[Move]]]:
        while True:
            with collector.during_slice():
                self.resumed = CPU_CLOCK()
                try:
                    nodes = next(steps)
                except StopIteration as done:
                    result: tuple[Status, list[Move]] = done.value
                    return result
                finally:
                    self.spent += CPU_CLOCK() - self.resumed
                    self.resumed = None
            yield nodes

    def release(self) -> Generator[int, None, None]:
        """Empty the solve's tables ``RELEASE_ENTRIES`` entries at a time, pausing in between.

        A long search's tables hold a million keys or more; freed at once (as a table is when
        its last reference goes) they take a third of a second in one step of the interpreter,
        with its lock held: the kernel's heartbeat, a click's answer and the event loop of the
        browser-only site all wait. Popped a part at a time, the same work lets other threads
        in (the lock changes hands between Python instructions) and, at each pause, the
        cooperative runner. At the end of a solve the pauses come after the verdict and are
        not counted as the search's CPU time (a failed probe's table, emptied before the next
        probe, is); a small table is emptied without a pause. Closed at a pause (Stop pressed
        meanwhile), it empties the rest without pauses, then ends as closed."""
        closed = False
        tables: list[dict[Hashable, int] | set[Hashable]] = [*self.tables, *self.policy.tables()]
        for table in tables:
            pop: Callable[[], object] = table.popitem if isinstance(table, dict) else table.pop
            while len(table) > RELEASE_ENTRIES:
                for _ in range(RELEASE_ENTRIES):
                    pop()
                if not closed:
                    try:
                        yield self.nodes
                    except GeneratorExit:
                        closed = True
            table.clear()
        self.tables.clear()
        if closed:
            raise GeneratorExit

    def _search(self, state: GameState) -> Generator[int, None, tuple[Status, list[Move]]]:
        """The whole solve: probes, then the complete search with playouts alongside."""
        policy = self.policy
        eager = policy.use_knowledge and type(policy).eager is not Policy.eager
        if eager and (yield from self.dfs(state, None, eager=True)):
            return "solved", policy.line(state, self.path)
        for limit in range(policy.probes):
            if (yield from self.dfs(state, limit)):
                return "solved", policy.line(state, self.path)
            yield from self.release()  # the failed probe's table
        if policy.playout_share <= 0 or not policy.use_knowledge:
            won = yield from self.dfs(state, None)
            return ("solved" if won else "unsolvable"), policy.line(state, self.path)
        return (yield from self._interleaved(state, policy.playout_share))

    def _interleaved(
        self, state: GameState, share: float
    ) -> Generator[int, None, tuple[Status, list[Move]]]:
        """The complete search and the playouts in turns, slice by slice, the playouts taking
        ``share`` of the nodes (a fixed schedule: the same call, the same turns)."""
        complete = self.dfs(state, None)
        playouts = self.playouts(state)
        used = {"dfs": 0, "playouts": 0}
        turn: str | None = None
        while True:
            if turn is None:  # a new turn
                total = used["dfs"] + used["playouts"]
                turn = "playouts" if used["playouts"] < share * total else "dfs"
            before = self.nodes
            self.turn_over = False
            try:
                yield next(complete if turn == "dfs" else playouts)
            except StopIteration as done:
                if turn == "dfs":
                    status: Status = "solved" if done.value else "unsolvable"
                    return status, self.policy.line(state, self.path)
                return "solved", done.value
            used[turn] += self.nodes - before
            if self.turn_over:  # else a slice ended inside the turn, which goes on
                turn = None

    # ------------------------------------------------------------------ the complete search
    def dfs(
        self, state: GameState, limit: int | None, eager: bool = False
    ) -> Generator[int, None, bool]:
        """True when a winning line was found (it is in ``self.path``); yields between slices.

        With ``limit`` None the search is complete (False: no line wins); with a ``limit`` it
        is a limited discrepancy probe, and with ``eager`` it plays the policy's eager moves
        without branching (both prove nothing when they fail).
        """
        policy, path = self.policy, self.path
        legal_of, apply = policy.legal, policy.apply
        seen: dict[Hashable, int] = {}  # key -> the most discrepancies left when searched
        self.tables.append(seen)
        path.clear()

        # a policy's own search, if it has one (no call per node for the others)
        settle = policy.settle if type(policy).settle is not Policy.settle else None
        owed = [False]  # a slice ended inside ``settle``: pause at the next node

        def count(nodes: int) -> None:
            """Positions expanded by a policy's own search (``settle``)."""
            if self._count(nodes):
                owed[0] = True

        def enter(node: Any, slack: int) -> tuple[Any, list[Any]] | None:
            """Play the safe moves; the node to expand and its candidates, or None (a key
            searched before, dead, or settled lost by the policy). A node without candidates
            is over: won or lost (a node the policy settled won comes back at the end of its
            winning line, which is added to the path)."""
            while True:
                safe = policy.eager(node) if eager else policy.safe(node)
                if safe is None:
                    break
                path.append(safe)
                node = apply(node, safe)
            key = policy.key(node)
            if seen.get(key, -1) >= slack:
                return None
            seen[key] = slack
            settled = settle(node, count) if settle else None
            if settled is not None:
                won, moves = settled
                if not won:
                    return None
                for move in moves:
                    path.append(move)
                    node = apply(node, move)
                return node, []
            legal = legal_of(node)
            if not legal:
                return node, []
            if policy.dead(node):
                return None
            return node, policy.order(node, legal)

        start = 0 if limit is None else limit
        root = enter(policy.start(state), start)
        if root is None:
            return False
        node, moves = root
        if not moves:
            return policy.won(node)
        # Each frame: moves still to try (worst first, with their cost), path length, node,
        # discrepancies left
        stack = [(self._costed(moves, start, limit), len(path), node, start)]
        while stack:
            todo, depth, node, slack = stack[-1]
            if not todo:
                stack.pop()
                continue
            move, cost = todo.pop()
            del path[depth:]
            path.append(move)
            if self._count(1) or owed[0]:
                owed[0] = False
                yield from self._pause()
            child = enter(apply(node, move), slack - cost)
            if child is None:
                continue
            node_after, moves = child
            if moves:
                left = slack - cost
                stack.append((self._costed(moves, left, limit), len(path), node_after, left))
            elif policy.won(node_after):
                return True
        return False

    @staticmethod
    def _costed(moves: list[Any], slack: int, limit: int | None) -> list[tuple[Any, int]]:
        """The moves affordable with ``slack`` discrepancies left, worst first (for popping)."""
        if limit is None:
            return [(m, 0) for m in reversed(moves)]
        return [(m, i) for i, m in reversed(list(enumerate(moves[: slack + 1])))]

    # ------------------------------------------------------------------ playouts
    def playouts(self, state: GameState) -> Generator[int, None, list[Move]]:
        """The policy's tries (``Policy.tries``) from ``state`` until one wins (its line is
        returned); runs until the budget ends it otherwise. Seeded: the same tries always."""
        tries = self.policy.tries(state, random.Random(1))
        while True:
            try:
                moves = next(tries)
            except StopIteration as won:
                return [parse_move(m) for m in won.value]
            if self._count(max(moves, 1)):
                yield from self._pause()

    # ------------------------------------------------------------------ budgets
    def _count(self, nodes: int) -> bool:
        """Count nodes and check the budgets; True when a slice is over (and, past
        ``next_turn``, the turn under way too: the turns end at the same node counts whatever
        the policy's ``pause_nodes``)."""
        self.nodes += nodes
        if self.nodes >= self.max_nodes:
            self.nodes = min(self.nodes, int(self.max_nodes))
            raise OutOfBudget(f"node budget of {int(self.max_nodes)} ran out")
        if self.nodes < self.next_pause:
            return False
        if self.nodes >= self.next_turn:
            self.next_turn = self.nodes + SLICE_NODES
            self.turn_over = True
        self.next_pause = min(self.nodes + self.policy.pause_nodes, self.next_turn)
        if self.seconds() > self.max_seconds:
            raise OutOfBudget(f"time budget of {self.max_seconds:g} CPU seconds ran out")
        if self.should_stop():
            raise OutOfBudget("cancelled")
        return True

    def _pause(self) -> Generator[int, None, None]:
        """Hand control back between slices (``run`` stops the clock while away)."""
        yield self.nodes
