"""The hint shown by the table's Hint button.

The ranked, explained hints belong to the engine (``solitaire_widgets.hints.hints``, which
sees only face-up cards); the best one becomes the synced ``hint`` trait: the move, the reason,
and the source and target piles for the browser to highlight.
"""

from __future__ import annotations

from ..hints import hints
from ._types import GameLike, JSONDict

__all__ = ["hint_for"]


def hint_for(game: GameLike) -> JSONDict:
    """The best hint for ``game`` as the ``hint`` trait, or ``{}`` when there is no move."""
    ranked = hints(game)
    if not ranked:
        return {}
    best = ranked[0]
    source, target = best.move.split("-", 1) if "-" in best.move else ("S", "")
    return {"move": best.move, "reason": best.reason, "from": source, "to": target}
