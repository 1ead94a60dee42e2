"""The kinds of exercise and how each judges an answer: "not answered yet", "not yet" with a hint
aimed at the likely mistake, or "correct".

* ``Hashed``: a fixed choice (a set of statements), stored only as a hash of its canonical form.
* ``Computed``: an answer the engine gives (the legal moves of a position, pile sizes after a
  deal, where a card comes back), worked out when the answer is checked, so it follows the
  engine. Some are personal: each student gets a deal or a card of their own (``personal``).
* ``Refusals``: which moves the engine refuses and by which rule; the verdicts come from
  ``why_not`` when the answer is checked, the rule numbers are hashed.
* ``Fewest``: a sequence of moves that reaches a goal in as few moves as possible; the engine
  plays it, a breadth-first search finds the fewest.
* ``Function``: a function the student writes (a probability for any deck, say); the check calls
  it on the game's own numbers and on others it keeps to itself, and compares each value with a
  stored hash. So a value copied from a neighbour, or a number of the game written inside the
  function, is found out, and the package holds no formula that gives the answer.
* ``Simulation``: a function that simulates (the coverage of an interval); its results are
  judged against the exact value with the simulation's own margin, on several settings.
* ``PlayerProject`` (in ``project.py``): a player, judged on fresh deals it was never tuned on.

Feedback teaches without listing the answer: a hint names the idea behind a likely mistake (a
question to think about, a rule to read again), never the right moves, letters or numbers. The
first of an exercise's ``mistakes`` is the hint for its *naive* answer, the one a student is
likely to write first (the tests keep those answers, ``tests/naive_answers.py``, and type each
into its notebook: some are one edit from the right answer, so the package does not hold them).
A verdict is a try: ``judge`` counts it in the session (see ``session.py``).
"""

from __future__ import annotations

import inspect
import math
import random
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from decimal import Decimal
from numbers import Integral, Real
from typing import Any, Literal, TypeVar

from .. import kernel_state
from ..intervals import coverage, wilson
from ..moves import parse_move
from ..state import GameState
from ..variants import VARIANTS, get_variant
from . import session
from .answers import (
    AnswerFormError,
    Form,
    MoveListForm,
    RefusalsForm,
    digest,
    is_unanswered,
    slow_digest,
    unwrapped,
    unwritten,
    whole_from_text,
)
from .identity import Student, current
from .positions import Position
from .rulecards import RULE_CARDS
from .scan import interpreter_names, package_names, package_words

T = TypeVar("T")
Verdict = Literal["not answered yet", "not yet", "correct"]
Level = Literal["warm-up", "rules", "core", "challenge", "project"]


@dataclass(frozen=True)
class Feedback:
    """What a check says about one answer, the points it earns, which try it was (0 when
    nothing was answered) and, for the project, the draw of deals it was judged on."""

    exercise: str
    title: str
    verdict: Verdict
    message: str
    points: float = 0.0
    number: int = 0
    draw: str = ""
    # the answer judged, as text, when it is a value (a function's behaviour can change without
    # its code: "" then): the same value checked again is not counted again (``remember``)
    key: str = field(default="", repr=False, compare=False)

    @property
    def correct(self) -> bool:
        return self.verdict == "correct"

    def __str__(self) -> str:
        head = self.title + (f", try {self.number}" if self.number else "")
        return f"{head}: {self.verdict}." + (f" {self.message}" if self.message else "")


@dataclass(frozen=True)
class Mistake:
    """A likely wrong answer and the hint aimed at it: the answer equals ``value`` (compared in
    canonical form), ``when(answer)`` is true for the answer as the form reads it, or (for a
    function) its values on the exercise's cases hash to ``digest`` (``mistake_digest``). A
    wrong formula is stored only as that hash: some are one step from the answer (the
    complement, a term of a sum), and the package's source is readable. The formulas live in
    the tests (``tests/mistake_formulas.py``), which check each hash."""

    hint: str
    value: object = None
    when: Callable[[Any], bool] | None = None
    digest: str | None = None


def mistake_digest(exercise_id: str, texts: list[str]) -> str:
    """The stored hash of a function's values on all of an exercise's cases, as the check
    writes them (a slow hash, as ``case_digest``)."""
    return slow_digest(exercise_id, f"values={texts!r}")


