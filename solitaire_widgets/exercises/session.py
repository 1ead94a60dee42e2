"""What this run of the kernel remembers of the exercises: how many verdicts each one gave (its
tries) and the last verdict. Every verdict counts, whichever function asked for it (``check``,
``judge``, a hidden test's ``verdict``) and whichever copy of the package gave it (a fresh copy
loaded with ``runpy``, a reloaded module): the counts are kept in ``kernel_state``, which every
copy shares. So a loop over candidate answers is counted like the tries it makes. A kernel
restart starts afresh."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import kernel_state

if TYPE_CHECKING:
    from .kinds import Feedback


def remember(feedback: Feedback, counted: bool = True) -> int:
    """Keep a verdict; count it as a try unless nothing was answered (or ``counted`` is False:
    an answer of the wrong form). The try's number (0 for one not counted). The same value
    checked again right after the last counted one, with the same verdict (Run All after
    finishing), keeps its try's number: a teacher reads the tries it took, not how often the
    cell ran. Going back to an earlier answer after another is a new try (the fortieth review
    asked; docs/teaching.md says so)."""
    before: Feedback | None = kernel_state.last_counted().get(feedback.exercise)
    kernel_state.last()[feedback.exercise] = feedback
    if feedback.verdict == "not answered yet" or not counted:
        return 0
    kernel_state.last_counted()[feedback.exercise] = feedback
    again = (
        before is not None
        and feedback.key
        # a function's values on the stored cases say nothing of the cases each check draws:
        # only a correct one is the same answer again
        and (feedback.verdict == "correct" or not feedback.key.startswith("values:"))
        and (before.key, before.verdict, before.message)
        == (feedback.key, feedback.verdict, feedback.message)
    )
    if again and tries(feedback.exercise):
        return tries(feedback.exercise)
    kernel_state.tries()[feedback.exercise] = tries(feedback.exercise) + 1
    return tries(feedback.exercise)


def tries(exercise_id: str) -> int:
    """How many verdicts this exercise gave in this kernel, 0 before the first (and for a count
    a cell overwrote with something that is no whole number)."""
    counted = kernel_state.tries().get(exercise_id, 0)
    return counted if type(counted) is int else 0


def last(exercise_id: str) -> Feedback | None:
    """The exercise's last verdict in this kernel, if any."""
    feedback: Feedback | None = kernel_state.last().get(exercise_id)
    return feedback


def forget() -> None:
    """Forget every try and verdict (a fresh session; for tests)."""
    kernel_state.tries().clear()
    kernel_state.last().clear()
    kernel_state.last_counted().clear()
