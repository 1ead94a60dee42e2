"""Players written by students, played on deals and compared with the random, greedy and hint
players on the same deals.

A player is a function from a ``View`` (what a player sees: face-up cards, how many cards are
face down, the legal moves) to a move. It may remember what it likes: ``view.memory`` is a dict
that stays the same for a whole deal (a new one for each deal), ``view.history`` holds the moves
played so far, and ``view.repeats(move)`` says whether a move leads back to a position this deal
has already been in: the memory the greedy player has.

A game ends when it is won; when no move is legal, or every legal move leads back to a position
of this deal (greedy stops there too); after ``MAX_MOVES`` moves; or when the player goes back
to a position though it had another move: it would go round the same circle for ever (an Acme
card moved to an empty pile and back), so the game counts as lost.

``compare`` plays a player next to the baselines and says, with McNemar's exact test on the
same deals, whether it differs from greedy by more than luck would easily make.
"""

from __future__ import annotations

import contextlib
import io
import random
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from math import comb
from types import MappingProxyType
from typing import Any, Literal, TextIO

from .. import kernel_state
from ..cards import Card
from ..engine import new_state
from ..game import Game
from ..intervals import Interval, wilson
from ..moves import IllegalMoveError, Move, NotationError, parse_move
from ..state import GameState
from ..stats.strategies import get_strategy
from ..variants import VARIANTS, get_variant
from .answers import is_unanswered, unwritten
from .scan import interpreter_names, package_names, package_words

PLAYER_MAY_USE = frozenset({"Move", "parse_move", "DRAW", "DEAL", "REDEAL", "Card", "parse_card"})
"""What of the package a player may use besides its view: moves and cards as values."""

MAX_MOVES = 1000
TRAINING = range(1, 301)
TRAINING_WORDS = "the training deals"
"""The deals a student tunes a player on: the same for everyone, as often as they like."""
SIGNIFICANCE = 0.05

Ending = Literal["won", "stuck", "circle", "cap", "failed"]


@dataclass(frozen=True)
class View:
    """What a player sees of a position: never a face-down card.

    ``piles[name]`` holds the face-up cards of a pile, bottom to top (``Card`` values: ``card.rank``
    1 for an ace to 13 for a king, ``card.suit`` 0 clubs, 1 diamonds, 2 hearts, 3 spades);
    ``hidden[name]`` how many cards lie face down under them; ``legal`` the legal moves
    (``move.src`` and ``move.dst`` are pile names, ``str(move)`` is the notation). What a
    player may remember: ``history``, the moves played so far in this deal; ``memory``, a dict
    of its own that lasts the whole deal; ``repeats(move)``, whether a move leads back to a
    position this deal has been in.

    A view holds values only, worked out before the player is asked: no game, no state, no
    function that could reach one (the moves that repeat are a set, ``repeating``), so nothing
    reachable from it, by attribute, closure or default, shows a face-down card.
    """

    variant: str
    piles: Mapping[str, tuple[Card, ...]]
    hidden: Mapping[str, int]
    legal: tuple[Move, ...]
    redeals_left: int
    history: tuple[str, ...] = ()
    memory: dict[str, Any] = field(default_factory=dict, compare=False)
    repeating: frozenset[Move] = field(default=frozenset(), compare=False, repr=False)

    def top(self, pile: str) -> Card | None:
        """The face-up top card of a pile, or None when it has none."""
        cards = self.piles[pile]
        return cards[-1] if cards else None

    def home_moves(self) -> list[Move]:
        """The legal moves that send a card to a foundation."""
        return [move for move in self.legal if move.dst.startswith("F")]

    def repeats(self, move: Move | str) -> bool:
        """Whether playing ``move`` brings back a position of this deal (greedy never does)."""
        return (parse_move(move) if isinstance(move, str) else move) in self.repeating


