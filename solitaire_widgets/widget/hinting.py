"""The hint shown by the table's Hint button.

The ranked, explained hints belong to the engine (``solitaire_widgets.hints.hints(game)``,
returning objects with ``move`` and ``reason``, best first). Until that module exists the
widget falls back to the first legal move with the reason "a legal move". Either way the
result is turned into the synced ``hint`` trait: the move, the reason, and the source and
target piles for the browser to highlight (so the browser never has to resolve ``X-F``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from ._types import GameLike, JSONDict

__all__ = ["FALLBACK_REASON", "hint_for", "hint_piles"]

FALLBACK_REASON = "a legal move"


def hint_for(game: GameLike) -> JSONDict:
    """The best hint for ``game`` as the ``hint`` trait, or ``{}`` when there is no move."""
    ranked = _engine_hints()
    if ranked is not None:
        hints = ranked(game)
        if hints:
            best = hints[0]
            return _hint_dict(game, str(best.move), str(best.reason))
    moves = game.legal_moves()
    if not moves:
        return {}
    return _hint_dict(game, str(moves[0]), FALLBACK_REASON)


def hint_piles(move: str, legal: Sequence[str]) -> tuple[str, str]:
    """The (source, target) piles a move touches, for highlighting.

    ``X-F`` is resolved to the foundation named by an explicit legal move from ``X`` when
    there is exactly one; word moves (``deal``, ``redeal``, ``draw``) start at the stock.
    """
    if "-" not in move:
        return ("S", "W" if move == "draw" else "")
    source, target = move.split("-", 1)
    if target == "F":
        foundations = {
            m.split("-", 1)[1] for m in legal if m.startswith(source + "-F") and m != source + "-F"
        }
        target = foundations.pop() if len(foundations) == 1 else ""
    return (source, target)


def _hint_dict(game: GameLike, move: str, reason: str) -> JSONDict:
    """Package a hint with the piles it touches, using only the player's view."""
    legal = [str(m) for m in game.view().get("legal", [])]
    source, target = hint_piles(move, legal)
    return {"move": move, "reason": reason, "from": source, "to": target}


def _engine_hints() -> Callable[[GameLike], Sequence[Any]] | None:
    """The engine's ``hints(game)`` function if it exists yet, else ``None``."""
    try:
        module = importlib.import_module("solitaire_widgets.hints")
    except ImportError:
        return None
    found = getattr(module, "hints", None)
    return found if callable(found) else None
