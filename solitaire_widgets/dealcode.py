"""Deal codes: a numbered deal as a short code a teacher can say out loud or put in a link.

``ACME-7L`` is Acme, deal 7; the last letter is a check letter, so a code read or typed with
one character wrong is refused instead of dealing another game. A rule-knob variant spells its
knobs between the game and the number, in the order ``Knobs.name`` gives them:
``ACME-RESERVE10-STUCK-7H`` is ``Knobs("acme", reserve=10, stuck=True)``, deal 7. Codes are read
case-insensitively (``acme-7l`` is the same deal) with spaces around them ignored.

The check letter. The body (``ACME-7``, upper case) is read character by character as numbers
``v`` (``0``-``9`` are 0-9, ``A``-``Z`` are 10-35, ``-`` is 36), and the check letter is
``LETTERS[sum(w_i * v_i) mod 23]``, with weights ``w_i = 1 + (i mod 22)``, never 0 mod 23. The
23 letters leave out I, O and U, which are read as 1, 0 and V. Why a one-character slip is
always refused:

- a changed digit (``ACME-17`` typed ``ACME-47``) changes the sum by ``w * d`` with
  ``0 < |d| <= 9`` and ``0 < w < 23``, never a multiple of the prime 23, so the letter differs;
- two neighbouring digits swapped change it by ``(w_i - w_{i+1}) * (a - b)``, where
  ``w_i - w_{i+1}`` is -1 or 21: again not a multiple of 23;
- a changed check letter names another residue (the 23 letters are 23 residues);
- a changed letter of the game's name or of a knob gives no game or knob (no two names are
  one letter apart: ``tests/test_dealcode.py`` checks it), and any other character is refused
  by the code's shape (a letter in the number, a digit where the check letter goes, a leading
  zero).

A dropped or doubled character is refused by the check letter 22 times in 23 (it shifts the
weights), or by the shape. A deal from an explicit deck has no code: it is not a number.
"""

from __future__ import annotations

import re

from .engine import check_seed
from .quoting import quoted
from .variants import game_names
from .variants.knobs import Knobs, ensure_variant

__all__ = ["CHECK_LETTERS", "DealCodeError", "deal_code", "read_code"]

CHECK_LETTERS = "ABCDEFGHJKLMNPQRSTVWXYZ"
"""The 23 check letters (no I, O or U): the letter at ``sum mod 23``."""
_PRIME = len(CHECK_LETTERS)
_VALUES = {c: i for i, c in enumerate("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-")}
_MAX_CODE = 80  # a code is under 40 characters; longer text is refused unread
_KNOB = re.compile(r"(REDEALS|RESERVE)(\d+)|STUCK")
_EXAMPLE = "like ACME-7L: the game, a dash, the deal number and its check letter"


class DealCodeError(ValueError):
    """A text that is not a deal code; its message names what is wrong."""


def check_letter(body: str) -> str:
    """The check letter of a code's body (``ACME-7`` -> ``L``), as the module docstring says."""
    total = sum((1 + i % (_PRIME - 1)) * _VALUES[c] for i, c in enumerate(body))
    return CHECK_LETTERS[total % _PRIME]


def deal_code(variant: str, seed: int) -> str:
    """The code of deal ``seed`` of ``variant`` (a game or a knob variant's name):
    ``deal_code("acme", 7) == "ACME-7L"``."""
    knobs = Knobs.from_name(variant)
    parts = [knobs.variant.upper()]
    if knobs.redeals is not None:
        parts.append(f"REDEALS{knobs.redeals}")
    if knobs.reserve is not None:
        parts.append(f"RESERVE{knobs.reserve}")
    if knobs.stuck:
        parts.append("STUCK")
    body = "-".join([*parts, str(check_seed(seed))])
    return body + check_letter(body)


def read_code(code: object) -> tuple[str, int]:
    """The variant name (registered, knobs included) and deal number a code names.

    Raises ``TypeError`` for a value that is not text, and ``DealCodeError`` (a ``ValueError``)
    naming the fault: an unknown game or knob, a missing or wrong check letter, a number that
    is no deal number."""
    if not isinstance(code, str):
        raise TypeError(f"a deal code is text, {_EXAMPLE}; not {quoted(code)}")
    text = code.strip().upper()
    if not text or len(text) > _MAX_CODE:
        raise DealCodeError(f"not a deal code: {quoted(code)} ({_EXAMPLE})")
    parts = text.split("-")
    game, knobs, last = parts[0], parts[1:-1], parts[-1]
    if game.lower() not in game_names():
        games = ", ".join(name.upper() for name in game_names())
        raise DealCodeError(
            f"{quoted(code)}: no game is called {quoted(game)}; the games are {games}"
        )
    if len(parts) < 2 or not last:
        raise DealCodeError(f"{quoted(code)} has no deal number: a code looks {_EXAMPLE}")
    match = re.fullmatch(r"(\d+)([A-Z]?)", last)
    if match is None:
        raise DealCodeError(
            f"{quoted(code)} ends in {quoted(last)}: a code ends with the deal number and one "
            f"check letter; it looks {_EXAMPLE}"
        )
    number, letter = match.groups()
    if not letter:
        raise DealCodeError(
            f"{quoted(code)} has no check letter: a code ends with one after the number "
            "(ask for the whole code)"
        )
    if len(number) > 1 and number.startswith("0"):
        raise DealCodeError(f"{quoted(code)}: a deal number has no leading zero")
    knob_values: dict[str, int | bool] = {}
    for part in knobs:
        knob = _KNOB.fullmatch(part)
        if knob is None:
            raise DealCodeError(
                f"{quoted(code)}: {quoted(part)} is no rule knob (REDEALS2, RESERVE10 or STUCK)"
            )
        name = "stuck" if part == "STUCK" else knob.group(1).lower()
        if name in knob_values:
            raise DealCodeError(f"{quoted(code)} sets {part.rstrip('0123456789')} twice")
        knob_values[name] = True if name == "stuck" else int(knob.group(2))
    try:
        variant = Knobs(game.lower(), **knob_values).name  # type: ignore[arg-type]
        seed = check_seed(int(number))
    except ValueError as error:
        raise DealCodeError(f"{quoted(code)}: {error}") from None
    body = text[: -len(letter)]
    if deal_code(variant, seed) != body + letter:
        if deal_code(variant, seed)[:-1] != body:  # knobs out of order, or at their default
            raise DealCodeError(
                f"{quoted(code)}: write it as {deal_code(variant, seed)[:-1]} and its check "
                "letter (knobs in the order REDEALS, RESERVE, STUCK; none at its default)"
            )
        raise DealCodeError(
            f"{quoted(code)}: the check letter does not match: a character is wrong "
            "(check the code again)"
        )
    return ensure_variant(variant), seed