def view_of(
    position: GameState | Game,
    history: tuple[str, ...] = (),
    memory: dict[str, Any] | None = None,
    repeating: Iterable[Move] = (),
) -> View:
    """The ``View`` of a position (a state, or a game where it is now): face-up cards only,
    with what the player may remember (``repeating``: the legal moves that lead back to a
    position of this deal)."""
    state = position.state if isinstance(position, Game) else position
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
        history,
        {} if memory is None else memory,
        frozenset(repeating),
    )


Player = Callable[[View], object]
"""A function from what a player sees to a move (a ``Move`` or its notation, like ``"R-T2"``)."""


class PlayerError(ValueError):
    """A player returned something that is not a legal move; the message says where and why."""


class AdvisorAsked(PlayerError):
    """A player asked the package's players or advisors for its move (refused, never a lost
    deal: the player did not choose for itself)."""


@dataclass(frozen=True)
class GameOutcome:
    """One deal played by a player: how it ended, and how often a foundation move was passed up."""

    deal: int
    ending: Ending
    moves: int
    cards_home: int
    home_passed_up: int
    failure: str = ""  # where and why the player failed ("failed": the deal counts as lost)

    @property
    def won(self) -> bool:
        return self.ending == "won"


def play_deal(
    player: Player, variant: str, deal: int, max_moves: int = MAX_MOVES, lose_on_error: bool = False
) -> GameOutcome:
    """Play one deal with ``player``; ``PlayerError`` if it ever raises or picks a move that is
    not legal, or, with ``lose_on_error``, the deal lost ("failed", with the error said).
    Asking the package's advisors (``AdvisorAsked``) is never a lost deal."""
    rules = get_variant(variant)
    state = new_state(rules.name, deal)
    seen = {state.key()}
    history: list[str] = []
    memory: dict[str, Any] = {}
    passed_up = 0
    for done in range(max_moves):
        if rules.is_won(state):
            return GameOutcome(deal, "won", done, rules.cards_home(state), passed_up)

        repeating = [m for m in rules.legal_moves(state) if rules.apply(state, m).key() in seen]
        view = view_of(state, tuple(history), memory, repeating)
        if view.repeating.issuperset(view.legal):  # no move avoids a circle (or none is left)
            return GameOutcome(deal, "stuck", done, rules.cards_home(state), passed_up)
        try:
            move = _checked_choice(player, view, state, deal, done)
        except AdvisorAsked:
            raise
        except PlayerError as error:
            if not lose_on_error:
                raise
            home = rules.cards_home(state)
            return GameOutcome(deal, "failed", done, home, passed_up, str(error))
        if not move.dst.startswith("F") and view.home_moves():
            passed_up += 1
        state = rules.apply(state, move)
        history.append(str(move))
        if state.key() in seen:
            return GameOutcome(deal, "circle", done + 1, rules.cards_home(state), passed_up)
        seen.add(state.key())
    ending: Ending = "won" if rules.is_won(state) else "cap"
    return GameOutcome(deal, ending, max_moves, rules.cards_home(state), passed_up)


def _checked_choice(player: Player, view: View, state: GameState, deal: int, done: int) -> Move:
    """The player's choice as a legal ``Move``, or a ``PlayerError`` that says what went wrong."""
    where = f"deal {deal}, move {done + 1}"
    with kernel_state.players_turn() as asked:
        try:
            choice = player(view)
        except Exception as error:  # the student's code: say what it raised, and where
            if not asked:
                raise PlayerError(f"{where}: your player raised {error!r}") from error
    if asked:
        raise AdvisorAsked(f"{where}: {asking(asked)}")
    move = as_legal_move(choice, state, view)
    if isinstance(move, str):
        raise PlayerError(f"{where}: your player {move}")
    return move


