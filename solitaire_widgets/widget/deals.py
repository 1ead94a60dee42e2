"""New deal and Back: the table keeps the game New deal left behind, and Back swaps them.

The game left behind is kept as a copy (``Game.load``: its positions, not a replay), so Back
costs a list copy whatever the game's length and tells the game's observers once.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._types import GameLike, JSONDict
from .protocol import IntentError
from .words import plural

__all__ = ["DealHistory"]


@dataclass
class DealHistory:
    """The game the last New deal left (``None``: none, or an own deck, which is not kept)."""

    previous: GameLike | None = None

    def trait(self) -> JSONDict:
        """The ``back`` trait: ``{"seed", "moves"}`` of the game Back brings back, or ``{}``."""
        left = self.previous
        if left is None:
            return {}
        return {"seed": left.seed, "moves": len(left.positions) - 1}

    def new_deal(self, game: GameLike, seed: int | None, named: str | None = None) -> str:
        """Deal ``seed`` (``None``: a random number) on ``game``; keep the game left behind.
        Returns the message, which names the deal as ``named`` (a deal code) when given."""
        left = _copy(game)
        game.new_deal(seed)
        self.previous = left
        message = f"new deal: {named or game.seed}"
        if left is not None:
            message += f" (Back to deal {left.seed} brings the last game back)"
        return message

    def back(self, game: GameLike) -> str:
        """Bring back the game the last New deal left; ``game`` takes its place. Returns the
        message."""
        previous = self.previous
        if previous is None:
            raise IntentError("there is no earlier game to go back to: New deal keeps one")
        left = _copy(game)
        game.load(previous)
        self.previous = left
        return f"back to deal {game.seed}, {plural(len(game.positions) - 1, 'move')} played"


def _copy(game: GameLike) -> GameLike | None:
    """A copy of a numbered game (an own deck is not kept: Back cannot deal it again)."""
    if game.seed is None:
        return None
    copy: GameLike = type(game)(game.variant, seed=game.seed)  # type: ignore[call-arg]
    copy.load(game)
    return copy
