"""The message protocol between the browser table and Python, and its validation.

The browser is a view: it sends *intents* as anywidget custom messages and Python decides
everything. Every message is untrusted input, so it is parsed here into a small typed value
before anything touches the game. Anything unexpected (wrong types, unknown fields, unknown
piles, oversized strings) raises :class:`IntentError` with a reason a player can read; the
widget shows that reason and changes nothing.

The four intents::

    {"type": "move", "move": "R3-F1"}
    {"type": "pick", "pile": "F1"}          # a click on a pile that shows no card to pick up
    {"type": "control", "action": "undo" | "redo" | "restart" | "hint" | "auto" | "new"
                                  | "back" | "redeal" | "solve" | "chances" | "stop"
                                  | "refresh" | "save",
                                  "seed": N, "code": "ACME-7L",   # only with "new": a
                                  "winnable": true}               # number or a deal code
    {"type": "replay", "action": "start" | "first" | "prev" | "next" | "last" | "goto"
                                 | "exit", "index": k}            # index only with "goto"

Each may carry ``"seq": n``, a number the browser counts up; Python answers every message
with ``{"type": "answer", "seq": n, "error": ...}`` once it is handled, so the table knows the
kernel heard it (see :func:`answer`). Save may first send ``{"type": "download", "name",
"text"}``: the browser downloads that text as that file (see :mod:`.saving`).

Size first: :func:`check_size` walks a message without recursion and refuses one that is larger
than ``MAX_MESSAGE_CHARS`` or nested deeper than ``MAX_DEPTH`` before anything else reads it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import TypeGuard

from ..engine import MAX_SEED
from ..moves import NAMED_MOVES, NotationError, parse_move

__all__ = [
    "CONTROL_ACTIONS",
    "MAX_DEPTH",
    "MAX_MESSAGE_CHARS",
    "MAX_SEED",
    "REPLAY_ACTIONS",
    "ControlIntent",
    "Intent",
    "IntentError",
    "MoveIntent",
    "PickIntent",
    "ReplayIntent",
    "answer",
    "check_size",
    "parse_intent",
    "parse_seq",
    "seq_of",
]

CONTROL_ACTIONS = (
    "undo",
    "redo",
    "restart",
    "hint",
    "auto",
    "new",
    "back",
    "redeal",
    "solve",
    "chances",
    "stop",
    "refresh",
    "save",
)
REPLAY_ACTIONS = ("start", "first", "prev", "next", "last", "goto", "exit")
MAX_MESSAGE_CHARS = 64 * 1024
"""A message larger than this (its strings, keys and numbers counted as characters) is
refused unread; a real intent is under 100."""
MAX_DEPTH = 4
"""A message nested deeper than this (an object in an object ... ) is refused; intents are
one level deep."""
_NUMBER_CHARS = 8  # what a number or true/false/null counts towards the size
_SCALARS = (int, float, bool, type(None))
_CONTAINERS = (dict, list, tuple)

_MAX_MOVE_LENGTH = 12
_MAX_CODE_LENGTH = 80
_FIELDS = {
    "move": frozenset({"type", "move", "seq"}),
    "pick": frozenset({"type", "pile", "seq"}),
    "control": frozenset({"type", "action", "seed", "code", "winnable", "seq"}),
    "replay": frozenset({"type", "action", "index", "seq"}),
}
_TYPES = "move, pick, control or replay"


class IntentError(ValueError):
    """A browser message that is not a valid intent; its text is shown to the player."""


@dataclass(frozen=True)
class MoveIntent:
    """Play one move, given in the game's notation (``"R3-F1"``, ``"S-W"``, ``"deal"``)."""

    move: str


@dataclass(frozen=True)
class PickIntent:
    """A click on a pile with no card to pick up (a foundation, an empty pile, any pile during
    a replay or after the game): Python says why nothing happens."""

    pile: str


@dataclass(frozen=True)
class ControlIntent:
    """A table control button: undo, redo, restart, hint, auto, new deal, back (to the game
    before the new deal), redeal, the background work (solve, win chances, and stop, which
    stops either), refresh (send the whole state again, after a lost connection), and save
    (the table's games into the file ``save_games()`` writes, see :mod:`.saving`)."""

    action: str
    seed: int | None = None
    winnable: bool = False  # with "new": the next deal the solver proves winnable
    code: str | None = None  # with "new": a deal code as typed (``dealcode``; Python reads it)


@dataclass(frozen=True)
class ReplayIntent:
    """A step-through replay control; ``index`` is only set for ``goto``."""

    action: str
    index: int | None = None


Intent = MoveIntent | PickIntent | ControlIntent | ReplayIntent


