"""The thinker: a player who remembers what it has seen and looks ahead before it moves.

It decides from the information state alone (``information``: the cards it has seen, where
they must be now, and the set of cards it has never seen), never from the real order of the
unseen cards, so what it plays is what a careful human at the table could play. In order:

1. **Forced**: one move, or one that does not go back to a position already seen.
2. **Safe**: a move that can never lose a won game (``knowledge``: each with its proof).
3. **Proved**: when the player knows every card (none unseen, or only copies of one card,
   known by elimination), the position is known exactly and the solver decides it; the
   thinker plays its winning line (a proof), or says that no line wins.
4. **Sampled**: otherwise it deals the unseen cards at random several times (each arrangement
   equally likely) and measures every candidate move on the same deals; it plays the move
   that does best, ties broken by the hint rules' order. How a move is measured on a deal is
   the game's choice (its ``ThinkerSettings.method``):

   * ``"solve"``, perfect-information Monte Carlo (also called hindsight optimisation;
     Bjarnason, Fern & Tadepalli, ICAPS 2009): the solver decides the position after the move
     on that deal within a node budget: won, lost or undecided (an undecided deal is no
     win: a position the solver cannot settle quickly is often just a wide one). A lost
     deal costs one solve: when the position itself is lost on a deal, every move is (a
     position is won exactly when one of its moves leads to a won position). The hint
     rules' choice is left only for a move that won clearly more of the same deals
     (``MoveTally.better_than``: a paired sign test).
   * ``"rollout"`` (Bertsekas's rollout algorithm): a simple player who sees only the face-up
     cards plays on after the move on that deal; the move whose games win most, and bring
     most cards home, is best. Every move is played out with the same random numbers, so
     their comparison is not blurred by luck.

   Samples are added where the two best moves are close, up to ``max_samples``.

Everything is deterministic for a seed and budgeted in nodes (solver positions, or moves of a
playout), so a busy machine gives the same move; ``think_steps`` yields between slices, so a
caller without threads (the browser-only site) can run it a slice at a time.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Generator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .advice import Hint
from .games import Profile, ThinkerSettings, profile_of
from .hints import hints
from .information import InfoState, Memory, determinize, info_state
from .kernel_state import refuse_in_turns
from .move_tally import MoveTally
from .moves import Move, parse_move
from .solver import solve_paced, solve_steps
from .state import GameState, HasHistory, history_of, state_of
from .thinker_words import alike, average, count, only
from .variants import VARIANTS, Variant

__all__ = [
    "MoveTally",
    "Thinker",
    "ThinkerSettings",
    "Thought",
    "think",
    "think_steps",
]

Kind = Literal["forced", "safe", "proved", "lost", "undecided", "sampled"]


@dataclass(frozen=True)
class Thought:
    """The thinker's choice, how it was made, and why, in words a student can check."""

    move: Move
    kind: Kind
    reason: str
    tallies: tuple[MoveTally, ...] = ()
    unseen: int = 0
    nodes: int = 0

    @property
    def samples(self) -> int:
        return self.tallies[0].samples if self.tallies else 0

    def hint(self) -> Hint:
        """The choice as a ``Hint``: its score is the share of the deals it won (100 for a
        forced, safe or proved move, 0 for a lost position)."""
        if self.kind == "sampled" and self.tallies:
            chosen = next(t for t in self.tallies if t.move == self.move)
            score = round(100 * chosen.won / max(chosen.samples, 1))
        else:
            score = 0 if self.kind in ("lost", "undecided") else 100
        return Hint(str(self.move), score, self.reason, safe=self.kind == "safe")


# ------------------------------------------------------------------------------ deciding
def think_steps(
    state: GameState,
    seen: Collection[GameState] = (),
    *,
    settings: ThinkerSettings | None = None,
    seed: int = 0,
    plan: dict[GameState, Move] | None = None,
    memory: Memory | None = None,
) -> Generator[int, None, Thought | None]:
    """Decide a move from ``state`` (``seen``: the positions of the game so far), a slice at
    a time: yields the nodes used so far, returns the ``Thought`` (None: no legal move).

    ``settings``: how to look ahead (default: the game's, ``Profile.thinker``); ``seed``: the
    deals of the unseen cards. ``plan`` (optional) keeps a proved winning line from one
    decision to the next: a player who has seen every card and found a win need not search
    again while it follows it. ``memory``: what the game has shown, taken-back lines included
    (``Game.memory``; None: what ``state`` shows).
    """
    refuse_in_turns("the thinker")  # it would choose for a student's player (the project)
    rules = VARIANTS[state.variant]
    profile = profile_of(rules)
    chosen = settings or profile.thinker
    legal = rules.legal_moves(state)
    if not legal:
        return None
    fresh = [m for m in legal if rules.apply(state, m) not in seen]
    candidates = fresh or legal
    if len(candidates) == 1:
        return _said(state, seen, Thought(candidates[0], "forced", only(candidates[0], len(legal))))
    ranked = hints(state, seen, limit=0)
    safe = profile.first_safe(state)
    if safe is not None and safe in candidates:
        return _said(state, seen, Thought(safe, "safe", _reason_of(ranked, safe)))
    candidates = _distinct(profile, state, candidates, [parse_move(h.move) for h in ranked])
    if len(candidates) == 1:  # one card onto piles alike: one move (the thirty-seventh review)
        why = f"{_reason_of(ranked, candidates[0])}; {alike(0 < len(fresh) < len(legal))}"
        return _said(state, seen, Thought(candidates[0], "forced", why))
    info = info_state(state, memory)
    if info.complete:
        return (yield from _exact(state, info.known_words(), candidates, ranked, chosen, plan))
    sampler = _Sampler(state, info, candidates, chosen, random.Random(seed), profile)
    return _said(state, seen, (yield from sampler.run()))


