"""What an answer may look like: each form reads a student's value into a canonical text, or says
plainly why it cannot (a float where an exact Fraction is asked for, a list of the wrong length).

The canonical text is what is compared and hashed: a set of moves is the same in any order or
case, a set of letters in any order. A hashed exercise stores only
``digest(exercise_id, canonical)``, so the right answer appears neither in the student's notebook
nor in this package.
"""

from __future__ import annotations

import dis
import hashlib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from numbers import Integral, Real
from typing import SupportsInt, cast

from ..moves import NotationError, parse_move


class AnswerFormError(ValueError):
    """The answer has the wrong form; the message says what form is wanted."""


def digest(exercise_id: str, canonical: str) -> str:
    """The stored hash of a canonical answer (salted with the exercise's id)."""
    return hashlib.sha256(f"{exercise_id}|{canonical}".encode()).hexdigest()[:24]


SLOW_ROUNDS = 40_000
"""Rounds of SHA-256 in a slow hash: about 20 ms each, so a check of ten values takes a fraction
of a second, and trying every whole number up to 20,000 against one stored value takes minutes
of computing (for each of an exercise's cases). Plain ``sha256`` rounds, not
``hashlib.pbkdf2_hmac``: Pyodide's hashlib (the browser-only site) has no PBKDF2."""


def slow_digest(exercise_id: str, canonical: str) -> str:
    """The stored hash of a function's value on one case: slow on purpose, so that a search
    over candidate values costs real time (docs/teaching.md says what it does not stop)."""
    sha256 = hashlib.sha256
    value = sha256(f"solitaire_widgets|{exercise_id}|{canonical}".encode()).digest()
    for _ in range(SLOW_ROUNDS):
        value = sha256(value).digest()
    return value.hex()[:24]


def is_unanswered(value: object) -> bool:
    """``...`` (the placeholder of every answer cell) or ``None``: nothing written yet."""
    return value is Ellipsis or value is None


def unwritten(function: Callable[..., object]) -> bool:
    """Whether a function's body is only its docstring (or ``...``): its code does nothing but
    return None. A function that returns None and does something (it prints its value instead
    of returning it, or a path forgets to return) is written, and is told so."""
    code = getattr(function, "__code__", None)
    if code is None:
        return False
    doing = {i.opname for i in dis.get_instructions(code)} - {"RESUME", "NOP", "LOAD_CONST"}
    return doing <= {"RETURN_VALUE", "RETURN_CONST"} and not code.co_names


def whole_from_text(text: str) -> int | None:
    """Digits typed as text (``"3"``, ``" 12 "``) as a whole number; None for any other text
    (``"²"`` is a digit to ``isdigit`` but no number, and Python reads at most 4300 digits)."""
    digits = text.strip()
    if not digits.isdecimal():
        return None
    try:
        return int(digits)
    except ValueError:  # too many digits for int()
        return None


def kind_of(value: object) -> str:
    """What a value is, in a student's words: text, a list, a dict... (not ``str``)."""
    names: dict[type, str] = {str: "text", list: "a list", tuple: "a tuple", dict: "a dict"}
    return names.get(type(value), f"a {type(value).__name__}")


def unwrapped(value: object) -> object:
    """A numpy number or 0-d array as the Python number it holds; anything else as it is."""
    if getattr(value, "shape", None) == () and callable(getattr(value, "item", None)):
        return value.item()  # type: ignore[attr-defined]
    return value


@dataclass(frozen=True)
class Form:
    """How to read one kind of answer; ``describe`` names it in the messages."""

    describe: str

    def read(self, value: object) -> object:
        """The answer in its exact form (a Fraction, a frozenset...), or ``AnswerFormError``."""
        raise NotImplementedError

    def canonical(self, value: object) -> str:
        """The text that is compared and hashed: equal answers give equal texts."""
        return str(self.read(value))


