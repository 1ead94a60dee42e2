"""The kinds of exercise and how each judges an answer: "not answered yet", "not yet" with a hint
aimed at the likely mistake, or "correct".

* ``Hashed``: a fixed answer (a probability, a count, a choice of statements), stored only as a
  hash of its canonical form.
* ``Computed``: an answer the engine gives (the legal moves of a position, pile sizes after a
  deal), computed when the answer is checked, so it follows the engine.
* ``Refusals``: which moves the engine refuses and by which rule; the verdicts come from
  ``why_not`` when the answer is checked, the rule numbers are hashed.
* ``Fewest``: a sequence of moves that reaches a goal in as few moves as possible; the engine
  plays it, a breadth-first search finds the fewest.
* ``PlayerProject``: a player function, played on fixed deals against greedy and hint play.

Each exercise names its *naive* answer, the one a student is likely to write first, and the
first of its ``mistakes`` is the hint for it (the tests run every naive answer in its notebook).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from ..engine import new_state
from ..state import GameState
from ..variants import VARIANTS
from .answers import (
    AnswerFormError,
    Form,
    MoveListForm,
    RefusalsForm,
    digest,
    is_unanswered,
)
from .players import Comparison, PlayerError, compare_with_greedy, view_of
from .positions import Position

Verdict = Literal["not answered yet", "not yet", "correct"]
Level = Literal["warm-up", "rules", "core", "challenge", "project"]


@dataclass(frozen=True)
class Feedback:
    """What a check says about one answer."""

    exercise: str
    title: str
    verdict: Verdict
    message: str

    @property
    def correct(self) -> bool:
        return self.verdict == "correct"

    def __str__(self) -> str:
        return f"{self.title}: {self.verdict}." + (f" {self.message}" if self.message else "")


@dataclass(frozen=True)
class Mistake:
    """A likely wrong answer and the hint aimed at it: the answer equals ``value`` (compared in
    canonical form), or ``when(answer)`` is true for the answer as the form reads it."""

    hint: str
    value: object = None
    when: Callable[[Any], bool] | None = None


@dataclass(frozen=True)
class Exercise:
    """What every exercise has: its id (the nbgrader ``grade_id`` of its answer cell), a title,
    the variable its answer cell sets, its level, the naive answer and the hints."""

    id: str
    title: str
    name: str
    level: Level
    naive: str
    mistakes: tuple[Mistake, ...] = ()
    otherwise: str = ""
    note: str = ""  # said with "correct": what the answer shows

    def judge(self, answer: object) -> Feedback:
        """The verdict on ``answer``, with its message (nothing is printed)."""
        if is_unanswered(answer):
            return self.feedback(
                "not answered yet",
                f"Replace the ... in `{self.name} = ...` with your answer, run that cell, "
                "then run this one.",
            )
        try:
            return self.assess(answer)
        except AnswerFormError as error:
            return self.feedback("not yet", f"{error}.")

    def assess(self, answer: object) -> Feedback:
        """The verdict on an answer that is not the placeholder (each kind has its own)."""
        raise NotImplementedError

    def feedback(self, verdict: Verdict, message: str) -> Feedback:
        return Feedback(self.id, self.title, verdict, message)

    def mistake_hint(self, answer: object, read: object, form: Form | None = None) -> str | None:
        """The hint of the first named mistake this wrong answer makes: ``when`` is asked about
        the answer as the form read it, ``value`` is compared with the answer as given."""
        for mistake in self.mistakes:
            if mistake.when is not None and mistake.when(read):
                return mistake.hint
            if mistake.value is not None and form is not None:
                try:
                    if form.canonical(mistake.value) == form.canonical(answer):
                        return mistake.hint
                except AnswerFormError:
                    continue
        return None

    def wrong(self, answer: object, read: object, form: Form | None = None) -> Feedback:
        """ "not yet" with the hint of the first mistake that fits, or the general hint."""
        return self.feedback("not yet", self.mistake_hint(answer, read, form) or self.otherwise)


@dataclass(frozen=True)
class Hashed(Exercise):
    """A fixed answer, kept only as the hash of its canonical form."""

    form: Form = field(default_factory=lambda: Form("an answer"))
    answer_digests: tuple[str, ...] = ()  # more than one when two roundings are both right

    def assess(self, answer: object) -> Feedback:
        read = self.form.read(answer)
        if digest(self.id, self.form.canonical(answer)) in self.answer_digests:
            return self.feedback("correct", self.note)
        return self.wrong(answer, read, self.form)


@dataclass(frozen=True)
class Computed(Exercise):
    """An answer that the engine gives, computed when the answer is checked."""

    form: Form = field(default_factory=lambda: Form("an answer"))
    expected: Callable[[], object] = lambda: None

    def assess(self, answer: object) -> Feedback:
        read = self.form.read(answer)
        if self.form.canonical(answer) == self.form.canonical(self.expected()):
            return self.feedback("correct", self.note)
        return self.wrong(answer, read, self.form)


@dataclass(frozen=True)
class Refusals(Exercise):
    """Which of ``candidates`` the engine refuses in ``position``, and by which numbered rule.

    The verdicts are the engine's (``why_not``) at check time; each refused move's rule number is
    stored as a hash, and ``topics`` says, for a wrong rule number, what to look for.
    """

    position: Position = field(default_factory=lambda: Position("acme"))
    candidates: tuple[str, ...] = ()
    rule_digests: tuple[str, ...] = ()
    topics: tuple[tuple[str, str], ...] = ()

    def assess(self, answer: object) -> Feedback:
        form = RefusalsForm()
        refusals = form.read(answer)
        unknown = sorted(set(refusals) - set(self.candidates))
        if unknown:
            return self.feedback(
                "not yet",
                f"{', '.join(unknown)} is not one of the moves asked about "
                f"({', '.join(self.candidates)}).",
            )
        game = self.position.game()
        refused = {move for move in self.candidates if game.why_not(move) is not None}
        if set(refusals) != refused:
            hint = self.mistake_hint(answer, refusals)
            if hint is not None:
                return self.feedback("not yet", hint)
            called_legal = sorted(refused - set(refusals))
            called_refused = sorted(set(refusals) - refused)
            parts = []
            if called_refused:
                parts.append(f"the engine accepts {', '.join(called_refused)}")
            if called_legal:
                parts.append(f"it refuses {', '.join(called_legal)}")
            text = "; ".join(parts)
            return self.feedback("not yet", text[0].upper() + text[1:] + ".")
        wrong_rule = [
            move
            for move, rule in sorted(refusals.items())
            if digest(self.id, f"{move}:{rule}") not in self.rule_digests
        ]
        if wrong_rule:
            topics = dict(self.topics)
            move = wrong_rule[0]
            return self.feedback(
                "not yet",
                f"You found every refused move. {move} breaks another rule than rule "
                f"{refusals[move]}: {topics.get(move, 'read the rules again')}.",
            )
        reasons = "".join(
            f"\n  {move}: {game.why_not(move)}" for move in self.candidates if move in refused
        )
        return self.feedback("correct", f"The engine's reasons, in its own words:{reasons}")


@dataclass(frozen=True)
class Fewest(Exercise):
    """Reach ``goal`` from ``position`` in as few moves as possible."""

    position: Position = field(default_factory=lambda: Position("acme"))
    goal: Callable[[GameState], bool] = lambda state: False
    goal_words: str = ""
    depth: int = 8

    def fewest(self) -> int | None:
        """The fewest moves that reach the goal (breadth-first search over the legal moves)."""
        start = self.position.game().state
        rules = VARIANTS[start.variant]
        frontier: deque[tuple[GameState, int]] = deque([(start, 0)])
        seen = {start.key()}
        while frontier:
            state, moves = frontier.popleft()
            if self.goal(state):
                return moves
            if moves == self.depth:
                continue
            for move in rules.legal_moves(state):
                child = rules.apply(state, move)
                if child.key() not in seen:
                    seen.add(child.key())
                    frontier.append((child, moves + 1))
        return None

    def assess(self, answer: object) -> Feedback:
        form = MoveListForm()
        moves = form.read(answer)
        game = self.position.game()
        for number, move in enumerate(moves, 1):
            reason = game.why_not(move)
            if reason is not None:
                return self.feedback(
                    "not yet", f"Move {number}, {move}, is refused by the engine: {reason}."
                )
            game.play(move)
        if not self.goal(game.state):
            return self.feedback(
                "not yet", f"After your {len(moves)} moves, {self.goal_words} is not reached yet."
            )
        fewest = self.fewest()
        if fewest is not None and len(moves) > fewest:
            hint = self.mistake_hint(answer, moves, form) or self.otherwise
            return self.feedback(
                "not yet", f"{len(moves)} moves reach it, and it can be done in fewer. {hint}"
            )
        return self.feedback("correct", self.note)


@dataclass(frozen=True)
class PlayerProject(Exercise):
    """A player function that must beat greedy, significantly, on fixed deals."""

    variant: str = "acme"
    deals: range = range(1, 301)

    def assess(self, answer: object) -> Feedback:
        if not callable(answer):
            return self.feedback("not yet", f"`{self.name}` is a function: def {self.name}(view)")
        try:
            first = answer(view_of(new_state(self.variant, self.deals[0])))
        except Exception as error:  # the student's code: say what it raised, and where
            return self.feedback("not yet", f"Your player raised {error!r} on the first deal.")
        if is_unanswered(first):
            return self.feedback(
                "not answered yet",
                f"`{self.name}` returns {first!r}: write its body, so that it returns a move.",
            )
        try:
            comparison = compare_with_greedy(answer, self.variant, self.deals)
        except PlayerError as error:
            return self.feedback("not yet", f"{error}.")
        report = str(comparison)
        if comparison.beats_greedy:
            return self.feedback("correct", f"{self.note}\n\n{report}")
        return self.feedback("not yet", f"{self.hint_for(comparison)}\n\n{report}")

    def hint_for(self, comparison: Comparison) -> str:
        """The hint aimed at what the player did: passed up cards home, went round in circles."""
        if comparison.home_passed_up:
            return (
                f"Your player passed up a card that could go home {comparison.home_passed_up} "
                "times. In Acme a foundation move can never hurt (a card helps no other card "
                "once it could go home): play those first."
            )
        if comparison.circles:
            return (
                f"{comparison.circles} of your games ended going round in circles (a position "
                "came back). Move a tableau card onto another pile only when it does something: "
                "when it empties its pile, the reserve refills it and a new reserve card turns up."
            )
        return self.otherwise
