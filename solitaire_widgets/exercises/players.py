"""Players written by students, played on fixed deals and compared with greedy and hint play.

A player is a function from a ``View`` (what a player sees: face-up cards, how many cards are face
down, the legal moves) to a move. ``compare_with_greedy`` plays it on the same deals as the
greedy and hint players of ``stats`` and says, with McNemar's exact test on the same deals,
whether the difference from greedy is more than luck.

A game ends when it is won, when no move is legal, after ``MAX_MOVES`` moves, or when a position
comes back: a player that decides from what it sees would then go round the same circle for
ever (an Acme card moved to an empty pile and back), so the game counts as lost there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from math import comb
from types import MappingProxyType
from typing import Literal

from ..cards import Card
from ..engine import new_state
from ..intervals import Interval, wilson
from ..moves import Move, NotationError, parse_move
from ..state import GameState
from ..stats.strategies import GreedyPlay, HintPlay
from ..variants import VARIANTS, get_variant

MAX_MOVES = 1000
DEALS = range(1, 301)  # the fixed deals of the project: the same for every student
SIGNIFICANCE = 0.05

Ending = Literal["won", "stuck", "circle", "cap"]


@dataclass(frozen=True)
class View:
    """What a player sees of a position: never a face-down card.

    ``piles[name]`` holds the face-up cards of a pile, bottom to top (``Card`` values: ``card.rank``
    1 for an ace to 13 for a king, ``card.suit`` 0 clubs, 1 diamonds, 2 hearts, 3 spades);
    ``hidden[name]`` how many cards lie face down under them; ``legal`` the legal moves
    (``move.src`` and ``move.dst`` are pile names, ``str(move)`` is the notation).
    """

    variant: str
    piles: Mapping[str, tuple[Card, ...]]
    hidden: Mapping[str, int]
    legal: tuple[Move, ...]
    redeals_left: int

    def top(self, pile: str) -> Card | None:
        """The face-up top card of a pile, or None when it has none."""
        cards = self.piles[pile]
        return cards[-1] if cards else None

    def home_moves(self) -> list[Move]:
        """The legal moves that send a card to a foundation."""
        return [move for move in self.legal if move.dst.startswith("F")]


def view_of(state: GameState) -> View:
    """The ``View`` of a position: face-up cards only."""
    rules = VARIANTS[state.variant]
    piles: dict[str, tuple[Card, ...]] = {}
    hidden: dict[str, int] = {}
    for index, name in enumerate(rules.pile_names):
        down = rules.face_down(state, index)
        piles[name] = state.piles[index][down:]
        hidden[name] = down
    return View(
        state.variant,
        MappingProxyType(piles),
        MappingProxyType(hidden),
        tuple(rules.legal_moves(state)),
        rules.redeals_left(state),
    )


Player = Callable[[View], object]
"""A function from what a player sees to a move (a ``Move`` or its notation, like ``"R-T2"``)."""


class PlayerError(ValueError):
    """A player returned something that is not a legal move; the message says where and why."""


@dataclass(frozen=True)
class GameOutcome:
    """One deal played by a player: how it ended, and how often a foundation move was passed up."""

    deal: int
    ending: Ending
    moves: int
    cards_home: int
    home_passed_up: int

    @property
    def won(self) -> bool:
        return self.ending == "won"


def play_deal(player: Player, variant: str, deal: int, max_moves: int = MAX_MOVES) -> GameOutcome:
    """Play one deal with ``player``; ``PlayerError`` if it ever picks a move that is not legal."""
    rules = get_variant(variant)
    state = new_state(rules.name, deal)
    seen = {state.key()}
    passed_up = 0
    for done in range(max_moves):
        if rules.is_won(state):
            return GameOutcome(deal, "won", done, rules.cards_home(state), passed_up)
        view = view_of(state)
        if not view.legal:
            return GameOutcome(deal, "stuck", done, rules.cards_home(state), passed_up)
        move = _checked_choice(player, view, state, deal, done)
        if not move.dst.startswith("F") and view.home_moves():
            passed_up += 1
        state = rules.apply(state, move)
        if state.key() in seen:
            return GameOutcome(deal, "circle", done + 1, rules.cards_home(state), passed_up)
        seen.add(state.key())
    ending: Ending = "won" if rules.is_won(state) else "cap"
    return GameOutcome(deal, ending, max_moves, rules.cards_home(state), passed_up)


def _checked_choice(player: Player, view: View, state: GameState, deal: int, done: int) -> Move:
    """The player's choice as a legal ``Move``, or a ``PlayerError`` that says what went wrong."""
    where = f"deal {deal}, move {done + 1}"
    try:
        choice = player(view)
    except Exception as error:  # the student's code: say what it raised, and where
        raise PlayerError(f"{where}: your player raised {error!r}") from error
    if choice is None or choice is Ellipsis:
        raise PlayerError(f"{where}: your player returned {choice!r} instead of a move")
    rules = VARIANTS[state.variant]
    try:
        move = rules.resolve(state, parse_move(choice))
    except NotationError as error:
        raise PlayerError(f"{where}: your player chose {choice!r}: {error}") from None
    if move not in view.legal:
        reason = rules.why_not(state, move) or "it is not one of view.legal"
        raise PlayerError(f"{where}: your player chose {str(move)!r}, which is refused: {reason}")
    return move


