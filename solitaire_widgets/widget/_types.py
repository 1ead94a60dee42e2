"""The part of the engine's ``Game`` that the widget relies on, as a typing protocol.

The widget talks to the game only through this surface, so the protocol documents the
coupling exactly and lets mypy check the widget without importing the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, Protocol, runtime_checkable

__all__ = ["GameLike", "JSONDict"]

JSONDict = dict[str, Any]
"""A JSON-ready dictionary, as sent to the browser."""


@runtime_checkable
class GameLike(Protocol):
    """What :class:`solitaire_widgets.Game` offers the widget (see the engine's docs)."""

    @property
    def variant(self) -> str:
        """The variant's name, e.g. ``"acme"``."""

    @property
    def seed(self) -> int | None:
        """The deal number, or ``None`` for an explicit deck."""

    @property
    def state(self) -> Any:
        """The current position, an immutable value the solver and the hints read."""

    @property
    def positions(self) -> Sequence[Any]:
        """Every position of the game so far, from the deal to now (immutable values)."""

    @property
    def seen(self) -> Collection[Any]:
        """The positions of the game so far, as a set (what the thinker remembers)."""

    @property
    def memory(self) -> tuple[int, ...]:
        """What the player has seen, taken-back lines included (``information.Memory``)."""

    def saw(self, state: Any) -> None:
        """The player was shown ``state``, a position of this deal: remember its cards."""

    @property
    def history(self) -> Sequence[str]:
        """The moves played so far, in notation."""

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would succeed."""

    @property
    def can_redo(self) -> bool:
        """Whether :meth:`redo` would succeed."""

    @property
    def status(self) -> str:
        """``"playing"``, ``"won"`` or ``"lost"``."""

    def play(self, move: str) -> object:
        """Play a move or raise ``IllegalMoveError`` (a ``ValueError``), changing nothing."""

    def legal_moves(self) -> Sequence[object]:
        """The legal moves; ``str(move)`` is the notation."""

    def undo(self) -> object:
        """Take back the last move, or raise ``IllegalMoveError``."""

    def redo(self, n: int = 1) -> object:
        """Play again the last ``n`` undone moves, or raise ``IllegalMoveError``."""

    def restart(self) -> object:
        """Go back to the deal."""

    def new_deal(self, seed: int | None = None) -> object:
        """Deal again (same variant); ``None`` picks a number."""

    def autoplay(self) -> Sequence[object]:
        """Play the safe foundation moves; return the moves played."""

    def load(self, other: Any) -> None:
        """Become a copy of ``other`` (a game of the same variant); observers told once."""

    def subscribe(self, fn: Callable[[Any], None]) -> Callable[[], object]:
        """Call ``fn(game)`` after every change; return an unsubscribe callable."""

    def to_json(self) -> str:
        """The game record: variant, seed or deck, moves."""

    def view(self) -> JSONDict:
        """What a player may see, JSON-ready (face-down cards as counts only)."""
