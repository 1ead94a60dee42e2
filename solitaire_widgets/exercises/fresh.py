"""What nbgrader's hidden tests ask: the verdict of a fresh copy of the checks, read from their
files, so that nothing a student's cell redefined or changed takes part in grading.

An answer cell runs in the same kernel as the check after it, so it could redefine ``passed``
or ``points`` (``passed = lambda *a: True``), or change the package's modules in memory. A
hidden test therefore trusts no name of the notebook and no module already loaded: it runs this
file afresh with the standard library,

    import runpy as _runpy
    assert _runpy.run_module("solitaire_widgets.exercises.fresh")["verdict"]("ID", answer)

(``run_module`` executes this file's code anew; nothing imports it otherwise), and ``verdict``
loads a second copy of the package from its files, judges the answer with it, and puts the
notebook's modules back. Only the answer itself (and the name the student gave, which decides
their personal numbers) comes from the notebook. What every copy shares is ``kernel_state``: the
tries (a fresh copy's verdicts count like any other, so a loop over them is no free search) and
whether a check is running the student's function (the notebook's copy of ``hypergeometric``,
which the function holds, refuses while the fresh copy's check runs it).

What remains possible, and docs/teaching.md says so: a cell that changes Python itself (the
import system, ``sys.modules``' finders, ``runpy``, ``hashlib``, ``secrets``, builtins) or the
package's files on disk, or a function answer that, while the check calls it, reaches up the
call stack (``sys._getframe``) into the check, can still fake a verdict; nbgrader runs a
student's code with the grader's rights, so nothing inside the notebook can rule that out. A
teacher reading the answer cells sees it.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any

PACKAGE = "solitaire_widgets"


def _ours(name: str) -> bool:
    return name == PACKAGE or name.startswith(PACKAGE + ".")


def fresh_exercises() -> ModuleType:
    """A new copy of ``solitaire_widgets.exercises`` and everything it imports, loaded from the
    files; the notebook's own modules are put back in ``sys.modules`` afterwards, untouched."""
    kept = {name: module for name, module in sys.modules.items() if _ours(name)}
    for name in kept:
        del sys.modules[name]
    try:
        return importlib.import_module(f"{PACKAGE}.exercises")
    finally:
        for name in [name for name in sys.modules if _ours(name)]:
            del sys.modules[name]
        sys.modules.update(kept)


def _who(kept_identity: Any, fresh: ModuleType) -> Any:
    """The student the notebook named, as the fresh copy's ``Student`` (plain text only)."""
    person = getattr(kept_identity, "_current", None)
    fields = [getattr(person, key, "") for key in ("name", "source", "shown")]
    if not all(isinstance(value, str) for value in fields) or fields[1] not in (
        "typed",
        "nbgrader",
    ):
        fields = ["", "nobody", ""]
    return fresh.identity.Student(*fields)


def judged(exercise_id: str, answer: object) -> Any:
    """The fresh copy's ``Feedback`` on ``answer``, for the student the notebook named."""
    kept_identity = sys.modules.get(f"{PACKAGE}.exercises.identity")
    fresh = fresh_exercises()
    fresh.identity._current = _who(kept_identity, fresh)
    return fresh.judge(exercise_id, answer)


def verdict(exercise_id: str, answer: object) -> bool:
    """Whether the fresh copy of the checks judges ``answer`` correct (a hidden test). When it
    does not, the check's message is printed first: the hidden test's ``assert`` fails with a
    bare ``AssertionError``, and the graded notebook should say why, as the check cell did."""
    feedback = judged(exercise_id, answer)
    if not feedback.correct:
        print(f"Graded by a fresh copy of the check: {feedback}")
    return bool(feedback.correct)


def points_words(points: float) -> str:
    """``"1 point"``, ``"0 points"``, ``"2.5 points"``."""
    return f"{points:g} point{'' if points == 1 else 's'}"


def earned(exercise_id: str, answer: object) -> float:
    """The points the fresh copy of the checks gives ``answer`` (the project's partial credit,
    which nbgrader reads as the check cell's value). The project's deals are drawn anew for
    this verdict, so it prints its draw: ``replay_check`` gives the same points again."""
    feedback = judged(exercise_id, answer)
    if feedback.draw:
        print(
            f"Graded by a fresh copy of the check, on deals of its own (draw {feedback.draw}): "
            f"{feedback.verdict}, {points_words(feedback.points)}. "
            f'replay_check("{exercise_id}", {getattr(answer, "__name__", "answer")}, '
            f'"{feedback.draw}") plays them again.'
        )
    else:  # refused before any deal was played: say why, as a failed hidden test does
        print(f"Graded by a fresh copy of the check: {feedback} ({points_words(feedback.points)})")
    return float(feedback.points)