def think(
    position: GameState | HasHistory, seen: Collection[GameState] | None = None, **options: Any
) -> Thought:
    """``think_steps`` run to the end (options as there); a ``Game`` brings its own history.
    ``ValueError`` when no move is legal."""
    state = state_of(position, "think")
    history = history_of(position) if seen is None else seen
    options.setdefault("memory", getattr(position, "memory", None))
    thought = _finish(think_steps(state, history, **options))
    if thought is None:
        raise ValueError("no legal move is left: there is nothing to think about")
    return thought


def _said(state: GameState, seen: Collection[GameState], thought: Thought) -> Thought:
    """A move played without search (forced, safe) as the hints would say it: in a position
    they find hopeless (within their budget) it is a move of a lost game, said so as every hint
    says it, not "the thinker's choice" above a list of hopeless moves (the thirty-eighth
    review), and a sampled choice too."""
    said = hints(state, seen)
    if said and said[0].reason.startswith("hopeless"):
        return Thought(thought.move, "lost", said[0].reason)
    return thought


def _reason_of(ranked: Sequence[Hint], move: Move) -> str:
    """The hint rules' reason for ``move``."""
    return next(h.reason for h in ranked if h.move == str(move))


def _distinct(
    profile: Profile, state: GameState, moves: list[Move], order: list[Move]
) -> list[Move]:
    """The candidate moves in the hint rules' order, moves that lead to the same position up
    to an exact symmetry counted once (the profile's key)."""
    groups: dict[object, Move] = {}
    rules = profile.rules
    for move in sorted(moves, key=lambda m: order.index(m) if m in order else len(order)):
        groups.setdefault(profile.key(rules.apply(state, move)), move)
    return list(groups.values())


def _exact(
    state: GameState,
    known: str,
    candidates: list[Move],
    ranked: Sequence[Hint],
    settings: ThinkerSettings,
    plan: dict[GameState, Move] | None,
) -> Generator[int, None, Thought]:
    """Every card is known (``known`` says how): the solver's winning line, or the proof that
    none exists."""
    planned = plan.get(state) if plan is not None else None
    if planned is not None and planned in candidates:
        return Thought(planned, "proved", f"{known}: this move keeps a winning line (proved)")
    result = yield from solve_steps(state, max_nodes=settings.exact_nodes, max_seconds=None)
    rules = VARIANTS[state.variant]
    if result.solved:
        line = [parse_move(m) for m in result.moves]
        if plan is not None:
            here = state
            for move in line:
                plan[here] = move
                here = rules.apply(here, move)
        why = f"{known}: this move keeps a winning line (proved)"
        return Thought(line[0], "proved", why, nodes=result.nodes)
    best = candidates[0]
    if result.status == "unsolvable":
        why = f"{known}: no line wins from here (proved); {_reason_of(ranked, best)}"
        return Thought(best, "lost", why, nodes=result.nodes)
    why = f"{known}, but the solver could not decide in time; {_reason_of(ranked, best)}"
    return Thought(best, "undecided", why, nodes=result.nodes)