def as_legal_move(choice: object, state: GameState, view: View) -> Move | str:
    """A player's choice as one of ``view.legal`` (``X-F`` resolved), or what is wrong with
    it, in words that follow "your player" ("returned None instead of a move...")."""
    if choice is None or choice is Ellipsis:
        return (
            f"returned {choice!r} instead of a move (does every path through it end in a return?)"
        )
    rules = VARIANTS[state.variant]
    try:
        move = rules.resolve(state, parse_move(choice))
    except (NotationError, IllegalMoveError) as error:
        return f"chose {choice!r}: {error}"
    if move not in view.legal:
        reason = rules.why_not(state, move) or "it is not one of view.legal"
        return f"chose {str(move)!r}, which is refused: {reason}"
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
class Split:
    """Two players on the same deals: the deals only the first won, and only the second."""

    only_first: int
    only_second: int

    @property
    def p_value(self) -> float:
        return mcnemar_p_value(self.only_first, self.only_second)

    @property
    def better(self) -> bool:
        """The first won more, by more than luck would easily make (McNemar, p < 0.05)."""
        return self.only_first > self.only_second and self.p_value < SIGNIFICANCE

    @property
    def worse(self) -> bool:
        """The first won fewer, by more than luck would easily make."""
        return self.only_first < self.only_second and self.p_value < SIGNIFICANCE


def split(first: Iterable[bool], second: Iterable[bool]) -> Split:
    """The McNemar split of two players' wins on the same deals."""
    pairs = list(zip(first, second, strict=True))
    return Split(sum(a and not b for a, b in pairs), sum(b and not a for a, b in pairs))


BASELINES = ("random", "greedy", "hint")


def baseline_wins(name: str, variant: str, deals: Iterable[int]) -> tuple[bool, ...]:
    """Which of ``deals`` a baseline player of ``stats`` wins (random play seeded by the deal)."""
    strategy = get_strategy(name)
    return tuple(
        strategy(new_state(variant, deal), random.Random(deal)).outcome == "won" for deal in deals
    )


@dataclass(frozen=True)
class Comparison:
    """A player and the baselines on the same deals (``baselines``: name -> wins per deal)."""

    variant: str
    deals: tuple[int, ...]
    yours: tuple[GameOutcome, ...]
    baselines: Mapping[str, tuple[bool, ...]]
    purpose: str = "these deals"
    name: str = "your player"

    @property
    def wins(self) -> int:
        return sum(game.won for game in self.yours)

    def wins_of(self, baseline: str) -> int:
        """The deals a baseline won."""
        return sum(self.baselines[baseline])

    def against(self, baseline: str) -> Split:
        """Your player against one baseline, deal by deal."""
        return split((game.won for game in self.yours), self.baselines[baseline])

    @property
    def circles(self) -> int:
        """Games of your player that ended because a position came back."""
        return sum(game.ending == "circle" for game in self.yours)

    @property
    def failures(self) -> list[str]:
        """Where and why your player failed, one per deal it lost that way."""
        return [game.failure for game in self.yours if game.ending == "failed"]

    @property
    def home_passed_up(self) -> int:
        """Positions where your player could send a card home and did something else."""
        return sum(game.home_passed_up for game in self.yours)

    def table(self) -> str:
        """Wins, rate and 95% Wilson interval of each player, one line each."""
        n = len(self.deals)
        rows = [(self.name, self.wins)] + [(name, self.wins_of(name)) for name in self.baselines]
        width = max(12, *(len(name) for name, _ in rows))
        lines = [f"{'player':{width}} {'won':>4} of {n}   rate   95% interval"]
        for name, won in rows:
            interval: Interval = wilson(won, n)
            lines.append(f"{name:{width}} {won:>4} of {n}  {won / n:6.1%}  {interval}")
        return "\n".join(lines)

    def verdict(self, baseline: str | None = None) -> str:
        """The paired comparison with one baseline (greedy, or the only one), in plain words."""
        if baseline is None:
            baseline = "greedy" if "greedy" in self.baselines else next(iter(self.baselines))
        n, yours, theirs = len(self.deals), self.wins, self.wins_of(baseline)
        pair = self.against(baseline)
        b, c, p = pair.only_first, pair.only_second, pair.p_value
        text = (
            f"On {self.purpose}, {n} of them, {self.name} won {yours} and {baseline} "
            f"{theirs}. Only the deals that one of them won and the other lost tell them apart: "
            f"{b} won by {self.name} alone, {c} by {baseline} alone."
        )
        if b + c == 0:
            return text + " Nothing tells them apart on these deals."
        text += (
            f" If the two players were equally good, each of those {b + c} deals would be a coin "
            f"toss between them, and a split at least as one-sided as {b} to {c} would come up "
            f"by luck with probability {plain_probability(p)} (McNemar's exact test)."
        )
        if p < SIGNIFICANCE:
            better = self.name if b > c else baseline
            text += (
                f" That is below {SIGNIFICANCE}: the difference is significant. Luck alone would "
                f"rarely give a split this one-sided, so this is good evidence that {better} "
                "plays this game better."
            )
            if self.purpose == TRAINING_WORDS and b > c:  # the student's player ahead
                text += (
                    " But these are the deals it was tuned on, where a player looks better than "
                    "it is: only fresh deals (the check's) can confirm it."
                )
            return text
        return text + (
            f" That is not below {SIGNIFICANCE}: luck could explain the difference, so these "
            f"deals cannot tell the two players apart."
        )

    def __str__(self) -> str:
        text = f"{self.table()}\n\n{self.verdict()}"
        failures = self.failures
        if failures:
            text += (
                f"\n\nYour player failed on {len(failures)} of these deals, each counted as "
                f"lost; the first: {failures[0]}. Fix it: a deal it fails on is a deal it loses."
            )
        return text


