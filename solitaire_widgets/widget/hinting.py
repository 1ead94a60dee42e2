"""The hint shown by the table's Hint button.

The ranked, explained hints belong to the engine (``solitaire_widgets.hints.hints``, which
sees only face-up cards); the best one becomes the synced ``hint`` trait: the move, the reason,
and the source and target piles for the browser to highlight. The first few ranked hints go
along as ``ranked``, so a student can see why the best move beat the alternatives.
"""

from __future__ import annotations

from ..hints import hints
from ._types import GameLike, JSONDict

__all__ = ["RANKED_HINTS", "hint_for"]

RANKED_HINTS = 3
"""How many ranked hints (the best one included) the ``hint`` trait carries."""


def hint_for(game: GameLike) -> JSONDict:
    """The best hint for ``game`` as the ``hint`` trait, or ``{}`` when there is no move.

    ``{"move", "reason", "from", "to", "ranked": [{"move", "reason", "safe"}, ...]}``, the
    ranked list best first (the best hint is its first entry).
    """
    ranked = hints(game)
    if not ranked:
        return {}
    best = ranked[0]
    source, target = best.move.split("-", 1) if "-" in best.move else ("S", "")
    top = [
        {"move": hint.move, "reason": hint.reason, "safe": bool(hint.safe)}
        for hint in ranked[:RANKED_HINTS]
    ]
    return {"move": best.move, "reason": best.reason, "from": source, "to": target, "ranked": top}
