"""What a player sees of a position: one pure function, the only place it is worked out.

``view(state)`` is JSON-ready and holds face-down cards only as counts, so nothing hidden can
reach a browser, a picture or an exercise through it. ``Game.view()`` adds what belongs to a
game rather than a position (its deal number, the moves made, the last move, whether a move can
be redone); the widget's replay is a map of ``view`` over ``game.positions``.
"""

from __future__ import annotations

from typing import Any

from .state import GameState
from .variants import VARIANTS

VIEW_KEYS = (
    *("variant", "title", "seed", "rows", "piles", "status", "moves_made", "can_redo"),
    *("redeals_left", "redeals_total", "cards_home", "cards_total", "legal", "last_move"),
)
"""The keys of ``Game.view()``, in the order it has always given them."""


def view(state: GameState) -> dict[str, Any]:
    """The position as a player sees it: every pile (kind, words, face-down count, face-up
    cards as codes, fanned or not), the layout rows, status, legal moves, redeals and cards
    home. Face-down cards appear only in ``down`` counts."""
    rules = VARIANTS[state.variant]
    legal = rules.legal_moves(state)  # once: the status and the list both need it
    piles = {}
    for i, name in enumerate(rules.pile_names):
        down = rules.face_down(state, i)
        piles[name] = {
            "kind": rules.kinds[i],
            "label": rules.label(i),
            "down": down,
            "cards": [c.code for c in state.piles[i][down:]],
            "fan": name in rules.fanned,
        }
    return {
        "variant": rules.name,
        "title": rules.title,
        "rows": [list(row) for row in rules.rows],
        "piles": piles,
        "status": rules.outcome(state, legal),
        "redeals_left": rules.redeals_left(state),
        "redeals_total": rules.redeals_allowed,
        "cards_home": rules.cards_home(state),
        "cards_total": rules.total_cards,
        "legal": [str(m) for m in legal],
    }
