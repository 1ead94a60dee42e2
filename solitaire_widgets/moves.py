"""Moves as values with RULES.md notation, the one parser for that notation, the two move
errors (unreadable text, a move the rules refuse) and the legal-moves view."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple, cast, overload

from .quoting import quoted


class IllegalMoveError(ValueError):
    """A move the rules refuse; the message names the rule it breaks."""


class NotationError(ValueError):
    """Text that cannot be read as a move at all (``R3F1``, ``42``): not a move the rules
    refuse, which is an ``IllegalMoveError``. Both are ``ValueError``s."""


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
        if isinstance(other, Move) or another_copys_move(other):
            theirs = cast("Move", other)
            return self.src == theirs.src and self.dst == theirs.dst
        if isinstance(other, str):
            return str(self) == other
        return False if isinstance(other, tuple) else NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(str(self))


def another_copys_move(value: object) -> bool:
    """Whether ``value`` is a ``Move`` of another copy of this package in the same kernel:
    nbgrader's hidden tests judge with a fresh copy loaded from the files, whose ``Move`` is a
    class of its own, and a student's ``game.legal_moves()`` (the notebook's copy) must read
    there as the same moves (the seventh review: right answers scored 0 when graded)."""
    kind = type(value)
    return (
        kind is not Move
        and kind.__name__ == "Move"
        and getattr(kind, "_fields", None) == ("src", "dst")
        and isinstance(value, tuple)
    )


DRAW = Move("S", "W")
DEAL = Move("deal")
REDEAL = Move("redeal")

_PILE_MOVE = re.compile(r"\s*([A-Za-z]\d*)\s*-\s*([A-Za-z]\d*)\s*")
NAMED_MOVES = {"draw": DRAW, "deal": DEAL, "redeal": REDEAL}
"""The moves written as a word (``draw`` is also ``S-W``)."""


DASHES = "\u2010\u2011\u2012\u2013\u2014\u2212"  # hyphen, non-breaking, figure, en, em, minus


def parse_move(text: object) -> Move:
    """Read a move in notation (``R3-F1``, ``W-F``, ``draw``, ``deal``, ``redeal``): the
    grammar every part of the package reads moves with. ``NotationError`` if unreadable."""
    if another_copys_move(text):
        theirs = cast("Move", text)
        text = Move(theirs.src, theirs.dst)
    if isinstance(text, Move):
        if not (isinstance(text.src, str) and isinstance(text.dst, str)):
            raise NotationError(
                f"a move names its piles in text, like Move('R3', 'F1'), not "
                f"Move({quoted(text.src)}, {quoted(text.dst)})"
            )
        return text
    if not isinstance(text, str):
        raise NotationError(
            f"a move is written in notation like 'R3-F1' or 'draw', not {quoted(text)}"
        )
    named = NAMED_MOVES.get(text.strip().lower())
    if named is not None:
        return named
    match = _PILE_MOVE.fullmatch(text)
    if match is None and any(dash in text for dash in DASHES):
        raise NotationError(
            f"cannot read {quoted(text)} as a move: its dash is not the hyphen '-' (a word "
            "processor may have made it a long dash); type it with the '-' key"
        )
    if match is None:
        raise NotationError(
            f"cannot read {quoted(text)} as a move: write SOURCE-TARGET with pile names, like "
            "'R3-F1', 'W-T2' or 'R-F', or one of draw, deal, redeal"
        )
    return Move(match.group(1).upper(), match.group(2).upper())


class LegalMoves(Sequence[Move]):
    """The legal moves of a position, in the rules' order: a sequence of ``Move`` values.

    ``in`` takes a ``Move`` or its notation and reads it as ``Game.play`` would: ``X-F``
    resolved to the foundation that takes the card, ``draw`` as ``S-W``; text that is not a
    move is simply not in it. So ``"T4-F" in game.legal_moves()`` agrees with
    ``game.is_legal("T4-F")``. It compares equal to a list of the same moves and prints like
    one.
    """

    __slots__ = ("_moves", "_resolve")

    def __init__(self, moves: Sequence[Move], resolve: Callable[[Move], Move]) -> None:
        self._moves = tuple(moves)
        self._resolve = resolve

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        if isinstance(index, slice):
            return list(self._moves[index])
        return self._moves[index]

    def __len__(self) -> int:
        return len(self._moves)

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, (Move, str)) and not another_copys_move(move):
            return False
        try:
            parsed = parse_move(move)
        except NotationError:
            return False
        return self._resolve(parsed) in self._moves

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalMoves):
            return self._moves == other._moves
        if isinstance(other, (list, tuple)):
            return list(self._moves) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self._moves))
