"""The message protocol between the browser table and Python, and its validation.

The browser is a view: it sends *intents* as anywidget custom messages and Python decides
everything. Every message is untrusted input, so it is parsed here into a small typed value
before anything touches the game. Anything unexpected (wrong types, unknown fields, unknown
piles, oversized strings) raises :class:`IntentError` with a reason a player can read; the
widget shows that reason and changes nothing.

The three intents::

    {"type": "move", "move": "R3-F1"}
    {"type": "control", "action": "undo" | "redo" | "restart" | "hint" | "auto" | "new"
                                  | "redeal" | "solve" | "chances" | "stop",
                                  "seed": N}                      # seed only with "new"
    {"type": "replay", "action": "start" | "first" | "prev" | "next" | "last" | "goto"
                                 | "exit", "index": k}            # index only with "goto"
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import TypeGuard

__all__ = [
    "CONTROL_ACTIONS",
    "MAX_SEED",
    "REPLAY_ACTIONS",
    "ControlIntent",
    "Intent",
    "IntentError",
    "MoveIntent",
    "ReplayIntent",
    "parse_intent",
]

CONTROL_ACTIONS = (
    "undo",
    "redo",
    "restart",
    "hint",
    "auto",
    "new",
    "redeal",
    "solve",
    "chances",
    "stop",
)
REPLAY_ACTIONS = ("start", "first", "prev", "next", "last", "goto", "exit")
MAX_SEED = 2**53 - 1
"""Largest deal number the browser can send exactly (a JavaScript safe integer)."""

_MAX_MOVE_LENGTH = 12
_WORD_MOVES = ("deal", "redeal", "draw")
_PILE_MOVE = re.compile(r"([A-Za-z]{1,2}[0-9]{0,2})-([A-Za-z]{1,2}[0-9]{0,2})")
_FIELDS = {
    "move": frozenset({"type", "move"}),
    "control": frozenset({"type", "action", "seed"}),
    "replay": frozenset({"type", "action", "index"}),
}


class IntentError(ValueError):
    """A browser message that is not a valid intent; its text is shown to the player."""


@dataclass(frozen=True)
class MoveIntent:
    """Play one move, given in the game's notation (``"R3-F1"``, ``"S-W"``, ``"deal"``)."""

    move: str


@dataclass(frozen=True)
class ControlIntent:
    """A table control button: undo, redo, restart, hint, auto, new deal, redeal, and the
    background work: solve, win chances, and stop (which stops either)."""

    action: str
    seed: int | None = None


@dataclass(frozen=True)
class ReplayIntent:
    """A step-through replay control; ``index`` is only set for ``goto``."""

    action: str
    index: int | None = None


Intent = MoveIntent | ControlIntent | ReplayIntent


def parse_intent(content: object, piles: Collection[str]) -> Intent:
    """Turn an untrusted custom message into an intent, or raise :class:`IntentError`.

    ``piles`` are the pile names of the game on the table, so that a move naming a pile the
    game does not have is refused with a clear reason before the engine sees it.
    """
    if not isinstance(content, Mapping):
        raise IntentError(f"a message must be an object, not {_kind(content)}")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise IntentError(f"unknown message type {_show(kind)}; expected move, control or replay")
    extra = sorted(str(key) for key in content if key not in _FIELDS[kind])
    if extra:
        raise IntentError(f"unexpected field {_show(extra[0])} in a {kind} message")
    if kind == "move":
        return MoveIntent(_parse_move(content.get("move"), piles))
    if kind == "control":
        return _parse_control(content)
    return _parse_replay(content)


def _parse_move(move: object, piles: Collection[str]) -> str:
    """Check a move's shape and pile names; the engine judges whether it is legal."""
    if not isinstance(move, str):
        raise IntentError(f"a move must be text such as R3-F1, not {_kind(move)}")
    text = move.strip()
    if not text or len(text) > _MAX_MOVE_LENGTH:
        raise IntentError(f"not a move: {_show(move)} (moves look like R3-F1, S-W or deal)")
    if text.lower() in _WORD_MOVES:
        return text.lower()
    match = _PILE_MOVE.fullmatch(text)
    if match is None:
        raise IntentError(f"not a move: {_show(move)} (moves look like R3-F1, S-W or deal)")
    source, target = match.group(1).upper(), match.group(2).upper()
    _check_pile(source, piles)
    if target != "F":  # "X-F" means the leftmost foundation that accepts the card
        _check_pile(target, piles)
    return f"{source}-{target}"


def _check_pile(name: str, piles: Collection[str]) -> None:
    """Refuse a pile name the game on the table does not have."""
    if name not in piles:
        known = ", ".join(sorted(piles))
        raise IntentError(f"there is no pile {name} in this game (piles: {known})")


def _parse_control(content: Mapping[object, object]) -> ControlIntent:
    """Validate a control button intent; only ``new`` takes a (optional) deal number."""
    action = content.get("action")
    if not isinstance(action, str) or action not in CONTROL_ACTIONS:
        choices = ", ".join(CONTROL_ACTIONS)
        raise IntentError(f"unknown control {_show(action)}; expected one of {choices}")
    seed = content.get("seed")
    if seed is None:
        return ControlIntent(action)
    if action != "new":
        raise IntentError(f"a deal number only goes with new, not with {action}")
    if not _is_int(seed) or not 0 <= seed <= MAX_SEED:
        raise IntentError(f"a deal number must be a whole number from 0 to {MAX_SEED}")
    return ControlIntent(action, seed)


def _parse_replay(content: Mapping[object, object]) -> ReplayIntent:
    """Validate a replay control; ``goto`` needs a non-negative whole index."""
    action = content.get("action")
    if not isinstance(action, str) or action not in REPLAY_ACTIONS:
        choices = ", ".join(REPLAY_ACTIONS)
        raise IntentError(f"unknown replay control {_show(action)}; expected one of {choices}")
    index = content.get("index")
    if action != "goto":
        if index is not None:
            raise IntentError(f"a step index only goes with goto, not with {action}")
        return ReplayIntent(action)
    if not _is_int(index) or index < 0:
        raise IntentError("goto needs a step index, a whole number from 0")
    return ReplayIntent(action, index)


def _is_int(value: object) -> TypeGuard[int]:
    """True for a real integer; ``True``/``False`` are not deal numbers."""
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(value: object) -> str:
    """Name a JSON value's kind for an error message."""
    names = {
        bool: "true/false",
        int: "a number",
        float: "a number",
        str: "text",
        list: "a list",
        dict: "an object",
        type(None): "nothing",
    }
    return names.get(type(value), type(value).__name__)


def _show(value: object) -> str:
    """Quote a (possibly huge or hostile) value briefly for an error message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