@dataclass(frozen=True)
class Exercise:
    """What every exercise has: its id (the nbgrader ``grade_id`` of its answer cell), a title,
    the variable or function its answer cell defines, its level, the hints, and the points its
    check cell gives."""

    id: str
    title: str
    name: str
    level: Level
    mistakes: tuple[Mistake, ...] = ()
    otherwise: str = ""
    note: str = ""  # said with "correct": what the answer shows
    points: int = 1

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Each kind's ``_assess`` counts its verdict as a try where it is: a loop that calls
        it directly (``EXERCISES[id]._assess``) is counted like one over ``judge``."""
        super().__init_subclass__(**kwargs)
        if "_assess" in cls.__dict__:
            setattr(cls, "_assess", _counted(cls.__dict__["_assess"]))  # noqa: B010

    def judge(self, answer: object) -> Feedback:
        """The verdict on ``answer``, with its message; it counts as a try in the session."""
        if is_unanswered(answer):
            feedback = self.feedback(
                "not answered yet",
                f"Replace the ... in `{self.name} = ...` with your answer, run that cell, "
                "then run this one.",
            )
            return replace(feedback, number=session.remember(feedback))
        return self._assess(answer)

    def _assess(self, answer: object) -> Feedback:
        """The verdict on an answer that is not the placeholder (each kind has its own, counted
        as a try: ``__init_subclass__``)."""
        raise NotImplementedError

    def answer_form(self) -> Form | None:
        """How an answer that is a value is read (None: the answer is a function)."""
        form = getattr(self, "form", None)
        return form if isinstance(form, Form) else None

    def feedback(self, verdict: Verdict, message: str, points: float | None = None) -> Feedback:
        if points is None:
            points = float(self.points) if verdict == "correct" else 0.0
        return Feedback(self.id, self.title, verdict, message, points)

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

    def teaching(self) -> str:
        """The same message for every wrong answer: the general hint and every named mistake's
        idea. A fixed choice (a set of statements, the refused moves) is small enough that a
        hint fitted to the answer would name one wrong element per try; this names none."""
        return " ".join([self.otherwise, *(mistake.hint for mistake in self.mistakes)])

    def wrong(self, answer: object, read: object, form: Form | None = None) -> Feedback:
        """ "not yet" with the hint of the first mistake that fits, or the general hint."""
        return self.feedback("not yet", self.mistake_hint(answer, read, form) or self.otherwise)


_VALUES: dict[str, str] = {}
"""What a function answer gave in the check that is running, by exercise (its values on the
stored cases, a simulation's shares), or a value answer as the check read it (``X-F`` written
with its foundation): the same values and verdict again are not another try."""


def answer_key(exercise: Exercise, answer: object) -> str:
    """The answer as a try remembers it: a value by what its form reads (the same moves in any
    order, ``R1-F`` as the move it names, a numpy count, a list or a tuple alike), a function
    by the values it gave on the stored cases (``_VALUES``; ``remember`` keeps a function's try
    only when it was correct, as the drawn cases change); "" (always a new try) for anything
    else."""
    values = _VALUES.pop(exercise.id, "")
    if callable(answer):
        return f"values:{values}" if values else ""
    if values:  # as the check read it (the twenty-eighth review: R1-F and R1-F2 alike)
        return f"form:{values}"
    form = exercise.answer_form()
    if form is None:
        return ""
    try:
        return f"form:{form.canonical(answer)}"
    except AnswerFormError:
        return ""


def _counted(assess: Callable[..., Feedback]) -> Callable[..., Feedback]:
    """``assess`` with its verdict counted as a try. An answer of the wrong form (text for a
    number, a list for a dict...) is told so and not counted: its message says nothing about
    the right answer, and counting it made a teacher's try counts read high (the ninth
    review)."""

    def assess_and_count(self: Exercise, answer: object, *more: Any) -> Feedback:
        _VALUES.pop(self.id, None)
        try:
            if isinstance(answer, Iterator):
                form = self.answer_form()
                asked = f"as {form.describe}" if form is not None else "as a value"
                raise AnswerFormError(
                    f"Give your answer {asked}, not a generator or an iterator: those can be "
                    "read only once"
                )
            feedback = assess(self, answer, *more)
        except AnswerFormError as error:
            told = self.feedback("not yet", f"{error}. (Not counted as a try.)")
            return replace(told, number=session.remember(told, counted=False))
        feedback = replace(feedback, key=answer_key(self, answer))
        return replace(feedback, number=session.remember(feedback))

    assess_and_count.__doc__ = assess.__doc__
    return assess_and_count


def known_piles(moves: Iterable[str], position: Position) -> None:
    """An ``AnswerFormError`` for a move that names a pile the game does not have (``R1-T1`` in
    Quadrennial): a slip of form, which says nothing about the answer, so it is not counted."""
    rules = get_variant(position.variant)
    for text in moves:
        unknown = rules.unknown_pile(parse_move(text))
        if unknown is not None:
            raise AnswerFormError(f"In {text}: {unknown}")


@dataclass(frozen=True)
class Hashed(Exercise):
    """A fixed answer, kept only as the hash of its canonical form."""

    form: Form = field(default_factory=lambda: Form("an answer"))
    answer_digests: tuple[str, ...] = ()

    def _assess(self, answer: object) -> Feedback:
        self.form.read(answer)
        if digest(self.id, self.form.canonical(answer)) in self.answer_digests:
            return self.feedback("correct", self.note)
        return self.feedback("not yet", self.teaching())


@dataclass(frozen=True)
class Computed(Exercise):
    """An answer the engine gives, worked out when the answer is checked.

    ``from_engine(choice)`` works it out for ``choice``, the student's own deal or card:
    ``personal(student)`` picks it (None: one choice, None, for everyone).

    The legal moves of a position, or where a card comes back (a pile and a count), are a small
    choice: with ``one_message``, every wrong answer gets the same message (``teaching``: the
    ideas, no move or pile named), since a hint aimed at the answer would tell which part of it
    is right (one wrong move per try, or the right pile), and the next try would use it.

    A personal exercise says whose numbers it checked. When no name was typed, an answer for
    the shared numbers (the ones a student without a name works with) is right too: a student
    who worked outside JupyterHub and left the name empty is graded under an nbgrader id whose
    numbers they never saw, and must not lose the marks of a right answer for that.
    """

    form: Form = field(default_factory=lambda: Form("an answer"))
    from_engine: Callable[[Any], object] = lambda choice: None
    personal: Callable[[Student], object] | None = None
    position: Position | None = None  # where ``X-F`` in a list of moves means a foundation
    candidates: tuple[str, ...] = ()  # the moves asked about, when the question lists them
    one_message: bool = False  # every wrong answer gets ``teaching()``: a small choice

    def choices(self, who: Student) -> list[object]:
        """The choices an answer may be right for: the student's own, and the shared one when
        no name was typed."""
        if self.personal is None:
            return [None]
        own = self.personal(who)
        if who.source == "typed":
            return [own]
        return [own, self.personal(Student())]

    @staticmethod
    def resolved(moves: frozenset[str], position: Position) -> frozenset[str]:
        """The moves with ``X-F`` ("to whichever foundation takes it", the notation the
        lessons teach) written with the foundation that takes the card in ``position``."""
        state = position.game().state
        rules = VARIANTS[state.variant]
        return frozenset(str(rules.resolve(state, parse_move(move))) for move in moves)

    def as_asked(self, moves: frozenset[str]) -> frozenset[str]:
        """``X-F`` that no foundation takes here read as the one move asked about that it
        names (``R-F`` for ``R-F3``): the student wrote the lessons' notation for it."""
        if not self.candidates:
            return moves
        named = {}
        for move in moves:
            matching = [c for c in self.candidates if move.endswith("-F") and c.startswith(move)]
            named[move] = matching[0] if len(matching) == 1 else move
        return frozenset(named.values())

    def _assess(self, answer: object) -> Feedback:
        read = self.form.read(answer)
        if self.position is not None and isinstance(read, frozenset):  # X-F: the lessons' notation
            known_piles(read, self.position)
            answer = read = self.as_asked(self.resolved(read, self.position))
            _VALUES[self.id] = f"{self.form.canonical(answer)}"
        asked = set(self.candidates)
        unknown = sorted(read - asked) if asked and isinstance(read, frozenset) else []
        if unknown:  # a slip of form: it says nothing about the answer, and is not counted
            raise AnswerFormError(
                f"{', '.join(unknown)} is not one of the moves asked about "
                f"({', '.join(self.candidates)})"
            )
        who = current()
        given = self.form.canonical(answer)
        right = any(
            given == self.form.canonical(self.from_engine(choice)) for choice in self.choices(who)
        )
        if not right and self.personal is not None and who.source == "typed":
            shared = self.form.canonical(self.from_engine(self.personal(Student())))
            if given == shared:  # a slip of order, not of thinking: not counted
                raise AnswerFormError(
                    "Your answer is right for the shared numbers, not for yours (made from the "
                    f'name "{who.shown or who.name}"): were the shared ones shown before you '
                    "typed your name? Run the cell that shows your numbers again, and answer "
                    "for them"
                )
        if right:
            feedback = self.feedback("correct", self.note)
        elif self.one_message:
            feedback = self.feedback("not yet", self.teaching())
        else:
            feedback = self.wrong(answer, read, self.form)
        if self.personal is None:
            return feedback
        return replace(feedback, message=f"{feedback.message} {who.checked_with()}".strip())


