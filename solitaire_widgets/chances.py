"""Chances from here: *winnable* and the players' chances, per move and for the position.

The player does not know the face-down cards, so every measure is a share of *samples*: each
sample deals the unseen cards at random (every arrangement equally likely, the real one never
used), and every move and every measure is taken on the same samples.

* **winnable**: the share of samples from which a player who could see every card would still
  win. The solver decides each sample; it sees the sample's cards, so this is an upper bound on
  any real player. A sample the solver cannot decide within its node budget is *undecided*: it
  is counted apart, never dropped, and ``Tally.bounds`` gives the range its outcome leaves open
  (all of them lost ... all of them won).
* **a player's chance**: the share of the same samples that a player who sees only the face-up
  cards wins from here, playing a named strategy of ``stats``. By default two players: the
  *thinker* (the best honest player we have: it remembers and looks ahead, ``thinker``) and
  the *hint rules* (the quick hints played blindly). For a visible-only player this is its
  chance to win the real deal.

GAP says in two sentences what the differences between them mean.

Why the computation may take the short cuts it takes:

1. *A player's win is a proof of winnability*: its line wins that sample, so the sample counts as
   winnable without asking the solver. Hence on every sample the player's win implies
   winnable, and the player's chance is never above winnable.
2. *Moves that lead to the same position up to interchangeable piles share their results* on a
   sample (the game profile's ``key`` names such positions alike: the solver's symmetry
   argument, in ``games/<game>.py``).
   A solver verdict for one is a verdict for the other, and a player can play the one's game in
   the other with the interchangeable piles relabelled, so the strategy is played once for
   the group: the player's chance after Fly's ``S-T2`` onto an empty pile is the hint player's
   after ``S-T1``, mirrored.
3. *A position is winnable exactly when one of its moves leads to a winnable position*; so when
   every legal move is measured, the position's verdict on a sample follows from the moves'
   (won if one is won, lost if all are lost, else undecided) without solving it again.

"Unseen" means face down and never seen: from the first redeal on, the stock holds only cards
that were face up, in an order a watching player knows (a redeal is allowed only on an empty
stock and rebuilds it from the waste or the face-up reserve piles), so it is not shuffled.

The computation is a generator (``chance_steps``) that yields after each strategy game (and
within the thinker's games, between the slices of its search) and each solver slice
(``solver.solve_steps``), so a caller without threads can run it a slice at a time;
``measure_chances``, ``position_chances`` and ``move_chances`` simply run it to the end. No
scipy: the intervals are Wilson's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from typing import Any

from .checks import check_confidence, check_count
from .engine import MAX_SEED
from .games import PROFILES, profile_of
from .information import Memory, determinize, hidden_count, info_state, unseen_cards
from .moves import IllegalMoveError, Move, parse_move
from .solver import solve_paced
from .state import GameState, state_of
from .stats.strategies import (
    Outcome,
    Played,
    SolverPlay,
    Strategy,
    ThinkerPlay,
    get_strategy,
    strategy_name,
)
from .tallies import GAP, ChanceReport, Chances, Tally, best_first
from .variants import VARIANTS, Variant

__all__ = [
    "DEFAULT_NODES",
    "DEFAULT_PLAYERS",
    "DEFAULT_SAMPLES",
    "GAP",
    "ChanceReport",
    "Chances",
    "Tally",
    "chance_steps",
    "default_nodes",
    "determinize",
    "hidden_count",
    "measure_chances",
    "move_chances",
    "nothing_to_chance",
    "position_chances",
    "unseen_cards",
    "visible_strategy",
]

DEFAULT_PLAYERS = ("thinker", "hint")
"""The players measured by default: the best honest player, and the quick hints played blindly."""

DEFAULT_SAMPLES = 20
"""Samples of the unseen cards per measurement."""

DEFAULT_NODES = {name: profile.chance_nodes for name, profile in PROFILES.items()}
"""The solver's node budget per sample and position, per game: each profile's
``chance_nodes`` (chosen with ``benchmarks/chances.py`` so that Chances on an opening stays
within seconds)."""


def default_nodes(variant: str) -> int:
    """The node budget per sample for ``variant`` (a rule-knob variant: its game's)."""
    return profile_of(VARIANTS[variant]).chance_nodes


# ------------------------------------------------------------------------------ the measurement
def chance_steps(
    game_or_state: Any,
    moves: Sequence[Move | str] | None = None,
    *,
    position: bool = True,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    max_nodes: int | None = None,
    players: Sequence[str | Strategy] = DEFAULT_PLAYERS,
    strategy: str | Strategy | None = None,
    confidence: float = 0.95,
    memory: Memory | None = None,
) -> Generator[ChanceReport | None, None, ChanceReport]:
    """Measure the chances, one small step at a time; returns the ``ChanceReport``.

    ``moves``: the moves to measure (default: every legal move); ``position``: measure the
    position too. Each of ``samples`` deals of the unseen cards (from ``seed``) is shared by
    all of them; the solver gets ``max_nodes`` nodes per sample and position (default
    ``default_nodes``); ``players`` names the visible-only players (``thinker``, ``hint``,
    ``greedy``, ``random``, or strategy objects; ``strategy=`` names a single one, as before).
    Yields ``None`` after each strategy game, within the thinker's games and after each solver
    slice, and the report so far: once before the first sample, then after each. Bad
    arguments are refused at once, before the first step. ``seed`` must be given as a whole
    number (0 to 2^53 - 1), never None: the same call always measures the same samples.
    ``memory``: what the game showed, taken-back lines included (a ``Game`` brings its own).
    """
    state = state_of(game_or_state, "chance_steps")
    rules = VARIANTS[state.variant]
    memory = getattr(game_or_state, "memory", None) if memory is None else memory
    known = nothing_to_chance(state, "solve()", memory)
    if known is not None:
        raise ValueError(known)
    chosen = _chosen_moves(rules, state, moves)
    confidence = check_confidence(confidence)
    chosen_players = (strategy,) if strategy is not None else tuple(players)
    if isinstance(players, str) or not chosen_players:
        raise ValueError("players is a list of player names, such as ('thinker', 'hint')")
    plays = [visible_strategy(p) for p in chosen_players]
    budget = (
        default_nodes(state.variant)
        if max_nodes is None
        else check_count(max_nodes, "max_nodes (the solver's positions per sample)", low=1)
    )
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 0:
        raise ValueError(f"samples is a number of deals of the unseen cards, not {samples!r}")
    seed = check_count(seed, "seed (the samples' random seed)", high=MAX_SEED)
    return _steps(state, chosen, position, samples, seed, budget, plays, confidence, memory)


def nothing_to_chance(state: GameState, solve: str, memory: Memory | None = None) -> str | None:
    """Why chances are not measured where the player knows every card (``None`` where some
    card is unknown): every sample would be the real position, so an interval over them would
    be a guess about a known thing (the fifty-second review); ``solve`` names the exact answer
    (the function, or the widget's button)."""
    info = info_state(state, memory)
    if not info.complete:
        return None
    return (
        f"{info.known_words()}, so there are no unseen cards to deal: {solve} decides this "
        "position itself (Chances deals the cards you have not seen at random)"
    )


def _steps(
    state: GameState,
    chosen: list[Move],
    position: bool,
    samples: int,
    seed: int,
    budget: int,
    plays: list[Strategy],
    confidence: float,
    memory: Memory | None,
) -> Generator[ChanceReport | None, None, ChanceReport]:
    """The measurement itself (see ``chance_steps``)."""
    rules = VARIANTS[state.variant]
    names = tuple(strategy_name(p) for p in plays)
    key = profile_of(rules).key
    legal = rules.legal_moves(state)
    # the position follows from its moves only when they are all of its legal moves
    from_moves = bool(legal) and set(chosen) == set(legal)
    empty = Tally(confidence=confidence)
    winnable = [empty] * len(chosen)
    chances = [[empty] * len(plays) for _ in chosen]
    here_winnable, here = empty, [empty] * len(plays)
    worlds = random.Random(seed)  # the samples: the same for every move, strategy and budget
    players = random.Random(f"{seed}:player")  # the strategy's randomness, one seed per sample

    def row(move: str, won: Tally, tallies: list[Tally]) -> Chances:
        return Chances(move, won, tuple(zip(names, tallies, strict=True)))

    def report(done: int, nodes: int) -> ChanceReport:
        rows = [row(str(m), winnable[j], chances[j]) for j, m in enumerate(chosen)]
        at = row("", here_winnable, here) if position else None
        return ChanceReport(at, best_first(rows), samples, done, seed, budget, names, nodes)

    nodes = 0
    yield report(0, nodes)
    for i in range(samples):
        world = determinize(state, worlds, memory)
        play_seed = players.getrandbits(64)  # the same for every move of this sample
        verdicts: dict[Any, tuple[Outcome, list[Outcome]]] = {}
        for j, move in enumerate(chosen):
            after = rules.apply(world, move)
            group = key(after)
            if group not in verdicts:
                played = []
                for play in plays:
                    played.append((yield from _play(play, after, play_seed, memory)))
                verdict: Outcome = "won"  # a player's win is a proof: no solver needed
                if "won" not in played:
                    verdict, used = yield from _solve(after, budget)
                    nodes += used
                verdicts[group] = (verdict, played)
            won, played = verdicts[group]
            winnable[j] = winnable[j].count(won)
            chances[j] = [t.count(p) for t, p in zip(chances[j], played, strict=True)]
        if position:
            played = []
            for play in plays:
                played.append((yield from _play(play, world, play_seed, memory)))
            outcome: Outcome = "won"
            if "won" not in played and from_moves:
                outcome = _any_move([verdicts[key(rules.apply(world, m))][0] for m in chosen])
            elif "won" not in played:
                outcome, used = yield from _solve(world, budget)
                nodes += used
            here_winnable = here_winnable.count(outcome)
            here = [t.count(p) for t, p in zip(here, played, strict=True)]
        yield report(i + 1, nodes)
    return report(samples, nodes)


def _play(
    play: Strategy, state: GameState, seed: int, memory: Memory | None
) -> Generator[None, None, Outcome]:
    """A player's game on one sample, yielding between slices where the player has them (the
    thinker's ``steps``, which also gets what the real game showed: ``memory``) and after the
    game otherwise."""
    if isinstance(play, ThinkerPlay):
        played: Played = yield from play.steps(state, random.Random(seed), memory)
        yield None
        return played.outcome
    steps = getattr(play, "steps", None)
    if steps is None:
        outcome = play(state, random.Random(seed)).outcome
        yield None
        return outcome
    played = yield from steps(state, random.Random(seed))
    yield None
    return played.outcome


def _solve(state: GameState, budget: int) -> Generator[None, None, tuple[Outcome, int]]:
    """The solver's verdict on one sample, a slice at a time: won, lost or unknown, and the
    nodes it used. The budget is in nodes, so the verdict is the same on any machine."""
    result = yield from solve_paced(state, budget, lambda: None)
    if result.status == "solved":
        return "won", result.nodes
    return ("lost" if result.status == "unsolvable" else "unknown"), result.nodes


def _any_move(verdicts: Sequence[Outcome]) -> Outcome:
    """A position's verdict from all of its moves': won if one is, lost if all are."""
    if "won" in verdicts:
        return "won"
    return "lost" if all(v == "lost" for v in verdicts) else "unknown"


def _chosen_moves(
    rules: Variant, state: GameState, moves: Sequence[Move | str] | None
) -> list[Move]:
    """The legal moves (by default all of them), each once; an illegal one is refused with
    the rule it breaks."""
    if moves is None:
        return rules.legal_moves(state)
    if isinstance(moves, (str, Move)):
        raise TypeError("moves is a list of moves: write [move] for one")
    chosen: list[Move] = []
    for given in moves:
        move = rules.resolve(state, given if isinstance(given, Move) else parse_move(given))
        why = rules.why_not(state, move)
        if why is not None:
            raise IllegalMoveError(why)
        if move not in chosen:
            chosen.append(move)
    return chosen


def visible_strategy(strategy: str | Strategy) -> Strategy:
    """The player's strategy by name or as given; the solver is refused (it sees every card:
    it is the winnable column)."""
    play = get_strategy(strategy)
    if isinstance(play, SolverPlay):
        raise ValueError(
            "the player's chance is for a player who sees only the face-up cards; the solver "
            "sees every card, and it is the winnable column already: choose thinker, hint, "
            "greedy or random"
        )
    return play


def measure_chances(
    game_or_state: Any,
    moves: Sequence[Move | str] | None = None,
    *,
    position: bool = True,
    cancel: Callable[[], bool] | None = None,
    **options: Any,
) -> ChanceReport:
    """``chance_steps`` run to the end, or until ``cancel()`` is true: then the report covers
    the samples finished so far (``complete`` is False). Options as for ``chance_steps``."""
    steps = chance_steps(game_or_state, moves, position=position, **options)
    last: ChanceReport | None = None
    while True:
        try:
            step = next(steps)
        except StopIteration as done:
            result: ChanceReport = done.value
            return result
        if step is not None:
            last = step
        if last is not None and cancel is not None and cancel():
            steps.close()
            return last


def position_chances(game_or_state: Any, **options: Any) -> Chances:
    """Winnable and the player's chance from this position (options as for ``chance_steps``).

    >>> from solitaire_widgets import Game
    >>> here = position_chances(Game("acme", seed=3), samples=4)
    >>> here.samples, here.player.won <= here.winnable.won
    (4, True)
    """
    report = measure_chances(game_or_state, (), position=True, **options)
    assert report.position is not None
    return report.position


def move_chances(
    game_or_state: Any, moves: Sequence[Move | str] | None = None, **options: Any
) -> list[Chances]:
    """Winnable and the player's chance after each move (default: every legal move), best
    first, all on the same samples (options as for ``chance_steps``)."""
    return list(measure_chances(game_or_state, moves, position=False, **options).moves)