def plain_probability(p: float) -> str:
    """A probability as a student reads it: 0.25, 0.046, 0.000061 (about 1 in 16,384)."""
    if p >= 0.1:
        return f"{p:.2f}"
    if p >= 0.001:
        return f"{p:.3f}"
    if p < 1e-6:
        return "less than 0.000001 (1 in a million)"
    return f"{p:.7f}".rstrip("0") + f" (about 1 in {round(1 / p):,})"


def mcnemar_p_value(only_first: int, only_second: int) -> float:
    """McNemar's exact test, two-sided: the chance of a split of the deals that only one player
    won at least as one-sided as this one, if each such deal were a fair coin toss."""
    n = only_first + only_second
    if n == 0:
        return 1.0
    tail = sum(comb(n, k) for k in range(min(only_first, only_second) + 1))
    return min(1.0, 2 * tail / (1 << n))


@dataclass(frozen=True)
class Comparison:
    """A player against greedy and hint play on the same deals."""

    variant: str
    deals: tuple[int, ...]
    yours: tuple[GameOutcome, ...]
    greedy: tuple[bool, ...]
    hint: tuple[bool, ...]

    @property
    def wins(self) -> int:
        return sum(game.won for game in self.yours)

    @property
    def only_yours(self) -> int:
        """Deals your player won and greedy lost."""
        return sum(game.won and not g for game, g in zip(self.yours, self.greedy, strict=True))

    @property
    def only_greedy(self) -> int:
        """Deals greedy won and your player lost."""
        return sum(g and not game.won for game, g in zip(self.yours, self.greedy, strict=True))

    @property
    def p_value(self) -> float:
        return mcnemar_p_value(self.only_yours, self.only_greedy)

    @property
    def beats_greedy(self) -> bool:
        """More wins than greedy, and a difference that luck alone would rarely make."""
        return self.wins > sum(self.greedy) and self.p_value < SIGNIFICANCE

    @property
    def circles(self) -> int:
        """Games of your player that ended because a position came back."""
        return sum(game.ending == "circle" for game in self.yours)

    @property
    def home_passed_up(self) -> int:
        """Positions where your player could send a card home and did something else."""
        return sum(game.home_passed_up for game in self.yours)

    def table(self) -> str:
        """Wins, rate and 95% Wilson interval of the three players, one line each."""
        n = len(self.deals)
        rows = [("your player", self.wins), ("greedy", sum(self.greedy)), ("hint", sum(self.hint))]
        lines = [f"{'player':12} {'won':>4} of {n}   rate   95% interval"]
        for name, won in rows:
            interval: Interval = wilson(won, n)
            lines.append(f"{name:12} {won:>4} of {n}  {won / n:6.1%}  {interval}")
        return "\n".join(lines)

    def verdict(self) -> str:
        """The paired comparison with greedy, in plain words."""
        n, yours, greedy = len(self.deals), self.wins, sum(self.greedy)
        b, c, p = self.only_yours, self.only_greedy, self.p_value
        text = (
            f"On the same {n} deals your player won {yours} and greedy {greedy}. Only the deals "
            f"that one of them won and the other lost tell them apart: {b} won by yours alone, "
            f"{c} by greedy alone."
        )
        if b + c == 0:
            return text + " Nothing tells them apart on these deals."
        text += (
            f" If the two players were equally good, each of those {b + c} deals would be a coin "
            f"toss between them, and a split at least as one-sided as {b} to {c} would come up "
            f"by luck with probability {plain_probability(p)} (McNemar's exact test)."
        )
        if p < SIGNIFICANCE:
            better = "your player" if b > c else "greedy"
            return text + (
                f" That is below {SIGNIFICANCE}: the difference is significant. Luck alone would "
                f"rarely give a split this one-sided, so this is good evidence that {better} "
                "plays this game better."
            )
        return text + (
            f" That is not below {SIGNIFICANCE}: luck could explain the difference, so these "
            "deals cannot tell the two players apart."
        )

    def __str__(self) -> str:
        return f"{self.table()}\n\n{self.verdict()}"


def compare_with_greedy(
    player: Player, variant: str = "acme", deals: Iterable[int] = DEALS
) -> Comparison:
    """Play ``player``, greedy and the hint player on the same fixed deals and compare them."""
    name = get_variant(variant).name
    numbers = tuple(deals)
    yours = tuple(play_deal(player, name, deal) for deal in numbers)
    rng = random.Random(0)  # neither player draws on it; a Strategy takes one
    greedy = tuple(GreedyPlay()(new_state(name, d), rng).outcome == "won" for d in numbers)
    hint = tuple(HintPlay()(new_state(name, d), rng).outcome == "won" for d in numbers)
    return Comparison(name, numbers, yours, greedy, hint)