@dataclass
class _Sampler:
    """The sampled decision: the candidates measured on the same deals of the unseen cards."""

    state: GameState
    info: InfoState
    candidates: list[Move]
    settings: ThinkerSettings
    rng: random.Random
    profile: Profile
    nodes: int = 0
    tallies: list[MoveTally] = field(default_factory=list)

    def run(self) -> Generator[int, None, Thought]:
        self.tallies = [MoveTally(m) for m in self.candidates]
        rules = VARIANTS[self.state.variant]
        target, taken = self.settings.samples, 0
        while taken < target:
            world = determinize(self.info, self.rng)
            taken += 1
            if self.settings.method == "rollout":
                yield from self._rollouts(rules, world)
            else:
                yield from self._verdicts(rules, world)
            if taken >= self.settings.min_samples and self._settled(target - taken):
                break
            if taken == target and target < self.settings.max_samples and self._close():
                target = min(target + self.settings.samples, self.settings.max_samples)
        best = max(self.tallies, key=MoveTally.score)  # the first of equals: hint order
        default = self.tallies[0]  # the hint rules' choice: left only on good evidence
        if self.settings.method == "solve" and not best.better_than(default, self.settings.margin):
            best = default
        return Thought(
            best.move,
            "sampled",
            self._reason(best, taken),
            tuple(self.tallies),
            len(self.info.unseen),
            self.nodes,
        )

    def _settled(self, left: int) -> bool:
        """Whether more deals cannot change the choice: the best move is ahead by more than
        the deals left, or every move has done exactly the same so far."""
        scores = sorted((t.score()[0] for t in self.tallies), reverse=True)
        same = len({(t.won, t.lost, t.undecided) for t in self.tallies}) == 1
        return scores[0] - scores[1] > left or (same and self.settings.method == "solve")

    def _close(self) -> bool:
        scores = sorted((t.score()[0] for t in self.tallies), reverse=True)
        return scores[0] - scores[1] < self.settings.close

    def _verdicts(self, rules: Variant, world: GameState) -> Generator[int, None, None]:
        """Each move decided by the solver on ``world``; the position first, since a lost
        position makes every move lost, and a won one names a move that wins."""
        status, line = yield from self._solve(world)
        if status == "unsolvable":
            for tally in self.tallies:
                tally.count("unsolvable")
            return
        winner = parse_move(line[0]) if status == "solved" else None
        for tally in self.tallies:
            if tally.move == winner:
                tally.count("solved")
                continue
            verdict, _ = yield from self._solve(rules.apply(world, tally.move))
            tally.count(verdict)

    def _solve(self, world: GameState) -> Generator[int, None, tuple[str, list[str]]]:
        result = yield from solve_paced(world, self.settings.nodes, lambda: self.nodes)
        self.nodes += result.nodes
        yield self.nodes
        return result.status, result.moves

    def _rollouts(self, rules: Variant, world: GameState) -> Generator[int, None, None]:
        """Each move played out by the visible-only player on ``world``, all with the same
        random numbers."""
        seed = self.rng.getrandbits(32)
        for tally in self.tallies:
            after = rules.apply(world, tally.move)
            home, moves = self.profile.rollout(after, random.Random(seed))
            self.nodes += moves
            tally.home += home
            tally.count("solved" if home == rules.total_cards else "unsolvable")
        yield self.nodes

    def _reason(self, best: MoveTally, samples: int) -> str:
        """Why, in numbers a student can check: the best move's result and the next best's."""
        unseen = len(self.info.unseen)
        cards = "card" if unseen == 1 else "cards"
        deals = f"{samples} random deals of the {unseen} {cards} you have not seen"
        others = sorted(
            (t for t in self.tallies if t is not best), key=MoveTally.score, reverse=True
        )
        if self.settings.method == "rollout":
            text = (
                f"played on by simple rules in {deals}, it ends with "
                f"{average(best.home, samples)} cards home on average and wins {best.won}"
            )
            if others:
                nxt = others[0]
                text += f"; the next best, {nxt.move}, {average(nxt.home, samples)} and {nxt.won}"
            return text
        text = f"wins in {count(best)} of {deals}"
        if not others:
            return text
        rival, quick = others[0], self.tallies[0]  # (the first tally is the quick hint's)
        if rival.score() > best.score():  # the quick hint kept: the rival's lead could be luck
            return (
                f"{text}; {rival.move} won {rival.won}, not clearly more (that could be "
                "luck), so the quick hint's choice stands"
            )
        if rival.score() == best.score():
            text += f"; {rival.move} did as well"
            if best is quick:
                return f"{text}, so the quick hint's choice stands"
        else:
            text += f"; the next best, {rival.move}, in {count(rival)}"
        if best is not quick and rival is not quick:  # why the quick hint was overruled
            text += f"; the quick hint's {quick.move}, in {count(quick)}"
        return text


# ------------------------------------------------------------------------------ a whole game
@dataclass
class Thinker:
    """The thinker playing one game: one decision after another, keeping what it proved."""

    settings: ThinkerSettings | None = None
    seed: int = 0
    plan: dict[GameState, Move] = field(default_factory=dict)
    decisions: int = 0

    def decide(
        self, state: GameState, seen: Collection[GameState], memory: Memory | None = None
    ) -> Thought | None:
        """The next decision, run to the end."""
        return _finish(self.decide_steps(state, seen, memory))

    def decide_steps(
        self, state: GameState, seen: Collection[GameState], memory: Memory | None = None
    ) -> Generator[None, None, Thought | None]:
        """The next decision, a slice at a time (``think_steps`` with this game's seed)."""
        self.decisions += 1
        steps = think_steps(
            state,
            seen,
            settings=self.settings,
            seed=self.seed * 1_000_003 + self.decisions,
            plan=self.plan,
            memory=memory,
        )
        while True:
            try:
                next(steps)
            except StopIteration as done:
                thought: Thought | None = done.value
                return thought
            yield None


def _finish(steps: Generator[Any, None, Thought | None]) -> Thought | None:
    """Run a sliced decision to its end and give its value (a caller without slices)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            thought: Thought | None = done.value
            return thought
