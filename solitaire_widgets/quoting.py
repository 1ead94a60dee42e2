"""Quoting a user's input in an error message, cut short: a message never echoes a huge input."""

from __future__ import annotations

import reprlib

_SHORT = reprlib.Repr()
_SHORT.maxstring = 32
_SHORT.maxother = 32
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 3
_SHORT.maxlevel = 2


def quoted(value: object) -> str:
    """``repr(value)`` for a message, at most a few dozen characters (``'TTTT...TTTT'``); an
    integer too long to print (Python refuses past 4,300 digits) is described instead."""
    if isinstance(value, int) and value.bit_length() > 1000:
        digits = int(value.bit_length() * 0.30103) + 1
        return f"an integer of about {digits:,} digits"
    return _SHORT.repr(value)