WRONG_RULE = (
    "You found every refused move, but a rule number is not the one the card gives. For each "
    "refused move, say in a few words what it tries to do (which card, from where, to where); "
    "then find the rule on the card whose words that breaks. Several rules can seem to fit: "
    "choose one that forbids exactly this move, not one merely about the same pile (where two "
    "rules each forbid it, either is right)."
)


@dataclass(frozen=True)
class Refusals(Exercise):
    """Which of ``candidates`` the engine refuses in ``position``, and by which numbered rule.

    The verdicts are the engine's (``why_not``) at check time; each refused move's rule number is
    stored as a hash (more than one when the rules as the notebook shows them support more than
    one). A wrong set of refusals gets one fixed message (``teaching``), and a wrong rule number
    one fixed message too (``WRONG_RULE``, the same in every rules exercise): the check never
    says which move or rule is wrong, so a try tells no more than "not yet". (A question per
    refused move, about its topic, told the whole answer after one wrong number: the topics
    match the card's rule titles one to one, the twenty-first review.)
    """

    position: Position = field(default_factory=lambda: Position("acme"))
    candidates: tuple[str, ...] = ()
    rule_digests: tuple[str, ...] = ()
    otherwise: str = (
        "Some of your verdicts differ from the engine's. Take the moves one at a time: find "
        "the rule on the card that allows each move, or the one it breaks (the rulings count)."
    )

    def answer_form(self) -> Form:
        return RefusalsForm()

    def _assess(self, answer: object) -> Feedback:
        refusals = RefusalsForm().read(answer)  # the typed reading (answer_form's is a Form)
        unknown = sorted(set(refusals) - set(self.candidates))
        if unknown:  # a slip of form: it says nothing about the answer, and is not counted
            raise AnswerFormError(
                f"{', '.join(unknown)} is not one of the moves asked about "
                f"({', '.join(self.candidates)})"
            )
        count = len(RULE_CARDS[self.position.variant].rules)
        beyond = sorted(move for move, rule in refusals.items() if not 1 <= rule <= count)
        if beyond:  # a slip of form, like a move not asked about: not counted
            raise AnswerFormError(
                f"{beyond[0]}: rule {refusals[beyond[0]]} is not on the card; its rules are "
                f"numbered 1 to {count}"
            )
        game = self.position.game()
        refused = {move for move in self.candidates if game.why_not(move) is not None}
        if set(refusals) != refused:
            return self.feedback("not yet", self.teaching())
        wrong_rule = [
            move
            for move, rule in sorted(refusals.items())
            if digest(self.id, f"{move}:{rule}") not in self.rule_digests
        ]
        if wrong_rule:
            return self.feedback("not yet", WRONG_RULE)
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

    def answer_form(self) -> Form:
        return MoveListForm()

    def _assess(self, answer: object) -> Feedback:
        form = MoveListForm()
        moves = form.read(answer)
        known_piles(moves, self.position)
        game = self.position.game()
        for number, move in enumerate(moves, 1):
            reason = game.why_not(move)
            if reason is not None:
                # the line as the engine read it (``R1-F``, ``draw`` as the moves they name): the
                # same line in another notation is the same try (the thirty-fourth review)
                _VALUES[self.id] = repr((*game.history, *moves[number - 1 :]))
                return self.feedback(
                    "not yet", f"Move {number}, {move}, is refused by the engine: {reason}."
                )
            game.play(move)
        _VALUES[self.id] = repr(tuple(game.history))  # (as above)
        if not self.goal(game.state):
            return self.feedback(
                "not yet",
                f"After your {len(moves)} move{'s' * (len(moves) != 1)}, {self.goal_words} "
                "is not reached yet.",
            )
        fewest = self.fewest()
        if fewest is not None and len(moves) > fewest:
            played = tuple(game.history)  # X-F as the foundation that took the card
            hint = self.mistake_hint(answer, played, form) or self.otherwise
            return self.feedback(
                "not yet", f"{len(moves)} moves reach it, and it can be done in fewer. {hint}"
            )
        return self.feedback("correct", self.note)