def check_size(content: object) -> None:
    """Refuse a message larger than ``MAX_MESSAGE_CHARS`` or deeper than ``MAX_DEPTH``.

    It walks the value with an explicit stack (no recursion: a value nested 100,000 deep is
    refused like one nested 5 deep) and stops as soon as a limit is passed, so its cost is
    bounded by the limits, not by the message. Scalars are counted where they are met, not
    pushed, so a long list allocates nothing (allocations would set off the garbage collector,
    which walks the whole huge list: 40 ms for a million numbers).
    """
    size = 0
    stack: list[tuple[object, int]] = [(content, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            size += len(value)
            continue
        if not isinstance(value, dict | list | tuple | Mapping):
            size += _NUMBER_CHARS
            continue
        if depth > MAX_DEPTH:
            raise IntentError(
                f"the message is nested too deep (more than {MAX_DEPTH} levels): nothing was done"
            )
        keys = value.keys() if isinstance(value, Mapping) else ()
        items = value.values() if isinstance(value, Mapping) else value
        for key in keys:
            size += len(key) if isinstance(key, str) else _NUMBER_CHARS
        for item in items:
            kind = type(item)  # exact types first: an ABC check costs a microsecond an item
            if kind is str:
                size += len(item)
            elif kind in _SCALARS:
                size += _NUMBER_CHARS
            elif kind in _CONTAINERS or isinstance(item, Mapping):
                stack.append((item, depth + 1))
            else:
                size += _NUMBER_CHARS
            if size > MAX_MESSAGE_CHARS:
                break
        if size > MAX_MESSAGE_CHARS:
            raise IntentError(
                f"the message is too large (over {MAX_MESSAGE_CHARS // 1024} KB): nothing was done"
            )


def parse_seq(content: object) -> int | None:
    """The message's ``seq`` (a whole number the browser counts up), ``None`` without one."""
    if not isinstance(content, Mapping):
        return None
    seq = content.get("seq")
    if seq is None:
        return None
    if not _is_int(seq) or not 0 <= seq <= MAX_SEED:
        raise IntentError("a message's seq must be a whole number from 0 up")
    return seq


def seq_of(content: object) -> int | None:
    """The message's ``seq`` if it carries a valid one, else ``None``; never raises, so that
    a message refused for any reason is still answered with its own ``seq``."""
    try:
        return parse_seq(content)
    except IntentError:
        return None


def answer(seq: int | None, error: str) -> dict[str, object]:
    """Python's reply once a message is handled: its ``seq`` and the reason it was refused."""
    return {"type": "answer", "seq": seq, "error": error}


def parse_intent(content: object, piles: Collection[str]) -> Intent:
    """Turn an untrusted custom message into an intent, or raise :class:`IntentError`.

    ``piles`` are the pile names of the game on the table, so that a move naming a pile the
    game does not have is refused with a clear reason before the engine sees it. The size
    is checked first (:func:`check_size`).
    """
    check_size(content)
    if not isinstance(content, Mapping):
        raise IntentError(f"a message must be an object, not {_kind(content)}")
    if "type" not in content:
        raise IntentError(f"a message needs a type: {_TYPES}")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise IntentError(f"unknown message type {_show(kind)}; the types are {_TYPES}")
    extra = sorted(str(key) for key in content if key not in _FIELDS[kind])
    if extra:
        raise IntentError(f"unexpected field {_show(extra[0])} in a {kind} message")
    parse_seq(content)
    if kind == "move":
        return MoveIntent(_parse_move(content.get("move"), piles))
    if kind == "pick":
        return PickIntent(_parse_pile(content.get("pile"), piles))
    if kind == "control":
        return _parse_control(content)
    return _parse_replay(content)


def _parse_move(move: object, piles: Collection[str]) -> str:
    """Check a move's shape (the engine's one grammar, ``moves.parse_move``) and its pile
    names; the engine judges whether it is legal."""
    if not isinstance(move, str):
        raise IntentError(f"a move must be text such as R3-F1, not {_kind(move)}")
    text = move.strip()
    unreadable = f"not a move: {_show(move)} (moves look like R3-F1, S-W or deal)"
    if not text or len(text) > _MAX_MOVE_LENGTH:
        raise IntentError(unreadable)
    try:
        parsed = parse_move(text)
    except NotationError:
        raise IntentError(unreadable) from None
    if text.lower() in NAMED_MOVES:  # the engine says why a game has no such move
        return text.lower()
    _check_pile(parsed.src, piles)
    if parsed.dst != "F":  # "X-F" means the leftmost foundation that accepts the card
        _check_pile(parsed.dst, piles)
    return str(parsed)


def _parse_pile(pile: object, piles: Collection[str]) -> str:
    """A pile name of the game on the table."""
    if not isinstance(pile, str) or not 0 < len(pile) <= 3:
        raise IntentError(f"a pick names a pile such as T1, not {_show(pile)}")
    name = pile.strip().upper()
    _check_pile(name, piles)
    return name


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
    winnable = content.get("winnable", False)
    if not isinstance(winnable, bool):
        raise IntentError("winnable is true or false (deal only winnable games, or any)")
    if winnable and action != "new":
        raise IntentError(f"winnable only goes with new, not with {action}")
    seed, code = content.get("seed"), content.get("code")
    if code is not None:
        if action != "new" or seed is not None:
            raise IntentError("a deal code only goes with new, without a deal number")
        if not isinstance(code, str) or not 0 < len(code) <= _MAX_CODE_LENGTH:
            raise IntentError(f"a deal code is short text like ACME-7L, not {_show(code)}")
        return ControlIntent(action, winnable=winnable, code=code)
    if seed is None:
        return ControlIntent(action, winnable=winnable)
    if action != "new":
        raise IntentError(f"a deal number only goes with new, not with {action}")
    if not _is_int(seed) or seed < 0:
        raise IntentError("a deal number must be a whole number, 0 or more (like 7)")
    if seed > MAX_SEED:
        raise IntentError("that deal number is too large: deal numbers stop at 2^53 - 1")
    return ControlIntent(action, seed, winnable)


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
    """Quote a (possibly huge or hostile) value briefly for an error message; a list or an
    object is named, not printed (printing would recurse into it)."""
    if isinstance(value, str):
        text = repr(value[:40])
    elif isinstance(value, int | float | bool) or value is None:
        text = repr(value)
    else:
        return _kind(value)
    return text if len(text) <= 40 else text[:37] + "..."
