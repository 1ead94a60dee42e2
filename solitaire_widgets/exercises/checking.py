"""Checking an answer: the verdict, the try it was, and a record of both in the notebook.

Every verdict on an answer counts as a try: ``check`` shows it ("Exercise 3
(...), try 2: not yet. ..."), and ``judge``, which only returns it, counts too, so a loop over
candidate answers is counted like the tries it makes, even by a fresh copy of the package
(``session.py``). The count is for this run of the kernel; a restart starts it again.

The verdict is shown as a plain-text display output whose metadata holds the record under
``RECORD_KEY``: the exercise, the try, the verdict, the points, whose numbers. It is saved in the
notebook file with the outputs, so the notebooks nbgrader collects carry every check's last
record (nbval ignores output metadata); ``scripts/collect_tries.py`` lists them for a class.
"""

from __future__ import annotations

from typing import Any

from . import session
from .catalogue import EXERCISES
from .identity import current
from .kinds import Exercise, Feedback
from .project import PlayerProject

RECORD_KEY = "solitaire_widgets"
"""The key of an output's metadata that holds a check's record."""


def exercise(exercise_id: str) -> Exercise:
    """The exercise with this id; a ``ValueError`` listing the ids otherwise."""
    try:
        return EXERCISES[exercise_id]
    except KeyError:
        raise ValueError(
            f"no exercise {exercise_id!r}; the exercises are {', '.join(EXERCISES)}"
        ) from None


def record(feedback: Feedback) -> dict[str, Any]:
    """What the notebook keeps of a check (in its output's metadata)."""
    who = current()
    kept: dict[str, Any] = {
        "exercise": feedback.exercise,
        "try": session.tries(feedback.exercise),  # tries so far (a wrong form adds none)
        "verdict": feedback.verdict,
        "points": feedback.points,
        "student": who.name,
        "numbers from": who.source,
    }
    if feedback.draw:
        kept["draw"] = feedback.draw
    return kept


def judge(exercise_id: str, answer: object) -> Feedback:
    """The verdict on an answer, without showing it (it counts as a try all the same)."""
    return exercise(exercise_id).judge(answer)


def replay_check(exercise_id: str, answer: object, draw: str) -> Feedback:
    """The project's verdict on ``answer`` for the deals of ``draw``, the text a check printed
    ("draw 3f9a..."): the same deals, and so the same verdict and points, on any computer. For a
    teacher re-running a check; like every verdict on held-out deals, it counts as a try."""
    project = exercise(exercise_id)
    if not isinstance(project, PlayerProject):
        raise ValueError(f"{exercise_id!r} plays no deals: only the project's checks have a draw")
    return project._assess(answer, draw)


def check(exercise_id: str, answer: object) -> None:
    """Show what the check says about ``answer``, with the try it is, and record both."""
    show(judge(exercise_id, answer))


def show(feedback: Feedback) -> None:
    """The verdict as a plain-text display output carrying its record (printed outside a
    notebook)."""
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        print(feedback)
        return
    if get_ipython() is None:
        print(feedback)
        return
    display(  # type: ignore[no-untyped-call]
        {"text/plain": str(feedback)}, raw=True, metadata={RECORD_KEY: record(feedback)}
    )


def passed(exercise_id: str) -> bool:
    """Whether the last verdict on this exercise in this session was "correct" (for the
    notebook's cells: grading asks ``fresh.verdict``, which a cell cannot redefine)."""
    exercise(exercise_id)
    last = session.last(exercise_id)
    return last is not None and last.correct


def points(exercise_id: str) -> float:
    """The points the last verdict earned: all of them when correct, the project's partial
    credit otherwise (0 for the other exercises). Grading asks ``fresh.earned`` instead."""
    exercise(exercise_id)
    last = session.last(exercise_id)
    return 0.0 if last is None else last.points


def tries(exercise_id: str) -> int:
    """How many verdicts on this exercise were asked for in this session."""
    exercise(exercise_id)
    return session.tries(exercise_id)