# ----------------------------------------------------------------------------- functions
RANDOM_SOURCES = frozenset({"os", "secrets"})
"""Modules of ``scan.INTERPRETER_MODULES`` a student reaches for random numbers
(``secrets.SystemRandom``, ``os.urandom``): refused as a slip of form, with where to get them."""


def through_insides(function: Callable[..., object]) -> str | None:
    """The refusal of a function that reaches into the interpreter: double-underscore
    attributes (``__globals__``, ``__closure__``, ``__code__``...), through which an allowed
    name reaches the rest of the package, or frames and the garbage collector
    (``sys._getframe``, ``gc``), through which a function the check calls reaches the check.
    None when it uses none of them (``scan.interpreter_names``)."""
    found = interpreter_names(function)
    if not found:
        return None
    if set(found) <= RANDOM_SOURCES:  # random numbers, most likely: a slip, not counted
        raise AnswerFormError(
            f"Your function uses {', '.join(found)}, which the checks refuse: through these "
            "modules code can change the randomness a check draws from. For random numbers use the "
            "`rng` the check gives your function (rng.random()), or the random module"
        )
    return (
        f"Your function uses {', '.join(found)}: attributes written with double underscores, "
        "frames and the garbage collector reach into Python's insides (a function's globals, "
        "its caller), and from there into the package. An answer may not use them: work it "
        "out with plain Python."
    )


def value_text(value: object, whole: bool = False, where: str = "", precise: bool = False) -> str:
    """A function's value as it is compared and hashed: a whole number as itself; any other
    number to ten significant digits, so that a Fraction and a float of the same value (the
    float's last digits are rounding) read the same. A ``Decimal`` is a number too, and so are
    digits typed as text where a whole number is asked. An ``AnswerFormError`` for anything
    else, and for a number ``float()`` cannot read; ``where`` names the call that gave it. A
    numpy number or 0-d array is its number; with ``precise`` (an exact value is asked), one of
    single precision is a slip of form, said (it cannot hold ten digits)."""
    returns = f"Your function returns {value!r}" + (f" in {where}" if where else "")
    if value is None:
        raise AnswerFormError(
            f"{returns}: does it end with `return` on every path? `print` shows a value; only "
            "`return` gives it to the check"
        )
    if whole and isinstance(value, str) and (typed := whole_from_text(value)) is not None:
        value = typed  # digits typed as text
    dtype = getattr(value, "dtype", None)
    if precise and getattr(dtype, "kind", "") == "f" and getattr(dtype, "itemsize", 8) < 8:
        digits = 7 if dtype.itemsize == 4 else 3  # type: ignore[union-attr]
        raise AnswerFormError(
            f"{returns}, a numpy {dtype.name}, which keeps only about {digits} digits where "  # type: ignore[union-attr]
            "the check compares ten: compute in plain floats (float64) or with Fraction"
        )
    value = unwrapped(value)
    if isinstance(value, bool) or not isinstance(value, Real | Decimal):
        raise AnswerFormError(f"{returns}, which is not a number")
    if whole and isinstance(value, Integral):
        return str(int(value))
    try:
        number = float(value)
    except Exception as error:  # the student's number type: say what it raised
        raise AnswerFormError(f"{returns}, and float() of it raised {error!r}") from None
    if whole:
        if not number.is_integer():
            raise AnswerFormError(
                f"{returns}, not a whole number: round up with ceil when a target must be reached"
            )
        return str(int(number))
    if not math.isfinite(number):
        raise AnswerFormError(f"{returns}, which is not a finite number")
    return format(number, ".10g")