class FewLines(io.TextIOBase):
    """Where a player's prints go while it plays many deals: the first ``SHOWN`` lines to
    ``out``, then only a count, said at the end (one ``print`` in a player wrote 800 KB into
    the notebook in a check: the seventh review)."""

    SHOWN = 20

    def __init__(self, out: TextIO) -> None:
        self.out, self.lines, self.hidden = out, 0, 0

    def write(self, text: str) -> int:
        for line in text.splitlines(keepends=True):
            if self.lines < self.SHOWN:
                self.out.write(line)
            else:
                self.hidden += line.endswith("\n")
            self.lines += line.endswith("\n")
        return len(text)

    def __enter__(self) -> FewLines:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.hidden:
            self.out.write(f"... and {self.hidden} more lines your player printed, not shown\n")


def compare(
    player: Player,
    variant: str = "acme",
    deals: Iterable[int] = TRAINING,
    baselines: Iterable[str] = BASELINES,
    purpose: str | None = None,
    lose_on_error: bool = False,
) -> Comparison:
    """Play ``player`` and the baselines on the same deals and compare them (a deal on which
    the player fails lost, with ``lose_on_error``; otherwise its ``PlayerError`` is raised)."""
    name = get_variant(variant).name
    numbers = tuple(deals)
    if purpose is None:  # the words "the training deals" only for them
        purpose = TRAINING_WORDS if numbers == tuple(TRAINING) else "these deals"
    with FewLines(sys.stdout) as printed, contextlib.redirect_stdout(printed):
        yours = tuple(
            play_deal(player, name, deal, lose_on_error=lose_on_error) for deal in numbers
        )
    wins = {baseline: baseline_wins(baseline, name, numbers) for baseline in baselines}
    return Comparison(name, numbers, yours, MappingProxyType(wins), purpose, player_name(player))


def player_name(player: Player) -> str:
    """A player's function name for the reports ("your player" for a lambda)."""
    name = getattr(player, "__name__", "")
    return name if isinstance(name, str) and name.isidentifier() else "your player"


