"""A game record as text: variant, deal number or deck, and the moves in notation.

``Game.to_json`` writes one and ``Game.from_json`` reads one back (replaying the moves through
the checked ``play``); this module holds the format and the checks a record passes before any
move is replayed, so a hostile text is refused early with a ``ValueError`` that says why.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple

RECORD_FORMAT = "solitaire_widgets.game"
MAX_RECORD_CHARS = 1_000_000
"""``from_json`` refuses a longer text (1 MB) before parsing it."""
MAX_RECORD_MOVES = 20_000
"""``from_json`` refuses a record of more moves unless given a higher ``max_moves``."""


class Record(NamedTuple):
    """A record read back, not yet replayed (the deal and the moves are checked by ``Game``)."""

    variant: Any
    seed: Any
    deck: Any
    moves: list[Any]


def write_record(
    variant: str, seed: int | None, deck: Sequence[str] | None, moves: Sequence[str]
) -> str:
    """The record's JSON text."""
    return json.dumps(
        {
            "format": RECORD_FORMAT,
            "variant": variant,
            "seed": seed,
            "deck": list(deck) if deck is not None else None,
            "moves": list(moves),
        }
    )


def read_record(text: str, max_moves: int = MAX_RECORD_MOVES) -> Record:
    """Parse a record and check its shape: a JSON object of this format, a list of at most
    ``max_moves`` moves, and a deal (a deal number or a deck; never dealt at random)."""
    if isinstance(text, (str, bytes, bytearray)) and len(text) > MAX_RECORD_CHARS:
        raise ValueError(
            f"not a game record: too long: at most {MAX_RECORD_CHARS:,} characters, "
            f"got {len(text):,}"
        )
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError("not a game record: its JSON is nested too deeply") from None
    except (TypeError, json.JSONDecodeError) as error:
        raise ValueError(f"not a game record: {error}") from None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise ValueError(f"not a game record: expected a JSON object with format {RECORD_FORMAT!r}")
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise ValueError("not a game record: 'moves' must be a list of moves in notation")
    if len(moves) > max_moves:
        raise ValueError(
            f"the record has {len(moves):,} moves: a record holds at most {max_moves:,} "
            "(Game.from_json(text, max_moves=...) to load a longer one)"
        )
    seed, deck = data.get("seed"), data.get("deck")
    if seed is None and deck is None:
        raise ValueError(
            "the record has no deal: it needs a deal number ('seed') or a deck ('deck')"
        )
    return Record(data.get("variant"), seed, deck, moves)