@dataclass(frozen=True)
class ListForm(Form):
    """A list of exactly ``length`` answers of one form, compared entry by entry in order."""

    length: int = 1

    def read(self, value: object) -> tuple[object, ...]:
        raise NotImplementedError

    def items(self, value: object, item: Form, each: str = "") -> tuple[object, ...]:
        """The entries of ``value``, each read by ``item``; ``each`` ends the 'not a list'
        message (", one for each k")."""
        if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
            raise AnswerFormError(f"The answer is {self.describe}{each}")
        entries = tuple(item.read(entry) for entry in value)
        if len(entries) != self.length:
            raise AnswerFormError(
                f"The answer is {self.describe}: {self.length} of them, not {len(entries)}"
            )
        return entries

    def canonical(self, value: object) -> str:
        return ",".join(str(entry) for entry in self.read(value))


@dataclass(frozen=True)
class IntForm(Form):
    describe: str = "a whole number"
    counts: bool = True  # a count is never negative (a rule number is checked by its card)

    def read(self, value: object) -> int:
        """A whole number of any number type (``3``, ``3.0``, ``Fraction(6, 2)``,
        ``Decimal("3")``, or digits as text, ``"3"``); a fraction of a unit is refused."""
        value = unwrapped(value)
        if isinstance(value, str):
            number = whole_from_text(value)
            if number is None:
                raise AnswerFormError(f"The answer is {self.describe}, not the text {value!r}")
            return self.not_negative(number)
        if isinstance(value, bool) or not isinstance(value, Real | Decimal):
            raise AnswerFormError(f"The answer is {self.describe}, not {kind_of(value)}")
        if isinstance(value, Integral):
            return self.not_negative(int(value))
        try:
            whole: int | None = int(cast(SupportsInt, value))
        except (ValueError, OverflowError, TypeError):  # NaN, infinity
            whole = None
        if whole is None or whole != value:
            raise AnswerFormError(f"{value!r} is not a whole number: count in whole units")
        return self.not_negative(whole)

    def not_negative(self, number: int) -> int:
        """What is asked as a whole number (a count, a rule number) is never negative: one
        below 0 is a slip of form, like a fraction."""
        if number < 0 and self.counts:
            raise AnswerFormError(f"{number} is below 0, and what is asked here never is")
        return number


@dataclass(frozen=True)
class IntsForm(ListForm):
    """A list of ``length`` whole numbers (one per pile, say)."""

    describe: str = "a list of whole numbers"
    keys: tuple[str, ...] = ()  # a dict with these keys is read in their order (R1 to R4)

    def read(self, value: object) -> tuple[object, ...]:
        if self.keys and isinstance(value, Mapping):  # {"R1": 12, ...}: the same answer
            named = {str(key).upper().replace(" ", ""): entry for key, entry in value.items()}
            if set(named) != set(self.keys):
                raise AnswerFormError(
                    f"The answer is {self.describe}; as a dict, its keys are {', '.join(self.keys)}"
                )
            value = [named[key] for key in self.keys]
        return self.items(value, IntForm())


def read_move(text: object) -> str:
    """A move in notation, normalised (``r1-f1`` is ``R1-F1``); a clear error otherwise."""
    try:
        return str(parse_move(text))
    except NotationError as error:
        raise AnswerFormError(f"In your answer: {error}") from None


@dataclass(frozen=True)
class MoveSetForm(Form):
    """A set of moves in notation, in any order (a list or a set of strings)."""

    describe: str = "a list of moves in notation, each a string like 'SOURCE-TARGET'"

    def read(self, value: object) -> frozenset[str]:
        if isinstance(value, str):  # one move written alone: a set of one
            return frozenset({self.one_move(value)})
        if isinstance(value, (bytes, Mapping)) or not isinstance(value, Iterable):
            raise AnswerFormError(f"The answer is {self.describe}")
        return frozenset(self.one_move(item) for item in value)

    def one_move(self, item: object) -> str:
        """One move; text holding several moves (``"R3-F1, W-T2"``) is told to be a list."""
        try:
            return read_move(item)
        except AnswerFormError:
            pieces = [piece for piece in re.split(r"[\s,;]+", str(item)) if piece]
            if len(pieces) == 1 and _readable(pieces[0]):  # "S-W," : a stray comma
                return read_move(pieces[0])
            if len(pieces) > 1 and all(_readable(piece) for piece in pieces):
                raise AnswerFormError(
                    f"The answer is {self.describe}: one string per move, in a list, like "
                    "['R3-F1', 'W-T2']"
                ) from None
            raise

    def canonical(self, value: object) -> str:
        return ",".join(sorted(self.read(value)))


