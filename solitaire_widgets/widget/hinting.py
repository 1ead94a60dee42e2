"""The hint shown by the table's Hint button, in two stages: a quick first guess, then the
thinker's considered choice.

1. **The quick hint** (``hints.hints``, the rule-level hints: they see only the face-up cards
   now, and take no time) shows at once: the move, its reason, the source and target piles
   for the browser to highlight, and the first few ranked hints as ``ranked``, so a student
   can see why the best move beat the alternatives.
2. **The thinker** (``thinker.think_steps``: it remembers every card the player has seen and
   looks ahead on random deals of the cards not seen yet) then works as a background job of
   the kind ``think`` (see :mod:`.jobs`), and its move and reason replace the quick hint when
   it ends. A forced, safe or already proved move needs no search: it replaces the quick hint
   at once.

The ``hint`` trait says which player gave it (``by``: ``"quick"`` or ``"thinker"``), a title
in words for the browser to show over the ranked list (``title``) and a tag for the best move
(``tag``: "first guess" or "the thinker's choice"; none when the quick hints are all there is).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..advice import Hint
from ..hints import hints
from ..thinker import Thought
from ._types import GameLike, JSONDict

__all__ = [
    "CONSIDERED",
    "FIRST_GUESS",
    "QUICK_ONLY",
    "QUICK_STOPPED",
    "QUICK_THINKING",
    "QUICK_WAITING",
    "RANKED_HINTS",
    "THINKER",
    "hint_for",
    "hint_message",
    "quick_hint",
    "retitled",
    "thinker_hint",
]

RANKED_HINTS = 3
"""How many ranked hints (the best one included) the ``hint`` trait carries."""

QUICK_THINKING = (
    "A first guess, by the quick hint rules (they see only the face-up cards now); "
    "the thinker is still thinking:"
)
QUICK_STOPPED = "A first guess, by the quick hint rules (the thinking was stopped):"
QUICK_WAITING = "The quick hint rules (the thinker waits: {busy}):"
QUICK_ONLY = "The quick hint rules, best first (they see only the face-up cards now):"
THINKER = (
    "The thinker's considered choice (it remembers every card you have seen and looks ahead); "
    "then the quick hint rules' others:"
)
"""The titles over the ranked list, by stage: the quick hint while the thinker works, after
Stop, while another job keeps the thinker waiting, with thinking turned off; the thinker's."""

FIRST_GUESS = "first guess"
CONSIDERED = "the thinker's choice"
"""The tags on the best move of the list: the quick hint that the thinker replaces (or would
have, before Stop), and the thinker's move. The quick hint alone has none."""


def _piles(move: str) -> tuple[str, str]:
    """The source and target piles of a move ("S" and "" for a word move such as "deal")."""
    source, _, target = move.partition("-") if "-" in move else ("S", "", "")
    return source, target


def _item(hint: Hint) -> JSONDict:
    return {"move": hint.move, "reason": hint.reason, "safe": bool(hint.safe)}


def quick_hint(ranked: Sequence[Hint], title: str = QUICK_ONLY, tag: str = "") -> JSONDict:
    """The quick hint as the ``hint`` trait, ``{}`` when there is no move:
    ``{"move", "reason", "from", "to", "by": "quick", "tag", "title", "ranked": [{"move",
    "reason", "safe"}, ...]}``, the ranked list best first (the best hint is its first entry)."""
    if not ranked:
        return {}
    best = ranked[0]
    source, target = _piles(best.move)
    return {
        "move": best.move,
        "reason": best.reason,
        "from": source,
        "to": target,
        "by": "quick",
        "tag": tag,
        "title": title,
        "ranked": [_item(hint) for hint in ranked[:RANKED_HINTS]],
    }


def hint_for(game: GameLike, title: str = QUICK_ONLY, tag: str = "") -> JSONDict:
    """The quick hint for ``game`` as the ``hint`` trait (see :func:`quick_hint`)."""
    return quick_hint(hints(game), title, tag)


def thinker_hint(thought: Thought, quick: JSONDict) -> JSONDict:
    """The thinker's ``thought`` as the ``hint`` trait, replacing the ``quick`` one: its move
    and reason first in ``ranked``, then the quick hint rules' other moves; ``by`` is
    ``"thinker"`` and ``kind`` how it decided (forced, safe, proved, lost, undecided, sampled)."""
    chosen = thought.hint()
    source, target = _piles(chosen.move)
    others = [item for item in quick.get("ranked", []) if item["move"] != chosen.move]
    return {
        "move": chosen.move,
        "reason": chosen.reason,
        "from": source,
        "to": target,
        "by": "thinker",
        "tag": CONSIDERED,
        "kind": thought.kind,
        "title": THINKER,
        "ranked": [_item(chosen), *others][:RANKED_HINTS],
    }


def hint_message(hint: JSONDict, note: str = "") -> str:
    """The message line for a hint: ``"hint: R3-F1 — reason"``, then ``note`` after a
    semicolon (who gave it, or why the thinker did not)."""
    text = f"hint: {hint['move']} — {hint['reason']}"
    return f"{text}; {note}" if note else text


def retitled(hint: dict[str, Any], title: str) -> JSONDict:
    """``hint`` with another title (a quick hint whose thinking was stopped)."""
    return {**hint, "title": title} if hint else {}
