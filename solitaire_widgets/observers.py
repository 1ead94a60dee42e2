"""The observers of a mutable object: told once after every change, each one on its own.

An observer that raises is reported as a ``RuntimeWarning`` and never undoes the change nor
silences the others. The list is safe to change from several threads; the observers are
called outside its lock, in the thread that made the change.
"""

from __future__ import annotations

import threading
import warnings
from collections.abc import Callable
from typing import Generic, TypeVar

Subject = TypeVar("Subject")


class Observers(Generic[Subject]):
    """A list of ``observer(subject)`` callables."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._observers: list[Callable[[Subject], None]] = []

    def subscribe(self, observer: Callable[[Subject], None]) -> Callable[[], None]:
        """Add ``observer``; returns the function that removes it."""
        with self._lock:
            self._observers.append(observer)

        def unsubscribe() -> None:
            with self._lock:
                if observer in self._observers:
                    self._observers.remove(observer)

        return unsubscribe

    def notify(self, subject: Subject) -> None:
        """Tell every observer; one that raises is reported as a warning, the rest still run."""
        with self._lock:
            observers = list(self._observers)
        for observer in observers:
            try:
                observer(subject)
            except Exception as error:
                name = getattr(observer, "__qualname__", None) or repr(observer)
                warnings.warn(
                    f"observer {name} raised {type(error).__name__}: {error} "
                    "(the change stands and the other observers were told)",
                    RuntimeWarning,
                    stacklevel=4,
                )
