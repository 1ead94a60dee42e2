"""Exercises that teach: each check says "not answered yet", "not yet" with a hint aimed at the
likely mistake, or "correct", and the right answer is never written in the student's notebook.

In a tutorial an answer cell sets a variable (``p_ace = ...``: the ``...`` means "not answered"),
and the check cell after it calls ``check("quadrennial-ace", p_ace)``. A fixed answer is kept here
only as a hash of its canonical form; an answer the engine gives (legal moves, refusals, pile
sizes) is computed from the engine when it is checked. ``passed`` is what nbgrader's hidden tests
assert when a submission is graded.

>>> from fractions import Fraction
>>> check("quadrennial-ace", ...)
Exercise 2 (an ace to start with): not answered yet. Replace the ... in `p_ace = ...` with your answer, run that cell, then run this one.
>>> judge("quadrennial-ace", 8 * Fraction(4, 52)).verdict
'not yet'
"""  # noqa: E501

from __future__ import annotations

from .catalogue import EXERCISES
from .kinds import Exercise, Feedback
from .players import (
    Comparison,
    View,
    compare_with_greedy,
    mcnemar_p_value,
    play_deal,
    view_of,
)
from .positions import deck

_results: dict[str, bool] = {}


def exercise(exercise_id: str) -> Exercise:
    """The exercise with this id; a ``ValueError`` listing the ids otherwise."""
    try:
        return EXERCISES[exercise_id]
    except KeyError:
        raise ValueError(
            f"no exercise {exercise_id!r}; the exercises are {', '.join(EXERCISES)}"
        ) from None


def judge(exercise_id: str, answer: object) -> Feedback:
    """The verdict on an answer, without printing it."""
    return exercise(exercise_id).judge(answer)


def check(exercise_id: str, answer: object) -> None:
    """Print what the check says about ``answer`` (and remember whether it was correct)."""
    feedback = judge(exercise_id, answer)
    _results[exercise_id] = feedback.correct
    print(feedback)


def passed(exercise_id: str) -> bool:
    """Whether the last ``check`` of this exercise in this session said "correct"."""
    exercise(exercise_id)
    return _results.get(exercise_id, False)


def against_simulation(
    answer: object,
    hits: int,
    n: int,
    confidence: float = 0.99,
    part: int | None = None,
    label: str = "your answer",
    unit: str = "deals",
) -> None:
    """Print a simulation's count and interval, and whether an exact answer lies inside it
    (``part``: the entry of a list of answers to compare, such as a distribution's k;
    ``label``: what the answer is called in the message; ``unit``: what was counted).

    "Inside" means the two are consistent: the simulation cannot tell them apart. It does not
    prove the answer right; an answer outside the interval is very probably wrong.
    """
    from collections.abc import Sequence
    from fractions import Fraction

    from ..intervals import wilson

    interval = wilson(hits, n, confidence)
    line = f"{hits} of {n} {unit} = {hits / n:.2%}; {confidence:.0%} interval {interval}"
    if part is not None and isinstance(answer, Sequence) and not isinstance(answer, str):
        answer = answer[part] if 0 <= part < len(answer) else None
    if answer is Ellipsis or answer is None:
        print(f"{line}. (Answer the exercise above to compare.)")
        return
    if isinstance(answer, bool) or not isinstance(answer, (int, float, Fraction)):
        print(f"{line}. ({label.capitalize()} is not a number, so it cannot be compared.)")
        return
    value = float(answer)
    where = "inside" if value in interval else "outside"
    meaning = (
        "consistent with the simulation"
        if where == "inside"
        else "the simulation makes it very unlikely: look at your answer again"
    )
    print(f"{line}. {label.capitalize()}, {value:.4f}, is {where} it: {meaning}.")


__all__ = [
    "EXERCISES",
    "Comparison",
    "Exercise",
    "Feedback",
    "View",
    "against_simulation",
    "check",
    "compare_with_greedy",
    "deck",
    "exercise",
    "judge",
    "mcnemar_p_value",
    "passed",
    "play_deal",
    "view_of",
]
