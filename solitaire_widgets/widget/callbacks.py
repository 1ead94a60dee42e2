"""Other people's code that a table runs: ``on_move`` callbacks and observers of its traits.

Each is isolated. One that raises is reported twice, as a ``RuntimeWarning`` now and on the
error line once the browser's message is handled ("the on_move callback check raised
ValueError: ... (the change stands)"), and it never stops the table's own work: the move it
followed stands, the other callbacks are still told, the message is answered.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["Callbacks", "MoveCallback"]

MoveCallback = Callable[[str], object]


class Callbacks:
    """A table's ``on_move`` callbacks, and the failures of anyone's code since ``reset``."""

    def __init__(self) -> None:
        self.moves: list[MoveCallback] = []
        self.failures: list[str] = []

    def on_move(self, callback: MoveCallback, remove: bool) -> None:
        """Add (or with ``remove``, take away) a callback of the moves played on the table."""
        if not callable(callback):
            raise TypeError(f"on_move takes a function of one move, not {callback!r:.40}")
        if remove:
            self.moves.remove(callback)
        else:
            self.moves.append(callback)

    def notify(self, moves: list[str]) -> None:
        """Tell every ``on_move`` callback about each move, each isolated."""
        for move in moves:
            for callback in list(self.moves):
                try:
                    callback(move)
                except Exception as exc:
                    self.failed(f"the on_move callback {callable_name(callback)}", exc)

    def failed(self, what: str, exc: Exception) -> None:
        """Report ``what`` (someone else's code), which raised ``exc``."""
        text = f"{what} raised {type(exc).__name__}: {exc}"
        self.failures.append(text)
        warnings.warn(f"{text} (the change stands)", RuntimeWarning, stacklevel=2)

    def reset(self) -> None:
        """Forget the failures reported so far (a new message is being handled)."""
        self.failures = []

    def guard(self, handler: Callable[..., Any]) -> Guarded:
        """``handler`` isolated: if it raises, the failure is reported and the table goes on."""
        return Guarded(self, handler)


class Guarded:
    """An observer isolated from the table. It equals the function it wraps, so
    ``unobserve(fn)`` finds it."""

    def __init__(self, callbacks: Callbacks, handler: Callable[..., Any]) -> None:
        self.callbacks, self.handler = callbacks, handler

    def __call__(self, change: Any) -> None:
        try:
            self.handler(change)
        except Exception as exc:
            name = change.get("name", "?") if isinstance(change, Mapping) else "?"
            self.callbacks.failed(f"the observer {callable_name(self.handler)} of {name}", exc)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Guarded):
            return bool(self.handler == other.handler)
        return bool(self.handler == other)

    __hash__ = None  # type: ignore[assignment]


def callable_name(fn: object) -> str:
    """A function's name for a message."""
    return str(getattr(fn, "__name__", None) or repr(fn))[:60]
