"""What this run of the kernel remembers of the exercises: how many verdicts each one gave (its
tries) and the last verdict. Every verdict counts, whichever function asked for it, so a loop
over candidate answers is counted like the tries it makes. A kernel restart starts afresh."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .kinds import Feedback

tries: Counter[str] = Counter()
last: dict[str, Feedback] = {}


def remember(feedback: Feedback) -> int:
    """Keep a verdict; count it as a try unless nothing was answered. The try's number (0 for
    an unanswered one)."""
    last[feedback.exercise] = feedback
    if feedback.verdict == "not answered yet":
        return 0
    tries[feedback.exercise] += 1
    return tries[feedback.exercise]


def forget() -> None:
    """Forget every try and verdict (a fresh session; for tests)."""
    tries.clear()
    last.clear()