def versus(
    first: Player | str,
    second: Player | str,
    names: tuple[str, str] = ("the first", "the second"),
    variant: str = "acme",
    deals: Iterable[int] = TRAINING,
) -> Comparison:
    """Two players on the same deals, compared deal by deal: players of your own, or the
    package's by name (``"hint"``, ``"greedy"``, ``"thinker"``...); ``names`` name them in the
    report."""
    name = get_variant(variant).name
    numbers = tuple(deals)

    def games(player: Player | str) -> tuple[GameOutcome, ...]:
        if not isinstance(player, str):
            return tuple(play_deal(player, name, deal) for deal in numbers)
        wins = baseline_wins(player, name, numbers)
        return tuple(
            GameOutcome(d, "won" if w else "stuck", 0, 0, 0)
            for d, w in zip(numbers, wins, strict=True)
        )

    ones, twos = games(first), tuple(game.won for game in games(second))
    return Comparison(
        name, numbers, ones, MappingProxyType({names[1]: twos}), "the same deals", names[0]
    )


def asking(names: list[str]) -> str:
    """What is said of a player that asked the package's players or advisors for its move."""
    return (
        f"your player asks {', '.join(sorted(set(names)))} of solitaire_widgets for its move, "
        "and then the package chooses, not your player (the hint player and the thinker are "
        "baselines to compare with): write the choice yourself"
    )


def refused_player(player: Player) -> str | None:
    """Why the project refuses ``player`` before it plays, and what to do instead (``train``
    says the same, the thirty-sixth review); None when it does not. It reaches into the
    interpreter, whence the face-down cards, or into the package beyond moves and cards."""
    reached = interpreter_names(player)
    if reached:
        instead = (
            " (for a number larger than any score, float('inf') does what sys.maxsize does)"
            if "sys" in reached
            else ""
        )
        return (
            f"Your player uses {', '.join(reached)}. A player sees the game through its view "
            "only: reaching into the interpreter (its frames, its garbage collector, "
            "double-underscore attributes) could read the face-down cards, so the check does "
            f"not accept it. Take it out: plain Python does the rest{instead}"
        )
    used = package_names(player, PLAYER_MAY_USE)
    if used:
        return (
            f"Your player uses {package_words(used)}. A player chooses by itself, from its "
            "view: the package's players, hints and solver would choose for it (and its deal "
            "functions could rebuild the face-down cards). It may use moves and cards as "
            "values, imported by name: `from solitaire_widgets.moves import Move, parse_move, "
            "DRAW, DEAL, REDEAL` and `from solitaire_widgets.cards import Card, parse_card`"
        )
    return None


def first_choice(player: Player, variant: str) -> object:
    """What the player chooses on deal 1's opening view, as it returned it (it raises what the
    player raises): ``None`` or ``...`` is a player not written yet, whose body is only its
    docstring."""
    with kernel_state.players_turn():  # what it asks of the package refuses, as in ``compare``
        return player(view_of(new_state(variant, 1)))


def first_refused(choice: object, variant: str) -> str | None:
    """What a player did wrong with ``choice``, its first choice on deal 1 (``first_choice``),
    in words that follow "your player" ("returned None instead of a move..."); None when the
    choice is one of that view's legal moves."""
    state = new_state(variant, 1)
    move = as_legal_move(choice, state, view_of(state))
    return move if isinstance(move, str) else None


def train(player: Player, variant: str = "acme") -> None:
    """Print how your player does next to the baselines on the training deals (1 to 300): tune
    on these as often as you like; the check judges on fresh deals it has never seen. A player
    not written yet is said so; a deal on which it fails (raises, or breaks a rule) is lost,
    and the report says where, as in the check."""
    try:
        empty = is_unanswered(first_choice(player, variant)) and unwritten(player)
    except Exception:  # the student's code: compare, below, says what it raised and where
        empty = False
    if empty:
        print(
            "Your player is not written yet: write its body, so that it returns one of "
            "view.legal, run that cell, then run this one."
        )
        return
    refusal = refused_player(player)
    if refusal is not None:  # the check would refuse it: say so before it trains
        print(f"Not yet: {refusal}.")
        return
    try:
        print(compare(player, variant, TRAINING, lose_on_error=True))
    except PlayerError as error:  # it asked the package's advisors
        print(f"Not yet: {error}.")
