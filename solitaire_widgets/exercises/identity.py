"""Who is answering: the name a student types, or else the nbgrader student id, seeds what differs
from student to student (the deal whose moves to count, the card to follow), so that neighbours'
answers differ and a teacher can work out any student's numbers again from the name alone
(``Student(name).seed(exercise_id)``).

Each tutorial's first code cell calls ``student("")``; a student types a name between the
quotes. Without one, the nbgrader student id is used when there is one (JupyterHub's user while
working, the folder nbgrader grades in while grading); without either, everyone shares the same
numbers, the ones the teacher's notebook shows.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

NBGRADER_FOLDERS = ("submitted", "autograded")
"""nbgrader runs a student's notebook in ``<course>/<one of these>/<student id>/<assignment>/``."""


def normalize(name: str) -> str:
    """A typed name as it seeds the numbers: case and extra spaces do not count."""
    return " ".join(name.split()).casefold()


def nbgrader_id(cwd: Path | None = None) -> str | None:
    """The nbgrader student id, when there is one: the JupyterHub user a student works as, or
    the student folder nbgrader's autograde runs the notebook in; None otherwise."""
    hub_user = os.environ.get("JUPYTERHUB_USER", "").strip()
    if hub_user:
        return hub_user
    here = (cwd or Path.cwd()).resolve()
    if len(here.parts) >= 3 and here.parent.parent.name in NBGRADER_FOLDERS:
        return here.parent.name
    return None


@dataclass(frozen=True)
class Student:
    """Whose numbers these are: ``name`` (normalized; "" for the shared numbers), where it
    came from (``"typed"``, ``"nbgrader"`` or ``"nobody"``) and how it was written."""

    name: str = ""
    source: str = "nobody"
    shown: str = ""

    def seed(self, topic: str) -> int:
        """A number fixed by the name and the topic (an exercise id): the same on every
        computer, different from name to name."""
        text = f"{self.name}|{topic}".encode()
        return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")

    def pick(self, topic: str, options: Sequence[T]) -> T:
        """One of ``options``, chosen by the name; the shared numbers take the first."""
        if not self.name:
            return options[0]
        return options[self.seed(topic) % len(options)]

    def words(self) -> str:
        """What the numbers are made from, in a sentence."""
        if self.source == "typed":
            return f'Your numbers are made from the name "{self.shown or self.name}".'
        if self.source == "nbgrader":
            return f"Your numbers are made from your nbgrader id, {self.shown or self.name}."
        return (
            "NO NAME YET. Type your name between the quotes and run this cell again. Until "
            "then you get the shared numbers, the same as everyone's, and the checks use them."
        )

    def checked_with(self) -> str:
        """Whose numbers a check used, in a sentence for its feedback."""
        if self.source == "typed":
            return f'(Checked with your numbers, from the name "{self.shown or self.name}".)'
        if self.source == "nbgrader":
            return (
                f"(No name was typed: checked with the numbers of your nbgrader id, "
                f"{self.shown or self.name}, and with the shared numbers.)"
            )
        return (
            "(No name was typed, so these are the shared numbers, the same as everyone's: "
            "type your name in the first code cell for your own.)"
        )

    def __str__(self) -> str:
        return self.words()


_current = Student()


def student(name: str = "", cwd: Path | None = None) -> Student:
    """Say who is answering (``name`` as typed; "" for none) and print what the numbers of the
    exercises are made from. Every later check uses it."""
    global _current
    if not isinstance(name, str):
        raise TypeError(f'a name is text between quotes, like student("Ada"), not {name!r}')
    typed = normalize(name)
    if typed:
        _current = Student(typed, "typed", " ".join(name.split()))
    else:
        found = nbgrader_id(cwd)
        _current = Student(normalize(found), "nbgrader", found) if found else Student()
    print(_current.words())
    return _current


def current() -> Student:
    """Who is answering now (set by ``student``; nobody until it is called)."""
    return _current
