"""What every copy of the package in one kernel shares: the exercises' tries and last verdicts,
and whether a check is running a student's function (while it does, the package's own answers
refuse: ``refuse_in_checks``).

A copy of the package's code can be run again in the same kernel: nbgrader's hidden tests judge
with a fresh copy loaded from the files (``exercises/fresh.py``), a student can load one the
same way, and ``importlib.reload`` runs a module's code anew. State kept in a module of the
package would then be a new, empty one: a loop over a fresh copy's ``judge`` would try answers
without counting them, and a fresh copy's check would not know that the ``hypergeometric`` a
student's function holds (the notebook's copy) is running inside it. So the state lives where
every copy finds the same one: a module of its own in ``sys.modules``, under a name outside the
package (a fresh copy leaves it in place), made on first use. Each value is read only if it is
of its exact built-in type, so a cell that put anything else there starts it afresh, and its
object takes no part in a check. A kernel restart starts everything afresh.
"""

from __future__ import annotations

import sys
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any, cast

HOME = "solitaire_widgets__kernel_state"
"""The name in ``sys.modules`` of the module that holds the state (not under ``solitaire_widgets.``,
which a fresh copy replaces)."""


def _home() -> ModuleType:
    home = sys.modules.get(HOME)
    if type(home) is not ModuleType:
        home = ModuleType(HOME, "The state every copy of solitaire_widgets in this kernel shares.")
        sys.modules[HOME] = home
    return home


def _kept(name: str, kind: type) -> Any:
    """The shared value ``name``, a new empty ``kind`` if it is missing or of another type."""
    home = _home()
    value = getattr(home, name, None)
    if type(value) is not kind:
        value = kind()
        setattr(home, name, value)
    return value


def tries() -> Counter[str]:
    """How many verdicts each exercise gave in this kernel (its tries)."""
    return cast("Counter[str]", _kept("tries", Counter))


def last() -> dict[str, Any]:
    """The last verdict of each exercise (a ``Feedback`` of whichever copy gave it)."""
    return cast("dict[str, Any]", _kept("last", dict))


def last_counted() -> dict[str, Any]:
    """The last verdict of each exercise that counted a try: an answer checked again is
    compared with it, so a slip of form in between does not make it a new try."""
    return cast("dict[str, Any]", _kept("last_counted", dict))


def _checks() -> list[list[str]]:
    """One list per check running a student's function now (the innermost last)."""
    return cast("list[list[str]]", _kept("checking", list))


class AnswerRefused(RuntimeError):
    """A function of the package that works out an exercise's answer, called while a check
    runs a student's function."""


@contextmanager
def checking() -> Iterator[list[str]]:
    """While a check runs a student's function: the names of the package's answers the
    function called (each refused) are added to the list it yields."""
    called: list[str] = []
    stack = _checks()
    stack.append(called)
    try:
        yield called
    finally:
        if stack and stack[-1] is called:
            stack.pop()


def refuse_in_checks(name: str) -> None:
    """Refuse (``AnswerRefused``) while a check runs a student's function: ``name`` works out
    an exercise's answer, which the student is asked to write. Outside checks, nothing."""
    stack = _checks()
    if not stack:
        return
    if type(stack[-1]) is list:
        stack[-1].append(name)
    raise AnswerRefused(
        f"{name} works out an exercise's answer, and the exercise asks you to write it "
        "yourself: while a check runs your function, the package's own answers refuse"
    )


@contextmanager
def players_turn() -> Iterator[list[str]]:
    """While a student's player chooses a move (the project's check, ``train``), in this thread
    only: the package's own players and advisors refuse (``refuse_in_turns``), and the names
    of those the player asked are added to the list it yields. This thread only, since the
    table's jobs (a hint, a solve) may run meanwhile in threads of their own."""
    called: list[str] = []
    turns = cast("dict[int, list[str]]", _kept("turns", dict))
    ident = threading.get_ident()
    outer = turns.get(ident)
    turns[ident] = called
    try:
        yield called
    finally:
        if outer is None:
            turns.pop(ident, None)
        else:
            turns[ident] = outer


def refuse_in_turns(name: str) -> None:
    """Refuse (``AnswerRefused``) while a student's player chooses a move in this thread:
    ``name`` (the hints, the thinker, the solver) would choose it for the player. Otherwise,
    nothing."""
    called = cast("dict[int, Any]", _kept("turns", dict)).get(threading.get_ident())
    if type(called) is not list:
        return
    called.append(name)
    raise AnswerRefused(
        f"{name} would choose the move for your player: while the project asks your player "
        "for a move, the package's own players and advisors refuse"
    )