def _readable(text: str) -> bool:
    """Whether ``text`` reads as a move."""
    try:
        read_move(text)
    except AnswerFormError:
        return False
    return True


@dataclass(frozen=True)
class MoveListForm(Form):
    """Moves in the order they are played."""

    describe: str = "a list of moves in the order you play them, each a string like 'SOURCE-TARGET'"

    def read(self, value: object) -> tuple[str, ...]:
        if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
            raise AnswerFormError(f"The answer is {self.describe}")
        return tuple(read_move(item) for item in value)


@dataclass(frozen=True)
class LettersForm(Form):
    """A choice of statements by letter: ``{"A", "C"}`` (any order or case)."""

    letters: str = "ABCDE"
    describe: str = 'a set of letters, like {"A", "C"}'

    def read(self, value: object) -> frozenset[str]:
        if isinstance(value, str):
            # "A, E", "A and E", "A & E", "A+E": the words between the separators
            words = [w for w in re.split(r"[\s,;&+/]+|\band\b", value, flags=re.I) if w]
            # "AE" is the letters A and E; "Ace" is a word, not A, C and E (a review)
            one = words[0] if len(words) == 1 else ""
            joined = (one.isupper() or one.islower()) and set(one.upper()) <= set(self.letters)
            value = list(one) if joined else words
        if isinstance(value, (bytes, Mapping)) or not isinstance(value, Iterable):
            raise AnswerFormError(f"The answer is {self.describe}")
        items = [str(item).strip().upper() for item in value]
        chosen = frozenset(item for item in items if item)  # {"A", " ", "E"}: a stray space
        unknown = sorted(chosen - set(self.letters))
        if unknown:
            named = ", ".join(repr(item) if len(item) != 1 else item for item in unknown)
            raise AnswerFormError(f"{named}: the statements are {', '.join(self.letters)}")
        return chosen

    def canonical(self, value: object) -> str:
        return "".join(sorted(self.read(value)))


@dataclass(frozen=True)
class PlaceForm(Form):
    """A pile name and a count, like ``("R2", 3)``."""

    describe: str = 'a pile and a number, like ("R2", 3)'
    piles: tuple[str, ...] = ()  # the piles an answer may name (none given: any)

    def read(self, value: object) -> tuple[str, int]:
        if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
            raise AnswerFormError(f"The answer is {self.describe}")
        items = list(value)
        if len(items) != 2 or not isinstance(items[0], str):
            raise AnswerFormError(f"The answer is {self.describe}")
        pile = "".join(items[0].split()).upper()  # "r 1" is R1
        if self.piles and pile not in self.piles:
            raise AnswerFormError(
                f"{items[0]!r} is not one of the piles a card can be on here "
                f"({', '.join(self.piles)})"
            )
        return pile, IntForm().read(items[1])

    def canonical(self, value: object) -> str:
        pile, count = self.read(value)
        return f"{pile}:{count}"


@dataclass(frozen=True)
class RefusalsForm(Form):
    """The moves a student expects the engine to refuse, each with the rule it breaks."""

    describe: str = 'a dict of refused moves and their rule numbers, like {"R1-R2": 2}'

    def read(self, value: object) -> dict[str, int]:
        if not isinstance(value, Mapping):
            raise AnswerFormError(
                f"The answer is {self.describe} (a move you expect to be legal is left out)"
            )
        refusals: dict[str, int] = {}
        for move, rule in value.items():
            name = read_move(move)
            if isinstance(rule, str) and (number := whole_from_text(rule)) is not None:
                rule = number  # "2": a rule number typed as text
            if rule is None:
                raise AnswerFormError(
                    f"{name} has None for its rule: list only the moves you expect the engine "
                    f"to refuse, each with the rule it breaks (the form: {self.describe})"
                )
            if isinstance(rule, bool) or not isinstance(rule, Real | Decimal):
                raise AnswerFormError(
                    "Give each refused move the number of the rule it breaks, as a number "
                    f"(the form: {self.describe}); {name} has {rule!r}, which is not a number"
                )
            refusals[name] = IntForm("a rule number", counts=False).read(rule)
        return refusals

    def canonical(self, value: object) -> str:
        return ",".join(f"{move}:{rule}" for move, rule in sorted(self.read(value).items()))