DRAWN_FOR_ROUNDING = 5
"""Cases drawn by a check of a function with a ``Drawn``: the first decides, with the stored
ones, whether the answer is right; all of them whether a wrong one is a right method rounded
(one case alone can be degenerate: adding the chances is exact with one ace, the tenth
review)."""


def nearly(values: list[float], rights: list[float]) -> bool:
    """Whether ``values`` are ``rights`` rounded to one number of decimal places or significant
    digits (the same for all), or close to them without being them (float32, ten decimals):
    a right method whose results were made less exact before they were returned."""
    if not values or any(not math.isfinite(value) for value in values):
        return False
    pairs = list(zip(values, rights, strict=True))
    if all(math.isclose(value, right, rel_tol=1e-12, abs_tol=1e-15) for value, right in pairs):
        return False  # exact: what is wrong is elsewhere
    if all(math.isclose(value, right, rel_tol=1e-5) for value, right in pairs):
        return True
    places = range(1, 13)
    as_decimals = any(all(rounded_to(v, r, k, 0) for v, r in pairs) for k in places)
    as_digits = any(all(rounded_to(v, r, k, digits(r)) for v, r in pairs) for k in places)
    return as_decimals or as_digits


SHORT = 6
"""Decimals at most which a function's values look rounded when the check has no right value
to compare them with (a check without a drawn case): a probability worked out by counting
almost never stops there."""


def is_whole(text: str) -> bool:
    """Whether a value, as the check writes it, is a whole number."""
    return re.fullmatch(r"-?\d+", text) is not None


def short_decimals(texts: list[str]) -> int | None:
    """The most decimals among ``texts`` (values as the check writes them, ten significant
    digits) when every value that is not whole stops within ``SHORT`` decimals and at least
    two are not whole; else None."""
    fractions = [text for text in texts if not is_whole(text)]
    if len(fractions) < 2 or not all(re.fullmatch(r"-?\d*\.\d+", text) for text in fractions):
        return None
    places = max(len(text.split(".")[1]) for text in fractions)
    return places if places <= SHORT else None


def digits(number: float) -> int:
    """The decimal exponent of a number's first significant digit (0.15: -1)."""
    return math.floor(math.log10(abs(number))) + 1 if number else 0


def rounded_to(value: float, right: float, places: int, shift: int) -> bool:
    """Whether ``value`` is ``right`` rounded to ``places`` places after the digit at
    ``shift`` (0: decimals): written with that many, and within half a unit of the last one
    (not ``round(right)``, whose binary halves go either way: 0.15 rounds to 0.1 or 0.2)."""
    unit = 10.0 ** (shift - places)
    return (
        math.isclose(value, round(value / unit) * unit, abs_tol=1e-15)
        and abs(value - right) <= unit / 2 * (1 + 1e-9) + 1e-15
    )


def case_digest(exercise_id: str, args: tuple[object, ...], text: str) -> str:
    """The stored hash of a function's value on one set of arguments (a slow one: a search
    over candidate values costs real time)."""
    return slow_digest(exercise_id, f"{args!r}={text}")


@dataclass(frozen=True)
class Case:
    """One set of arguments and the hashes of the right value (two when two roundings of a
    constant are both right)."""

    args: tuple[Any, ...]
    digests: tuple[str, ...]


def while_checked(work: Callable[[], T]) -> tuple[T | None, list[str]]:
    """``work()``, which calls the student's function, with the package's answers refusing
    (``kernel_state.checking``): its result and no names, or None and the names of the answers
    the function called, whether it let the refusal through or caught it."""
    with kernel_state.checking() as refused:
        try:
            result = work()
        except AnswerFormError:  # what the function raised, said by ``call``
            if not refused:
                raise
    return (None, refused) if refused else (result, [])


def first_call(
    exercise: Exercise, answer: Callable[..., object], work: Callable[[], object], returns: str
) -> Feedback | None:
    """ "not answered yet" (counted as a try) when a function answer's first call (``work``)
    returns ``...``, or None from a body that is only its docstring; otherwise None, and the
    check goes on (a written body that returns None, printing its value say, is told so).
    The call runs with the package's answers refusing, as in the check: a function that
    fetched them on this call, and kept them, would pass the check on what it kept. What the
    call raises, or which answers it called, the check finds again and says."""

    def unanswered() -> tuple[bool, object]:
        try:
            value = work()
        except Exception:  # the check calls it again and says what it raised
            return False, None
        return is_unanswered(value), value

    result, _ = while_checked(unanswered)
    if result is None or not result[0]:
        return None
    if result[1] is None and not unwritten(answer):  # written: it forgot to return
        return None
    feedback = exercise.feedback(
        "not answered yet",
        f"`{exercise.name}` returns {result[1]!r}: write its body, so that it returns "
        f"{returns}, run that cell, then run this one.",
    )
    return replace(feedback, number=session.remember(feedback))


@dataclass(frozen=True)
class Drawn:
    """A case the check draws when it runs (``args``, from the operating system's randomness),
    whose right value the package's own function gives then (``value``, asked before the
    student's function runs, since it refuses while that runs). A table of values a student
    made for the stored cases (they are readable in the package) does not hold it."""

    args: Callable[[random.Random], tuple[Any, ...]]
    value: Callable[..., object]


def called(name: str, args: tuple[Any, ...]) -> str:
    """A call as written: ``p_pair(21)``; a random generator is named ``rng``, as in the
    exercise's signature (not ``<random.Random object at 0x...>``)."""
    shown = ("rng" if isinstance(arg, random.Random) else repr(arg) for arg in args)
    return f"{name}({', '.join(shown)})"


