"""Moves as values with RULES.md notation, the parser for that notation, and the move error."""

from __future__ import annotations

import re
from typing import NamedTuple

from .quoting import quoted


class IllegalMoveError(ValueError):
    """A move the rules refuse (or cannot read); the message names the rule it breaks."""


class Move(NamedTuple):
    """A move: the top card of pile ``src`` to pile ``dst``, or a named action (``dst`` empty).

    ``str(move)`` is the notation: ``R3-F1``, ``S-W``, ``deal``, ``redeal``. A move equals
    its notation, so ``"S-W" in game.legal_moves()`` works; it hashes like its notation too,
    so sets and dicts agree with ``==`` (and a move no longer equals a plain tuple).
    """

    src: str
    dst: str = ""

    def __str__(self) -> str:
        return f"{self.src}-{self.dst}" if self.dst else self.src

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self.src == other.src and self.dst == other.dst
        if isinstance(other, str):
            return str(self) == other
        return False if isinstance(other, tuple) else NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(str(self))


DRAW = Move("S", "W")
DEAL = Move("deal")
REDEAL = Move("redeal")

_PILE_MOVE = re.compile(r"\s*([A-Za-z]\d*)\s*-\s*([A-Za-z]\d*)\s*")
_NAMED = {"draw": DRAW, "deal": DEAL, "redeal": REDEAL}


def parse_move(text: object) -> Move:
    """Read a move in notation (``R3-F1``, ``W-F``, ``draw``, ``deal``, ``redeal``)."""
    if isinstance(text, Move):
        if not (isinstance(text.src, str) and isinstance(text.dst, str)):
            raise IllegalMoveError(
                f"a move names its piles in text, like Move('R3', 'F1'), not "
                f"Move({quoted(text.src)}, {quoted(text.dst)})"
            )
        return text
    if not isinstance(text, str):
        raise IllegalMoveError(
            f"a move is written in notation like 'R3-F1' or 'draw', not {quoted(text)}"
        )
    named = _NAMED.get(text.strip().lower())
    if named is not None:
        return named
    match = _PILE_MOVE.fullmatch(text)
    if match is None:
        raise IllegalMoveError(
            f"cannot read {quoted(text)} as a move: write SOURCE-TARGET with pile names, like "
            "'R3-F1', 'W-T2' or 'R-F', or one of draw, deal, redeal"
        )
    return Move(match.group(1).upper(), match.group(2).upper())
