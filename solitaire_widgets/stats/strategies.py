"""Automatic players to compare: random, greedy, the hint engine, and the solver (upper bound).

A strategy plays one whole deal: ``strategy(state, rng) -> Played``. It is a picklable value (a
frozen dataclass at module level, or a module-level function), so the same object runs in this
process, in a process pool or on dask workers; all its randomness comes from ``rng``, which the
runner seeds per game, so results never depend on which worker played which deal.

No player may loop (RULES.md: Acme can shuffle cards between tableau piles forever): random play
stops at a move cap, greedy play never returns to a position it has seen, and the hint player
follows hints that know its history, stopping when even the top hint would repeat a position.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Literal, NamedTuple

from ..checks import check_node_budget, check_seconds
from ..games import ThinkerSettings
from ..hints import hints
from ..information import Memory, remember
from ..moves import DEAL, DRAW, REDEAL, Move, parse_move
from ..solver import solve
from ..state import GameState
from ..thinker import Thinker
from ..variants import VARIANTS, Variant

Outcome = Literal["won", "lost", "unknown"]


class Played(NamedTuple):
    """How one deal went.

    ``outcome`` is ``won``, ``lost`` or ``unknown`` (the solver ran out of budget); ``cards_home``
    the cards on the foundations at the end (None when no game was played out, as for a deal
    the solver did not win); ``moves`` the moves made; ``capped`` whether the move cap stopped it.
    """

    outcome: Outcome
    cards_home: int | None
    moves: int
    capped: bool = False


Strategy = Callable[[GameState, random.Random], Played]
"""Plays one deal from its starting state, drawing any randomness from the given ``rng``."""


def finish(rules: Variant, state: GameState, moves: int, capped: bool = False) -> Played:
    """The record of a game played out to ``state``: won, or else lost."""
    won = rules.is_won(state)
    return Played("won" if won else "lost", rules.cards_home(state), moves, capped and not won)


@dataclass(frozen=True)
class RandomPlay:
    """Uniformly random legal moves, up to ``max_moves`` (Acme can loop for ever)."""

    max_moves: int = 1000
    name: str = "random"

    def __call__(self, state: GameState, rng: random.Random) -> Played:
        rules = VARIANTS[state.variant]
        legal, apply = rules.legal_moves, rules.apply
        for done in range(self.max_moves):
            options = legal(state)
            if not options:
                return finish(rules, state, done)
            state = apply(state, options[int(rng.random() * len(options))])
        return finish(rules, state, self.max_moves, capped=bool(legal(state)))


def greedy_rank(rules: Variant, state: GameState, move: Move) -> tuple[int, int]:
    """The fixed preference of the greedy player (lower first).

    Foundation moves; then cards freed from the reserve onto a tableau pile (Acme: R-T uncovers
    a reserve card); then the waste onto a built tableau pile; then building tableau onto
    tableau; then Fly's stock onto the tableau pile whose top card is needed latest; then draw
    or deal; then a card onto an empty tableau pile; redeal last.
    """
    if move in (DRAW, DEAL):
        return (6, 0)
    if move == REDEAL:
        return (8, 0)
    src, dst = rules.index[move.src], rules.index[move.dst]
    kind_src, kind_dst = rules.kinds[src], rules.kinds[dst]
    if kind_dst == "foundation":
        return (0, 0)
    target = state.piles[dst]
    if not target and rules.stock_face_up_top and kind_src == "stock":
        return (4, -13)  # Fly: an empty pile buries nothing
    if not target:
        return (7, 0)
    if kind_src == "reserve":
        return (1, 0)
    if kind_src == "waste":
        return (2, 0)
    if kind_src == "tableau":
        return (3, 0)
    return (4, -(target[-1] % 13))  # Fly's stock: on the highest-ranked top card first


@dataclass(frozen=True)
class GreedyPlay:
    """Foundation moves first, then a fixed preference order (``greedy_rank``), never looping:
    it never plays into a position it has already been in, and stops when every move would."""

    max_moves: int = 3000
    name: str = "greedy"

    def __call__(self, state: GameState, rng: random.Random) -> Played:
        rules = VARIANTS[state.variant]
        seen = {state.key()}
        for done in range(self.max_moves):
            options = rules.legal_moves(state)
            options.sort(key=lambda m: greedy_rank(rules, state, m))
            for move in options:
                after = rules.apply(state, move)
                key = after.key()
                if key not in seen:
                    break
            else:
                return finish(rules, state, done)
            seen.add(key)
            state = after
        return finish(rules, state, self.max_moves, capped=bool(rules.legal_moves(state)))


@dataclass(frozen=True)
class HintPlay:
    """The hint engine's choice (``hints.hints``), which uses only what a player can see.

    Like a student who follows the hints, it plays the top hint with the game's history
    (``hints(state, seen)``: a move back to a position already seen ranks last), and stops
    when even the top hint would return to one, or at ``max_moves``. It skips the hints'
    hopeless test (``limit=0``), which never changes their order, only their words.
    """

    max_moves: int = 3000
    name: str = "hint"

    def __call__(self, state: GameState, rng: random.Random) -> Played:
        rules = VARIANTS[state.variant]
        seen = {state}
        for done in range(self.max_moves):
            ranked = hints(state, seen, limit=0)
            if not ranked:
                return finish(rules, state, done)
            after = rules.apply(state, parse_move(ranked[0].move))
            if after in seen:
                return finish(rules, state, done)
            seen.add(after)
            state = after
        return finish(rules, state, self.max_moves, capped=bool(rules.legal_moves(state)))


@dataclass(frozen=True)
class SolverPlay:
    """The solver, which sees every card (face-down ones too): an upper bound on any player.

    Each deal gets a budget; a deal the solver neither wins nor proves lost within it is
    ``unknown`` and is reported apart, never counted as a win or a loss. Budget by nodes for
    results that repeat exactly (the default: no time limit); a ``max_seconds`` budget makes
    the result depend on the machine's speed.
    """

    max_nodes: int | None = 200_000
    max_seconds: float | None = None
    name: str = "solver"

    def __post_init__(self) -> None:
        """The budgets are checked here, as ``solve`` checks them (None: no limit)."""
        object.__setattr__(self, "max_nodes", check_node_budget(self.max_nodes))
        object.__setattr__(self, "max_seconds", check_seconds(self.max_seconds))

    def __call__(self, state: GameState, rng: random.Random) -> Played:
        result = solve(state, max_nodes=self.max_nodes, max_seconds=self.max_seconds)
        rules = VARIANTS[state.variant]
        if result.status == "solved":
            return Played("won", rules.total_cards, len(result.moves))
        if result.status == "unsolvable":
            return Played("lost", None, 0)
        return Played("unknown", None, 0)


@dataclass(frozen=True)
class ThinkerPlay:
    """The thinker (``thinker``): remembers every card it has seen and looks ahead on random
    deals of the cards it has not seen; never peeks. ``settings`` None: the game's own.

    Like the hint player it never plays back into a position it has been in, and stops when
    every move would. ``steps`` plays the same game a slice at a time (for callers without
    threads: its decisions can take a second each).
    """

    settings: ThinkerSettings | None = None
    max_moves: int = 3000
    name: str = "thinker"

    def __call__(
        self, state: GameState, rng: random.Random, memory: Memory | None = None
    ) -> Played:
        steps = self.steps(state, rng, memory)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                played: Played = done.value
                return played

    def steps(
        self, state: GameState, rng: random.Random, memory: Memory | None = None
    ) -> Generator[None, None, Played]:
        """The game, yielding between slices of the thinker's search; ``memory``: what the game
        that reached ``state`` showed (``information.Memory``), kept up to date as it plays."""
        rules = VARIANTS[state.variant]
        thinker = Thinker(self.settings, rng.getrandbits(32))
        seen = {state}
        for done in range(self.max_moves):
            memory = remember(memory, state)
            thought = yield from thinker.decide_steps(state, seen, memory)
            if thought is None:
                return finish(rules, state, done)
            state = rules.apply(state, thought.move)
            if state in seen:  # every move goes back: the game is over for this player
                return finish(rules, state, done + 1)
            seen.add(state)
        return finish(rules, state, self.max_moves, capped=bool(rules.legal_moves(state)))


STRATEGIES: dict[str, Callable[[], Strategy]] = {
    "random": RandomPlay,
    "greedy": GreedyPlay,
    "hint": HintPlay,
    "solver": SolverPlay,
    "thinker": ThinkerPlay,
}


def get_strategy(strategy: str | Strategy) -> Strategy:
    """A strategy by name (``random``, ``greedy``, ``hint``, ``solver``) or as given."""
    if isinstance(strategy, str):
        try:
            return STRATEGIES[strategy.strip().lower()]()
        except KeyError:
            raise ValueError(
                f"unknown strategy {strategy!r}: choose one of {', '.join(STRATEGIES)}"
            ) from None
    if not callable(strategy):
        raise ValueError(f"a strategy is a name or a callable (state, rng) -> Played: {strategy!r}")
    return strategy


def strategy_name(strategy: Strategy) -> str:
    """A strategy's ``name`` attribute, or its function name."""
    name = getattr(strategy, "name", None)
    return name if isinstance(name, str) else getattr(strategy, "__name__", type(strategy).__name__)
