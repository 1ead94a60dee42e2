"""Exercises that teach: each check says "not answered yet", "not yet" with a hint aimed at the
likely mistake, or "correct", counts the try, and never shows the right answer.

A tutorial's first cell says who is answering (``student("Ada")``: personal numbers are made
from the name, or from the nbgrader student id). An answer cell sets a variable (``legal =
...``: the ``...`` means "not answered") or defines a function, and the check cell after it
calls ``check("quadrennial-legal", legal)``. ``passed`` and ``points`` say what the last check
gave, for the notebook's own cells; nbgrader's hidden tests trust neither (a cell could redefine
them) and ask a fresh copy of the checks instead (``fresh.py``).

>>> from fractions import Fraction
>>> check("quadrennial-rules", ...)
Exercise 2 (which moves are refused, and why?): not answered yet. Replace the ... in `refused = ...` with your answer, run that cell, then run this one.
>>> judge("quadrennial-ace", lambda cards, aces, reserve: reserve * Fraction(aces, cards)).verdict
'not yet'
"""  # noqa: E501

from __future__ import annotations

import math
import random
from collections.abc import Callable
from decimal import Decimal
from numbers import Real

from ..cards import parse_card
from ..intervals import wilson
from .catalogue import EXERCISES
from .checking import check, exercise, judge, passed, points, replay_check, tries
from .identity import Student, current, student
from .kinds import Computed, Exercise, Feedback
from .players import (
    Comparison,
    View,
    compare,
    mcnemar_p_value,
    play_deal,
    train,
    versus,
    view_of,
)
from .positions import Position, deck


def yours(exercise_id: str) -> object:
    """What is your own in an exercise, chosen by your name: a fresh ``Game`` at your position
    (the moves to count), or the card to follow."""
    chosen = exercise(exercise_id)
    if not isinstance(chosen, Computed) or chosen.personal is None:
        raise ValueError(f"{exercise_id} is the same for everyone: nothing in it is yours")
    choice = chosen.personal(current())
    if isinstance(choice, Position):
        return choice.game()
    return parse_card(choice) if isinstance(choice, str) else choice


def value_of(function: Callable[..., object], *args: object) -> object:
    """``function(*args)``, or None when it is not written yet or raises: for cells that use
    an exercise's function once it is answered."""
    try:
        return function(*args)
    except Exception:  # the student's code: the check says what is wrong with it
        return None


def measured_share(function: Callable[..., object], p: float, n: int, runs: int) -> object:
    """What a coverage simulation ``function(p, n, runs, rng)`` measures with
    ``random.Random(0)``; None when it is not written yet, and None, said, when it raises or
    measures nothing: the same share with two other generators too is a value typed in (the
    check says so), not a measurement to compare (an honest simulation repeats its share on
    three generators about once in a thousand)."""
    try:
        first = function(p, n, runs, random.Random(0))
    except Exception as error:  # the student's code: say it, the check says more
        print(f"Your simulation raised {error!r} (see its check), so there is nothing to compare.")
        return None
    if first is None or first is Ellipsis:
        return first
    others = [value_of(function, p, n, runs, random.Random(seed)) for seed in (1, 2)]
    if all(repr(other) == repr(first) for other in others):  # (any value: an array too)
        print(
            f"Your simulation gives {first!r} with every random generator given to it, so "
            "there is no measured share to compare: its check above says what to look at."
        )
        return None
    return first


def against_simulation(
    answer: object,
    hits: int | None = None,
    n: int = 0,
    args: tuple[object, ...] = (),
    label: str = "your answer",
    unit: str = "deals",
    suspect: str = "the value's reasoning (a wrong formula is the usual cause)",
    share: object = None,
    tests_simulation: bool = False,
) -> None:
    """Print a simulation's count and its 95% interval, and whether an exact answer lies
    inside it. ``answer`` is a number, or your function, called with ``args`` (an unanswered
    or failing function is said so, not raised); ``label`` is what the answer is called,
    ``unit`` what was counted, ``suspect`` what to check first when they disagree. The
    simulation is ``hits`` of ``n``, or a measured ``share`` of ``n`` (your simulation's
    value: not yet written, or no share from 0 to 1, is said so). ``tests_simulation``: the
    answer is known to be right (worked out exactly) and the simulation is what is tested, so
    the words put the doubt on the simulation (the forty-third review).

    "Inside" means the two are consistent: the simulation cannot tell them apart. It does not
    prove the answer right; an answer outside is probably wrong (a right one lands outside
    about one time in twenty).
    """
    if hits is None:
        if share is None or share is Ellipsis:
            print("(No measured share to compare yet.)")
            return
        number = not isinstance(share, bool) and isinstance(share, Real | Decimal)
        measured = float(share) if number else math.nan  # type: ignore[arg-type]
        if not 0 <= measured <= 1:
            print(
                f"The simulation gave {share!r}: a share is between 0 and 1, so it cannot be "
                "compared."
            )
            return
        hits = round(measured * n)
        if not math.isclose(measured * n, hits, abs_tol=1e-6):
            print(
                f"The simulation gave {share!r}, which is no count of {unit} divided by {n}: "
                "it cannot be compared (see its check)."
            )
            return
    interval = wilson(hits, n)
    line = f"{hits} of {n} {unit} = {hits / n:.2%}; 95% interval {interval}"
    if callable(answer):
        try:
            answer = answer(*args)
        except Exception as error:  # the student's function: say what it raised
            print(f"{line}. ({label.capitalize()} raised {error!r}.)")
            return
    if answer is Ellipsis or answer is None:
        print(f"{line}. (Answer the exercise above to compare.)")
        return
    if isinstance(answer, bool) or not isinstance(answer, Real | Decimal):  # numpy's too
        print(f"{line}. ({label.capitalize()} is not a number, so it cannot be compared.)")
        return
    try:
        value = float(answer)
    except OverflowError:
        print(f"{line}. ({label.capitalize()} is too large to be a probability.)")
        return
    if not 0 <= value <= 1:  # a percent, say: no larger simulation brings it inside
        print(
            f"{line}. ({label.capitalize()}, {value:.4g}, is not a probability: a probability "
            "is between 0 and 1.)"
        )
        return
    where = "inside" if value in interval else "outside"
    if tests_simulation:
        meaning = (
            "the simulation agrees with it (not proof that the simulation is right: a slightly "
            "wrong one can land here too, so the check above decides)"
            if where == "inside"
            else f"the simulation disagrees with it. Check {suspect} first; a right simulation "
            "leaves the exact value outside its 95% interval only 1 time in 20 (a larger one, "
            f"more {unit}, would then very likely bring it inside)"
        )
    else:
        meaning = (
            "consistent with the simulation (not proof: a wrong value close to the right one is "
            "inside too, so the check above decides)"
            if where == "inside"
            else f"not consistent with the simulation. Check {suspect} first; a right value "
            "lands outside a 95% interval only 1 time in 20, and a larger simulation (more "
            f"{unit}) would then very likely bring it inside"
        )
    print(f"{line}. {label.capitalize()}, {value:.4f} ({value:.2%}), is {where} it: {meaning}.")


__all__ = [
    "EXERCISES",
    "Comparison",
    "Exercise",
    "Feedback",
    "Student",
    "View",
    "against_simulation",
    "check",
    "compare",
    "current",
    "deck",
    "judge",
    "mcnemar_p_value",
    "measured_share",
    "passed",
    "play_deal",
    "points",
    "replay_check",
    "student",
    "train",
    "tries",
    "value_of",
    "versus",
    "view_of",
    "yours",
]