NEGATIVE_COMB = (
    ": math.comb(n, k) refuses a negative n or k. For these arguments, is a count you give it "
    "negative? If your function sums over a count, the sum can stop where another count "
    "reaches zero (range up to min(...) + 1)"
)


def check_parameters(function: Callable[..., object], name: str, params: tuple[str, ...]) -> None:
    """An ``AnswerFormError`` when ``function`` has the exercise's parameters in another order
    (``p_aces(cards, aces, reserve, k)``): the check calls it with them in the exercise's order,
    and what went wrong would show as a wrong value. Other names than the exercise's are the
    student's own, and fine."""
    try:
        names = tuple(inspect.signature(function).parameters)
    except (TypeError, ValueError):  # no signature to read (a builtin): the call will say
        return
    if names != params and sorted(names) == sorted(params):
        raise AnswerFormError(
            f"Your function's parameters are ({', '.join(names)}); the check calls "
            f"{name}({', '.join(params)}), in that order. Write them in that order"
        )


def call(function: Callable[..., object], name: str, args: tuple[Any, ...]) -> object:
    """The student's function called on ``args``; what it raised becomes the message (with a
    word on ``math.comb``'s negative k, which a right method meets on small arguments)."""
    try:
        return function(*args)
    except Exception as error:  # the student's code: say what it raised, and on what
        said = f"Your function raised {error!r} in {called(name, args)}"
        if isinstance(error, ValueError) and "must be a non-negative integer" in str(error):
            said += NEGATIVE_COMB
        raise AnswerFormError(said) from None


