"""What every copy of the package in one kernel shares: the exercises' tries and last verdicts.

A copy of the package's code can be run again in the same kernel: nbgrader's hidden tests judge
with a fresh copy loaded from the files (``exercises/fresh.py``), a student can load one the
same way, and ``importlib.reload`` runs a module's code anew. State kept in a module of the
package would then be a new, empty one: a loop over a fresh copy's ``judge`` would try answers
without counting them. So the state lives where every copy finds the same one: a module of its
own in ``sys.modules``, under a name outside the package (a fresh copy leaves it in place), made
on first use. Each value is read only if it is of its exact built-in type, so a cell that put
anything else there starts it afresh, and its object takes no part in a check. A kernel restart
starts everything afresh.
"""

from __future__ import annotations

import sys
from collections import Counter
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
