"""Numbers from outside, checked where they enter: budgets, counts, shares, confidence levels.

Each check returns the value as a plain ``int`` or ``float`` or raises ``ValueError`` naming
the parameter and what it must be (a ``bool`` is never a number here, though Python lets it
pass for one; NaN and infinity are never a budget: ``None`` is how to say "no limit"). The
deal numbers' own check, with its limit, is ``rules.check_seed``.
"""

from __future__ import annotations

import math
import operator
from numbers import Real

from .moves import IllegalMoveError
from .quoting import quoted


def _integer(value: object) -> int | None:
    """``value`` as a plain int if it is an integer (any integral type, not bool), else None."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def _real(value: object) -> float | None:
    """``value`` as a finite float if it is a finite real number (not bool), else None."""
    if isinstance(value, bool) or not isinstance(value, Real):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def check_count(value: object, name: str, *, low: int = 0, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (no upper limit when None)."""
    number = _integer(value)
    if number is None or number < low or (high is not None and number > high):
        span = f"at least {low:,}" if high is None else f"from {low:,} to {high:,}"
        raise ValueError(f"{name} is a whole number {span}, not {quoted(value)}")
    return number


def check_node_budget(value: object, name: str = "max_nodes") -> int | None:
    """A node budget: a whole number of positions, 0 or more; None for no limit."""
    if value is None:
        return None
    number = _integer(value)
    if number is None or number < 0:
        raise ValueError(
            f"{name} is a number of positions (a whole number, 0 or more) or None for no "
            f"limit, not {quoted(value)}"
        )
    return number


def check_seconds(value: object, name: str = "max_seconds") -> float | None:
    """A time budget: finite seconds, 0 or more; None for no limit."""
    if value is None:
        return None
    number = _real(value)
    if number is None or number < 0:
        raise ValueError(
            f"{name} is a number of CPU seconds (finite, 0 or more) or None for no limit, "
            f"not {quoted(value)}"
        )
    return number


def check_share(value: object, name: str, *, open_low: bool = False) -> float:
    """A share from 0 to 1 (above 0 when ``open_low``)."""
    number = _real(value)
    if number is None or number > 1 or number < 0 or (open_low and number == 0):
        span = "above 0 and at most 1" if open_low else "from 0 to 1"
        raise ValueError(f"{name} is a share {span}, not {quoted(value)}")
    return number


def check_confidence(value: object, name: str = "confidence") -> float:
    """A confidence level, strictly between 0 and 1 (0.95 for 95%)."""
    number = _real(value)
    if number is None or not 0 < number < 1:
        raise ValueError(
            f"{name} is a confidence level strictly between 0 and 1 (0.95 for 95%), "
            f"not {quoted(value)}"
        )
    return number


__all__ = [
    "check_confidence",
    "check_count",
    "check_node_budget",
    "check_seconds",
    "check_share",
    "check_steps",
]


def check_steps(n: int, done: int, verb: str, past: str) -> None:
    """Refuse to undo or redo ``n`` moves where ``done`` moves have been ``past`` (an
    ``IllegalMoveError`` that says how many can be)."""
    check_count(n, "the number of moves to undo or redo", low=1)
    if not done:
        raise IllegalMoveError(f"nothing to {verb}: no move has been {past}")
    if n > done:
        were = "1 has" if done == 1 else f"{done} have"
        raise IllegalMoveError(f"cannot {verb} {n} moves: only {were} been {past}")