@dataclass(frozen=True)
class Function(Exercise):
    """A function the student writes, checked on ``cases``: the first is the game's own numbers
    (the notebook shows them), the others the check keeps to itself (other decks, other rule
    settings). Each value is compared with stored hashes, so the formula is nowhere in the
    package; where ``stats`` gives the answer, one more case is ``drawn`` by each check. The
    function may use Python and ``allowed`` names of this package, no other part of it (it
    would be reading the answer off the package): the scan finds the names it reaches, and the
    package's answers refuse while the check runs it (``kernel_state.refuse_in_checks``)."""

    params: tuple[str, ...] = ()
    cases: tuple[Case, ...] = ()
    drawn: Drawn | None = None  # one more case, drawn by each check
    whole: bool = False  # a whole number is asked for (a number of deals)
    probability: bool = True
    allowed: frozenset[str] = frozenset()
    game_words: str = "the game's own numbers"
    game_cases: int = 1  # how many of the first cases are the game's own numbers
    other_words: str = "other decks"
    by_hand: str = "Count it yourself, with comb and Fraction (from math and fractions)."

    @property
    def signature(self) -> str:
        return f"def {self.name}({', '.join(self.params)}):"

    def _from_package(self, names: list[str]) -> str:
        """The refusal of a function that uses ``names``, the package's own answers: found by
        the scan before it runs, or refused by the package while the check runs it (a helper
        the scan does not see: a deque, ``itertools.repeat``, a dict's ``__missing__``...)."""
        return (
            f"Your function uses {package_words(names)}: this "
            f"exercise asks you to work the answer out without the package. {self.by_hand}"
        )

    def _values(self, function: Callable[..., object]) -> list[str]:
        return [
            value_text(
                call(function, self.name, case.args),
                self.whole,
                called(self.name, case.args),
                precise=True,
            )
            for case in self.cases
        ]

    def _not_a_probability(self, texts: list[str]) -> str | None:
        for case, text in zip(self.cases, texts, strict=True):
            if self.probability and not 0 <= float(text) <= 1:
                return (
                    f"{called(self.name, case.args)} is {text}, which is not a probability: a "
                    "probability is between 0 and 1."
                )
        return None

    def judge(self, answer: object) -> Feedback:
        if callable(answer) and not isinstance(answer, type):
            early = first_call(
                self,
                answer,
                lambda: answer(*self.cases[0].args),
                "a number",
            )
            if early is not None:
                return early
        return super().judge(answer)

    def _assess(self, answer: object) -> Feedback:
        if not callable(answer):
            raise AnswerFormError(f"`{self.name}` is a function: {self.signature}")
        check_parameters(answer, self.name, self.params)
        used = package_names(answer, self.allowed)
        if used:
            return self.feedback("not yet", self._from_package(used))
        insides = through_insides(answer)
        if insides:
            return self.feedback("not yet", insides)
        drawn = [] if self.drawn is None else [self._drawn() for _ in range(DRAWN_FOR_ROUNDING)]

        def run() -> tuple[list[str], list[float] | AnswerFormError]:
            texts = self._values(answer)
            try:
                return texts, [self._on(answer, args) for args, _ in drawn]
            except AnswerFormError as error:  # said after the stored cases are looked at
                return texts, error

        values, refused = while_checked(run)
        if values is None:
            return self.feedback("not yet", self._from_package(refused))
        texts, on_drawn = values
        _VALUES[self.id] = repr(texts)  # (the drawn cases change with each check)
        if isinstance(on_drawn, AnswerFormError):
            # a drawn case broke a method that the stored ones show is a known mistake (a sum
            # for "at least k" reaches a negative count): its hint is what helps
            hint = self._mistake(texts)
            if hint is None:
                raise on_drawn
            return self.feedback("not yet", hint)
        right = [
            case_digest(self.id, case.args, text) in case.digests
            for case, text in zip(self.cases, texts, strict=True)
        ]
        right_on_drawn = all(  # every drawn case: a wrong method right on some decks fails
            math.isclose(value, right, rel_tol=1e-9, abs_tol=1e-12)
            for value, (_, right) in zip(on_drawn, drawn, strict=True)
        )
        if all(right) and right_on_drawn:
            return self.feedback("correct", self.note)
        if (  # before 'rounded': whole values on five drawn cases can look rounded
            not self.whole
            # one value for all is a number of the game written in, unless it is a
            # probability of 0 or 1 for every deck (`//` between two counts)
            and (len(set(texts)) > 1 or (self.probability and set(texts) <= {"0", "1"}))
            and all(is_whole(text) for text in texts)
        ):
            return self.feedback(
                "not yet",
                f"Your values are all whole numbers ({', '.join(texts[:4])}...). Does a `//`, "
                "an `int()`, a `round()` or a `ceil()` drop the fraction? Divide with / and "
                "return the value as it comes, or use Fraction.",
            )
        if drawn and nearly(on_drawn, [value for _, value in drawn]):
            return self.feedback(
                "not yet",
                f"Your values look rounded: {called(self.name, drawn[0][0])} gives "
                f"{on_drawn[0]!r}. Return the value unrounded, as a Fraction or a plain float "
                "(not rounded, not float32): the check compares ten significant digits.",
            )
        hint = self._mistake(texts)
        if hint is not None:
            return self.feedback("not yet", hint)
        if self._percents(texts):
            value = "a probability, from 0 to 1" if self.probability else "not a percentage"
            return self.feedback(
                "not yet",
                f"{called(self.name, self.cases[0].args)} gives {texts[0]}: is that a percent? "
                f"Your values are 100 times the right ones. Return the value itself, {value}.",
            )
        outside = self._not_a_probability(texts)
        if outside:
            return self.feedback("not yet", outside)
        if self._right_for_the_game(texts):
            wrong = [case for case, ok in zip(self.cases, right, strict=True) if not ok]
            where = f" ({called(self.name, wrong[0].args)}, for one)" if wrong else ""
            return self.feedback(
                "not yet",
                f"Right for {self.game_words}, {self._game_calls()}, but not yet for "
                f"{self.other_words}{where}. Is a number of the game written inside the "
                "function where one of its parameters belongs, is a factor missing that "
                "happens to be 1 there, or does your formula not hold for some of them?",
            )
        places = short_decimals(texts) if self.drawn is None and not self.whole else None
        if places is not None:  # no drawn case to compare with: a question, true of any method
            return self.feedback(
                "not yet",
                f"Your values all stop within {places} decimals "
                f"({called(self.name, self.cases[0].args)} gives {texts[0]}): does your "
                "function round? The check compares ten significant digits, so return the "
                f"value unrounded. If it does not round: {self.otherwise}",
            )
        return self.feedback("not yet", self.otherwise)

    def _right_for_the_game(self, texts: list[str]) -> bool:
        """Whether the values are right on every case of the game's own numbers, each the
        value the notebook's method gives (the first hash: where a second rounding is right
        too, a value that is right only there can be a method's slip landing on it)."""
        return all(
            case_digest(self.id, case.args, text) == case.digests[0]
            for case, text in zip(self.cases[: self.game_cases], texts, strict=False)
        )

    def _game_calls(self) -> str:
        """The calls of the game's own numbers, as the hint names them."""
        first = called(self.name, self.cases[0].args)
        if self.game_cases == 1:
            return first
        return f"{first} to {called(self.name, self.cases[self.game_cases - 1].args)}"

    def _drawn(self) -> tuple[tuple[Any, ...], float]:
        """A drawn case's arguments and right value: never one of the stored cases, which a
        table made for them would hold."""
        assert self.drawn is not None, "only for an exercise that draws cases"
        stored = {case.args for case in self.cases}
        rng = random.SystemRandom()
        args = self.drawn.args(rng)
        for _ in range(100):  # the ranges drawn from hold far more cases than are stored
            if args not in stored:
                break
            args = self.drawn.args(rng)
        return args, float(self.drawn.value(*args))  # type: ignore[arg-type]

    def _on(self, function: Callable[..., object], args: tuple[Any, ...]) -> float:
        """The student's value on a drawn case, as a float: it is compared with the right
        value itself, not with a stored text, so no rounding edge can fail it (a value of the
        wrong form says so, through ``value_text``)."""
        value = call(function, self.name, args)
        value_text(value, self.whole, called(self.name, args), precise=True)
        return float(value)  # type: ignore[arg-type]

    def _mistake(self, texts: list[str]) -> str | None:
        """The hint of the first mistake whose stored values are the student's."""
        digest = mistake_digest(self.id, texts)
        return next((mistake.hint for mistake in self.mistakes if mistake.digest == digest), None)

    def _percents(self, texts: list[str]) -> bool:
        """Whether the student's values are the right ones times 100: percents. (Asked only of
        values above 1, where a probability cannot be; a whole number is no percent here.)"""
        if self.whole or all(float(text) <= 1 for text in texts):
            return False
        return all(
            case_digest(self.id, case.args, format(float(text) / 100, ".10g")) in case.digests
            for case, text in zip(self.cases, texts, strict=True)
        )


COUNT_SLACK = 2e-7
"""How far from a whole count ``share * runs`` may lie and still be a count: a share kept in
single precision (numpy's float32, about 7 digits) is off by up to ``runs`` times 6e-8."""


@dataclass(frozen=True)
class Simulation(Exercise):
    """A function that measures by simulation, ``name(p, n, runs, rng)``, judged on ``trials``
    ``(p, n, runs)`` against the exact value with the simulation's own margin (an honest run
    of any random generator lands inside it all but once in many thousand times). A measured
    share is a count divided by ``runs``, and it changes with the random numbers: so each trial
    runs twice, with two different ``rng``, and a share that is no count, or four shares that
    come out the same with other generators, are the exact value typed in, not a measurement.
    The same settings and seeds every time, so a check can be repeated."""

    params: tuple[str, ...] = ("p", "n", "runs", "rng")
    trials: tuple[tuple[float, int, int], ...] = ()
    allowed: frozenset[str] = frozenset({"wilson"})
    margin: float = 4.5  # standard errors

    @property
    def signature(self) -> str:
        return f"def {self.name}({', '.join(self.params)}):"

    def _from_package(self, names: list[str]) -> str:
        """The refusal of a function that uses ``names`` of the package (see ``Function``). The
        other interval the lab imports is a simulation of the wrong interval, said so (not
        "asking the package": the thirty-fourth review)."""
        if set(names) == {"clopper_pearson"}:
            return (
                "Your function uses clopper_pearson: this exercise measures how often Wilson's "
                "interval covers p, so each simulated count goes into wilson."
            )
        return (
            f"Your function uses {package_words(names)}: only "
            "wilson is needed (as the first cell imports it, or `from solitaire_widgets.stats "
            "import wilson`). Measure the coverage by simulating, not by asking the package."
        )

    def _shares(self, answer: Callable[..., object], first_seed: int) -> list[float]:
        """The answer's share on each trial, each with its own ``random.Random`` (seeded
        ``first_seed``, ``first_seed + 1``...)."""
        shares = []
        for index, (p, n, runs) in enumerate(self.trials):
            share = call(answer, self.name, (p, n, runs, random.Random(first_seed + index)))
            value_text(share)
            shares.append(float(share))  # type: ignore[arg-type]
        return shares

    def exact(self, p: float, n: int) -> float:
        """The exact coverage of the 95% Wilson interval at true rate ``p`` from ``n`` trials."""
        return coverage(n, [p], wilson)[0]

    def judge(self, answer: object) -> Feedback:
        if callable(answer) and not isinstance(answer, type):
            p, n, _ = self.trials[0]
            early = first_call(
                self,
                answer,
                lambda: answer(p, n, 1, random.Random(0)),
                "the share it measures",
            )
            if early is not None:
                return early
        return super().judge(answer)

    def _assess(self, answer: object) -> Feedback:
        if not callable(answer):
            raise AnswerFormError(f"`{self.name}` is a function: {self.signature}")
        check_parameters(answer, self.name, self.params)
        used = package_names(answer, self.allowed)
        if used:
            return self.feedback("not yet", self._from_package(used))
        insides = through_insides(answer)
        if insides:
            return self.feedback("not yet", insides)
        values, refused = while_checked(
            lambda: (self._shares(answer, 0), self._shares(answer, len(self.trials)))
        )
        if values is None:
            return self.feedback("not yet", self._from_package(refused))
        shares, others = values
        for mistake in self.mistakes:
            if mistake.when is not None and mistake.when(shares):
                return self.feedback("not yet", mistake.hint)
        for (p, n, runs), share in zip(self.trials, shares, strict=True):
            if abs(share * runs - round(share * runs)) > COUNT_SLACK * runs:
                return self.feedback(
                    "not yet",
                    f"{self.name}({p}, {n}, {runs}, rng) gives {share:.6g}, which is no count "
                    f"of intervals divided by {runs} ({share * runs:.2f} of them?). A share is "
                    "the number of the intervals that contain p divided by runs, the number "
                    "made; a measured share always is one (a typed exact value is not).",
                )
        if shares == others:  # a slip of form: it ignores the rng (not counted, says no more)
            raise AnswerFormError(
                "Your function gives the same shares with two different random generators: its "
                "random numbers do not come from the `rng` it is given as they are (a seed of "
                "its own, `rng.seed(1)`, `random.seed(1)`, `Random(2024)`, numpy's "
                "`default_rng(42)`, or the exact value typed in, gives the same shares every "
                "time). Draw every random number from `rng`, unseeded, as in "
                "`rng.random() < p`: the check gives each run a new one"
            )
        for (p, n, runs), share in zip(self.trials, shares, strict=True):
            exact = self.exact(p, n)
            spread = math.sqrt(exact * (1 - exact) / runs)
            if abs(share - exact) > self.margin * spread + 0.5 / runs:
                return self.feedback(
                    "not yet",
                    f"{self.name}({p}, {n}, {runs}, rng) gives {share:.4f}, further from what "
                    f"a simulation of {runs} measurements gives than chance allows. "
                    f"{self.otherwise}",
                )
        # every correct simulation is one answer to a try: one that draws from the random
        # module or an unseeded numpy generator measures new shares each run, and Run All
        # after finishing must not add tries for it (review 23); a wrong one is always a try
        _VALUES[self.id] = "a measurement within the margin"
        return self.feedback("correct", self.note)
